"""The one door to the compiled module (csrc/ through cffi): a thin, typed, checked wrapper per C entry point.

Nothing else in the package touches cffi's ``lib`` or ``ffi``. Python owns every buffer (``ffi.new``,
``ffi.from_buffer``) and checks its size before C sees it; C checks everything again and answers bad input with a
negative ``BADUGI_E_*`` code, which the callers turn into messages. The four single-hand lookups are the C functions
themselves, typed: a Python wrapper per call would double the cost of a lookup, and C checks their arguments.

This module is the C backend of ``_backend.Backend``, and the ``_backend.StarsReader``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, NamedTuple

from badugi_fast._badugi import ffi, lib

#: A writable or readable C-contiguous buffer (a numpy array in practice; numpy is not imported here, to keep
#: ``import badugi_fast`` fast).
Buffer = Any

__all__ = [
    "HH_FALLBACK",
    "HH_SHOWDOWN",
    "HH_SPLIT",
    "HH_VERIFIED",
    "NAME",
    "SITE_ASK",
    "SITE_CODES",
    "StarsHand",
    "StarsPlayer",
    "find_headers",
    "index4",
    "rank4",
    "rank_codes_many",
    "rank_text",
    "rank_text_many",
    "stars_headers",
    "stars_scan",
    "usable4",
]

NAME = "c"

#: The rank number of four card codes in any order, or BADUGI_E_CODE / BADUGI_E_DUPLICATE.
rank4: Callable[[int, int, int, int], int] = lib.badugi_rank4
#: Bit i set when argument i plays; errors as rank4.
usable4: Callable[[int, int, int, int], int] = lib.badugi_usable4
#: The perfect-hash index of four card codes (``perfect_hash.hand_index``); errors as rank4.
index4: Callable[[int, int, int, int], int] = lib.badugi_index4
#: rank_text(utf8, length): the rank number of a hand written as text, or a negative error code.
rank_text: Callable[[bytes, int], int] = lib.badugi_rank_text

#: What the bulk functions return for buffers that do not match the count: (size_t)-1.
_REFUSED = int(ffi.cast("size_t", -1))


def rank_codes_many(codes: Buffer, out: Buffer, threads: int) -> tuple[int, int]:
    """Ranks of N hands of four uint8 codes (C-contiguous, N * 4 bytes) into ``out`` (N uint16), in one C call.
    Returns (number of invalid hands, index of the first); invalid hands get 0."""
    first_bad = ffi.new("size_t *")
    cards = ffi.from_buffer("uint8_t[]", codes)
    ranks = ffi.from_buffer("uint16_t[]", out)
    bad = lib.badugi_rank_codes_many(cards, len(cards), ranks, len(ranks), threads, first_bad)
    if bad == _REFUSED:
        raise AssertionError("badugi_rank_codes_many: the buffers do not match")  # a bug in the caller
    return bad, first_bad[0]


def rank_text_many(text: bytes, out: Buffer, threads: int) -> tuple[int, int]:
    """Ranks of len(out) NUL-separated hand strings into ``out`` (uint16), in one C call; returns as
    rank_codes_many."""
    first_bad = ffi.new("size_t *")
    ranks = ffi.from_buffer("uint16_t[]", out)
    bad = lib.badugi_rank_text_many(text, len(text), ranks, len(ranks), threads, first_bad)
    if bad == _REFUSED:
        raise AssertionError("badugi_rank_text_many: the buffer does not hold one record per hand")  # a caller bug
    return bad, first_bad[0]


# ---- the PokerStars reader (csrc/stars.c; its Python original is badugi_fast/history/stars.py) ----------------

#: Record status: Python must read the hand; the site paid every pot as we would, with or without a showdown.
HH_FALLBACK: int = lib.BADUGI_HH_FALLBACK
HH_VERIFIED: int = lib.BADUGI_HH_VERIFIED
#: Record flags: the hand reached a showdown; a pot was split (paid in hundredths, wrong for whole-chip games).
HH_SHOWDOWN: int = lib.BADUGI_HH_SHOWDOWN
HH_SPLIT: int = lib.BADUGI_HH_SPLIT


class StarsPlayer(NamedTuple):
    """A player entry of a hand record (csrc/stars.h): byte offsets into the text, amounts in hundredths."""

    name_start: int
    name_end: int
    cards: int  # -1 when unknown, else the count in bits 0-2 and card code k in bits 3 + 6k
    rank: int  # 0 without four cards
    words_start: int  # the site's description of the hand: -1, -1 without one
    words_end: int
    collected: int
    expected: int


class StarsHand(NamedTuple):
    """A hand record (csrc/stars.h): lines count from the start of the text (0-based), offsets are bytes."""

    status: int  # HH_FALLBACK, HH_VERIFIED, or else the site paid a hand without a showdown as we would
    flags: int  # HH_SHOWDOWN | HH_SPLIT
    first_line: int  # the header's line
    end_line: int  # the line after the hand's last line
    first_byte: int  # the hand's text, without the newline that ends it
    end_byte: int
    id_start: int  # the hand number
    id_end: int
    game_start: int  # the header's words before " - "
    game_end: int
    players: Sequence[StarsPlayer]  # none in a FALLBACK record


def _check_layout() -> None:
    """The NamedTuples above are the record layout of csrc/stars.h, field for field (cffi reads the positions from
    the header at build time): a change on one side that the other does not follow fails at import."""
    expected = [(name, position) for position, name in enumerate(StarsHand._fields)]
    expected += [(name, position) for position, name in enumerate(StarsPlayer._fields)]
    expected += [("hand_fields", len(StarsHand._fields)), ("player_fields", len(StarsPlayer._fields))]
    for name, position in expected:
        if getattr(lib, f"BADUGI_HH_{name.upper()}") != position:
            raise ImportError(f"csrc/stars.h and badugi_fast/_native.py disagree on the record field {name!r}")


_check_layout()

_HAND_FIELDS = len(StarsHand._fields)
_PLAYERS = _HAND_FIELDS - 1  # the position of the player count, the last value of a hand's own fields
_PLAYER_FIELDS = len(StarsPlayer._fields)
_MAX_PLAYERS: int = lib.BADUGI_HH_MAX_PLAYERS
#: Hands per call into C: the output buffer holds this many records of the largest size (a buffer that stays small
#: costs little to allocate, for runs of any size).
_HANDS_PER_CALL = 128
_new = tuple.__new__  # builds the records from slices without NamedTuple's argument parsing (a speed-up)


def stars_scan(data: bytes) -> Iterator[StarsHand]:
    """One record per hand of the UTF-8 PokerStars text ``data`` (``\\n`` newlines), in order; text before the first
    hand header is skipped, as ``history.stars`` skips it."""
    out = ffi.new("int64_t[]", _HANDS_PER_CALL * lib.BADUGI_HH_RECORD_MAX)
    offset, line = ffi.new("size_t *"), ffi.new("size_t *")
    while used := lib.badugi_stars_scan(data, len(data), offset, line, out, len(out)):
        if used > len(out):
            raise AssertionError("badugi_stars_scan wrote past its buffer")
        values = ffi.unpack(out, used)
        at = 0
        while at < used:
            players_at = at + _HAND_FIELDS
            count = values[at + _PLAYERS]
            end = players_at + count * _PLAYER_FIELDS
            if not 0 <= count <= _MAX_PLAYERS or end > used:
                raise AssertionError(f"badugi_stars_scan wrote a malformed record ({count} players)")
            record = values[at : at + _PLAYERS]
            record.append(
                [_new(StarsPlayer, values[p : p + _PLAYER_FIELDS]) for p in range(players_at, end, _PLAYER_FIELDS)]
                if count
                else ()
            )
            yield _new(StarsHand, record)
            at = end


def stars_headers(data: bytes, every: int) -> tuple[int, list[tuple[int, int]]]:
    """How many hands the UTF-8 PokerStars text ``data`` holds, and the ``(byte offset, line index)`` of hands
    number 0, ``every``, 2 * ``every``... (found in C, in one pass)."""
    if every < 1:
        raise ValueError(f"every must be a positive number of hands, not {every}")
    room = len(data) // (20 * every) + 2  # a header line takes 20 bytes at least
    offsets, lines = ffi.new("size_t[]", room), ffi.new("size_t[]", room)
    count = lib.badugi_stars_headers(data, len(data), every, offsets, lines, room)
    if count == _REFUSED:
        raise AssertionError("badugi_stars_headers refused its arguments")
    cuts = -(-count // every)
    return count, list(zip(ffi.unpack(offsets, cuts), ffi.unpack(lines, cuts), strict=True))


# ---- hand headers of every site (csrc/sites.c; its Python original is badugi_fast/history/sites.py) -------------

#: Site codes of badugi_find_headers, in the order of ``history.sites.PARSERS``; SITE_ASK: Python must decide.
SITE_CODES: tuple[int, ...] = (
    lib.BADUGI_SITE_STARS,
    lib.BADUGI_SITE_FULL_TILT,
    lib.BADUGI_SITE_MERGE,
    lib.BADUGI_SITE_KINGSCLUB,
)
SITE_ASK: int = lib.BADUGI_SITE_ASK
_HEADERS_PER_CALL = 4096


def find_headers(data: bytes | bytearray, start: int, end: int) -> tuple[list[tuple[int, int, int]], int]:
    """``(offset, site code, line)`` of the hand headers among the lines of ``data[start:end]`` (``line`` counts the
    newlines from ``start``), and the number of newlines in that range. ``start`` is a line's start and ``end`` a
    line's end, as ``history.sites.find_headers`` requires."""
    if not 0 <= start <= end <= len(data):
        raise ValueError(f"find_headers: {start}:{end} is not a range of {len(data)} bytes")
    text = ffi.from_buffer(data)
    offsets, sites = ffi.new("size_t[]", _HEADERS_PER_CALL), ffi.new("uint8_t[]", _HEADERS_PER_CALL)
    lines, after, newlines = ffi.new("size_t[]", _HEADERS_PER_CALL), ffi.new("size_t *"), ffi.new("size_t *")
    found: list[tuple[int, int, int]] = []
    counted = 0
    at = start
    while True:
        count = lib.badugi_find_headers(text, len(data), at, end, offsets, sites, lines, len(offsets), after, newlines)
        if count == _REFUSED:
            raise AssertionError("badugi_find_headers refused its arguments")
        lines_from_start = [counted + line for line in ffi.unpack(lines, count)]
        found += zip(ffi.unpack(offsets, count), ffi.unpack(sites, count), lines_from_start, strict=True)
        counted += newlines[0]
        if after[0] >= end:
            return found, counted
        at = after[0]
