"""The fourth stage of ``badugi score``: a run of hands read and scored, with C where it vouches, else Python.

``results`` is the one place that chooses. PokerStars runs go to the C reader (csrc/stars.c through
``_native.stars_scan``), which reads each hand line by line as the site parser (``stars``, ``lines``) does and pays
the pots as ``score`` and ``pots`` do, but only answers for a hand the site paid exactly as we would (``verified``
or ``no_showdown``). Every other hand (a mismatch, an error, not Badugi, a wording or a character the C code does not
model, a split pot in whole tournament chips) is read by the site parser and scored by ``score``, which are the
definition; so is every hand of the other sites, and every hand when the C extension is not in use. A hand's record
is the same either way: the tests compare both paths on every hand they have.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from badugi_fast._backend import HistoryFastPaths, history_fast_paths
from badugi_fast.cards import card_str
from badugi_fast.formats.common import ParseError, hand_id_of, stakes_in, when
from badugi_fast.formats.format import Format
from badugi_fast.formats.model import Action, Draw, Facts, Hand, Sight
from badugi_fast.formats.pokerstars import reader as stars
from badugi_fast.formats.registry import BY_SITE
from badugi_fast.history.cut import Run, Unit, Unreadable
from badugi_fast.history.record import PlayerResult, Result
from badugi_fast.history.score import agrees, player_entry, score, table_of
from badugi_fast.history.sources import text_of
from badugi_fast.rules.limits import LIMITS

if TYPE_CHECKING:
    from badugi_fast._native import StarsHand

__all__ = ["C_READER", "hands_of", "parse_one", "results"]

#: Whether PokerStars runs are read by the C reader (the C extension is built and chosen).
C_READER = history_fast_paths is not None
if C_READER:
    from badugi_fast._native import (
        FACT_FOLDED,
        FACT_PFR,
        FACT_THREE_BET,
        FACT_THREE_BET_CHANCE,
        FACT_VPIP,
        HH_FALLBACK,
        HH_SHOWDOWN,
        HH_SPLIT,
        HH_VERIFIED,
        LIMIT_CODES,
        PLAYER_FIELDS,
    )

    _PLAYER_SIZE = len(PLAYER_FIELDS)  # the entries are unpacked below in the order of PLAYER_FIELDS
    _LIMIT_CODE = dict(zip(LIMITS, LIMIT_CODES, strict=True))


def results(unit: Unit) -> Iterator[Result]:
    """The result of every hand of ``unit``, in order: one per hand header, or one error record."""
    if history_fast_paths is not None and isinstance(unit, Run) and unit.site == stars.FORMAT.site:
        return _stars_results(unit, history_fast_paths)
    return map(score, hands_of(unit))


def hands_of(unit: Unit) -> Iterator[Hand]:
    """The hands of ``unit`` as the site parser reads them; a hand it cannot read is a ``Hand`` with ``error`` set."""
    if isinstance(unit, Unreadable):
        yield Hand(
            unit.site,
            hand_id=unit.hand_id,
            source=unit.source,
            index=unit.index,
            line=unit.line,
            error=unit.reason,
            error_line=unit.line,
        )
        return
    form = BY_SITE[unit.site]
    lead = text_of(unit.lead).split("\n")[:-1]  # whole lines before the first header, for formats that look back
    lines = lead + text_of(unit.text()).split("\n")
    first_line = unit.line - len(lead)
    starts = [len(lead) + line for line in unit.starts]
    ends = [*starts[1:], len(lines)]
    for index, (start, end) in enumerate(zip(starts, ends, strict=True), unit.index):
        hand = parse_one(form, lines, start, end, first_line)
        hand.source = unit.source
        hand.index = index
        yield hand


def parse_one(form: Format, lines: Sequence[str], start: int, end: int, first_line: int) -> Hand:
    """One hand, or an error hand saying which line went wrong (line numbers count ``first_line`` more)."""
    try:
        hand = form.parse_hand(lines, start, end)
    except ParseError as error:
        hand = Hand(
            form.site, hand_id=hand_id_of(lines[start]), error=str(error), error_line=first_line + error.index + 1
        )
    except Exception as error:
        hand = Hand(
            form.site,
            hand_id=hand_id_of(lines[start]),
            error=f"cannot read this hand ({type(error).__name__}: {error})",
            error_line=first_line + start + 1,
        )
    hand.line = first_line + start + 1
    # Lines were indexes into ``lines`` (-1: the history does not say where): now the file's lines, 1-based.
    events: list[Action | Draw | Sight] = [*hand.actions, *hand.draws, *hand.sights]
    for event in events:
        event.line = first_line + event.line + 1 if event.line >= 0 else hand.line
    if hand.broken_line is not None:
        hand.broken_line = first_line + hand.broken_line + 1 if hand.broken_line >= 0 else hand.line
    return hand


def _stars_results(run: Run, reader: HistoryFastPaths) -> Iterator[Result]:
    """The results of a PokerStars run: C's where it vouches for a hand, else the Python reader's."""
    data = run.text()
    if not data.isascii():  # ASCII is UTF-8, and much quicker to tell
        try:
            data.decode("utf-8")
        except UnicodeDecodeError:  # C reads UTF-8: the bytes that are not are Latin-1 (``text_of``)
            data = text_of(data).encode("utf-8")
    for index, record in enumerate(reader.stars_scan(data), run.index):
        result = _c_result(data, record, run.source, index)
        if result is None:  # Python reads the hand from its own lines
            lines = data[record.first_byte : record.end_byte].decode().split("\n")
            hand = parse_one(stars.FORMAT, lines, 0, len(lines), run.line + record.first_line)
            hand.source, hand.index = run.source, index
            result = score(hand)
        yield result


def _c_result(data: bytes, record: StarsHand, source: str, index: int) -> Result | None:
    """The result of the hand of C record ``record``, or None when Python must read the hand."""
    status, flags = record.status, record.flags
    if status == HH_FALLBACK:
        return None
    game, is_badugi, limit, tournament, places = stars.game_of(data[record.game_start : record.game_end].decode())
    if not is_badugi or (flags & HH_SPLIT and places == 0):  # C pays hundredths: a whole-chip split is Python's
        return None
    if limit is None or _LIMIT_CODE[limit] != record.limit:  # C held the hand to another betting structure
        return None
    header = data[record.game_start : data.find(b"\n", record.game_start, record.end_byte) % (record.end_byte + 1)]
    stakes_text, _, date_text = header.decode().rpartition(" - ")  # as pokerstars.reader.parse_hand reads them
    stakes = _stakes(stakes_text)
    if stakes is None:  # the largest live blind stands in: Python reads the hand
        return None
    started, zone = when(date_text)
    table = table_of(started, zone, stakes[2] if places else None, tournament, places, limit, stakes[0], 0)
    players: list[PlayerResult] = []
    showdown = bool(flags & HH_SHOWDOWN)
    entries = record.players
    for at in range(0, len(entries), _PLAYER_SIZE):
        name_start, name_end, cards, rank, words_start, words_end, collected, expected, *facts = entries[
            at : at + _PLAYER_SIZE
        ]
        words = data[words_start:words_end].decode() if words_start >= 0 else None
        if rank and words is not None and not agrees(words, rank):
            return None  # the site describes the hand otherwise: Python lists the mismatch
        name = data[name_start:name_end].decode()
        cards_text = _cards_text(cards) if cards >= 0 else None
        put_in, position, marks, counts, draws, hero = facts
        known = _facts(position, marks, counts, draws)
        players.append(
            player_entry(
                name, cards_text, rank or None, words, collected, expected, places, known, bool(hero), put_in, showdown
            )
        )
    status_name = "verified" if status == HH_VERIFIED else "no_showdown"
    hand_id = data[record.id_start : record.id_end].decode()
    site = stars.FORMAT.site
    return Result(source, index, hand_id, site, game, limit, status_name, None, players, *table, showdown=showdown)


#: The stakes of a header's text before its date (``common.stakes_in``): the same few in every hand of a file.
_stakes = functools.lru_cache(maxsize=1024)(stakes_in)


@functools.lru_cache(maxsize=65536)
def _facts(position: int, flags: int, counts: int, draws: int) -> Facts:
    """The facts of a C player entry (csrc/stars.h: BADUGI_HH_POSITION ... BADUGI_HH_DRAWS); cached, as the same
    few come again and again (read only: ``player_entry`` copies them into the entry)."""
    return Facts(
        position if position >= 0 else None,
        bool(flags & FACT_VPIP),
        bool(flags & FACT_PFR),
        bool(flags & FACT_THREE_BET),
        bool(flags & FACT_THREE_BET_CHANCE),
        counts & 0xFFFF,
        counts >> 16 & 0xFFFF,
        counts >> 32 & 0xFFFF,
        [(draws >> shift & 15) - 1 if draws >> shift & 15 else None for shift in (0, 4, 8)],
        bool(flags & FACT_FOLDED),
    )


@functools.lru_cache(maxsize=65536)
def _cards_text(packed: int) -> str:
    """Cards packed by the C code (count in bits 0-2, code k in bits 3 + 6k) as the site writes them."""
    codes = [(packed >> (3 + 6 * k)) & 63 for k in range(packed & 7)]
    return " ".join(map(card_str, codes))
