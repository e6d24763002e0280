"""The second stage of ``badugi score``: where the hand headers of every format are in a text, found in one pass.

Which format a header line belongs to is ``formats.registry.header_site``; this module finds every such line in a
range of bytes, in Python (``headers_in``, the definition) or by the C code (``find_headers``, csrc/sites.c).
"""

from __future__ import annotations

import re
from types import ModuleType
from typing import NamedTuple

from badugi_fast._backend import history_fast_paths
from badugi_fast.formats.registry import PARSERS, header_site

__all__ = ["Headers", "find_headers", "headers_in"]

#: A newline and the start of a line that may be a header: one pattern for every site, so the text is searched once.
_LINE_START = re.compile(b"\n(?:" + b"|".join(re.escape(parser.HEADER_PREFIX.encode()) for parser in PARSERS) + b")")


class Headers(NamedTuple):
    """Hand headers found in a range of lines: their offsets, parsers and lines (newlines counted from the start of
    the range), in order as parallel lists, and the number of newlines in the range."""

    offsets: list[int]
    parsers: list[ModuleType]
    lines: list[int]
    newlines: int


def headers_in(data: bytes | bytearray, start: int, end: int) -> Headers:
    """The hand headers among the lines of ``data[start:end]``. ``start`` is the start of a line (offset 0, or just
    after a newline) and ``end`` the end of one (just after a newline, or the end of the text): a header is
    recognised from its whole line. csrc/sites.c mirrors this (``find_headers`` uses it).

    >>> text = b"PokerStars Hand #1: x\\nchat\\n#7: Limit Badugi - 30/60\\nPokerStars Hand #2: y"
    >>> found = headers_in(text, 0, len(text))
    >>> found.offsets, [parser.SITE for parser in found.parsers], found.lines, found.newlines
    ([0, 27, 52], ['PokerStars', 'KingsClub', 'PokerStars'], [0, 2, 3], 3)
    """
    found = Headers([], [], [], 0)
    line = 0
    done = start  # newlines are counted up to here
    for at in [start, *(match.start() + 1 for match in _LINE_START.finditer(data, start, end))]:
        parser = _site_of_line(data, at, end)
        if parser is not None:
            line += data.count(b"\n", done, at)
            done = at
            found.offsets.append(at)
            found.parsers.append(parser)
            found.lines.append(line)
    return found._replace(newlines=line + data.count(b"\n", done, end))


def find_headers(data: bytes | bytearray, start: int, end: int) -> Headers:
    """``headers_in``, by the C code when it is in use (Python decides the lines C leaves to it)."""
    if history_fast_paths is None:
        return headers_in(data, start, end)
    offsets, codes, lines, newlines = history_fast_paths.find_headers(data, start, end)
    if SITE_ASK not in codes:
        return Headers(offsets, list(map(_BY_CODE.__getitem__, codes)), lines, newlines)
    found = Headers([], [], [], newlines)
    for at, code, line in zip(offsets, codes, lines, strict=True):
        parser = _BY_CODE[code] if code != SITE_ASK else _site_of_line(data, at, end)  # a line only Python decides
        if parser is not None:
            found.offsets.append(at)
            found.parsers.append(parser)
            found.lines.append(line)
    return found


def _site_of_line(data: bytes | bytearray, at: int, end: int) -> ModuleType | None:
    """``header_site`` of the line starting at offset ``at`` (and ending by ``end``)."""
    line_end = data.find(b"\n", at, end)
    return header_site(bytes(data[at : end if line_end < 0 else line_end]).decode("utf-8", "replace"))


#: The parsers by the site codes of the C code.
_BY_CODE: dict[int, ModuleType] = {}
SITE_ASK = -1
if history_fast_paths is not None:
    from badugi_fast._native import SITE_ASK, SITE_CODES

    _BY_CODE = dict(zip(SITE_CODES, PARSERS, strict=True))
