"""The SQL made from ``definitions.COUNTS`` (``count_sql``) counts what the Python tally counts, on every
combination of the facts the conditions read, nulls included: each statistic is defined once, and the two ways of
counting it agree, in one step (a row per player) and in two (rows grouped by the facts, as ``db.sums`` adds up)."""

from __future__ import annotations

import csv
import itertools
import random
from pathlib import Path

import pytest

duckdb = pytest.importorskip("duckdb", reason="the db extra is not installed")

from badugi_fast.ranks import WORST_BADUGI, WORST_THREE_CARD, WORST_TWO_CARD  # noqa: E402  # after the skip
from badugi_fast.stats.definitions import COUNT_FACTS, COUNTS, count_sql  # noqa: E402
from badugi_fast.stats.tally import Sums, _count  # noqa: E402

#: Values each fact takes in the test, nulls included: every boundary the conditions compare with.
_VALUES: dict[str, list[int | None]] = {
    "vpip": [None, False, True],
    "pfr": [None, False, True],
    "three_bet": [None, False, True],
    "three_bet_chance": [None, False, True],
    "bets": [None, 0, 2],
    "raises": [None, 0, 1],
    "calls": [None, 0, 3],
    "drew_1": [None, -1, 0, 1, 2, 3, 4, 5],
    "drew_2": [None, -1, 0, 1, 2, 3, 4, 5],
    "drew_3": [None, -1, 0, 1, 2, 3, 4, 5],
    "showdown": [None, False, True],
    "won": [None, False, True],
    "rank": [None, 0, 1, WORST_BADUGI, WORST_BADUGI + 1, WORST_THREE_CARD, WORST_TWO_CARD, WORST_TWO_CARD + 1],
}


def _players(number: int) -> list[tuple[int | None, ...]]:
    """Players: whether dealt in (1 or 0), then their facts (``COUNT_FACTS``, in order), every value met."""
    picked = random.Random(27)
    players = []
    for _ in range(number):
        players.append((int(picked.random() < 0.9), *(picked.choice(_VALUES[fact]) for fact in COUNT_FACTS)))
    return players


def _types() -> str:
    kinds = {"drew_1": "TINYINT", "drew_2": "TINYINT", "drew_3": "TINYINT", "rank": "SMALLINT"}
    kinds |= {fact: "SMALLINT" for fact in ("bets", "raises", "calls")}
    return ", ".join(f'"{fact}" {kinds.get(fact, "BOOLEAN")}' for fact in COUNT_FACTS)


def test_the_counts_sql_counts_what_the_tally_counts(tmp_path: Path) -> None:
    assert set(COUNT_FACTS) == set(_VALUES)
    players = _players(20_000)
    expected = Sums().counts
    for dealt, *facts in players:
        if dealt:
            _count(expected, *facts)
    table = tmp_path / "players.csv"
    with table.open("w", newline="") as out:
        csv.writer(out).writerows([["" if value is None else int(value) for value in player] for player in players])
    with duckdb.connect() as connection:
        connection.execute(f"CREATE TABLE players (dealt BOOLEAN, {_types()})")
        connection.execute(f"INSERT INTO players SELECT * FROM read_csv('{table}', header = false, nullstr = '')")
        counts = ", ".join(count_sql(count, "dealt") for count in COUNTS)
        one_step = connection.execute(f"SELECT {counts} FROM players").fetchall()[0]
        tested = list(dict.fromkeys(condition[0] for count in COUNTS for condition in count.where))
        added = [fact for fact in COUNT_FACTS if fact not in tested]
        grouped = ", ".join(f'"{fact}"' for fact in tested)
        sums = ", ".join(f'sum("{fact}") AS "{fact}"' for fact in added)
        two_steps = connection.execute(
            f"SELECT {', '.join(count_sql(count, 'dealt', 'players') for count in COUNTS)} FROM ("
            f"SELECT dealt, {grouped}, count(*) AS players, {sums} FROM players GROUP BY ALL)"
        ).fetchall()[0]
    assert list(one_step) == expected
    assert list(two_steps) == expected
    assert all(expected[1:])  # every count met something: the test can tell them apart
    assert len({tuple(itertools.islice(player, 1, None)) for player in players}) > 1000
