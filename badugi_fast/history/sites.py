"""The second stage of ``badugi score``: where the hand headers of every format are in a text, found in one pass.

Which format a header line belongs to is ``formats.registry.header_site``; this module finds every such line in a
range of bytes, in Python (``headers_in``, the definition) or by the C code (``find_headers``, csrc/sites.c), which
is handed the registry's formats: each header prefix of each and the name of its C matcher. A line that C cannot
decide, or that starts with the prefix of a format C has no matcher for, is decided here.
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING, NamedTuple

from badugi_fast._backend import history_fast_paths
from badugi_fast.formats.format import Format
from badugi_fast.formats.registry import FORMATS, header_site

if TYPE_CHECKING:
    from badugi_fast._native import HeaderFinder

__all__ = ["Headers", "find_headers", "headers_in"]


class Headers(NamedTuple):
    """Hand headers found in a range of lines: their offsets, formats and lines (newlines counted from the start of
    the range), in order as parallel lists, and the number of newlines in the range."""

    offsets: list[int]
    formats: list[Format]
    lines: list[int]
    newlines: int


def headers_in(data: bytes | bytearray, start: int, end: int, formats: tuple[Format, ...] = FORMATS) -> Headers:
    """The hand headers (of ``formats``) among the lines of ``data[start:end]``. ``start`` is the start of a line
    (offset 0, or just after a newline) and ``end`` the end of one (just after a newline, or the end of the text): a
    header is recognised from its whole line. csrc/sites.c mirrors this (``find_headers`` uses it).

    >>> text = b"PokerStars Hand #1: x\\nchat\\n#7: Limit Badugi - 30/60\\nPokerStars Hand #2: y"
    >>> found = headers_in(text, 0, len(text))
    >>> found.offsets, [form.site for form in found.formats], found.lines, found.newlines
    ([0, 27, 52], ['PokerStars', 'KingsClub', 'PokerStars'], [0, 2, 3], 3)
    """
    found = Headers([], [], [], 0)
    line = 0
    done = start  # newlines are counted up to here
    for at in [start, *(match.start() + 1 for match in _line_starts(formats).finditer(data, start, end))]:
        form = _format_of_line(data, at, end, formats)
        if form is not None:
            line += data.count(b"\n", done, at)
            done = at
            found.offsets.append(at)
            found.formats.append(form)
            found.lines.append(line)
    return found._replace(newlines=line + data.count(b"\n", done, end))


def find_headers(data: bytes | bytearray, start: int, end: int, formats: tuple[Format, ...] = FORMATS) -> Headers:
    """``headers_in``, by the C code when it is in use (Python decides the lines C leaves to it)."""
    if history_fast_paths is None:
        return headers_in(data, start, end, formats)
    finder, owners = _c_finder(formats)
    offsets, codes, lines, newlines = history_fast_paths.find_headers(data, start, end, finder)
    if _ASK not in codes:
        return Headers(offsets, list(map(owners.__getitem__, codes)), lines, newlines)
    found = Headers([], [], [], newlines)
    for at, code, line in zip(offsets, codes, lines, strict=True):
        form = owners[code] if code != _ASK else _format_of_line(data, at, end, formats)  # only Python decides
        if form is not None:
            found.offsets.append(at)
            found.formats.append(form)
            found.lines.append(line)
    return found


@functools.lru_cache(maxsize=8)
def _line_starts(formats: tuple[Format, ...]) -> re.Pattern[bytes]:
    """A newline and the start of a line that may be a header: one pattern for every format, so the text is searched
    once. A prefix of blanks (an indented header) is looked for with the format's other prefixes after the blanks,
    so that the indented lines of other kinds (PHH's actions, Merge's XML) are not each looked at again."""
    starts = []
    for form in formats:
        words = [re.escape(prefix.encode()) for prefix in form.header_prefixes if prefix.strip(" \t")]
        starts += words
        if len(words) < len(form.header_prefixes):
            starts.append(b"[ \t]+(?:" + b"|".join(words) + b")")
    return re.compile(b"\n(?:" + b"|".join(starts) + b")")


@functools.lru_cache(maxsize=8)
def _c_finder(formats: tuple[Format, ...]) -> tuple[HeaderFinder, tuple[Format, ...]]:
    """What the C finder is handed for ``formats``, made once: one entry per header prefix (with its format's
    matcher); and the format of each entry, by the code C answers with."""
    assert history_fast_paths is not None
    owners = tuple(form for form in formats for _ in form.header_prefixes)
    entries = [(prefix, form.c_matcher) for form in formats for prefix in form.header_prefixes]
    return history_fast_paths.header_finder(entries), owners


def _format_of_line(data: bytes | bytearray, at: int, end: int, formats: tuple[Format, ...]) -> Format | None:
    """``header_site`` of the line starting at offset ``at`` (and ending by ``end``)."""
    line_end = data.find(b"\n", at, end)
    return header_site(bytes(data[at : end if line_end < 0 else line_end]).decode("utf-8", "replace"), formats)


#: The format code of a header line only Python can decide about.
_ASK = history_fast_paths.SITE_ASK if history_fast_paths is not None else -1
