"""Where a text changes encoding: files joined together (``cat``) in different encodings, so that every hand header
gives a record whatever the encoding of the file it came from.

A text is UTF-8 (or Latin-1: bytes passed on as they are) or UTF-16 of either byte order. It changes encoding where
the bytes hold, in another encoding (or the same UTF-16 shifted by a stray byte), either a byte order mark followed
by a character of one byte (``\\xff\\xfe`` then ``P\\0``), or the whole line of a hand header
(``formats.registry.header_site`` of it decoded) just after the end of a line (a newline in the last 3 bytes, or
a UTF-8 BOM). UTF-16 text read one byte off is the same characters in the other byte order, so a header of the other
byte order one byte off is the text's own. Nothing else is taken for a change: text that is not a header
in a misread part stays misread (it holds no hand), and no real hand header is lost.
"""

from __future__ import annotations

import functools
import re
from typing import NamedTuple

from badugi_fast.formats.registry import FORMATS, header_site

__all__ = ["BE", "CODECS", "LE", "LONGEST", "UTF8", "Change", "change_in"]

#: The encodings: UTF-8 (or Latin-1, passed on as bytes), UTF-16 little- and big-endian.
UTF8, LE, BE = "utf-8", "utf-16-le", "utf-16-be"
CODECS = (UTF8, LE, BE)
_BOMS = {LE: b"\xff\xfe", BE: b"\xfe\xff"}
_UTF8_BOM = b"\xef\xbb\xbf"
#: How far a header line is looked at (bytes): longer than any real header line in UTF-16.
_LINE_BYTES = 2048


class Change(NamedTuple):
    """The text changes to encoding ``codec`` at offset ``at``; the first ``skip`` bytes there are a BOM."""

    at: int
    codec: str
    skip: int


#: The header prefixes in each encoding, and the encoding of each.
_PREFIXES = {form.header_prefix.encode(codec): codec for form in FORMATS for codec in CODECS}


@functools.cache
def _marks() -> re.Pattern[bytes]:
    """One pattern for every byte sequence that may start another encoding (BOMs, header prefixes in each
    encoding, longest first). Compiled when a text first holds what may be UTF-16: most commands never need it."""
    alternatives = sorted([*_PREFIXES, *_BOMS.values()], key=len, reverse=True)
    return re.compile(b"|".join(map(re.escape, alternatives)))


@functools.cache
def _utf16_starts() -> frozenset[bytes]:
    """The first two bytes of every mark of UTF-16: one of them is in any text where UTF-16 starts."""
    return frozenset(mark[:2] for mark, codec in _PREFIXES.items() if codec != UTF8) | frozenset(_BOMS.values())


#: The longest byte sequence ``change_in`` looks for: a block's last this many bytes minus one may hold the start
#: of one, and are looked at again with the next block.
LONGEST = max(len(mark) for mark in _PREFIXES)


def change_in(data: bytes, start: int, limit: int, codec: str, final: bool) -> Change | int | None:
    """The first change of encoding in text of encoding ``codec`` that starts at ``data[start:limit]`` (``start``
    a character's start; the bytes before it, if any, are the text's before); None when there is none; an offset
    from which the bytes cannot be told yet (more data must come first) when not ``final``.

    >>> change_in(b"x\\n" + "PokerStars Hand #1: y\\n".encode("utf-16-le"), 0, 40, UTF8, True)
    Change(at=2, codec='utf-16-le', skip=0)
    """
    if codec == UTF8 and not (b"\x00" in data or b"\xfe" in data or b"\xff" in data):
        return None  # every mark of UTF-16 has one of these: a memchr each, for the text of nearly every file
    if codec == UTF8 and not any(pair[1:] in data and pair in data for pair in _utf16_starts()):
        return None  # zeros, Latin-1: a memchr and a substring search each, not the pattern tried at every zero
    for found in _marks().finditer(data, start):
        at = found.start()
        if at >= limit:
            return None
        mark = found.group()
        aligned = codec == UTF8 or (at - start) % 2 == 0
        new = _PREFIXES.get(mark)
        if new is None:  # a BOM: it says an encoding if a character of one byte follows
            new = LE if mark == _BOMS[LE] else BE
            if new == codec and aligned:
                continue  # a BOM where one may be: dropped with the text
            after = data[at + 2 : at + 4]
            if len(after) < 2 and not final:
                return at
            if len(after) == 2 and after[1 if new == LE else 0] == 0:
                return Change(at, new, 2)
            continue
        if (new == codec and aligned) or (new != codec != UTF8 != new and not aligned):
            continue  # a header in the text's own encoding (one byte off in the other byte order is the same)
        before = data[max(0, at - 3) : at]
        if b"\n" not in before and before != _UTF8_BOM and at:
            continue  # not at a line's start
        line_end = _line_end(data, at, new)
        if line_end < 0 and not final and len(data) - at < _LINE_BYTES:
            return at
        line = data[at : line_end if line_end >= 0 else at + _LINE_BYTES].decode(new, "replace").rstrip("\r")
        if header_site(line) is not None:
            if new == UTF8 and before == _UTF8_BOM and at - 3 >= start:
                return Change(at - 3, new, 3)
            return Change(at, new, 0)
    return None


def _line_end(data: bytes, at: int, codec: str) -> int:
    """The offset of the newline that ends the line at ``at`` in encoding ``codec`` (within ``_LINE_BYTES``), or
    -1."""
    newline = "\n".encode(codec)
    end = min(len(data), at + _LINE_BYTES)
    found = data.find(newline, at, end)
    while codec != UTF8 and found >= 0 and (found - at) % 2:
        found = data.find(newline, found + 1, end)
    return found
