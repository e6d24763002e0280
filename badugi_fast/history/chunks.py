"""Big files cut into runs of whole hands, so that several worker processes can share a single file.

A run starts at a hand header and ends where the next run's first header starts, so every hand is parsed from
exactly the lines it is parsed from in the whole file. The run knows where it sits in its file (the number of its
first hand and its first line), so hands keep their file-wide ``index`` and line numbers: the records are the
same, in the same order, however the file is cut. Only sites whose hands are read from their own lines are cut
(the Merge parser looks back before a hand's header for the table's description).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from badugi_fast.history import fast_stars, fulltilt, kingsclub
from badugi_fast.history.detect import (
    RawFile,
    clean_utf8,
    decode,
    file_hands,
    header_offsets,
    parse_hands,
    site_parser,
)
from badugi_fast.history.model import Hand
from badugi_fast.history.pokerstars import reader as stars

__all__ = ["RUN_BYTES", "RUN_HANDS", "Run", "hands_of", "split"]

#: Files smaller than this are not worth decoding in the parent process to be cut: they go to a worker whole.
RUN_BYTES = 1 << 20

#: Hands per run: enough that sending a run costs little next to scoring it, few enough to share the work evenly.
RUN_HANDS = 1000

#: The sites whose parsers read a hand from its own lines only, by site name.
_CUTTABLE = {parser.SITE: parser for parser in (stars, fulltilt, kingsclub)}


@dataclass(frozen=True)
class Run:
    """Consecutive whole hands of file ``name``: their ``text``, written by ``site``, from the file's line ``line``
    (0-based) on, where its hand number ``index`` starts."""

    name: str
    text: str | bytes  # bytes: UTF-8 PokerStars text that the C fast path reads as it is
    site: str
    index: int
    line: int
    span: tuple[int, int] | None = None  # the text is bytes [start, end) of file ``name``, read by the worker

    def content(self) -> str | bytes:
        """The run's text: ``text``, or its bytes read from the file (so that they need not be sent over)."""
        if self.span is None:
            return self.text
        start, end = self.span
        with open(self.name, "rb") as handle:
            handle.seek(start)
            return handle.read(end - start)


def split(raw: RawFile, hands: int = RUN_HANDS, min_bytes: int = RUN_BYTES) -> list[RawFile | Run]:
    """``raw`` cut into runs of ``hands`` hands, or ``[raw]`` when it is smaller than ``min_bytes``, holds
    ``hands`` hands or fewer, cannot be read, or comes from a site that is not cut.

    >>> text = "".join(f"PokerStars Hand #{n}: Razz\\nline\\n" for n in range(5))
    >>> [(r.index, r.line, r.text.count("\\n")) for r in split(RawFile("f", text), hands=2, min_bytes=0)]
    [(0, 0, 3), (2, 4, 3), (4, 8, 2)]
    """
    if raw.error is not None or len(raw.data) < min_bytes:
        return [raw]
    utf8 = clean_utf8(raw.data) if isinstance(raw.data, bytes) and fast_stars.AVAILABLE else None
    if utf8 is not None and site_parser(utf8) is stars:
        return _stars_runs(raw, utf8, hands)
    text = decode(raw.data) if isinstance(raw.data, bytes) else raw.data
    parser = site_parser(text)
    if parser is None or parser.SITE not in _CUTTABLE:
        return [RawFile(raw.name, text, raw.strict)]
    headers = header_offsets(text, parser)
    if len(headers) <= hands:
        return [RawFile(raw.name, text, raw.strict)]
    runs: list[RawFile | Run] = []
    line = 0  # the number of lines before offset ``done``
    done = 0
    for first in range(0, len(headers), hands):
        start = headers[first]
        line += text.count("\n", done, start)
        done = start
        end = headers[first + hands] - 1 if first + hands < len(headers) else len(text)  # before the newline
        runs.append(Run(raw.name, text[start:end], parser.SITE, first, line))
    return runs


def _stars_runs(raw: RawFile, utf8: bytes, hands: int) -> list[RawFile | Run]:
    """``split`` for a PokerStars file in clean UTF-8 (``utf8``), cut as bytes: no decoding, and the C code
    finds the headers; the runs go to the C fast path as they are. Runs of a file on disk carry only where they
    are in it: each worker reads its own bytes, rather than the parent sending them."""
    count, cuts = fast_stars.header_cuts(utf8, hands)
    if count <= hands:
        return [raw]
    skip = len(raw.data) - len(utf8)  # a BOM
    ends = [offset - 1 for offset, _ in cuts[1:]] + [len(utf8)]  # before the newline
    runs: list[RawFile | Run] = []
    for number, ((start, line), end) in enumerate(zip(cuts, ends, strict=True)):
        if raw.on_disk:
            runs.append(Run(raw.name, b"", stars.SITE, number * hands, line, (skip + start, skip + end)))
        else:
            runs.append(Run(raw.name, utf8[start:end], stars.SITE, number * hands, line))
    return runs


def hands_of(unit: RawFile | Run) -> Iterator[Hand]:
    """The hands of a whole file or of a run of one."""
    if isinstance(unit, RawFile):
        return file_hands(unit)
    text = unit.content()
    text = text.decode() if isinstance(text, bytes) else text
    return parse_hands(_CUTTABLE[unit.site], text, unit.name, unit.index, unit.line)
