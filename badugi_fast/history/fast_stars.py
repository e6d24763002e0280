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
from typing import TYPE_CHECKING

from badugi_fast._backend import stars_reader
from badugi_fast.cards import card_str
from badugi_fast.history import stars
from badugi_fast.history.detect import parse_hands, parse_one
from badugi_fast.history.score import PlayerResult, Result, agrees, player_result, score

if TYPE_CHECKING:
    from badugi_fast._native import StarsHand

__all__ = ["AVAILABLE", "header_cuts", "stars_results"]

#: Whether the C fast path is built and chosen.
AVAILABLE = stars_reader is not None


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
    if stars_reader is None or not data:
        decoded = text.decode() if isinstance(text, bytes) else text
        yield from map(score, parse_hands(stars, decoded, source, first_index, first_line))
        return
    for index, record in enumerate(stars_reader.stars_scan(data), first_index):
        result = _fast_result(data, record, source, index)
        if result is None:  # Python reads the hand from its own lines
            lines = data[record.first_byte : record.end_byte].decode().split("\n")
            hand = parse_one(stars, lines, 0, len(lines), first_line + record.first_line)
            hand.source, hand.index = source, index
            result = score(hand)
        yield result


def header_cuts(data: bytes, every: int) -> tuple[int, list[tuple[int, int]]]:
    """How many hands the UTF-8 PokerStars text ``data`` holds, and the ``(byte offset, line index)`` of hands
    number 0, ``every``, 2 * ``every``... (found in C, in one pass)."""
    from badugi_fast._native import stars_headers

    return stars_headers(data, every)


def _fast_result(data: bytes, record: StarsHand, source: str, index: int) -> Result | None:
    """The result of the hand of C record ``record``, or None when Python must read the hand."""
    from badugi_fast._native import HH_FALLBACK, HH_SHOWDOWN, HH_SPLIT, HH_VERIFIED

    status, flags = record.status, record.flags
    if status == HH_FALLBACK:
        return None
    game, is_badugi, limit, _, places = stars.game_of(data[record.game_start : record.game_end].decode())
    if not is_badugi or (flags & HH_SPLIT and places == 0):  # C pays hundredths: a whole-chip split is Python's
        return None
    players: list[PlayerResult] = []
    for player in record.players:
        words = data[player.words_start : player.words_end].decode() if player.words_start >= 0 else None
        rank = player.rank
        if rank and words is not None and not agrees(words, rank):
            return None  # the site describes the hand otherwise: Python lists the mismatch
        name = data[player.name_start : player.name_end].decode()
        cards_text = _cards_text(player.cards) if player.cards >= 0 else None
        players.append(player_result(name, cards_text, rank or None, words, player.collected, player.expected, places))
    status_name = "verified" if status == HH_VERIFIED else "no_showdown"
    hand_id = data[record.id_start : record.id_end].decode()
    return Result(
        source, index, hand_id, stars.SITE, game, limit, status_name, None, players, bool(flags & HH_SHOWDOWN)
    )


@functools.lru_cache(maxsize=65536)
def _cards_text(packed: int) -> str:
    """Cards packed by the C code (count in bits 0-2, code k in bits 3 + 6k) as the site writes them."""
    codes = [(packed >> (3 + 6 * k)) & 63 for k in range(packed & 7)]
    return " ".join(map(card_str, codes))
