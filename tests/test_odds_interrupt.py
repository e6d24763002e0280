"""Long sampled runs stop on Ctrl-C (a real SIGINT to a real process) and the number of trials has a bound."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest

from badugi_fast.evaluator import BACKEND
from badugi_fast.spots.spot import MAX_SAMPLES

pytestmark = pytest.mark.skipif(
    BACKEND != "c" or sys.platform == "win32", reason="the C loops and POSIX signals are needed"
)


@pytest.mark.parametrize(
    "command",
    [
        ["equity", "As 2h Qd Qc", "3c 4d Ts Jh", "--draws", "3"],
        ["odds", "Kc Kd Kh Ks", "--draws", "3"],
        ["advise", "As 2h Qd Qc", "--against", "random", "--draws", "2"],
    ],
)
def test_ctrl_c_ends_a_long_sampled_run_within_a_couple_of_seconds(command: list[str]) -> None:
    argv = [sys.executable, "-m", "badugi_fast", *command, "--samples", str(MAX_SAMPLES), "--threads", "1"]
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        time.sleep(4)  # started, and deep in the C loops: the billion trials take minutes
        assert process.poll() is None, process.communicate()
        sent = time.monotonic()
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=10)
        took = time.monotonic() - sent
    finally:
        process.kill()
    assert process.returncode == 130
    assert err.strip() == f"badugi {command[0]}: interrupted"
    assert out == ""
    assert took < 2.5


@pytest.mark.parametrize("command", [["equity", "As 2h Qd Qc", "random"], ["odds", "As 2h Qd Qc"]])
def test_too_many_trials_are_refused_with_one_line(command: list[str]) -> None:
    argv = [sys.executable, "-m", "badugi_fast", *command, "--samples", str(MAX_SAMPLES + 1)]
    run = subprocess.run(argv, capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 2
    assert run.stderr.strip() == (
        f"badugi {command[0]}: error: samples must be an int from 1 to {MAX_SAMPLES:,}, not {MAX_SAMPLES + 1}"
    )
