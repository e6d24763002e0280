"""The sites ``badugi score`` reads, and the one place that says which site a hand header belongs to.

Every site parser module offers ``SITE`` (its name in records), ``HEADER_PREFIX`` (how its header lines begin: the
prefixes of different sites never begin one another), ``is_header(line)`` and ``parse_hand(lines, start, end)``. A
hand starts at every line that is a header of some site, whatever came before it, so one file may hold the hands of
several sites, and each is read by its own parser.
"""

from __future__ import annotations

import re
from types import ModuleType

from badugi_fast._backend import history_fast_paths
from badugi_fast.history import fulltilt, kingsclub, merge
from badugi_fast.history.pokerstars import reader as stars

__all__ = ["BY_NAME", "PARSERS", "find_headers", "header_site", "headers_in"]

#: The site parsers.
PARSERS: tuple[ModuleType, ...] = (stars, fulltilt, merge, kingsclub)
#: The parsers by ``SITE`` name.
BY_NAME = {parser.SITE: parser for parser in PARSERS}

#: A newline and the start of a line that may be a header: one pattern for every site, so the text is searched once.
_LINE_START = re.compile(b"\n(?:" + b"|".join(re.escape(parser.HEADER_PREFIX.encode()) for parser in PARSERS) + b")")


def header_site(line: str) -> ModuleType | None:
    """The parser of the site whose hand header ``line`` is, or None when it is no header.

    >>> header_site("PokerStars Game #1: Badugi Limit").SITE, header_site("#37732805: Limit Badugi - 30/60").SITE
    ('PokerStars', 'KingsClub')
    >>> header_site("PokerStars says hello")
    """
    for parser in PARSERS:
        if line.startswith(parser.HEADER_PREFIX) and parser.is_header(line):
            return parser
    return None


def headers_in(data: bytes | bytearray, start: int, end: int) -> tuple[list[tuple[int, ModuleType, int]], int]:
    """The hand headers among the lines of ``data[start:end]``, as ``(offset, parser, line)`` in order, where
    ``line`` counts the newlines from ``start``; and the number of newlines in the range. ``start`` is the start of
    a line (offset 0, or just after a newline) and ``end`` the end of one (just after a newline, or the end of the
    text): a header is recognised from its whole line. csrc/sites.c mirrors this (``find_headers`` uses it).

    >>> text = b"PokerStars Hand #1: x\\nchat\\n#7: Limit Badugi - 30/60\\nPokerStars Hand #2: y"
    >>> found, newlines = headers_in(text, 0, len(text))
    >>> [(at, parser.SITE, line) for at, parser, line in found], newlines
    ([(0, 'PokerStars', 0), (27, 'KingsClub', 2), (52, 'PokerStars', 3)], 3)
    """
    found = []
    line = 0
    done = start  # newlines are counted up to here
    for at in [start, *(match.start() + 1 for match in _LINE_START.finditer(data, start, end))]:
        line_end = data.find(b"\n", at, end)
        parser = header_site(bytes(data[at : end if line_end < 0 else line_end]).decode("utf-8", "replace"))
        if parser is not None:
            line += data.count(b"\n", done, at)
            done = at
            found.append((at, parser, line))
    return found, line + data.count(b"\n", done, end)


def find_headers(data: bytes | bytearray, start: int, end: int) -> tuple[list[tuple[int, ModuleType, int]], int]:
    """``headers_in``, by the C code when it is in use (Python decides the lines C leaves to it)."""
    if history_fast_paths is None:
        return headers_in(data, start, end)
    found, newlines = history_fast_paths.find_headers(data, start, end)
    headers = []
    for at, code, line in found:
        parser = _BY_CODE.get(code)
        if parser is None:  # a line only Python can decide about
            line_end = data.find(b"\n", at, end)
            parser = header_site(bytes(data[at : end if line_end < 0 else line_end]).decode("utf-8", "replace"))
            if parser is None:
                continue
        headers.append((at, parser, line))
    return headers, newlines


#: The parsers by the site codes of the C code.
_BY_CODE: dict[int, ModuleType] = {}
if history_fast_paths is not None:
    from badugi_fast._native import SITE_CODES

    _BY_CODE = dict(zip(SITE_CODES, PARSERS, strict=True))
