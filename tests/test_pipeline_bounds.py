"""Issue 17, part 3: every input is read in bounded memory and linear time, whatever its shape.

Big inputs are made on the fly as streams (never files in the repository), with the bounds made small where a test
would otherwise need hundreds of megabytes; memory is measured with tracemalloc, never time.
"""

from __future__ import annotations

import io
import tracemalloc
from collections.abc import Iterator

import pytest

from badugi_fast.history import cut
from badugi_fast.history.inputs import Source
from badugi_fast.history.read import results
from badugi_fast.history.sources import SAMPLES

HAND = (SAMPLES / "pokerstars-cash.txt").read_bytes().decode("utf-8-sig").split("\n\n\n")[0].encode()


class Endless(io.RawIOBase):
    """A stream of ``head``, then ``size`` bytes of ``filler`` made as they are read, then ``tail``."""

    def __init__(self, head: bytes, size: int, tail: bytes, filler: bytes = b"x") -> None:
        super().__init__()
        self.parts: Iterator[bytes] = filter(None, [head, *[filler * (1 << 20)] * (size >> 20), tail])

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        part = next(self.parts, b"")
        buffer[: len(part)] = part
        return len(part)


def records_and_peak(source: Source) -> tuple[list[tuple[str, str | None]], int]:
    """The (status, reason) of every record of ``source``, and the peak of memory allocated meanwhile."""
    tracemalloc.start()
    try:
        found = [(result.status, result.reason) for unit in cut.cut(source) for result in results(unit)]
        return found, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_a_huge_line_after_a_header_is_dropped_as_it_streams(monkeypatch: pytest.MonkeyPatch) -> None:
    """A header, then 64 MiB with no newline, then a hand: an error record naming the long line, the next hand
    read, and never more than a few MiB held (the whole line was held, and searched again at every block)."""
    monkeypatch.setattr(cut, "MAX_HAND_BYTES", 1 << 18)
    head = HAND.split(b"\n")[0] + b"\n"
    source = Source("long.txt", lambda: io.BufferedReader(Endless(head, 64 << 20, b"\n\n" + HAND)))
    found, peak = records_and_peak(source)
    assert [status for status, _ in found] == ["error", "verified"]
    assert found[0][1] == "line 1: its line 2 is longer than 256 KiB: the hand is not read"
    assert peak < 16 << 20


def test_a_huge_line_before_any_header_is_dropped_and_the_hands_after_it_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cut, "MAX_HAND_BYTES", 1 << 18)
    source = Source("long.txt", lambda: io.BufferedReader(Endless(b"", 64 << 20, b"\n" + HAND)))
    found, peak = records_and_peak(source)
    assert [status for status, _ in found] == ["verified"]
    assert peak < 16 << 20


def test_a_bomb_of_one_endless_line_is_given_up_early(monkeypatch: pytest.MonkeyPatch) -> None:
    """No newline at all (zeros): still given up after MAX_PREAMBLE_BYTES, without reading the rest."""
    monkeypatch.setattr(cut, "MAX_PREAMBLE_BYTES", 8 << 20)
    stream = Endless(b"", 1 << 30, b"", filler=b"\0")
    source = Source("zeros.bin", lambda: io.BufferedReader(stream))
    found, peak = records_and_peak(source)
    assert found == [("error", "line 1: no hand header in the first 8 MiB")]
    assert next(stream.parts, None) is not None  # the rest was never made
    assert peak < 16 << 20
