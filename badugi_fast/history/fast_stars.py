"""PokerStars text scored by the C fast path (csrc/stars.c); every hand it cannot vouch for is read by Python.

``badugi score`` spends its time reading lines. The C code reads a PokerStars hand line by line as
``lines.read_body`` does and pays its pots as ``score`` and ``pots`` do, but it only answers for a hand the site
paid exactly as we would (``verified`` or ``no_showdown``). Any other hand (a mismatch, an error, a hand that is not
Badugi, a wording or a character the C code does not model) comes back marked, and goes through
``stars.parse_hand`` and ``score.score`` as it always would. Either way a hand's record is the same: the tests
compare both paths on every hand they have. Without the C extension, or with ``BADUGI_FAST_BACKEND=python``,
every hand is read by Python.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

from badugi_fast._backend import backend
from badugi_fast.cards import card_str
from badugi_fast.history.detect import parse_hands, parse_one
from badugi_fast.history.pokerstars import reader as stars
from badugi_fast.history.score import PlayerResult, Result, agrees, player_result, score

__all__ = ["AVAILABLE", "header_cuts", "stars_results"]

#: Whether the C fast path is built and chosen.
AVAILABLE = backend.NAME == "c"

#: Hands per call into C: the output buffer holds this many records of the largest size.
_HANDS_PER_CALL = 2048


def stars_results(text: str | bytes, source: str, first_index: int = 0, first_line: int = 0) -> Iterator[Result]:
    """The result of every hand of PokerStars ``text``: the part of file ``source`` from its line ``first_line``
    (0-based) on, where hand number ``first_index`` starts (all of it by default), as ``parse_hands`` counts.
    ``text`` is the decoded text, or its UTF-8 bytes as ``detect.clean_utf8`` gives them."""
    if isinstance(text, bytes):
        data = text
    else:
        try:
            data = text.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate: text only Python reads
            data = b""
    if not AVAILABLE or not data:
        decoded = text.decode() if isinstance(text, bytes) else text
        yield from map(score, parse_hands(stars, decoded, source, first_index, first_line))
        return
    ffi, lib = backend.ffi, backend.lib
    out = ffi.new("int64_t[]", _HANDS_PER_CALL * lib.BADUGI_HH_RECORD_MAX)
    offset, line = ffi.new("size_t *"), ffi.new("size_t *")
    index = first_index
    while used := lib.badugi_stars_scan(data, len(data), offset, line, out, len(out)):
        values = ffi.unpack(out, used)
        at = 0
        while at < used:
            result = _fast_result(data, values, at, source, index)
            if result is None:  # Python reads the hand from its own lines
                hand_line, first_byte, end_byte = values[at + 2], values[at + 4], values[at + 5]
                lines = data[first_byte:end_byte].decode().split("\n")
                hand = parse_one(stars, lines, 0, len(lines), first_line + hand_line)
                hand.source, hand.index = source, index
                result = score(hand)
            yield result
            index += 1
            at += _HAND_FIELDS + values[at + _HAND_FIELDS - 1] * _PLAYER_FIELDS


def header_cuts(data: bytes, every: int) -> tuple[int, list[tuple[int, int]]]:
    """How many hands the UTF-8 PokerStars text ``data`` holds, and the ``(byte offset, line index)`` of hands
    number 0, ``every``, 2 * ``every``... (found in C, in one pass)."""
    ffi, lib = backend.ffi, backend.lib
    room = len(data) // (20 * every) + 2  # a header line takes 20 bytes at least
    offsets, lines = ffi.new("size_t[]", room), ffi.new("size_t[]", room)
    count = lib.badugi_stars_headers(data, len(data), every, offsets, lines, room)
    return count, list(zip(ffi.unpack(offsets, -(-count // every)), ffi.unpack(lines, -(-count // every)), strict=True))


def _fast_result(data: bytes, values: list[int], at: int, source: str, index: int) -> Result | None:
    """The result of the hand whose C record starts at ``values[at]``, or None when Python must read the hand."""
    status, flags, _, _, _, _, id_start, id_end, game_start, game_end, count = values[at : at + _HAND_FIELDS]
    if status == _FALLBACK:
        return None
    game, is_badugi, limit, _, places = stars.game_of(data[game_start:game_end].decode())
    if not is_badugi or (flags & _SPLIT and places == 0):  # C pays hundredths: a whole-chip split is Python's
        return None
    players: list[PlayerResult] = []
    first = at + _HAND_FIELDS
    for start in range(first, first + count * _PLAYER_FIELDS, _PLAYER_FIELDS):
        name_start, name_end, cards, rank, words_start, words_end, collected, expected = values[start : start + 8]
        words = data[words_start:words_end].decode() if words_start >= 0 else None
        if rank and words is not None and not agrees(words, rank):
            return None  # the site describes the hand otherwise: Python lists the mismatch
        name = data[name_start:name_end].decode()
        cards_text = _cards_text(cards) if cards >= 0 else None
        players.append(player_result(name, cards_text, rank or None, words, collected, expected, places))
    status_name = "verified" if status == _VERIFIED else "no_showdown"
    hand_id = data[id_start:id_end].decode()
    return Result(source, index, hand_id, stars.SITE, game, limit, status_name, None, players, bool(flags & _SHOWDOWN))


@functools.lru_cache(maxsize=65536)
def _cards_text(packed: int) -> str:
    """Cards packed by the C code (count in bits 0-2, code k in bits 3 + 6k) as the site writes them."""
    codes = [(packed >> (3 + 6 * k)) & 63 for k in range(packed & 7)]
    return " ".join(map(card_str, codes))


if AVAILABLE:  # the record layout of csrc/stars.h
    _FALLBACK, _VERIFIED = backend.lib.BADUGI_HH_FALLBACK, backend.lib.BADUGI_HH_VERIFIED
    _SHOWDOWN, _SPLIT = backend.lib.BADUGI_HH_SHOWDOWN, backend.lib.BADUGI_HH_SPLIT
    _HAND_FIELDS, _PLAYER_FIELDS = backend.lib.BADUGI_HH_HAND_FIELDS, backend.lib.BADUGI_HH_PLAYER_FIELDS
    if (backend.lib.BADUGI_HH_PLAYERS, _HAND_FIELDS, _PLAYER_FIELDS) != (10, 11, 8):
        raise ImportError("csrc/stars.h and badugi_fast/history/fast_stars.py disagree on the record layout")
