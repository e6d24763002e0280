"""ruff and mypy --strict stay clean: checked by the test suite, so CI fails on a lint or type error."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(
    "command",
    [
        pytest.param(["ruff", "check", "."], id="ruff-check"),
        pytest.param(["ruff", "format", "--check", "."], id="ruff-format"),
        pytest.param(["mypy"], id="mypy"),
    ],
)
def test_clean(command: list[str]) -> None:
    result = subprocess.run(
        [sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True, check=False, timeout=600
    )
    assert result.returncode == 0, result.stdout[-5000:] + result.stderr[-2000:]
