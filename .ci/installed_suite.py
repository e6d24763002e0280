"""Run the test suite against the installed badugi-fast, not this checkout's source tree.

pytest run from a checkout imports the checkout: its rootdir conftest.py puts the checkout first on ``sys.path``,
and ``python -m`` puts the working directory there. So the suite runs from an empty working directory, with
``--import-mode=append`` (test folders go after site-packages), and ``PY_IGNORE_IMPORTMISMATCH=1`` lets the
package's doctests be collected from the checkout's files while the installed modules run them.
tests/test_installed.py proves the package under test is the installed one. The tests that need the repository's
files (csrc/, build.py, scripts/, tests/data, README.md) still find them beside the tests; the sanitizer test
needs build/generated/badugi_table.inc, which only an in-tree build writes: it is written here first.

Usage: ``python .ci/installed_suite.py [PYTEST ARGUMENTS]`` (default: the whole suite, as pyproject.toml's testpaths).
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SUITE = ("tests", "badugi_fast", "README.md")


def write_c_include() -> None:
    """build/generated/badugi_table.inc, as the wheel's build wrote it, for the sanitizer test."""
    if (ROOT / "build" / "generated" / "badugi_table.inc").exists():
        return
    spec = importlib.util.spec_from_file_location("badugi_build", ROOT / "build.py")
    assert spec is not None
    assert spec.loader is not None
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    with tempfile.TemporaryDirectory() as package:
        build.write_generated(Path(package))  # the table goes to a folder thrown away: the installed one is used


def _absolute(argument: str) -> str:
    """A path or test id of the command line, made absolute (pytest runs elsewhere); options as they are."""
    path, colons, test = argument.partition("::")
    return str(Path(path).resolve()) + colons + test if Path(path).exists() else argument


def main(arguments: list[str]) -> int:
    write_c_include()
    targets = [_absolute(argument) for argument in arguments] or [str(ROOT / path) for path in SUITE]
    command = [
        sys.executable,
        "-m",
        "pytest",
        "--import-mode=append",
        "-c",
        str(ROOT / "pyproject.toml"),
        "--rootdir",
        str(ROOT),
        *targets,
    ]
    with tempfile.TemporaryDirectory() as elsewhere:
        environment = {**os.environ, "PY_IGNORE_IMPORTMISMATCH": "1"}
        return subprocess.call(command, cwd=elsewhere, env=environment)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
