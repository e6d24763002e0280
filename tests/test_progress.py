"""The progress display of ``badugi score`` on a real pseudo-terminal: what it shows (files, hands, bytes of the
total, percentage, rate, time left), that it is cleared however the run ends (done, interrupted, its reader gone),
that the table written to the same terminal never runs on from it, and that a pipe or ``--quiet`` gets none of it."""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO

import pytest

from badugi_fast.cli.progress import DELAY, REDRAW, Progress
from badugi_fast.history.cut import Run as HandsRun
from badugi_fast.history.pipeline import units
from badugi_fast.history.sources import SAMPLES, expand

#: The terminal's size: wide enough that tqdm never shortens the line.
COLUMNS = 200
#: More than a run of hands (the cutter hands on 1,000 at a time): copies of the PokerStars sample.
HANDS = (SAMPLES / "pokerstars-cash.txt").read_bytes() * 40
#: How many hands that is, by their headers (a copy starts with a BOM; one of its hands is Hold'em).
HAND_COUNT = len(re.findall(rb"(?m)^(?:\xef\xbb\xbf)?PokerStars (?:Game|Hand) #", HANDS))


def screen(raw: bytes) -> list[str]:
    """The lines a terminal shows after ``raw``: a carriage return goes back to the line's start, and what follows
    writes over what was there (the only control tqdm uses for a bar at position 0)."""
    lines: list[list[str]] = [[]]
    column = 0
    for char in raw.decode():
        if char == "\r":
            column = 0
        elif char == "\n":
            lines.append([])
            column = 0
        else:
            line = lines[-1]
            line[column : column + 1] = [char]
            column += 1
    return ["".join(line).rstrip() for line in lines if "".join(line).strip()]


def terminal() -> tuple[int, int]:
    """A pseudo-terminal (controller, terminal) of ``COLUMNS`` columns."""
    controller, device = os.openpty()
    fcntl.ioctl(device, termios.TIOCSWINSZ, struct.pack("HHHH", 40, COLUMNS, 0, 0))
    return controller, device


def read_all(controller: int, until: float) -> Iterator[bytes]:
    """What the terminal's programs write, as it comes, until they all closed it or ``until`` (a monotonic time)."""
    while time.monotonic() < until:
        ready, _, _ = select.select([controller], [], [], 0.05)
        if not ready:
            yield b""
            continue
        try:
            data = os.read(controller, 65536)
        except OSError:  # EIO: every program closed the terminal
            return
        if not data:
            return
        yield data


def test_the_display_shows_every_count_and_is_cleared(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_bytes(HANDS * 3)
    controller, device = terminal()
    with os.fdopen(device, "w") as stream:
        progress = Progress("scoring", stream=stream, delay=0)
        sources = progress.reading(expand([str(path)]))
        with progress:
            for unit in units(sources):
                assert isinstance(unit, HandsRun), unit  # whole hands only in this file
                progress.add(unit.source, unit.hands)
                time.sleep(REDRAW)  # each run drawn
    raw = b"".join(read_all(controller, time.monotonic() + 5))
    os.close(controller)
    shown = raw.decode()
    size = f"{path.stat().st_size / 1024 / 1024:.2f}M"
    for part in ("scoring: ", f"% of {size} read", "1 files", f"{3 * HAND_COUNT:,} hands", "hands/s", "B/s", "<"):
        assert part in shown, (part, shown)
    assert "100% of" in shown
    assert screen(raw) == []  # cleared


def test_no_display_off_a_terminal_nor_before_the_delay(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_bytes(HANDS)
    pipe = tmp_path / "stderr.txt"
    with open(pipe, "w") as stream:
        progress = Progress("scoring", stream=stream, delay=0)
        assert progress.reading(sources := expand([str(path)])) == sources  # not even counted
        with progress:
            progress.add("x", 10)
    assert pipe.read_text() == ""
    controller, device = terminal()
    with os.fdopen(device, "w") as stream, Progress("scoring", stream=stream, delay=60) as progress:
        progress.add("x", 10)
    assert b"".join(read_all(controller, time.monotonic() + 5)) == b""
    os.close(controller)


class Run:
    """``badugi score -`` (more arguments in ``options``) with stderr on a pseudo-terminal, fed ``HANDS`` on a pipe,
    a chunk at a time with a pause longer than the display's delay between them, so that the display is shown.
    ``stdout``: "null" (/dev/null), "pipe" (read by the test) or "terminal" (the same as stderr)."""

    def __init__(self, *options: str, stdout: str = "null") -> None:
        self.controller, device = terminal()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "badugi_fast", "score", "-", *options],
            stdin=subprocess.PIPE,
            stdout={"null": subprocess.DEVNULL, "pipe": subprocess.PIPE, "terminal": device}[stdout],
            stderr=device,
        )
        os.close(device)
        self.raw = b""

    def feed(self, chunk: bytes, then_wait: float = DELAY + 0.5) -> None:
        """Write ``chunk`` to the command's stdin (reading the terminal meanwhile: the command may be writing to it),
        then read the terminal for ``then_wait`` seconds."""
        writer = threading.Thread(target=self._write, args=(chunk,))
        writer.start()
        while writer.is_alive():
            self.read(0.05)
        writer.join()
        self.read(then_wait)

    def _write(self, chunk: bytes) -> None:
        assert self.process.stdin is not None
        with contextlib.suppress(BrokenPipeError):  # the command is gone (its reader went away)
            self.process.stdin.write(chunk)
            self.process.stdin.flush()

    def read(self, seconds: float, until: bytes | None = None) -> None:
        """Read the terminal for ``seconds``, or until it shows ``until``."""
        for data in read_all(self.controller, time.monotonic() + seconds):
            self.raw += data
            if until is not None and until in self.raw:
                return

    def end(self) -> int:
        assert self.process.stdin is not None
        with contextlib.suppress(BrokenPipeError):  # the command is gone already
            self.process.stdin.close()
        until = time.monotonic() + 60
        while self.process.poll() is None and time.monotonic() < until:
            self.read(0.05)  # the command may be writing to the terminal
        status = self.process.wait(timeout=1)
        self.read(5)
        os.close(self.controller)
        return status


def test_badugi_score_shows_progress_on_the_terminal_and_clears_it() -> None:
    run = Run("--format", "csv")
    run.feed(HANDS)
    run.feed(HANDS, then_wait=0)
    run.read(10, until=b"scoring: ")
    assert run.end() == 0
    assert b"scoring: " in run.raw
    assert b" read, 1 files, " in run.raw  # stdin: bytes read, no total
    (summary,) = screen(run.raw)  # the display cleared: only the summary is left
    assert summary.startswith(f"badugi score: 1 files, {2 * HAND_COUNT} hands, ")


def test_an_interrupted_run_clears_the_display() -> None:
    run = Run("--format", "csv")
    run.feed(HANDS)
    run.feed(HANDS[:1000], then_wait=0)
    run.read(10, until=b"scoring: ")
    run.read(0.5)  # the command waits for more input (not in the middle of drawing, which tqdm does not guard)
    run.process.send_signal(signal.SIGINT)
    assert run.end() == 130
    assert b"scoring: " in run.raw
    assert screen(run.raw) == ["badugi score: interrupted"]


def test_a_reader_that_goes_away_leaves_no_display() -> None:
    """``badugi score | head``: the reader stops while the display is shown; the command stops quietly (141)."""
    run = Run("--format", "csv", stdout="pipe")
    assert run.process.stdout is not None
    stop = threading.Event()
    reader = threading.Thread(target=read_until, args=(run.process.stdout, stop))
    reader.start()
    run.feed(HANDS)
    run.feed(HANDS, then_wait=0)
    run.read(10, until=b"scoring: ")
    stop.set()
    reader.join()  # the reader is gone
    run.feed(HANDS * 2, then_wait=0)  # more records to write
    assert run.end() == 141
    assert b"scoring: " in run.raw
    assert screen(run.raw) == []


def read_until(stream: IO[bytes], stop: threading.Event) -> None:
    """Read ``stream`` as it comes until ``stop`` is set, then close it."""
    while not stop.is_set():
        ready, _, _ = select.select([stream], [], [], 0.05)
        if ready and not os.read(stream.fileno(), 65536):
            break
    stream.close()


def test_the_table_on_the_same_terminal_never_runs_on_from_the_display() -> None:
    run = Run(stdout="terminal")  # the table, as stdout is a terminal
    run.feed(HANDS)
    run.feed(HANDS, then_wait=0)
    run.read(10, until=b"scoring: ")
    assert run.end() == 0
    assert b"scoring: " in run.raw
    lines = screen(run.raw)
    assert lines[0].startswith("file:hand #id")
    assert lines[-1].startswith("badugi score: 1 files")
    rows = lines[1:-1]
    assert len(rows) == 2 * HAND_COUNT
    assert all(row.startswith("<stdin>:") for row in rows), [row for row in rows if not row.startswith("<stdin>:")]


@pytest.mark.parametrize("quiet", [False, True])
def test_on_a_pipe_or_with_quiet_stderr_has_no_display(quiet: bool) -> None:
    """On a pipe only the summary; on a terminal with ``--quiet``, nothing at all."""
    if quiet:
        run = Run("--format", "csv", "--quiet")
        run.feed(HANDS)
        run.feed(HANDS, then_wait=0)
        assert run.end() == 0
        assert run.raw == b""
        return
    process = subprocess.run(
        [sys.executable, "-m", "badugi_fast", "score", "-", "--format", "csv"],
        input=HANDS,
        capture_output=True,
        check=False,
    )
    assert process.returncode == 0
    assert process.stderr.decode().startswith("badugi score: 1 files")
    assert process.stderr.count(b"\n") == 1
    assert b"\r" not in process.stderr
