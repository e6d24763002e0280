"""One way to build a C harness of tests/c/ under AddressSanitizer and UndefinedBehaviorSanitizer (the tests of
csrc/ that run every entry point with buffers of exact sizes): the compiler, the flags, the skips."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GENERATED = ROOT / "build" / "generated"
FLAGS = ("-O1", "-g", "-fsanitize=address,undefined", "-fno-sanitize-recover=all")


def sanitized_harness(folder: Path, harness: str, sources: Sequence[str]) -> Path:
    """tests/c/``harness`` linked with csrc/``sources``, built into ``folder``; the test is skipped when there is no C
    compiler, no in-tree build (build/generated, written by ``python build.py``) or no sanitizer runtime."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        pytest.skip("no C compiler to build the sanitized harness")
    if not (GENERATED / "badugi_table.inc").exists():
        pytest.skip("build/generated is missing: it is written by an in-tree build (python build.py)")
    probe = folder / "probe.c"
    probe.write_text("int main(void) { return 0; }\n")
    runtime = subprocess.run([compiler, *FLAGS, str(probe), "-o", str(folder / "probe")], capture_output=True)
    if runtime.returncode != 0:
        pytest.skip(f"the compiler has no sanitizer runtime: {runtime.stderr.decode(errors='replace')[:200]}")
    built = folder / Path(harness).stem
    files = [ROOT / "tests" / "c" / harness, *(ROOT / "csrc" / name for name in sources)]
    includes = [f"-I{ROOT / 'csrc'}", f"-I{GENERATED}"]
    command = [compiler, *FLAGS, *includes, *map(str, files), "-pthread", "-lm", "-o", str(built)]
    build = subprocess.run(command, capture_output=True, text=True, check=False)
    assert build.returncode == 0, build.stderr
    return built
