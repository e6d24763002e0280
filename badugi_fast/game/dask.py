"""``badugi simulate --dask``: tables of simulated hands played on a Dask cluster (the ``dask`` extra), one file per
table in the format asked for (``formats.registry.WRITERS``: PokerStars, or PHH), each table seeded from the run's
seed and its number so that the files are the same whatever the number of workers.
"""

from __future__ import annotations

import functools
import hashlib
import os
import re

import distributed

from badugi_fast.cluster import cluster_map
from badugi_fast.files import replacing
from badugi_fast.formats.registry import WRITERS
from badugi_fast.game.simulate import simulate
from badugi_fast.rules.engine import TableRules

__all__ = ["TABLE_HANDS", "is_table_file", "simulate_tables", "table_seed"]

#: Hands per simulated table: one history file each.
TABLE_HANDS = 10_000


def simulate_tables(
    client: distributed.Client,
    hands: int,
    players: int,
    rules: TableRules,
    seed: int,
    folder: str,
    currency: str | None,
    table_hands: int = TABLE_HANDS,
    form: str = "pokerstars",
) -> int:
    """Play ``hands`` hands on the cluster as tables of ``table_hands`` hands, each with a seed of its own drawn
    from ``seed`` and its number (so the files are the same whatever the number of workers), and write each table's
    histories to a file of its own in ``folder`` (which the workers must be able to write), in format ``form`` (a name
    in ``WRITERS``). Returns the hands."""
    if form not in WRITERS:
        raise ValueError(f"no writer of format {form!r}: the formats written are {', '.join(WRITERS)}")
    if table_hands < 1:
        raise ValueError(f"a table plays at least one hand, not {table_hands}")
    os.makedirs(folder, exist_ok=True)
    tables = [(number, min(table_hands, hands - start)) for number, start in enumerate(range(0, hands, table_hands))]
    play = functools.partial(
        _play_table,
        players=players,
        rules=rules,
        seed=seed,
        folder=folder,
        currency=currency,
        table_hands=table_hands,
        form=form,
    )
    return sum(cluster_map(client, play, tables))


def is_table_file(name: str) -> bool:
    """Whether a file in an output folder is one that ``simulate_tables`` writes (``table-NNNNNN.txt``, or the
    suffix of another format written: ``table-NNNNNN.phhs``).

    >>> is_table_file("table-000012.txt"), is_table_file("table-000012.phhs"), is_table_file("notes.txt")
    (True, True, False)
    """
    return _TABLE_FILE.fullmatch(name) is not None


_TABLE_FILE = re.compile(rf"table-\d{{6,}}\.({'|'.join(re.escape(writer.suffix) for writer in WRITERS.values())})")


def table_seed(seed: int, table: int) -> int:
    """The seed of table ``table`` of a run seeded ``seed``: independent of the other tables' and of the workers.

    >>> table_seed(0, 0) != table_seed(0, 1) != table_seed(1, 0)
    True
    """
    return int.from_bytes(hashlib.sha256(f"badugi-fast table {seed} {table}".encode()).digest()[:8], "big")


def _play_table(
    table: tuple[int, int],
    players: int,
    rules: TableRules,
    seed: int,
    folder: str,
    currency: str | None,
    table_hands: int,
    form: str,
) -> int:
    """(A task.) One table's hands played and written in format ``form`` to ``folder/table-NNNNNN.txt`` (or the
    format's suffix); hand numbers go on from the tables before, as one table's would."""
    writer = WRITERS[form]
    number, count = table
    first_hand_id = 10**11 + (seed % 10**4) * 10**7 + number * table_hands
    played = simulate(count, players, rules, table_seed(seed, number), first_hand_id=first_hand_id)
    with replacing(os.path.join(folder, f"table-{number:06d}.{writer.suffix}")) as out:
        return writer.write_played(played, out, currency)
