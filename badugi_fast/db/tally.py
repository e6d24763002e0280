"""The tally of ``badugi stats --db`` and ``badugi report --db`` added up inside DuckDB: one SQL query returns only
each row's sums (a player at a site in a currency, and the parts of its ``--by`` group), not the players' facts,
so that a question costs DuckDB's scan of its columns rather than moving every player to Python or Arrow.

Each sum is the one ``stats.tally.Tally._add_hand`` makes of a record (and ``stats.arrow._tally`` of a table; the
tests hold ``stats --db`` to ``stats`` on the files): the counts are SQL made from ``definitions.COUNTS``
(``definitions.count_sql``), the money in hundredths as there. The group of a row is made here in Python from the
values SQL grouped by (``groups.group_of``, ``groups.position_name``), so each group is defined once too.
"""

from __future__ import annotations

from typing import Any

import duckdb

from badugi_fast.stats.definitions import COUNTS, count_sql
from badugi_fast.stats.groups import group_of, position_name
from badugi_fast.stats.tally import COUNTED, Filters, Sums, Tally

__all__ = ["tally"]

#: What each ``--by`` groups the players' rows by in SQL (columns of ``_PLAYERS``), before ``_group`` names it.
_GROUP_PARTS = {
    "player": (),
    "position": ("position", "dealt"),
    "stakes": ('"limit"', "stakes"),
    "month": ("left(started, 7)",),
    "session": ("left(started, 16)",),  # the half hour (group_of reads the minutes)
}

#: Each player of the hands chosen, with the hand's facts the sums need, in hundredths (as ``stats.arrow``: exact
#: through a float for amounts of up to 13 digits): ``cents`` won or lost, ``paid`` out of the pots (``cents`` +
#: ``put_in``), and per hand what the site ``kept`` and what was ``paid_out`` (the rake's share, as
#: ``Tally._add_hand``), and how many were ``dealt`` in. ``started`` is the records' text of the start
#: (``2010-09-05 10:32:15``), made only where a group or a session reads it. The players are added up in two steps:
#: first grouped by the facts the counts' conditions read (``_kind``: a rank by the intervals the counts tell apart),
#: their other facts and amounts summed; then each count (``definitions.count_sql``) is a sum over those groups,
#: which costs far less than testing each condition on each player.
_PLAYERS = """
WITH totals AS (
    SELECT hand, -sum(cents) AS kept, sum(cents + put_in_cents) AS paid_out, count(position) AS dealt
    FROM (
        SELECT hand, position, CAST(round(coalesce(net, 0)::DOUBLE * 100) AS BIGINT) AS cents,
               CAST(round(coalesce(put_in, 0)::DOUBLE * 100) AS BIGINT) AS put_in_cents
        FROM players
    ) GROUP BY hand
), chosen AS (
    SELECT hand, site, coalesce(currency, '?') AS currency, "limit", stakes, {started} AS started,
           CAST(big_blind * 100 AS BIGINT) AS bb, kept, paid_out, dealt
    FROM hands JOIN totals USING (hand) WHERE {hands}
), amounts AS (
    SELECT p.*, c.site, c.currency, c."limit", c.stakes, c.started, c.bb, c.kept, c.paid_out, c.dealt,
           CAST(round(coalesce(p.net, 0)::DOUBLE * 100) AS BIGINT) AS cents,
           CAST(round(coalesce(p.net, 0)::DOUBLE * 100) AS BIGINT)
               + CAST(round(coalesce(p.put_in, 0)::DOUBLE * 100) AS BIGINT) AS paid
    FROM players p JOIN chosen c USING (hand)
), kinds AS (
    SELECT name, site, currency{parts_made}, position IS NOT NULL AS dealt_in, {facts},
           count(*) AS players, {added}
           count_if(hero) AS heroes, sum(cents) AS cents,
           sum(CASE WHEN bb > 0 THEN cents::DOUBLE / bb END) AS net_bb, count_if(bb > 0) AS bb_hands,
           sum(CASE WHEN kept <> 0 AND paid_out > 0 AND paid <> 0 THEN (kept * paid)::DOUBLE / paid_out END) AS rake,
           min(started) AS first, max(started) AS last
    FROM amounts WHERE {players}
    GROUP BY ALL
)
SELECT name, site, currency{parts},
       coalesce(sum(CASE WHEN dealt_in THEN heroes END), 0) AS hero_hands,
       sum(cents) AS net,
       coalesce(sum(CASE WHEN dealt_in THEN net_bb END), 0) AS net_bb,
       coalesce(sum(CASE WHEN dealt_in THEN bb_hands END), 0) AS bb_hands,
       coalesce(sum(rake), 0) AS rake,
       {first} AS first, {last} AS last,
       {counts}
FROM kinds
GROUP BY ALL
"""

#: The facts the counts' conditions read (the first step groups by them) and those they add up (it sums them).
_TESTED = tuple(dict.fromkeys(condition[0] for count in COUNTS for condition in count.where))
_ADDED = tuple(dict.fromkeys(fact for count in COUNTS for fact in count.adds))
if set(_TESTED) & set(_ADDED):  # a group holds one value of a tested fact, not the sum of its players'
    raise ValueError(f"definitions.COUNTS both tests and adds {sorted(set(_TESTED) & set(_ADDED))}: db.tally cannot")


def _kind(fact: str) -> str:
    """The SQL of what the first step groups ``fact`` by: the fact itself; or, where every condition on it is
    ``>`` or ``<=`` a number, the top of the interval between those numbers that its value falls in (null stays
    null), which answers each of those conditions as the value does. A rank has thousands of values, and the counts
    tell five apart: grouping by them made ~10 times more groups, and most of the query's time."""
    tests = {(operator, number) for count in COUNTS for tested, operator, number in count.where if tested == fact}
    if not tests or any(operator not in (">", "<=") for operator, _ in tests):
        return f'"{fact}"'
    bounds = sorted({number for _, number in tests})
    cases = " ".join(f'WHEN "{fact}" <= {bound} THEN {bound}' for bound in bounds)
    return f'CASE {cases} WHEN "{fact}" > {bounds[-1]} THEN {bounds[-1] + 1} END AS "{fact}"'


def tally(connection: duckdb.DuckDBPyConnection, filters: Filters) -> Tally:
    """The tally of every hand of the database at ``connection`` under ``filters``."""
    result = Tally()
    counted = {"counted": sorted(COUNTED)}
    for status, hands in connection.execute("SELECT status, count(*) FROM hands GROUP BY status").fetchall():
        result.statuses[status] += hands
    result.files.update(row[0] for row in connection.execute("SELECT DISTINCT file FROM hands").fetchall())
    seen = connection.execute(
        """SELECT site, game, "limit", stakes, strftime(started, '%Y-%m-%d'), count(*)
        FROM hands WHERE status IN $counted GROUP BY ALL""",
        counted,
    ).fetchall()
    for *kind, hands in seen:
        result.seen[tuple(kind)] += hands
    hands, parameters = _chosen(filters)
    players = "name IN $players" if filters.players else "true"
    if filters.players:
        parameters["players"] = sorted(filters.players)
    parts = _GROUP_PARTS[filters.by]
    session = filters.by == "session"
    query = _PLAYERS.format(
        hands=hands,
        started="strftime(started, '%Y-%m-%d %H:%M:%S')" if filters.by in ("month", "session") else "NULL",
        first="min(first) FILTER (WHERE dealt_in)" if session else "NULL",
        last="max(last) FILTER (WHERE dealt_in)" if session else "NULL",
        facts=", ".join(_kind(fact) for fact in _TESTED),
        added="".join(f'sum(coalesce("{fact}", 0)) AS "{fact}", ' for fact in _ADDED),
        parts_made="".join(f", {part} AS part{at}" for at, part in enumerate(parts)),
        parts="".join(f", part{at}" for at in range(len(parts))),
        counts=",\n       ".join(count_sql(count, "dealt_in", "players") for count in COUNTS),
        players=players,
    )
    for row in connection.execute(query, parameters).fetchall():
        name, site, currency = row[:3]
        key = (name, site, currency, _group(filters.by, row[3 : 3 + len(parts)]))
        sums = _sums(row[3 + len(parts) :])
        mine = result.rows.get(key)
        if mine is None:
            result.rows[key] = sums
        else:
            mine.add(sums)
    return result


def _chosen(filters: Filters) -> tuple[str, dict[str, Any]]:
    """The SQL condition on ``hands`` of the hands that count under ``filters`` (``Filters.hand``), and its
    parameters."""
    conditions = ["status IN $counted"]
    parameters: dict[str, Any] = {"counted": sorted(COUNTED)}
    for column, chosen in (
        ("site", filters.sites),
        ("game", filters.games),
        ("limit", filters.limits),
        ("stakes", filters.stakes),
    ):
        if chosen:
            conditions.append(f'"{column}" IN ${column}')
            parameters[column] = sorted(chosen)
    day = "strftime(started, '%Y-%m-%d')"
    if filters.since is not None:
        conditions.append(f"{day} >= $since")
        parameters["since"] = filters.since
    if filters.until is not None:
        conditions.append(f"{day} <= $until")
        parameters["until"] = filters.until
    return " AND ".join(conditions), parameters


def _group(by: str, parts: tuple[Any, ...]) -> str:
    """The group of ``--by by`` of the values SQL grouped by (``_GROUP_PARTS``)."""
    if by == "position":
        return position_name(*parts)
    if by == "stakes":
        return group_of(by, parts[0], parts[1], None)
    return group_of(by, None, None, parts[0]) if parts else ""


def _sums(values: tuple[Any, ...]) -> Sums:
    """The ``Sums`` of one row's SQL sums (hero_hands, net, net_bb, bb_hands, rake, first, last, the counts)."""
    hero_hands, net, net_bb, bb_hands, rake, first, last, *counts = values
    return Sums(
        hero_hands=hero_hands,
        net=int(net),
        net_bb=float(net_bb),
        bb_hands=bb_hands,
        rake=float(rake),
        counts=[int(count) for count in counts],
        first=first,
        last=last,
    )
