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

__all__ = ["GRAINS", "SIGNATURE", "TOTALS", "add", "current", "grouped", "refresh"]

#: The sums of each group besides the counts, in order (``db.tally._sums`` reads them so).
TOTALS = ("hero_hands", "net", "net_bb", "bb_hands", "rake", "first", "last")

#: Each table of partial sums and the columns of the players' rows (``grouped``'s ``amounts``) it is grouped by,
#: besides the player, site and currency.
GRAINS: dict[str, tuple[str, ...]] = {
    "sums_day": ("game", "limit", "stakes", "day", "position", "dealt"),
    "sums_half_hour": ("game", "limit", "stakes", "day", "hour", "late"),
}

#: Each player of the hands chosen, with the hand's facts the sums need, in hundredths (as ``stats.arrow``: exact
#: through a float for amounts of up to 13 digits): ``cents`` won or lost, ``paid`` out of the pots (``cents`` +
#: ``put_in``), and per hand what the site ``kept`` and what was ``paid_out`` (the rake's share, as
#: ``Tally._add_hand``), and how many were ``dealt`` in; the hand's ``day``, ``hour`` and whether in its ``late`` half
#: (the start's text cut as ``groups.group_of`` cuts it), and ``started``'s text where the first and last start are
#: asked for. The players are added up in two steps: first grouped by the facts the counts' conditions read
#: (``_kind``: a rank by the intervals the counts tell apart), their other facts and amounts summed; then each count
#: (``definitions.count_sql``) is a sum over those groups, which costs far less than testing each condition on each
#: player.
_GROUPED = """
WITH chosen AS (
    SELECT hand, site, coalesce(currency, '?') AS currency, game, "limit", stakes,
           strftime(started, '%Y-%m-%d') AS day, strftime(started, '%Y-%m-%d %H:') AS hour,
           minute(started) >= 30 AS late, {started} AS started, CAST(big_blind * 100 AS BIGINT) AS bb
    FROM hands WHERE {hands}
), rows AS (
    SELECT p.*, CAST(round(coalesce(p.net, 0)::DOUBLE * 100) AS BIGINT) AS cents,
           CAST(round(coalesce(p.net, 0)::DOUBLE * 100) AS BIGINT)
               + CAST(round(coalesce(p.put_in, 0)::DOUBLE * 100) AS BIGINT) AS paid
    FROM players p SEMI JOIN chosen USING (hand)
), totals AS (
    SELECT hand, -sum(cents) AS kept, sum(paid) AS paid_out, count(position) AS dealt FROM rows GROUP BY hand
), amounts AS (
    SELECT * FROM rows JOIN chosen USING (hand) JOIN totals USING (hand)
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


def grouped(parts: Sequence[tuple[str, str]], hands: str, players: str = "true", timed: bool = False) -> str:
    """The SQL of each group's sums over the players' rows (``name``, ``site``, ``currency``, each of ``parts``, the
    ``TOTALS``, a column per count named as the count): of the hands where the SQL condition ``hands`` holds (on
    ``hands``' columns), of the players where ``players`` does; groups by player, site, currency and ``parts``
    ((name, SQL) over ``_GROUPED``'s ``amounts``); the first and last start of the players dealt in when ``timed``
    (else null)."""
    return _GROUPED.format(
        hands=hands,
        started="strftime(started, '%Y-%m-%d %H:%M:%S')" if timed else "NULL",
        first="min(first) FILTER (WHERE dealt_in)" if timed else "NULL",
        last="max(last) FILTER (WHERE dealt_in)" if timed else "NULL",
        facts=", ".join(_kind(fact) for fact in _TESTED),
        added="".join(f'sum(coalesce("{fact}", 0)) AS "{fact}", ' for fact in _ADDED),
        parts_made="".join(f', {sql} AS "{name}"' for name, sql in parts),
        parts="".join(f', "{name}"' for name, _ in parts),
        counts=",\n       ".join(f'{count_sql(count, "dealt_in", "players")} AS "{count.name}"' for count in COUNTS),
        players=players,
    )


def _made(table: str, hands: str) -> str:
    """The SQL of ``table``'s partial sums of the counted hands where ``hands`` holds."""
    grain = GRAINS[table]
    return grouped(
        [(column, f'"{column}"') for column in grain], f"status IN $counted AND {hands}", timed="hour" in grain
    )


#: A digest of the SQL that makes the partial sums: sums made by other definitions are made again, not read.
SIGNATURE = hashlib.sha256("\n".join(_made(table, "true") for table in GRAINS).encode()).hexdigest()[:16]


def add(connection: duckdb.DuckDBPyConnection, first: int) -> None:
    """Adds the hands numbered from ``first`` on (a batch's, just stored) to the partial sums, in the caller's
    transaction."""
    for table in GRAINS:
        connection.execute(
            f"INSERT INTO {table} {_made(table, 'hand >= $first')}", {"counted": sorted(COUNTED), "first": first}
        )


def current(connection: duckdb.DuckDBPyConnection) -> bool:
    """Whether the database's partial sums were made by these definitions (else a question reads the players)."""
    rows = connection.execute("SELECT value FROM badugi_meta WHERE name = 'sums'").fetchall()
    return bool(rows) and rows[0][0] == SIGNATURE


def refresh(connection: duckdb.DuckDBPyConnection) -> None:
    """Makes the partial sums again from every hand stored, unless they are ``current``: one transaction."""
    if current(connection):
        return
    connection.begin()
    for table in GRAINS:
        connection.execute(f"DROP TABLE IF EXISTS {table}")
        connection.execute(f"CREATE TABLE {table} AS {_made(table, 'true')}", {"counted": sorted(COUNTED)})
    connection.execute("INSERT OR REPLACE INTO badugi_meta VALUES ('sums', $signature)", {"signature": SIGNATURE})
    connection.commit()
