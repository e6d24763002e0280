"""Parquet output of ``badugi score``: the JSON Lines records as a typed table (needs pyarrow: the ``parquet``
extra, which ``dask`` and ``db`` include).

The records are made once, as JSON Lines text (``output``), read into Arrow with the schema of that text
(``TEXT_SCHEMA``: amounts and times as the strings JSON Lines writes) and then typed (``typed``), so a Parquet file
holds what the JSON Lines would: the same fields, in the same order, the same values, with types a pandas or SQL
user adds up without converting. ``players`` is a list of structs; ``rank`` is a small integer; amounts are exact
decimals of ``MONEY`` (``decimal128(38, 2)``: hundredths, as ``money`` counts them; ``"1500"`` tournament chips are
``1500.00``), never floats; ``started`` is a timestamp (the site's clock, whose name ``time_zone`` keeps); ``stakes``
is a struct of its two amounts, ``small`` and ``big`` (fixed limit's small and big bet, else the blinds: what the
site writes as ``0.25/0.50``). The schemas are derived from ``record``'s fields.

One process streams: ``Sink`` writes a row group as soon as enough runs are scored, so memory stays bounded.
With Dask, each partition is a file of its own (``part_name``) in one folder; ``pyarrow.parquet.read_table`` and
``pandas.read_parquet`` read the folder as one table, partitions in order.
"""

from __future__ import annotations

import dataclasses
import io
import typing
from types import TracebackType
from typing import Any, BinaryIO

import pyarrow as pa
import pyarrow.json as pa_json
import pyarrow.parquet as pq

from badugi_fast.history.record import PlayerResult, Result, record_fields
from badugi_fast.history.rendered import Records

__all__ = [
    "MONEY",
    "ROW_GROUP_ROWS",
    "SCHEMA",
    "TEXT_SCHEMA",
    "Sink",
    "part_name",
    "table_of",
    "typed",
]

#: Every amount: hundredths exactly (``money.SCALE``), up to ``money.MOST_DIGITS`` digits before the point and room
#: for sums of them (38 digits, the most decimal128 holds).
MONEY = pa.decimal128(38, 2)
#: The amounts of a record, by field name: typed ``MONEY`` (the record's text fields in JSON Lines).
_AMOUNTS = frozenset({"big_blind", "collected", "expected", "put_in", "net"})


def _arrow_type(item: dataclasses.Field[Any], hint: object) -> pa.DataType:
    """The Arrow type of a record field: its ``arrow`` metadata, or what its Python type says."""
    if "arrow" in item.metadata:
        return getattr(pa, item.metadata["arrow"])()
    if hint in (str, str | None):
        return pa.string()
    if hint in (int, int | None):
        return pa.int64()
    if hint is bool:
        return pa.bool_()
    if hint == list[PlayerResult]:
        return pa.list_(_struct(PlayerResult))
    raise TypeError(f"no Arrow type for the record field {item.name} ({hint})")


def _struct(kind: type[Result] | type[PlayerResult]) -> pa.StructType:
    hints = typing.get_type_hints(kind)
    return pa.struct([(item.name, _arrow_type(item, hints[item.name])) for item in record_fields(kind)])


#: The record of one hand, field for field as in JSON Lines (``record.Result``): amounts and times as text.
TEXT_SCHEMA = pa.schema(list(_struct(Result)))


def _typed_type(item: pa.Field) -> pa.DataType:
    """The type of a field of ``TEXT_SCHEMA`` in ``SCHEMA``."""
    if item.name in _AMOUNTS:
        return MONEY
    if item.name == "started":
        return pa.timestamp("ms")  # Parquet keeps no coarser unit
    if pa.types.is_list(item.type):
        return pa.list_(pa.struct([pa.field(sub.name, _typed_type(sub)) for sub in item.type.value_type]))
    return item.type


#: The record of one hand as Parquet holds it: ``TEXT_SCHEMA`` with amounts and ``started`` typed. ``stakes`` stays
#: the text the record writes (``0.25/0.50``, ``20/40``): a label, whose spelling (decimals or whole chips) the
#: amounts alone would not keep; its amounts to add up are ``big_blind`` and the players' money.
SCHEMA = pa.schema([pa.field(item.name, _typed_type(item)) for item in TEXT_SCHEMA])

#: Rows per row group in a streamed file: a few runs of hands, a few megabytes in memory.
ROW_GROUP_ROWS = 1 << 15

_PARSE = pa_json.ParseOptions(explicit_schema=TEXT_SCHEMA, unexpected_field_behavior="error")


def table_of(records: Records) -> pa.Table:
    """The JSON Lines records ``records`` as a table of ``SCHEMA``."""
    if not records:
        return SCHEMA.empty_table()
    data = records.data
    options = pa_json.ReadOptions(use_threads=False, block_size=max(len(data), 1 << 20))
    return typed(pa_json.read_json(io.BytesIO(data), read_options=options, parse_options=_PARSE))


def typed(table: pa.Table) -> pa.Table:
    """A table of ``TEXT_SCHEMA`` (records as JSON Lines write them) as a table of ``SCHEMA``: the amounts'
    text read as exact decimals, ``started`` as a timestamp. A value that is not what the record writes is an
    ``ArrowInvalid`` error, never a guess.

    >>> schema = typed(TEXT_SCHEMA.empty_table()).schema
    >>> str(schema.field("big_blind").type), str(schema.field("started").type), str(schema.field("stakes").type)
    ('decimal128(38, 2)', 'timestamp[ms]', 'string')
    """
    return table.cast(SCHEMA)


def part_name(number: int) -> str:
    """The file name of partition ``number`` in a folder: names sort in partition order.

    >>> part_name(7)
    'part-000007.parquet'
    """
    return f"part-{number:06d}.parquet"


class Sink:
    """A Parquet file written as records come: tables are gathered into row groups of ``ROW_GROUP_ROWS`` rows."""

    def __init__(self, where: str | BinaryIO, row_group_rows: int | None = None) -> None:
        self._writer = pq.ParquetWriter(where, SCHEMA)
        self._rows = ROW_GROUP_ROWS if row_group_rows is None else row_group_rows
        self._held: list[pa.Table] = []
        self._held_rows = 0

    def write(self, table: pa.Table) -> None:
        """Add the rows of ``table`` (of ``SCHEMA``); a row group is written once enough rows are held."""
        self._held.append(table)
        self._held_rows += table.num_rows
        if self._held_rows >= self._rows:
            self._flush()

    def close(self) -> None:
        """Write what is held and the file's footer."""
        self._flush()
        self._writer.close()

    def _flush(self) -> None:
        if self._held_rows:
            self._writer.write_table(pa.concat_tables(self._held), row_group_size=self._held_rows)
        self._held, self._held_rows = [], 0

    def __enter__(self) -> Sink:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()
