"""The statistics of one row (a player at a site in a currency, and with ``--by`` a position, stakes, month or
session), made from its sums: the public fields of ``badugi stats``, in order. docs/stats.md defines each; the
ratios are those of ``definitions.RATIOS``.

Ratios are fractions (0.25, not 25%) rounded to 4 decimals, and None when nothing could count towards them (a
player who never called has no aggression factor); each ratio ``X`` comes with ``X_count`` and
``X_opportunities``, the integers it is made of, so that rows can be added up. Amounts are exact decimal strings,
as in the scored records.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from badugi_fast.money import amount_text
from badugi_fast.stats.definitions import RATIOS
from badugi_fast.stats.groups import group_order, sessions
from badugi_fast.stats.tally import Key, Sums, Tally

__all__ = ["FIELDS", "fields_of", "row", "rows_of"]

#: The columns ``--by`` adds after the currency.
_GROUP_FIELDS = {"player": (), "position": ("position",), "stakes": ("limit", "stakes"), "month": ("month",)}


def fields_of(by: str = "player") -> tuple[str, ...]:
    """The public fields of a row of ``--by by``, in order."""
    return (
        "player",
        "site",
        "currency",
        *_GROUP_FIELDS.get(by, (by,)),
        "hero",
        "hands",
        "net",
        "net_bb",
        "bb_per_100",
        "rake",
        "showdowns",
        "showdowns_won",
        *(name for ratio in RATIOS for name in (ratio.name, f"{ratio.name}_count", f"{ratio.name}_opportunities")),
    )


#: The public fields of a row by player, in order.
FIELDS: tuple[str, ...] = fields_of()


def row(key: Key, sums: Sums, by: str = "player") -> dict[str, Any]:
    """The statistics of ``key``'s sums, keyed by ``fields_of(by)``."""
    player, site, currency, group = key
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
        "showdowns": sums.count("showdowns"),
        "showdowns_won": sums.count("showdowns_won"),
    }
    if by == "stakes":
        limit, _, stakes = group.partition(" ")
        values.update(limit=limit, stakes=stakes)
    elif by != "player":
        values[by] = group
    for ratio in RATIOS:
        count, opportunities = sums.count(ratio.count), sums.count(ratio.opportunities)
        values[ratio.name] = round(count / opportunities, 4) if opportunities else None
        values[f"{ratio.name}_count"] = count
        values[f"{ratio.name}_opportunities"] = opportunities
    return {name: values[name] for name in fields_of(by)}


def rows_of(tally: Tally, by: str = "player") -> list[dict[str, Any]]:
    """The rows of ``tally`` (a tally made with ``Filters(by=by)``), by site and currency, then the players with
    the most hands first, then each player's groups in order (``groups.group_order``); by session, the half hours
    of the tally joined into sessions first."""
    rows = tally.rows if by != "session" else sessions(tally.rows, lambda sums: (sums.first, sums.last), _added)
    hands: Counter[tuple[str, str, str]] = Counter()
    for key, sums in rows.items():
        hands[key[:3]] += sums.hands
    order = sorted(rows, key=lambda key: (key[1], key[2], -hands[key[:3]], key[0], group_order(by, key[3])))
    return [row(key, rows[key], by) for key in order]


def _added(sums: Sums, other: Sums) -> Sums:
    sums.add(other)
    return sums
