"""The statistics of one row (a player at a site in a currency), made from its sums: the public fields of
``badugi stats``, in order. docs/stats.md defines each; this module is the definition it follows.

Ratios are fractions (0.25, not 25%) rounded to 4 decimals, and None when nothing could count towards them (a
player who never called has no aggression factor); amounts are exact decimal strings, as in the scored records.
"""

from __future__ import annotations

from typing import Any

from badugi_fast.money import amount_text
from badugi_fast.stats.tally import Key, Sums

__all__ = ["FIELDS", "row"]

_DRAWN = ("pat", "1", "2", "3", "4")
_SIZES = ("one", "two", "three", "badugi")

#: The public fields of a row, in order.
FIELDS: tuple[str, ...] = (
    "player",
    "site",
    "currency",
    "hero",
    "hands",
    "net",
    "net_bb",
    "bb_per_100",
    "rake",
    "showdowns",
    "showdowns_won",
    "vpip",
    "pfr",
    "three_bet",
    "aggression",
    "wtsd",
    "wsd",
    *(f"draw{draw}_{kind}" for draw in (1, 2, 3) for kind in (*_DRAWN, *(("broke_pat",) if draw > 1 else ()))),
    *(f"showdown_{size}" for size in reversed(_SIZES)),
)


def row(key: Key, sums: Sums) -> dict[str, Any]:
    """The statistics of ``key``'s sums, keyed by ``FIELDS``."""
    player, site, currency = key
    places = 0 if currency == "chips" else 2
    values: dict[str, Any] = {
        "player": player,
        "site": site,
        "currency": currency,
        "hero": sums.hero_hands > 0,
        "hands": sums.hands,
        "net": amount_text(sums.net, places),
        "net_bb": round(sums.net_bb, 2) if sums.bb_hands else None,
        "bb_per_100": round(100 * sums.net_bb / sums.bb_hands, 2) if sums.bb_hands else None,
        "rake": amount_text(round(sums.rake), places),
        "showdowns": sums.showdowns,
        "showdowns_won": sums.showdowns_won,
        "vpip": _ratio(sums.vpip, sums.hands),
        "pfr": _ratio(sums.pfr, sums.hands),
        "three_bet": _ratio(sums.three_bet, sums.three_bet_chances),
        "aggression": _ratio(sums.bets + sums.raises, sums.calls),
        "wtsd": _ratio(sums.showdowns, sums.saw_draw),
        "wsd": _ratio(sums.showdowns_won, sums.showdowns),
    }
    for draw, counts in enumerate(sums.draws):
        total = sum(counts)
        for cards, kind in enumerate(_DRAWN):
            values[f"draw{draw + 1}_{kind}"] = _ratio(counts[cards], total)
        if draw:
            values[f"draw{draw + 1}_broke_pat"] = _ratio(sums.pat_broken[draw], sums.pat_chances[draw])
    shown = sum(sums.sizes)
    for size in (4, 3, 2, 1):
        values[f"showdown_{_SIZES[size - 1]}"] = _ratio(sums.sizes[size], shown)
    return {name: values[name] for name in FIELDS}


def _ratio(part: float, whole: float) -> float | None:
    return round(part / whole, 4) if whole else None
