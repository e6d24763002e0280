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

from badugi_fast.history import fulltilt, kingsclub, stars
from badugi_fast.history.detect import (
    RawFile,
    decode,
    file_hands,
    header_offsets,
    parse_hands,
    site_parser,
)
from badugi_fast.history.model import Hand

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
    text: str
    site: str
    index: int
    line: int


def split(raw: RawFile, hands: int = RUN_HANDS, min_bytes: int = RUN_BYTES) -> list[RawFile | Run]:
    """``raw`` cut into runs of ``hands`` hands, or ``[raw]`` when it is smaller than ``min_bytes``, holds
    ``hands`` hands or fewer, cannot be read, or comes from a site that is not cut.

    >>> text = "".join(f"PokerStars Hand #{n}: Razz\\nline\\n" for n in range(5))
    >>> [(r.index, r.line, r.text.count("\\n")) for r in split(RawFile("f", text), hands=2, min_bytes=0)]
    [(0, 0, 3), (2, 4, 3), (4, 8, 2)]
    """
    if raw.error is not None or len(raw.data) < min_bytes:
        return [raw]
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


def hands_of(unit: RawFile | Run) -> Iterator[Hand]:
    """The hands of a whole file or of a run of one."""
    if isinstance(unit, RawFile):
        return file_hands(unit)
    return parse_hands(_CUTTABLE[unit.site], unit.text, unit.name, unit.index, unit.line)
