"""Issue 17, part 3: Ctrl-C and SIGTERM end ``badugi score --jobs 2`` promptly and cleanly, with real processes and
real signals: Ctrl-C (SIGINT to the whole process group, as a terminal sends it) once hung about 3 times in 10 and
left a ``.partial`` file; SIGTERM always left one. The signal is sent on an event, never after a time: when the
output's ``.partial`` file has reached a size (the command is in its run, past the interpreter's start-up, where
Ctrl-C would end Python itself with -2). The timeouts only turn a hang into a failure."""

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
    for attempt, size in enumerate(SIZES):
        process = subprocess.Popen(
            [sys.executable, "-m", "badugi_fast", "score", "--jobs", "2", str(big), "-o", str(output)],
            start_new_session=True,
            stderr=subprocess.PIPE,
            text=True,
        )
        if _partial_output_reaches(tmp_path, size, process):  # else the run ended first: its output is whole
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


#: When to send the signal: as the output's temporary file appears (the workers starting), then as it reaches these
#: sizes in bytes (the run under way; its whole output is about 25 MB).
SIZES = (0, 1, 1 << 20, 4 << 20, 10 << 20, 18 << 20)


def _partial_output_reaches(folder: Path, size: int, process: subprocess.Popen[str]) -> bool:
    """Wait until a ``.partial`` file in ``folder`` holds ``size`` bytes or more (True), or the process ends (False).
    The deadline only turns a hang into a failure."""
    deadline = time.monotonic() + 300
    while process.poll() is None:
        for path in folder.glob(".*.partial"):
            try:
                if path.stat().st_size >= size:
                    return True
            except FileNotFoundError:  # renamed into place meanwhile: the run is ending
                pass
        if time.monotonic() > deadline:
            os.killpg(process.pid, signal.SIGKILL)
            pytest.fail("no .partial output in 5 minutes")
        time.sleep(0.002)
    return False
