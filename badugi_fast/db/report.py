"""What ``badugi report --db`` needs of the database (``report.gather.Gathered``): the statistics' tally, summed as
``badugi stats --db`` sums it (inside DuckDB: ``db.tally``), every hand that went wrong, and the followed player's
hands, in the order imported.

The database keeps the records, not the hands' text: the hands that went wrong are listed without it (as the page
lists those past ``MAX_TEXTS``). Amounts are written back as the record writes them, in the hand's
``places`` (``store``): ``20/40`` in whole chips, ``0.25/0.50`` in money.
"""

from __future__ import annotations

from decimal import Decimal

import duckdb

from badugi_fast.db.tally import chosen, tally
from badugi_fast.money import amount_text
from badugi_fast.report.gather import Gathered, Played, Wrong
from badugi_fast.stats.tally import COUNTED, Filters

__all__ = ["gathered"]


def gathered(connection: duckdb.DuckDBPyConnection, filters: Filters, player: str | None) -> Gathered:
    """What the report needs of every hand of the database at ``connection``."""
    result = Gathered(tally=tally(connection, filters))
    _wrong(connection, result)
    _played(connection, filters, player, result)
    return result


def _text(amount: Decimal | None, places: int | None) -> str | None:
    """An amount as the record writes it (``money.amount_text``), in the hand's ``places``."""
    return None if amount is None else amount_text(int(amount * 100), 2 if places is None else places)


def _wrong(connection: duckdb.DuckDBPyConnection, result: Gathered) -> None:
    rows = connection.execute(
        """
        SELECT h.hand, h.file, h."index", h.hand_id, h.status, coalesce(h.reason, ''), h.places,
               list((p.name, p.collected, p.expected) ORDER BY p.entry)
                   FILTER (WHERE p.collected <> 0 OR p.expected <> 0)
        FROM hands h LEFT JOIN players p USING (hand)
        WHERE h.status IN ('mismatch', 'error')
        GROUP BY ALL ORDER BY h.hand
        """
    ).fetchall()
    for _, file, index, hand_id, status, reason, places, payouts in rows:
        paid = [
            (entry[0], _text(entry[1], places), _text(entry[2], places))
            for entry in (payouts or [])
            if entry is not None
        ]
        result.wrong.append(Wrong(file, index, hand_id, status, reason, paid, None))


def _played(connection: duckdb.DuckDBPyConnection, filters: Filters, player: str | None, result: Gathered) -> None:
    """The followed player's hands (``report.gather._follow``): the player asked for, else the hero; the hands
    chosen by ``filters`` in SQL (``tally.chosen``), amounts in hundredths (exact: they are DECIMAL(38, 2)), which
    Python reads three times faster than decimals."""
    condition, parameters = chosen(filters, "strftime(h.started, '%Y-%m-%d')")
    followed = "p.name = $player" if player is not None else "p.hero"
    rows = connection.execute(
        f"""
        SELECT p.name, strftime(h.started, '%Y-%m-%d %H:%M:%S'), CAST(coalesce(p.net, 0) * 100 AS BIGINT),
               CAST(coalesce(h.big_blind, 0) * 100 AS BIGINT), h."limit", h.stakes, coalesce(h.currency, '?')
        FROM hands h JOIN players p USING (hand)
        WHERE h.status IN $counted AND p.position IS NOT NULL AND {followed} AND {condition}
        QUALIFY row_number() OVER (PARTITION BY h.hand ORDER BY p.entry) = 1
        ORDER BY h.hand
        """,
        {"counted": sorted(COUNTED), **parameters, **({"player": player} if player is not None else {})},
    ).fetchall()
    result.played.extend(Played(*row) for row in rows)
