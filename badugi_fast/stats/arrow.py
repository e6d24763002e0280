"""The tally of saved records read as Arrow tables (``.parquet`` files and folders, ``.jsonl`` through pyarrow's
reader; the ``dask`` extra's pyarrow), summed column by column rather than record by record: what makes
``badugi stats`` on saved records many times faster than scoring the histories again.

Each sum is the one ``tally.Tally._add_hand`` makes of a record (the tests hold the two equal on the same
records); only the way of adding differs. Records are read typed (``history.parquet.SCHEMA``: amounts decimal,
``started`` a timestamp, ``stakes`` a struct); Parquet files written before they were typed (amounts, ``started``
and ``stakes`` as text) are read too.
"""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Iterator
from typing import Any, BinaryIO

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.json as pa_json
import pyarrow.parquet as pq

from badugi_fast.files import open_binary
from badugi_fast.history.parquet import TEXT_SCHEMA, typed
from badugi_fast.stats.collect import parquet_files, parquet_source
from badugi_fast.stats.definitions import COUNT_FACTS, COUNTS
from badugi_fast.stats.groups import group_of, position_name
from badugi_fast.stats.tally import COUNTED, HAND_FIELDS, PLAYER_FIELDS, Filters, Sums, Tally

__all__ = ["tables_of", "tally_tables"]


def tables_of(path: str) -> Iterator[pa.Table]:
    """The records of a saved file or folder, a batch at a time, as tables of the record's schema."""
    if path.endswith(".jsonl"):
        with open_binary(path) as stream:
            for block in _blocks(stream):
                try:
                    table = typed(pa_json.read_json(io.BytesIO(block), read_options=_READ, parse_options=_PARSE))
                except pa.ArrowInvalid as error:
                    raise ValueError(f"{path}: not the records of badugi score ({error})") from None
                yield table
        return
    columns = [*HAND_FIELDS[:-1], *(f"players.list.element.{name}" for name in PLAYER_FIELDS)]
    for file in parquet_files(path):
        with parquet_source(file) as source:
            parquet = pq.ParquetFile(source)
            for group in range(parquet.num_row_groups):  # a row group at a time (badugi score writes them small)
                yield parquet.read_row_group(group, columns=columns, use_threads=True)


#: JSON Lines are parsed this many bytes at a time (whole records), by pyarrow's threads.
_BLOCK_BYTES = 1 << 25
_READ = pa_json.ReadOptions(use_threads=True, block_size=1 << 22)
_PARSE = pa_json.ParseOptions(explicit_schema=TEXT_SCHEMA, unexpected_field_behavior="error")


def _blocks(stream: BinaryIO) -> Iterator[bytes]:
    """The bytes of ``stream`` in blocks of about ``_BLOCK_BYTES`` that end at the end of a line."""
    rest = b""
    while chunk := stream.read(_BLOCK_BYTES):
        chunk = rest + chunk
        end = chunk.rfind(b"\n") + 1
        if end:
            rest = chunk[end:]
            yield chunk[:end]
        else:
            rest = chunk
    if rest.strip():
        yield rest


def tally_tables(tables: Iterator[pa.Table], filters: Filters) -> Tally:
    """The tally of the records of ``tables``."""
    tally = Tally()
    for table in tables:
        tally.merge(_tally(table, filters))
    return tally


def _tally(table: pa.Table, filters: Filters) -> Tally:
    tally = Tally()
    tally.statuses.update(Counter(dict(zip(*_counts(table["status"]), strict=True))))
    tally.files.update(pc.unique(table["file"]).to_pylist())
    table = table.filter(pc.is_in(table["status"], pa.array(sorted(COUNTED))))
    table = _written_text(table)
    kinds = table.select(["site", "game", "limit", "stakes"]).append_column(
        "day", pc.utf8_slice_codeunits(table["started"], 0, 10)
    )
    for item in kinds.group_by(kinds.column_names).aggregate([([], "count_all")]).to_pylist():
        tally.seen[(item["site"], item["game"], item["limit"], item["stakes"], item["day"])] += item["count_all"]
    table = table.filter(_chosen(table, filters))
    players = table["players"].combine_chunks()
    if not len(players):
        return tally
    parent = pc.list_parent_indices(players).to_numpy()
    flat = pc.list_flatten(players)
    column = {name: flat.field(name) for name in flat.type.names} if hasattr(flat, "field") else {}
    net = _hundredths(column["net"])
    paid = net + _hundredths(column["put_in"])
    hands = len(table)
    kept = -np.bincount(parent, weights=net, minlength=hands)[parent]
    paid_out = np.bincount(parent, weights=paid, minlength=hands)[parent]
    with np.errstate(divide="ignore", invalid="ignore"):
        rake = np.where((kept != 0) & (paid_out > 0) & (paid != 0), kept * paid / paid_out, 0.0)
    big_blind = _hundredths(table["big_blind"].combine_chunks())[parent]
    dealt = column["position"].is_valid().to_numpy(zero_copy_only=False)
    with np.errstate(divide="ignore", invalid="ignore"):
        net_bb = np.where(dealt & (big_blind > 0), net / big_blind, 0.0)
    sums: dict[str, np.ndarray] = {
        "hero_hands": _flag(column["hero"]) & dealt,
        "net": net,
        "net_bb": net_bb,
        "bb_hands": dealt & (big_blind > 0),
        "rake": rake,
    }
    facts: dict[str, tuple[np.ndarray, np.ndarray]] = {}  # each fact's values (nulls as 0) and where it is not null
    for fact in COUNT_FACTS:
        values = column[fact]
        facts[fact] = (
            pc.cast(values, pa.int64()).fill_null(0).to_numpy(zero_copy_only=False),
            values.is_valid().to_numpy(zero_copy_only=False),
        )
    for at, count in enumerate(COUNTS):
        chosen = dealt.copy()
        for fact, operator, number in count.where:
            values, valid = facts[fact]
            chosen &= valid & _OPERATORS[operator](values, number)
        added = sum((facts[fact][0] for fact in count.adds), np.zeros(len(dealt), np.int64)) if count.adds else 1
        sums[f"count{at}"] = np.where(chosen, added, 0)
    site = table["site"].combine_chunks().take(pa.array(parent))
    currency = pc.fill_null(table["currency"].combine_chunks(), "?").take(pa.array(parent))
    group = _groups(table, filters.by, parent, column["position"], dealt)
    keys = pa.table(
        {
            "name": column["name"],
            "site": site,
            "currency": currency,
            "group": group,
            **{k: v.astype(np.float64) for k, v in sums.items()},
        }
    )
    aggregates = [(name, "sum") for name in sums]
    if filters.by == "session":
        aggregates += [("first", "min"), ("first", "max")]
        started = pc.take(table["started"], pa.array(parent))  # of the hands the player was dealt in, as tally's
        keys = keys.append_column("first", pc.if_else(pa.array(dealt), started, pa.scalar(None, pa.string())))
    if filters.players:
        keys = keys.filter(pc.is_in(keys["name"], pa.array(sorted(filters.players))))
    grouped = keys.group_by(["name", "site", "currency", "group"]).aggregate(aggregates)
    for item in grouped.to_pylist():
        tally.rows[(item["name"], item["site"], item["currency"], item["group"])] = _sums(item)
    return tally


def _written_text(table: pa.Table) -> pa.Table:
    """``table`` with ``started`` as the records' text writes it (``2010-09-05 10:32:15``), what the groups, the
    filters and the values seen are made of: typed records' (``history.parquet.typed``) timestamps turned back into
    that text, records written before they were typed kept as they are."""
    started = table["started"]
    if not pa.types.is_timestamp(started.type):
        return table
    text = pc.strftime(pc.cast(started, pa.timestamp("s")), "%Y-%m-%d %H:%M:%S")
    return table.set_column(table.schema.get_field_index("started"), "started", text)


_OPERATORS = {
    "=": np.equal,
    ">": np.greater,
    ">=": np.greater_equal,
    "<=": np.less_equal,
}


def _groups(table: pa.Table, by: str, parent: np.ndarray, position: pa.Array, dealt: np.ndarray) -> pa.Array:
    """Each player's group of ``--by by`` (``groups.group_of``, ``groups.position_name``)."""
    if by == "player":
        return pa.repeat("", len(parent))
    if by == "position":
        seats = np.bincount(parent, weights=dealt, minlength=len(table)).astype(np.int64)[parent]
        places = position.to_pylist()
        return pa.array([position_name(place, count) for place, count in zip(places, seats.tolist(), strict=True)])
    hands = zip(table["limit"].to_pylist(), table["stakes"].to_pylist(), table["started"].to_pylist(), strict=True)
    return pa.array([group_of(by, *hand) for hand in hands]).take(pa.array(parent))


def _sums(item: dict[str, Any]) -> Sums:
    """The ``Sums`` of one group's column sums."""
    return Sums(
        hero_hands=round(item["hero_hands_sum"]),
        net=round(item["net_sum"]),
        net_bb=item["net_bb_sum"],
        bb_hands=round(item["bb_hands_sum"]),
        rake=item["rake_sum"],
        counts=[round(item[f"count{at}_sum"]) for at in range(len(COUNTS))],
        first=item.get("first_min"),
        last=item.get("first_max"),
    )


def _counts(column: pa.ChunkedArray) -> tuple[list[str], list[int]]:
    counted = pc.value_counts(column).flatten()
    return counted[0].to_pylist(), counted[1].to_pylist()


def _chosen(table: pa.Table, filters: Filters) -> pa.Array:
    """Which hands (of those that list players) count: of the sites, games... ``filters`` choose."""
    mask = pa.array(np.ones(len(table), bool))
    for name, chosen in (
        ("site", filters.sites),
        ("game", filters.games),
        ("limit", filters.limits),
    ):
        if chosen:
            mask = pc.and_(mask, pc.fill_null(pc.is_in(table[name], pa.array(sorted(chosen))), False))
    if filters.stakes:
        mask = pc.and_(mask, pc.fill_null(pc.is_in(table["stakes"], pa.array(sorted(filters.stakes))), False))
    if filters.since is None and filters.until is None:
        return mask
    day = pc.utf8_slice_codeunits(table["started"], 0, 10)
    if filters.since is not None:
        mask = pc.and_(mask, pc.fill_null(pc.greater_equal(day, filters.since), False))
    if filters.until is not None:
        mask = pc.and_(mask, pc.fill_null(pc.less_equal(day, filters.until), False))
    return mask


def _hundredths(amounts: pa.Array | pa.ChunkedArray) -> np.ndarray:
    """Amounts, exact decimals or decimal strings (``"-1.25"``, ``"1500"``), as hundredths, in floats: exact, once
    rounded, for amounts of up to 13 digits before the point (a float holds 15 significant digits); nothing is 0."""
    values: np.ndarray = pc.cast(amounts, pa.float64()).fill_null(0.0).to_numpy(zero_copy_only=False)
    hundredths: np.ndarray = np.rint(values * 100)
    return hundredths


def _flag(column: pa.Array) -> np.ndarray:
    flags: np.ndarray = column.fill_null(False).to_numpy(zero_copy_only=False).astype(bool)
    return flags
