"""csrc/badugi.c, csrc/odds.c, csrc/stars.c and csrc/phh.c (with rules.c, sites.c and verdict.c) under
AddressSanitizer and UndefinedBehaviorSanitizer: random input to every entry point, every buffer at its exact size,
so that any read out of bounds or undefined behaviour stops the run."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GENERATED = ROOT / "build" / "generated"


def test_c_code_is_clean_under_sanitizers(tmp_path: Path) -> None:
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        pytest.skip("no C compiler to build the sanitized harness")
    if not (GENERATED / "badugi_table.inc").exists():
        pytest.skip("build/generated/badugi_table.inc is missing: it is written by an in-tree build (pip install -e)")
    probe = tmp_path / "probe.c"
    probe.write_text("int main(void) { return 0; }\n")
    flags = ["-O1", "-g", "-fsanitize=address,undefined", "-fno-sanitize-recover=all"]
    runtime = subprocess.run([compiler, *flags, str(probe), "-o", str(tmp_path / "probe")], capture_output=True)
    if runtime.returncode != 0:
        pytest.skip(f"the compiler has no sanitizer runtime: {runtime.stderr.decode(errors='replace')[:200]}")
    harness = tmp_path / "harness"
    sources = [
        ROOT / "tests" / "c" / "sanitized_harness.c",
        *(
            ROOT / "csrc" / name
            for name in ("badugi.c", "odds.c", "phh.c", "rules.c", "sites.c", "stars.c", "verdict.c")
        ),
    ]
    includes = [f"-I{ROOT / 'csrc'}", f"-I{GENERATED}"]
    build = subprocess.run(
        [compiler, *flags, *includes, *map(str, sources), "-pthread", "-lm", "-o", str(harness)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert build.returncode == 0, build.stderr
    run = subprocess.run([str(harness), "10000"], capture_output=True, text=True, check=False, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    assert run.stdout.strip() == "ok"
