"""The sums ``badugi stats --db`` adds up, made in SQL from the table of named statistics: over the players' rows
(``grouped``), and kept at import time in two tables of partial sums (``GRAINS``) that a question reads instead of
the players' millions of rows.

Each sum is the one ``stats.tally.Tally._add_hand`` makes of a record (and ``stats.arrow._tally`` of a table; the
tests hold ``stats --db`` to ``stats`` on the files): the counts are SQL made from ``definitions.COUNTS``
(``definitions.count_sql``), the money in hundredths as there.

The partial sums are grouped by everything a filter or a ``--by`` group reads, so that adding up their rows gives
each answer exactly as the players' rows do (the sums of floats, bb/100 and the rake, in another order):
``sums_day`` by player, site, currency, game, betting structure, stakes, day, position and players dealt in (every
``--by`` but ``session``); ``sums_half_hour`` the same by half hour rather than position, with each one's first and
last start (``--by session``). ``add`` sums each batch's new hands into them, in the batch's transaction (rows of
one group made by two batches are added up when read); ``refresh`` makes them again from the players' rows when they
are missing or were made by other definitions (``badugi_meta``'s ``sums``: a digest of the SQL that makes them), and
``current`` says whether a database's may be read.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

import duckdb

from badugi_fast.stats.definitions import COUNTS, count_sql
from badugi_fast.stats.tally import COUNTED

__all__ = ["GRAINS", "SIGNATURE", "TOTALS", "add", "current", "grouped", "refresh", "regrouped"]

#: The sums of each group besides the counts, in order (``db.tally._sums`` reads them so).
TOTALS = ("hero_hands", "net", "net_bb", "bb_hands", "rake", "first", "last")

#: Each table of partial sums and the columns of the players' rows (``grouped``'s ``amounts``) it is grouped by,
#: besides the player, site and currency.
GRAINS: dict[str, tuple[str, ...]] = {
    "sums_day": ("game", "limit", "stakes", "day", "position", "dealt"),
    "sums_half_hour": ("game", "limit", "stakes", "day", "hour", "late"),
}

#: A hand's day, hour and whether in its late half hour, its start's text cut as ``groups.group_of`` cuts it.
_TIMES = {
    "day": "strftime(hands.started, '%Y-%m-%d')",
    "hour": "strftime(hands.started, '%Y-%m-%d %H:')",
    "late": "minute(hands.started) >= 30",
}

#: Each player of the hands chosen, with the hand's facts the sums need, in hundredths (as ``stats.arrow``: exact
#: through a float for amounts of up to 13 digits): ``cents`` won or lost, ``paid`` out of the pots (``cents`` +
#: ``put_in``), and per hand what the site ``kept`` and what was ``paid_out`` (the rake's share, as
#: ``Tally._add_hand``), and how many were ``dealt`` in; the hand's ``_TIMES`` a group reads, and ``started``'s text
#: where the first and last start are asked for (``span`` bounds every table read: a batch's hands are read alone).
#: The players are added up in two steps: first grouped by the facts the counts' conditions read (``_kind``: a rank
#: by the intervals the counts tell apart), their other facts and amounts summed; then each count
#: (``definitions.count_sql``) is a sum over those groups, which costs far less than testing each condition on each
#: player.
_GROUPED = """
WITH totals AS (
    SELECT hand, -sum(cents) AS kept, sum(cents + put_in_cents) AS paid_out, count(position) AS dealt
    FROM (
        SELECT hand, position, CAST(round(coalesce(net, 0)::DOUBLE * 100) AS BIGINT) AS cents,
               CAST(round(coalesce(put_in, 0)::DOUBLE * 100) AS BIGINT) AS put_in_cents
        FROM players WHERE {span}
    ) GROUP BY hand
), chosen AS (
    SELECT hand, site, coalesce(currency, '?') AS currency, game, "limit", stakes{times}, {started} AS started,
           CAST(big_blind * 100 AS BIGINT) AS bb, kept, paid_out, dealt
    FROM hands JOIN totals USING (hand) WHERE {hands} AND {span}
), amounts AS (
    SELECT p.*, c.* EXCLUDE (hand),
           CAST(round(coalesce(p.net, 0)::DOUBLE * 100) AS BIGINT) AS cents,
           CAST(round(coalesce(p.net, 0)::DOUBLE * 100) AS BIGINT)
               + CAST(round(coalesce(p.put_in, 0)::DOUBLE * 100) AS BIGINT) AS paid
    FROM players p JOIN chosen c USING (hand) WHERE {span}
), kinds AS (
    SELECT name, site, currency{parts}, position IS NOT NULL AS dealt_in, {facts}, {kinds}
    FROM amounts WHERE {players}
    {grouping}
)
SELECT name, site, currency{parts},
       CAST(coalesce(sum(CASE WHEN dealt_in THEN heroes END), 0) AS BIGINT) AS hero_hands,
       CAST(sum(cents) AS BIGINT) AS net,
       coalesce(sum(CASE WHEN dealt_in THEN net_bb END), 0) AS net_bb,
       CAST(coalesce(sum(CASE WHEN dealt_in THEN bb_hands END), 0) AS BIGINT) AS bb_hands,
       coalesce(sum(rake), 0) AS rake,
       {first} AS first, {last} AS last,
       {counts}
FROM kinds
GROUP BY ALL
"""

_NET_BB = "CASE WHEN bb > 0 THEN cents::DOUBLE / bb END"
_RAKE = "CASE WHEN kept <> 0 AND paid_out > 0 AND paid <> 0 THEN (kept * paid)::DOUBLE / paid_out END"
#: What the first step makes of a group of players (``kinds``): each column's name, its SQL over the group, and
#: over one player when there is no first step (a batch's: see ``grouped``).
_KINDS = (
    ("players", "count(*)", "1"),
    ("heroes", "count_if(hero)", "hero::INT"),
    ("cents", "sum(cents)", "cents"),
    ("net_bb", f"sum({_NET_BB})", _NET_BB),
    ("bb_hands", "count_if(bb > 0)", "(bb > 0)::INT"),
    ("rake", f"sum({_RAKE})", _RAKE),
    ("first", "min(started)", "started"),
    ("last", "max(started)", "started"),
)

#: The facts the counts' conditions read (the first step groups by them) and those they add up (it sums them).
_TESTED = tuple(dict.fromkeys(condition[0] for count in COUNTS for condition in count.where))
_ADDED = tuple(dict.fromkeys(fact for count in COUNTS for fact in count.adds))
if set(_TESTED) & set(_ADDED):  # a group holds one value of a tested fact, not the sum of its players'
    raise ValueError(f"definitions.COUNTS both tests and adds {sorted(set(_TESTED) & set(_ADDED))}: db.sums cannot")


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


def grouped(
    parts: Sequence[str],
    hands: str,
    span: str = "true",
    players: str = "true",
    timed: bool = False,
    one_step: bool = False,
) -> str:
    """The SQL of each group's sums over the players' rows (``name``, ``site``, ``currency``, each of ``parts``, the
    ``TOTALS``, a column per count named as the count): of the hands numbered where the SQL condition ``span``
    holds (on ``hand``: a batch's, or all) and where ``hands`` holds (on ``hands``' columns), of the players where
    ``players`` does; grouped by player, site, currency and ``parts`` (columns of ``_GROUPED``'s ``amounts``); the
    first and last start of the players dealt in when ``timed`` (else null). ``one_step``: each count a sum over
    the players themselves, without grouping them by their facts first: on a batch's players, whose groups would be
    nearly as many, about twice as fast (0.11 s against 0.24 s on 20,000 hands); on a database's millions, slower."""
    kinds = [*_KINDS, *((fact, f'sum(coalesce("{fact}", 0))', f'coalesce("{fact}", 0)') for fact in _ADDED)]
    return _GROUPED.format(
        span=span,
        hands=hands,
        times="".join(f', {sql} AS "{name}"' for name, sql in _TIMES.items() if name in parts),
        started="strftime(hands.started, '%Y-%m-%d %H:%M:%S')" if timed else "NULL",
        first="min(first) FILTER (WHERE dealt_in)" if timed else "NULL",
        last="max(last) FILTER (WHERE dealt_in)" if timed else "NULL",
        facts=", ".join(f'"{fact}"' if one_step else _kind(fact) for fact in _TESTED),
        kinds=", ".join(f'{alone if one_step else together} AS "{name}"' for name, together, alone in kinds),
        grouping="" if one_step else "GROUP BY ALL",
        parts="".join(f', "{name}"' for name in parts),
        counts=",\n       ".join(
            f'CAST({count_sql(count, "dealt_in", "players")} AS BIGINT) AS "{count.name}"' for count in COUNTS
        ),
        players=players,
    )


def regrouped(source: str, parts: Sequence[str], condition: str = "true", timed: bool = True) -> str:
    """The SQL of the sums of the rows of ``source`` (sums as ``grouped`` makes them) where ``condition`` holds,
    grouped again by player, site, currency and the columns ``parts``: the counts and totals added up, the first
    start the least and the last the greatest when ``timed`` (else null)."""
    columns = "".join(f', "{part}"' for part in parts)
    totals = ", ".join(
        f"{_ADDED_UP.get(total, _SUM).format(total)} AS {total}" if timed or total in _SUMMED else f"NULL AS {total}"
        for total in TOTALS
    )
    names = [f'"{count.name}"' for count in COUNTS]
    counts = ", ".join(f"{_SUM.format(name)} AS {name}" for name in names)
    return f"SELECT name, site, currency{columns}, {totals}, {counts} FROM {source} WHERE {condition} GROUP BY ALL"


#: How the totals add up (SQL of a column): the first and last start the least and greatest, the floats summed, the
#: rest by ``_SUM``.
_ADDED_UP = {"first": "min({})", "last": "max({})", "net_bb": "sum({})", "rake": "sum({})"}
#: The totals added up whether or not ``timed``.
_SUMMED = tuple(total for total in TOTALS if total not in ("first", "last"))
#: Integers are added up as BIGINT, not as DuckDB's sum of them (HUGEINT, which Python reads four times slower: 1.5 s
#: against 0.4 s for the 68,000 half hours of a million hands' ``--by session``): more than 2^63 hundredths or hands
#: is out of reach.
_SUM = "CAST(sum({}) AS BIGINT)"
#: Every column a table of partial sums is grouped by: the sums of a batch are made once by all of them, then
#: grouped again for each table.
_FINEST = tuple(dict.fromkeys(column for grain in GRAINS.values() for column in grain))


def _made(span: str) -> str:
    """The SQL of the sums of the counted hands numbered where ``span`` holds (a batch's, or a part of the
    database's), in one step, grouped by ``_FINEST``."""
    return grouped(_FINEST, "status IN $counted", span, timed=True, one_step=True)


def _regrouped(grain: tuple[str, ...]) -> str:
    """The SQL of a table's partial sums from the batch's finest ones: timed where grouped by the half hour."""
    return regrouped("finest", grain, timed="hour" in grain)


#: A digest of the SQL that makes the partial sums: sums made by other definitions are made again, not read.
SIGNATURE = hashlib.sha256(
    "\n".join([_made("hand >= $first AND hand < $last"), *(_regrouped(grain) for grain in GRAINS.values())]).encode()
).hexdigest()[:16]

#: How many hands ``refresh`` sums at a time: a batch's memory, not the database's.
_PART_HANDS = 100_000


def add(connection: duckdb.DuckDBPyConnection, first: int, last: int) -> None:
    """Adds the hands numbered from ``first`` up to ``last`` (excluded): a batch's, just stored, to the partial
    sums, in the caller's transaction."""
    _fill(connection, "INSERT INTO {table}", "hand >= $first AND hand < $last", {"first": first, "last": last})


def current(connection: duckdb.DuckDBPyConnection) -> bool:
    """Whether the database's partial sums were made by these definitions (else a question reads the players)."""
    rows = connection.execute("SELECT value FROM badugi_meta WHERE name = 'sums'").fetchall()
    return bool(rows) and rows[0][0] == SIGNATURE


def refresh(connection: duckdb.DuckDBPyConnection) -> None:
    """Makes the partial sums again from every hand stored, unless they are ``current``: one transaction, the hands
    summed ``_PART_HANDS`` at a time."""
    if current(connection):
        return
    connection.begin()
    for table in GRAINS:
        connection.execute(f"DROP TABLE IF EXISTS {table}")
    _fill(connection, "CREATE TABLE {table} AS", "false", {})  # empty, of the sums' types
    top = connection.execute("SELECT coalesce(max(hand), 0) FROM hands").fetchall()[0][0]
    for first in range(1, top + 1, _PART_HANDS):  # in parts: 600 MB of memory for a million hands, not 2.4 GB
        add(connection, first, first + _PART_HANDS)
    connection.execute("INSERT OR REPLACE INTO badugi_meta VALUES ('sums', $signature)", {"signature": SIGNATURE})
    connection.commit()


def _fill(connection: duckdb.DuckDBPyConnection, into: str, span: str, parameters: dict[str, object]) -> None:
    """The sums of the hands numbered where ``span`` holds put ``into`` each table (``INSERT INTO {table}``,
    ``CREATE TABLE {table} AS``): made once by ``_FINEST`` in a temporary table, then grouped again for each."""
    connection.execute(f"CREATE TEMP TABLE finest AS {_made(span)}", {"counted": sorted(COUNTED), **parameters})
    for table, grain in GRAINS.items():
        connection.execute(f"{into.format(table=table)} {_regrouped(grain)}")
    connection.execute("DROP TABLE finest")
