"""The progress display of a command that reads hand histories (``badugi score``; ready for others): files and
hands done, bytes read of the total where it is known, percentage, rate and time left, drawn by tqdm on stderr.

Shown only when stderr is a terminal (never on a pipe, never with ``--quiet``, which replaces stderr), and only once
the command has run for ``delay`` seconds, so that a short run neither flashes a line nor pays for importing tqdm.
It is cleared however the command ends: done, interrupted, or stopped by a reader that went away (``| head``); and
output written to the same terminal meanwhile (``paused``) never lands on its line.

The bytes are those the command reads (``reading`` wraps the sources): the total is known when every source is a
plain file on disk; a compressed file, an archive member, stdin or a URL is counted as it is read, without a total.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from types import TracebackType
from typing import TYPE_CHECKING, NoReturn, TextIO

from badugi_fast.history.inputs import Opener, Readable, Source

if TYPE_CHECKING:
    from tqdm import tqdm

__all__ = ["Progress"]

#: How long a command runs before its progress is shown (seconds).
DELAY = 0.5
#: The least time between two redraws of the counts (seconds): tqdm's own default for its bar.
REDRAW = 0.1


class Progress:
    """The progress of one command, as a context manager: ``add`` what is done, ``paused`` around writes to the
    terminal. ``what`` names the work (``"scoring"``)."""

    def __init__(self, what: str, stream: TextIO | None = None, delay: float = DELAY) -> None:
        self._what = what
        self._stream = sys.stderr if stream is None else stream
        self.shown = self._stream.isatty()
        self._shares_terminal = self.shown and sys.stdout.isatty()
        self._delay = delay
        self._started = time.monotonic()
        self._drawn = 0.0
        self._bar: tqdm[NoReturn] | None = None
        self._total: int | None = None
        self._counting = False
        self._bytes = 0
        self._files = 0
        self._hands = 0
        self._last_source: str | None = None

    def reading(self, sources: Iterable[Source]) -> list[Source]:
        """``sources``, each counting the bytes read from it; the total is their size when all are plain files."""
        found = list(sources)
        if not self.shown:
            return found
        self._counting = True
        sizes = [_size(source) for source in found]
        self._total = None if None in sizes else sum(size for size in sizes if size is not None)
        return [dataclasses.replace(source, open=self._counted(source)) for source in found]

    def add(self, source: str, hands: int) -> None:
        """``hands`` more hands done, from the source named ``source`` (a new name is one more file)."""
        if hands and source != self._last_source:
            self._files += 1
            self._last_source = source
        self._hands += hands
        self._tick()

    @contextlib.contextmanager
    def paused(self) -> Iterator[None]:
        """Around a write to stdout: when stdout is the same terminal, the line is cleared first and drawn again
        after, so that the output never runs on from it."""
        if self._bar is None or not self._shares_terminal:
            yield
            return
        self._bar.clear()
        yield
        self._bar.refresh()

    def __enter__(self) -> Progress:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None
    ) -> None:
        if self._bar is not None:
            self._bar.close()  # leave=False: the line is cleared
            self._bar = None
        self.shown = False  # nothing more is drawn

    def _read(self, count: int) -> None:
        self._bytes += count
        if self._bar is not None:
            self._bar.update(count)
        else:
            self._tick()

    def _tick(self) -> None:
        """Start the display once ``delay`` has passed; redraw the counts at most every ``REDRAW`` seconds."""
        if not self.shown:
            return
        now = time.monotonic()
        if self._bar is None:
            if now - self._started >= self._delay:
                self._start()
                self._drawn = now
        elif now - self._drawn >= REDRAW:
            self._drawn = now
            self._bar.set_postfix_str(self._counts())

    def _counts(self) -> str:
        elapsed = time.monotonic() - self._started
        rate = f", {self._hands / elapsed:,.0f} hands/s" if elapsed > 0 else ""
        return f"{self._files:,} files, {self._hands:,} hands{rate}"

    def _start(self) -> None:
        """Draw the display: with what was done before it, which counts for the rate and the time left."""
        from tqdm import tqdm  # only now: importing it takes longer than a short run

        if not self._counting:
            form = "{desc}{postfix} [{elapsed}]"
        elif self._total is None:
            form = "{desc}: {n_fmt} read{postfix} [{elapsed}, {rate_fmt}]"
        else:
            form = "{desc}: {percentage:3.0f}% of {total_fmt} read{postfix} [{elapsed}<{remaining}, {rate_fmt}]"
        self._bar = tqdm(
            desc=self._what,
            total=self._total,
            postfix=self._counts(),
            file=self._stream,
            unit="B",
            unit_scale=True,
            unit_divisor=1024,
            bar_format=form,
            leave=False,
            dynamic_ncols=True,
            delay=1,  # not drawn yet: only once ``_bar`` holds it, so that ``__exit__`` clears what was drawn
        )
        self._bar.delay = 0
        self._bar.start_t = self._bar.last_print_t = self._bar.start_t - (time.monotonic() - self._started)
        self._bar.n = self._bar.last_print_n = self._bytes
        self._bar.refresh()

    def _counted(self, source: Source) -> Opener:
        @contextlib.contextmanager
        def open_counted() -> Iterator[Readable]:
            with source.open() as stream:
                yield _Counted(stream, self._read)

        return open_counted


class _Counted:
    """A binary stream that says how many bytes were read from it (``count``), by ``read`` and by ``read1``."""

    def __init__(self, stream: Readable, count: Callable[[int], None]) -> None:
        self._stream = stream
        self._read_some = getattr(stream, "read1", stream.read)
        self._count = count

    def read(self, size: int = -1, /) -> bytes:
        data = self._stream.read(size)
        self._count(len(data))
        return data

    def read1(self, size: int = -1, /) -> bytes:
        data = self._read_some(size)
        self._count(len(data))
        return data


def _size(source: Source) -> int | None:
    """The size of ``source`` in bytes, when its bytes are those of a file on disk (``Source.path``)."""
    if source.path is None:
        return None
    try:
        return os.path.getsize(source.path)
    except OSError:
        return None
