"""The hands of the database read back as the records ``badugi score --format parquet`` writes: tables of
``history.parquet.SCHEMA``, a batch of hands at a time (``tables_of``), which ``export`` writes to a Parquet file
that Dask, pandas or ``badugi stats`` read as they read ``badugi score``'s. (``badugi stats --db`` does not read
them back: it adds up inside DuckDB, ``db.tally``.)
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence

import duckdb
import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from badugi_fast.files import replacing
from badugi_fast.history.parquet import SCHEMA

__all__ = ["BATCH_HANDS", "export", "tables_of"]

#: Hands read back at a time: memory stays bounded however many hands the database holds.
BATCH_HANDS = 20_000

_HAND_NAMES = [name for name in SCHEMA.names if name != "players"]
_PLAYER_TYPE: pa.StructType = SCHEMA.field("players").type.value_type
_PLAYER_NAMES = [_PLAYER_TYPE.field(at).name for at in range(_PLAYER_TYPE.num_fields)]


def _quoted(names: Sequence[str]) -> str:
    return ", ".join(f'"{name}"' for name in names)


def tables_of(connection: duckdb.DuckDBPyConnection, batch_hands: int = BATCH_HANDS) -> Iterator[pa.Table]:
    """Every hand of the database, in the order imported, as tables of ``SCHEMA``."""
    top = connection.execute("SELECT coalesce(max(hand), 0) FROM hands").fetchall()[0][0]
    for low in range(0, top, batch_hands):
        span = f"hand > {int(low)} AND hand <= {int(low + batch_hands)}"
        hands = connection.sql(
            f"SELECT hand, {_quoted(_HAND_NAMES)} FROM hands WHERE {span} ORDER BY hand"
        ).to_arrow_table()
        players = connection.sql(
            f"SELECT hand, {_quoted(_PLAYER_NAMES)} FROM players WHERE {span} ORDER BY hand, entry"
        ).to_arrow_table()
        if hands.num_rows:
            yield _records(hands, players)


def _records(hands: pa.Table, players: pa.Table) -> pa.Table:
    """The hands and their players (both in hand order) as records of ``SCHEMA``, each hand's players a list."""
    owners = players["hand"].to_numpy()
    offsets = np.searchsorted(owners, hands["hand"].to_numpy(), side="left")
    offsets = np.append(offsets, len(owners)).astype(np.int32)
    names = players.column_names[1:]
    entries = pa.StructArray.from_arrays(
        [players[name].combine_chunks().cast(_PLAYER_TYPE.field(name).type) for name in names],
        names=names,
    )
    lists = pa.ListArray.from_arrays(pa.array(offsets), entries)
    columns = [hands[name].cast(SCHEMA.field(name).type) if name != "players" else lists for name in SCHEMA.names]
    return pa.Table.from_arrays(columns, schema=SCHEMA)


def export(connection: duckdb.DuckDBPyConnection, path: str | os.PathLike[str]) -> int:
    """Writes every hand of the database to the Parquet file ``path`` as ``badugi score --format parquet`` writes
    its records (written whole or not at all); returns the number of hands."""
    hands = 0
    with replacing(os.fspath(path), binary=True) as stream, pq.ParquetWriter(stream, SCHEMA) as writer:
        for table in tables_of(connection):
            writer.write_table(table)
            hands += table.num_rows
    return hands
