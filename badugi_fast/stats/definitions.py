"""Every statistic of ``badugi stats``, defined once, as plain data: the counts (``COUNTS``: over the hands a player
was dealt in, how many satisfy some conditions on the player's facts, or the sum of some facts over them) and the
ratios made of two counts (``RATIOS``: a count of its opportunities). The Python tallies (``stats.tally``), the
Arrow sums (``stats.arrow``) and the public fields (``stats.fields``) are all made from these tables, and so can a
database's SQL be: a condition is a fact of the scored record (``history.record.PlayerResult``), an operator and a
number, false where the fact is null, as in SQL. docs/stats.md says the same in words.
"""

from __future__ import annotations

from dataclasses import dataclass

from badugi_fast.ranks import WORST_BADUGI, WORST_THREE_CARD, WORST_TWO_CARD

__all__ = ["COUNTS", "COUNT_FACTS", "OPERATORS", "RATIOS", "Condition", "Count", "Ratio", "count_sql"]

#: A condition on one of the player's facts: ``(fact, operator, number)``; a flag is ``(fact, "=", 1)``.
Condition = tuple[str, str, int]

#: The operators of a condition.
OPERATORS = ("=", ">", ">=", "<=")


@dataclass(frozen=True, slots=True)
class Count:
    """Over the hands a player was dealt in (``position`` not null) and where every condition of ``where`` holds:
    the number of hands, or (``adds``) the sum of these facts."""

    name: str
    where: tuple[Condition, ...] = ()
    adds: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Ratio:
    """A public statistic: the count ``count`` of the count ``opportunities`` (null when that is 0)."""

    name: str
    count: str
    opportunities: str


_DRAWN = ("pat", "1", "2", "3", "4")


def _reached(draw: int) -> tuple[Condition, ...]:
    """The player made every draw up to ``draw`` (a draw after one the player did not make does not count)."""
    return tuple((f"drew_{before}", ">=", 0) for before in range(1, draw + 1))


def _draw_counts() -> tuple[Count, ...]:
    counts: list[Count] = []
    for draw in (1, 2, 3):
        reached = _reached(draw)
        counts.append(Count(f"draw{draw}_draws", (*reached, (f"drew_{draw}", "<=", 4))))
        counts += [
            Count(f"draw{draw}_{kind}", (*reached, (f"drew_{draw}", "=", cards))) for cards, kind in enumerate(_DRAWN)
        ]
        if draw > 1:
            pat_before = (*reached, (f"drew_{draw - 1}", "=", 0))
            counts.append(Count(f"draw{draw}_pat_before", pat_before))
            counts.append(Count(f"draw{draw}_broke_pat", (*pat_before, (f"drew_{draw}", ">", 0))))
    return tuple(counts)


_SHOWN: tuple[Condition, ...] = (("showdown", "=", 1), ("rank", ">", 0))  # the player's four cards known there

#: The counts, in the order the sums hold them.
COUNTS: tuple[Count, ...] = (
    Count("hands"),
    Count("vpip", (("vpip", "=", 1),)),
    Count("pfr", (("pfr", "=", 1),)),
    Count("three_bet", (("three_bet", "=", 1),)),
    Count("three_bet_chances", (("three_bet_chance", "=", 1),)),
    Count("bets_raises", adds=("bets", "raises")),
    Count("calls", adds=("calls",)),
    Count("saw_draw", (("drew_1", ">=", 0),)),
    Count("showdowns", (("showdown", "=", 1),)),
    Count("showdowns_won", (("showdown", "=", 1), ("won", "=", 1))),
    *_draw_counts(),
    Count("showdowns_shown", _SHOWN),
    Count("showdown_badugi", (*_SHOWN, ("rank", "<=", WORST_BADUGI))),
    Count("showdown_three", (*_SHOWN, ("rank", ">", WORST_BADUGI), ("rank", "<=", WORST_THREE_CARD))),
    Count("showdown_two", (*_SHOWN, ("rank", ">", WORST_THREE_CARD), ("rank", "<=", WORST_TWO_CARD))),
    Count("showdown_one", (*_SHOWN, ("rank", ">", WORST_TWO_CARD))),
)

#: The public ratios, in the order of the public fields.
RATIOS: tuple[Ratio, ...] = (
    Ratio("vpip", "vpip", "hands"),
    Ratio("pfr", "pfr", "hands"),
    Ratio("three_bet", "three_bet", "three_bet_chances"),
    Ratio("aggression", "bets_raises", "calls"),
    Ratio("wtsd", "showdowns", "saw_draw"),
    Ratio("wsd", "showdowns_won", "showdowns"),
    *(
        ratio
        for draw in (1, 2, 3)
        for ratio in (
            *(Ratio(f"draw{draw}_{kind}", f"draw{draw}_{kind}", f"draw{draw}_draws") for kind in _DRAWN),
            *((Ratio(f"draw{draw}_broke_pat", f"draw{draw}_broke_pat", f"draw{draw}_pat_before"),) if draw > 1 else ()),
        )
    ),
    *(Ratio(f"showdown_{size}", f"showdown_{size}", "showdowns_shown") for size in ("badugi", "three", "two", "one")),
)

#: The player's facts the counts read, in the order the Python tally passes them.
COUNT_FACTS: tuple[str, ...] = tuple(
    dict.fromkeys(fact for count in COUNTS for fact in (*(condition[0] for condition in count.where), *count.adds))
)


def count_sql(count: Count, dealt: str, rows: str = "1") -> str:
    """``count`` as an SQL aggregate over rows whose columns are the player's facts by name, ``dealt`` the SQL
    condition that the player was dealt in (``db.sums`` adds up the database with these): SQL's comparisons are
    false where a fact is null, as the conditions are. A row stands for ``rows`` players (an SQL expression), and
    holds the sum of the facts a count ``adds``: rows already grouped by the facts the conditions read."""
    where = " AND ".join([dealt, *(f'"{fact}" {operator} {number}' for fact, operator, number in count.where)])
    added = " + ".join(f'coalesce("{fact}", 0)' for fact in count.adds) or rows
    return f"coalesce(sum(CASE WHEN {where} THEN {added} END), 0)"  # a CASE costs less than a FILTER in DuckDB
