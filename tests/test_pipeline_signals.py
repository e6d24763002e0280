"""Issue 17, part 3: Ctrl-C and SIGTERM end ``badugi score --jobs 2`` promptly and cleanly, with real processes and
real signals: Ctrl-C (SIGINT to the whole process group, as a terminal sends it) once hung about 3 times in 10 and
left a ``.partial`` file; SIGTERM always left one. The timeout only turns a hang into a failure."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from badugi_fast.cli import INTERRUPTED, TERMINATED
from badugi_fast.history.sources import SAMPLES


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("big") / "hands.txt"
    path.write_bytes((SAMPLES / "pokerstars-cash.txt").read_bytes() * 400)
    return path


@pytest.mark.parametrize(
    ("number", "to_group", "status"),
    [(signal.SIGINT, True, INTERRUPTED), (signal.SIGTERM, False, TERMINATED), (signal.SIGTERM, True, TERMINATED)],
    ids=["ctrl-c", "sigterm", "sigterm-to-the-group"],
)
def test_a_signal_ends_the_run_cleanly(big: Path, tmp_path: Path, number: int, to_group: bool, status: int) -> None:
    output = tmp_path / "out.jsonl"
    for attempt in range(6):
        process = subprocess.Popen(
            [sys.executable, "-m", "badugi_fast", "score", "--jobs", "2", str(big), "-o", str(output)],
            start_new_session=True,
            stderr=subprocess.PIPE,
            text=True,
        )
        time.sleep(0.3 + 0.15 * attempt)  # from as the workers start to the middle of the run
        (os.killpg if to_group else os.kill)(process.pid, number)
        try:
            _, err = process.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
            pytest.fail(f"still running a minute after the signal (attempt {attempt})")
        finished = "hands/s" in err  # the signal came after the run: the output is whole
        assert process.returncode == status or finished, err
        if process.returncode == status:
            assert err.strip().endswith(("interrupted", "terminated")), err
            assert "Traceback" not in err
        assert [path.name for path in tmp_path.iterdir() if path.name != "out.jsonl"] == []  # no .partial file
