"""From a path, a file object or text to hands: which files, how they are encoded, which site wrote them.

- Paths may be files, folders (read recursively, in sorted order), ``.gz``/``.bz2`` files or ``.zip`` archives
  (each member is a file of its own, named ``archive.zip/member``); ``-`` is stdin.
- Bytes are decoded by their BOM (UTF-8, UTF-16 LE/BE), by the zero bytes of BOM-less UTF-16, else as UTF-8 with
  a Latin-1 fallback. UTF-16 files of odd length (one stray byte at the end, as whitespace fixers leave them) lose
  that byte. CRLF and CR become LF.
- The site is recognised by content: the first hand header found says which parser reads the file.

Every hand header found becomes exactly one ``Hand``; a hand the parser cannot read becomes a ``Hand`` with
``error`` set, so bulk runs never lose or duplicate a hand and never stop on bad input.
"""

from __future__ import annotations

import bz2
import gzip
import os
import sys
import zipfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import IO, Any, Union

from badugi_fast.history import fulltilt, kingsclub, merge
from badugi_fast.history.common import ParseError, hand_id_of
from badugi_fast.history.model import Hand
from badugi_fast.history.pokerstars import reader as stars

__all__ = [
    "PARSERS",
    "RawFile",
    "Source",
    "clean_utf8",
    "decode",
    "expand",
    "file_hands",
    "hands_in",
    "header_offsets",
    "header_positions",
    "parse_hands",
    "parse_one",
    "parser_for",
    "read_source",
    "site_parser",
]

#: Everything ``parse`` accepts: a path, a file object (text or binary), or the text itself.
Source = Union[str, "os.PathLike[str]", IO[str], IO[bytes]]

#: The site parsers, in the order they are tried.
PARSERS: tuple[ModuleType, ...] = (stars, fulltilt, merge, kingsclub)

#: Sniffing looks at this many leading lines for a hand header.
_SNIFF_LINES = 200

_ARCHIVES = (".gz", ".bz2", ".zip")


def decode(data: bytes) -> str:
    """Text from a file's bytes, with newlines as ``\\n`` and no BOM.

    >>> decode(b"\\xef\\xbb\\xbfPokerStars\\r\\nx"), decode("\\ufeffFull Tilt\\n".encode("utf-16-le") + b"\\n")
    ('PokerStars\\nx', 'Full Tilt\\n')
    """
    if data[:3] == b"\xef\xbb\xbf":
        text = data[3:].decode("utf-8", errors="replace")
    elif data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        codec = "utf-16-le" if data[:2] == b"\xff\xfe" else "utf-16-be"
        text = data[2 : len(data) - (len(data) % 2)].decode(codec, errors="replace")
    elif len(data) >= 4 and data[1] == 0 and data[3] == 0 and data[0] != 0:
        text = data[: len(data) - (len(data) % 2)].decode("utf-16-le", errors="replace")
    else:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = data.decode("latin-1")
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def clean_utf8(data: bytes) -> bytes | None:
    """The bytes of ``decode(data)`` in UTF-8 when they are already in the file: valid UTF-8 (after a BOM, if
    any) with ``\\n`` newlines and no ``\\r``; else None. Such a file can be cut and read as bytes.

    >>> clean_utf8(b"\\xef\\xbb\\xbfPokerStars\\n"), clean_utf8(b"PokerStars\\r\\n"), clean_utf8(b"\\xff")
    (b'PokerStars\\n', None, None)
    """
    if data[:3] == b"\xef\xbb\xbf":
        data = data[3:]
    elif data[:2] in (b"\xff\xfe", b"\xfe\xff") or (len(data) >= 4 and data[1] == 0 and data[3] == 0 and data[0] != 0):
        return None  # UTF-16
    if b"\r" in data:
        return None
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    return data


def parser_for(lines: Sequence[str]) -> ModuleType | None:
    """The site parser for a file whose lines are ``lines``, from the first hand header; None if there is none.

    >>> parser_for(["", "#37732805: Limit Badugi - 30/60"]).SITE
    'KingsClub'
    """
    for line in lines[:_SNIFF_LINES]:
        for parser in PARSERS:
            if line.startswith(parser.HEADER_PREFIX) and parser.is_header(line):
                return parser
    return None


def site_parser(text: str | bytes) -> ModuleType | None:
    """The site parser for a file's ``text`` (or its ``clean_utf8`` bytes), from the first hand header in its
    leading lines; None if none.

    >>> site_parser("PokerStars Hand #1: Badugi Limit").SITE, site_parser(b"#1: Limit Badugi - 30/60").SITE
    ('PokerStars', 'KingsClub')
    """
    if isinstance(text, bytes):
        return site_parser(text[: _leading_end(text.find, b"\n")].decode())
    return parser_for(text[: _leading_end(text.find, "\n")].split("\n"))


def _leading_end(find: Callable[[Any, int], int], newline: Any) -> int | None:
    """Where the leading lines that sniffing reads end, found with the text's ``find`` (no copy of the rest)."""
    end = -1
    for _ in range(_SNIFF_LINES):
        end = find(newline, end + 1)
        if end < 0:
            return None
    return end


def hands_in(text: str, source: str = "<text>", strict: bool = True) -> Iterator[Hand]:
    """Every hand in one file's text, in order, each exactly once.

    A file in no known format gives one error hand when ``strict`` and nothing otherwise (folders may hold other
    files). Text before the first header is ignored.
    """
    parser = site_parser(text)
    if parser is None:
        if strict:
            yield Hand("unknown", source=source, error="no hand history of a known site in this file", error_line=1)
        return
    yield from parse_hands(parser, text, source)


def parse_hands(
    parser: ModuleType, text: str, source: str, first_index: int = 0, first_line: int = 0
) -> Iterator[Hand]:
    """The hands of ``parser``'s site in ``text``, which is the part of file ``source`` from its line
    ``first_line`` (0-based) on, where hand number ``first_index`` starts (all of it by default).

    >>> [hand.hand_id for hand in parse_hands(stars, "PokerStars Hand #12: Razz\\nPokerStars Hand #13: x", "f")]
    ['12', '13']
    >>> list(parse_hands(stars, "no header here", "f"))
    []
    """
    lines = text.split("\n")
    starts = [line for line, _ in header_positions(text, parser)]
    ends = [*starts[1:], len(lines)] if starts else []
    for index, (start, end) in enumerate(zip(starts, ends, strict=True), first_index):
        hand = parse_one(parser, lines, start, end, first_line)
        hand.source = source
        hand.index = index
        yield hand


def header_positions(text: str, parser: ModuleType) -> list[tuple[int, int]]:
    """``(line index, character offset)`` of each line of ``text`` that starts a hand of ``parser``'s site.

    The site's ``HEADER_LINE`` pattern finds them, searching for its literal start rather than testing each line.

    >>> header_positions("x\\nPokerStars Game #1: a\\nPokerStars says hi\\n\\nPokerStars Hand #2: b", stars)
    [(1, 2), (4, 44)]
    """
    found = []
    index = 0  # the number of lines before offset ``done``
    done = 0
    for at in header_offsets(text, parser):
        index += text.count("\n", done, at)
        done = at
        found.append((index, at))
    return found


def header_offsets(text: str, parser: ModuleType) -> list[int]:
    """The character offset of each line of ``text`` that starts a hand of ``parser``'s site.

    >>> header_offsets("PokerStars Hand #1: a\\nPokerStars says hi\\nPokerStars Hand #2: b", stars)
    [0, 41]
    """
    end = text.find("\n")
    first = [0] if parser.is_header(text[:end] if end >= 0 else text) else []
    return first + [match.start() + 1 for match in parser.HEADER_LINE.finditer(text)]


def parse_one(parser: ModuleType, lines: Sequence[str], start: int, end: int, first_line: int) -> Hand:
    """One hand, or an error hand saying which line went wrong (line numbers count ``first_line`` more)."""
    try:
        hand: Hand = parser.parse_hand(lines, start, end)
    except ParseError as error:
        hand = Hand(
            parser.SITE, hand_id=hand_id_of(lines[start]), error=str(error), error_line=first_line + error.index + 1
        )
    except Exception as error:
        hand = Hand(
            parser.SITE,
            hand_id=hand_id_of(lines[start]),
            error=f"cannot read this hand ({type(error).__name__}: {error})",
            error_line=first_line + start + 1,
        )
    hand.line = first_line + start + 1
    return hand


@dataclass(frozen=True)
class RawFile:
    """One file's content before decoding. ``strict`` is False for files met inside a folder: those may be other
    kinds of file and are ignored when no hand is found. ``error`` says why the content could not be read.
    ``on_disk`` says that ``data`` is the file called ``name`` as it is on disk (not decompressed, not stdin)."""

    name: str
    data: bytes | str
    strict: bool = True
    error: str | None = None
    on_disk: bool = False


def read_source(source: Source) -> Iterator[RawFile]:
    """Each file in ``source``: a path (file, folder, archive, ``-`` for stdin), an open file, or text (a ``str``
    holding a newline, or naming no existing file)."""
    if isinstance(source, os.PathLike):
        yield from expand([os.fspath(source)])
    elif isinstance(source, str):
        if "\n" not in source and (source == "-" or os.path.exists(source)):
            yield from expand([source])
        else:
            yield RawFile("<text>", source)
    else:
        yield RawFile(str(getattr(source, "name", "<stream>")), source.read())


def expand(paths: Iterable[str]) -> Iterator[RawFile]:
    """Every file named by ``paths``, folders and archives opened, in a stable order.

    Files found inside folders are named ``folder/...``; explicit files keep the name given. A missing path is an
    ``OSError``; an archive that cannot be decompressed is a ``RawFile`` with ``error`` set.
    """
    for path in paths:
        if path == "-":
            yield RawFile("<stdin>", sys.stdin.buffer.read())
        elif os.path.isdir(path):
            for found in sorted(p for p in Path(path).rglob("*") if p.is_file() and not p.name.startswith(".")):
                yield from _open_file(str(found), strict=False)
        else:
            yield from _open_file(path, strict=True)


def _open_file(path: str, strict: bool) -> Iterator[RawFile]:
    """The decompressed content of one file (each member for a zip)."""
    lower = path.lower()
    if not os.path.isfile(path):
        raise FileNotFoundError(f"no such file: {path}")
    try:
        if lower.endswith(".zip"):
            with zipfile.ZipFile(path) as archive:
                members = [member for member in archive.infolist() if not member.is_dir()]
                contents = [(f"{path}/{member.filename}", archive.read(member)) for member in members]
            for name, data in contents:
                yield RawFile(name, data, strict)
            return
        with open(path, "rb") as handle:
            data = handle.read()
        if lower.endswith(".gz"):
            data = gzip.decompress(data)
        elif lower.endswith(".bz2"):
            data = bz2.decompress(data)
    except (zipfile.BadZipFile, EOFError, ValueError, OSError) as error:
        yield RawFile(path, b"", True, f"cannot decompress: {error}")
        return
    yield RawFile(path, data, strict, on_disk=not lower.endswith((".gz", ".bz2")))


def file_hands(raw: RawFile) -> Iterator[Hand]:
    """The hands of one file (bytes are decoded first); an unreadable archive is one error hand."""
    if raw.error is not None:
        return iter([Hand("unknown", source=raw.name, error=raw.error, error_line=1)])
    text = decode(raw.data) if isinstance(raw.data, bytes) else raw.data
    return hands_in(text, raw.name, raw.strict)
