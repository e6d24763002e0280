"""The per-player-per-hand export (``badugi stats --per-hand``): one CSV row for each player of each scored hand,
the hand's fields then the player's facts, as the scored record names them (``history.record``)."""

from __future__ import annotations

from badugi_fast.history.cut import Unit
from badugi_fast.history.read import results
from badugi_fast.history.record import PlayerResult, Result, record_fields
from badugi_fast.stats.tally import Filters

__all__ = ["PER_HAND_FIELDS", "csv_cell", "per_hand_rows"]

_HAND = tuple(item.name for item in record_fields(Result) if item.name not in ("players", "reason"))
_PLAYER = tuple(item.name for item in record_fields(PlayerResult))
#: The columns: the hand's (its ``reason`` left out: it is the hand's, not the player's), then the player's.
PER_HAND_FIELDS = (*_HAND, *_PLAYER)
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def per_hand_rows(unit: Unit, filters: Filters) -> list[list[object]]:
    """(A worker's task.) The rows of the players of the hands of ``unit`` that ``filters`` let through."""
    rows = []
    for result in results(unit):
        if not result.players or not filters.hand(
            result.site, result.game, result.limit, result.stakes, result.started
        ):
            continue
        hand = [csv_cell(getattr(result, name)) for name in _HAND]
        for player in result.players:
            if not filters.players or player.name in filters.players:
                rows.append(hand + [csv_cell(getattr(player, name)) for name in _PLAYER])
    return rows


def csv_cell(value: object) -> object:
    """A CSV cell: text that a spreadsheet would run as a formula gets a quote (``history.output`` does the same);
    booleans as 1 and 0; nothing as an empty cell."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, str) and value.startswith(_FORMULA_STARTS) and not _is_amount(value):
        return "'" + value
    return "" if value is None else value


def _is_amount(text: str) -> bool:
    """A negative amount (``-1.25``) is a number to a spreadsheet, not a formula."""
    return text[:1] == "-" and text[1:].replace(".", "", 1).isdigit()
