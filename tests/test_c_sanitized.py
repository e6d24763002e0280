"""csrc/badugi.c, csrc/odds.c, csrc/stars.c and csrc/phh.c (with rules.c, sites.c and verdict.c) under
AddressSanitizer and UndefinedBehaviorSanitizer: random input to every entry point, every buffer at its exact size,
so that any read out of bounds or undefined behaviour stops the run."""

from __future__ import annotations

import subprocess
from pathlib import Path

from sanitized import sanitized_harness


def test_c_code_is_clean_under_sanitizers(tmp_path: Path) -> None:
    sources = ("badugi.c", "odds.c", "phh.c", "rules.c", "sites.c", "stars.c", "verdict.c")
    harness = sanitized_harness(tmp_path, "sanitized_harness.c", sources)
    run = subprocess.run([str(harness), "10000"], capture_output=True, text=True, check=False, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    assert run.stdout.strip() == "ok"
