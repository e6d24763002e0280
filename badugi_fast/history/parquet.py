"""Parquet output of ``badugi score``: the JSON Lines records as a typed table (needs the ``dask`` extra's pyarrow).

The records are made once, as JSON Lines text (``output``), and read into Arrow with an explicit schema, so a
Parquet file holds exactly what the JSON Lines would: the same fields, in the same order, with types. ``players``
is a list of structs; amounts stay the exact decimal strings the site writes (``"5.45"``, or ``"1500"`` for
tournament chips), never floats; ``rank`` is a small integer. The schema is derived from ``record``'s fields.

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

__all__ = ["ROW_GROUP_ROWS", "SCHEMA", "Sink", "part_name", "table_of"]


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


#: The record of one hand, field for field as in JSON Lines (``record.Result``).
SCHEMA = pa.schema(list(_struct(Result)))

#: Rows per row group in a streamed file: a few runs of hands, a few megabytes in memory.
ROW_GROUP_ROWS = 1 << 15

_PARSE = pa_json.ParseOptions(explicit_schema=SCHEMA, unexpected_field_behavior="error")


def table_of(lines: list[str]) -> pa.Table:
    """The JSON Lines records ``lines`` (each a record and its newline) as a table of ``SCHEMA``."""
    if not lines:
        return SCHEMA.empty_table()
    data = "".join(lines).encode("utf-8")
    options = pa_json.ReadOptions(use_threads=False, block_size=max(len(data), 1 << 20))
    return pa_json.read_json(io.BytesIO(data), read_options=options, parse_options=_PARSE)


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
