"""The tally of ``badugi stats --db`` and ``badugi report --db`` added up inside DuckDB: one SQL query returns only
each row's sums (a player at a site in a currency, and the parts of its ``--by`` group), not the players' facts.
It reads the partial sums kept at import time (``db.sums``: thousands of rows where the players have millions),
and the players' rows only in a database whose partial sums were made by other definitions (read-only, it cannot
make them again: ``badugi import`` does). The group of a row is made here in Python from the values SQL grouped by
(``groups.group_of``, ``groups.position_name``), so each group is defined once too.
"""

from __future__ import annotations

from typing import Any

import duckdb

from badugi_fast.db.sums import GRAINS, current, grouped, regrouped
from badugi_fast.stats.groups import group_of, position_name
from badugi_fast.stats.tally import COUNTED, Filters, Sums, Tally

__all__ = ["chosen", "tally"]

#: What each ``--by`` groups the rows by: columns of the players' rows (``sums.grouped``'s ``amounts``) and of the
#: table of partial sums named, before ``_group`` names the group.
_GROUP_PARTS = {
    "player": (),
    "position": ("position", "dealt"),
    "stakes": ("limit", "stakes"),
    "month": ("day",),
    "session": ("hour", "late"),
}
#: The table of partial sums that holds each ``--by``'s parts (``sums.GRAINS``).
_TABLE = {by: "sums_half_hour" if by == "session" else "sums_day" for by in _GROUP_PARTS}
if any(not set(parts) <= set(GRAINS[_TABLE[by]]) for by, parts in _GROUP_PARTS.items()):
    raise ValueError("db.tally: a --by reads a column its table of partial sums is not grouped by")


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
    parts = _GROUP_PARTS[filters.by]
    for row in connection.execute(*_query(connection, filters)).fetchall():
        name, site, currency = row[:3]
        key = (name, site, currency, _group(filters.by, row[3 : 3 + len(parts)]))
        sums = _sums(row[3 + len(parts) :])
        mine = result.rows.get(key)
        if mine is None:
            result.rows[key] = sums
        else:
            mine.add(sums)
    return result


def _query(connection: duckdb.DuckDBPyConnection, filters: Filters) -> tuple[str, dict[str, Any]]:
    """The SQL of the rows' sums under ``filters`` and its parameters: over the partial sums when they are
    ``current``, else over the players' rows."""
    parts = _GROUP_PARTS[filters.by]
    timed = filters.by == "session"
    players = "name IN $players" if filters.players else "true"
    if not current(connection):
        condition, parameters = chosen(filters, "strftime(started, '%Y-%m-%d')")
        parameters["counted"] = sorted(COUNTED)
        hands = f"status IN $counted AND {condition}"
        query = grouped(parts, hands, players=players, timed=timed)
    else:
        condition, parameters = chosen(filters, "day")
        query = regrouped(_TABLE[filters.by], parts, f"{condition} AND {players}", timed)
    if filters.players:
        parameters["players"] = sorted(filters.players)
    return query, parameters


def chosen(filters: Filters, day: str) -> tuple[str, dict[str, Any]]:
    """The SQL condition of the hands chosen by ``filters`` (``Filters.hand``) on the columns of ``hands`` or of the
    partial sums, ``day`` the SQL of a hand's day, and its parameters."""
    conditions = ["true"]
    parameters: dict[str, Any] = {}
    for column, values in (
        ("site", filters.sites),
        ("game", filters.games),
        ("limit", filters.limits),
        ("stakes", filters.stakes),
    ):
        if values:
            conditions.append(f'"{column}" IN ${column}')
            parameters[column] = sorted(values)
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
    if by == "session":  # the hour's text and whether in its second half, as a start in that half hour
        hour, late = parts
        return group_of(by, None, None, None if hour is None else hour + ("30" if late else "00"))
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
