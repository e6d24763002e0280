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
import os
from collections import Counter
from collections.abc import Iterator
from decimal import Decimal
from typing import BinaryIO

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.json as pa_json
import pyarrow.parquet as pq

from badugi_fast.history.parquet import MONEY, TEXT_SCHEMA, typed
from badugi_fast.money import amount_text, parse_amount
from badugi_fast.ranks import WORST_BADUGI, WORST_THREE_CARD, WORST_TWO_CARD
from badugi_fast.stats.tally import COUNTED, HAND_FIELDS, PLAYER_FIELDS, Filters, Sums, Tally

__all__ = ["tables_of", "tally_tables"]


def tables_of(path: str) -> Iterator[pa.Table]:
    """The records of a saved file or folder, a batch at a time, as tables of the record's schema."""
    if path.endswith(".jsonl"):
        with open(path, "rb") as stream:
            for block in _blocks(stream):
                try:
                    table = typed(pa_json.read_json(io.BytesIO(block), read_options=_READ, parse_options=_PARSE))
                except pa.ArrowInvalid as error:
                    raise ValueError(f"{path}: not the records of badugi score ({error})") from None
                yield table
        return
    files = (
        sorted(os.path.join(path, name) for name in os.listdir(path) if name.endswith(".parquet"))
        if os.path.isdir(path)
        else [path]
    )
    columns = [*HAND_FIELDS[:-1], *(f"players.list.element.{name}" for name in PLAYER_FIELDS)]
    for file in files:
        parquet = pq.ParquetFile(file)
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
    rank = column["rank"].fill_null(0).to_numpy()
    showdown = _flag(column["showdown"]) & dealt
    drew = [column[f"drew_{k}"].fill_null(-1).to_numpy() for k in (1, 2, 3)]
    sums: dict[str, np.ndarray] = {
        "hands": dealt,
        "hero_hands": _flag(column["hero"]) & dealt,
        "net": net,
        "net_bb": net_bb,
        "bb_hands": dealt & (big_blind > 0),
        "rake": rake,
        "vpip": _flag(column["vpip"]) & dealt,
        "pfr": _flag(column["pfr"]) & dealt,
        "three_bet": _flag(column["three_bet"]) & dealt,
        "three_bet_chances": _flag(column["three_bet_chance"]) & dealt,
        "bets": np.where(dealt, column["bets"].to_numpy(), 0),
        "raises": np.where(dealt, column["raises"].to_numpy(), 0),
        "calls": np.where(dealt, column["calls"].to_numpy(), 0),
        "saw_draw": dealt & (drew[0] >= 0),
        "showdowns": showdown,
        "showdowns_won": showdown & _flag(column["won"]),
    }
    reached = dealt.copy()  # the draws in order: a draw after one the player did not make does not count
    for draw in range(3):
        reached &= drew[draw] >= 0
        for cards in range(5):
            sums[f"draw{draw}_{cards}"] = reached & (drew[draw] == cards)
        if draw:
            pat_before = reached & (drew[draw - 1] == 0)
            sums[f"chance{draw}"] = pat_before
            sums[f"broke{draw}"] = pat_before & (drew[draw] > 0)
    shown = showdown & (rank > 0)
    for size, (low, high) in enumerate(_SIZE_BOUNDS, 1):
        sums[f"size{size}"] = shown & (rank > low) & (rank <= high)
    site = table["site"].combine_chunks().take(pa.array(parent))
    currency = pc.fill_null(table["currency"].combine_chunks(), "?").take(pa.array(parent))
    names = column["name"]
    keys = pa.table(
        {"name": names, "site": site, "currency": currency, **{k: v.astype(np.float64) for k, v in sums.items()}}
    )
    if filters.players:
        keys = keys.filter(pc.is_in(keys["name"], pa.array(sorted(filters.players))))
    grouped = keys.group_by(["name", "site", "currency"]).aggregate([(name, "sum") for name in sums])
    for item in grouped.to_pylist():
        tally.rows[(item["name"], item["site"], item["currency"])] = _sums(item)
    return tally


#: The rank numbers of each final hand size, (above, up to): one card, two, three, four (ranks.hand_size).
_SIZE_BOUNDS = (
    (WORST_TWO_CARD, 1 << 30),
    (WORST_THREE_CARD, WORST_TWO_CARD),
    (WORST_BADUGI, WORST_THREE_CARD),
    (0, WORST_BADUGI),
)


def _sums(item: dict[str, float]) -> Sums:
    """The ``Sums`` of one group's column sums."""
    sums = Sums(net_bb=item["net_bb_sum"], rake=item["rake_sum"])
    for name in (
        "hands",
        "hero_hands",
        "net",
        "bb_hands",
        "vpip",
        "pfr",
        "three_bet",
        "three_bet_chances",
        "bets",
        "raises",
        "calls",
        "saw_draw",
        "showdowns",
        "showdowns_won",
    ):
        setattr(sums, name, round(item[f"{name}_sum"]))
    sums.draws = [[round(item[f"draw{draw}_{cards}_sum"]) for cards in range(5)] for draw in range(3)]
    sums.pat_chances = [0] + [round(item[f"chance{draw}_sum"]) for draw in (1, 2)]
    sums.pat_broken = [0] + [round(item[f"broke{draw}_sum"]) for draw in (1, 2)]
    sums.sizes = [0] + [round(item[f"size{size}_sum"]) for size in (1, 2, 3, 4)]
    return sums


def _counts(column: pa.ChunkedArray) -> tuple[list[str], list[int]]:
    counted = pc.value_counts(column).flatten()
    return counted[0].to_pylist(), counted[1].to_pylist()


def _chosen(table: pa.Table, filters: Filters) -> pa.Array:
    """Which hands count: records that list players, of the sites, games... ``filters`` choose."""
    mask = pc.is_in(table["status"], pa.array(sorted(COUNTED)))
    for name, chosen in (
        ("site", filters.sites),
        ("game", filters.games),
        ("limit", filters.limits),
    ):
        if chosen:
            mask = pc.and_(mask, pc.fill_null(pc.is_in(table[name], pa.array(sorted(chosen))), False))
    if filters.stakes:
        mask = pc.and_(mask, _of_stakes(table["stakes"], filters.stakes))
    if filters.since is None and filters.until is None:
        return mask
    started = table["started"]
    day = (
        pc.strftime(started, "%Y-%m-%d")
        if pa.types.is_timestamp(started.type)
        else pc.utf8_slice_codeunits(started, 0, 10)
    )
    if filters.since is not None:
        mask = pc.and_(mask, pc.fill_null(pc.greater_equal(day, filters.since), False))
    if filters.until is not None:
        mask = pc.and_(mask, pc.fill_null(pc.less_equal(day, filters.until), False))
    return mask


def _of_stakes(stakes: pa.ChunkedArray, chosen: frozenset[str]) -> pa.Array:
    """Which hands are of the stakes ``chosen``, written as records write them (``0.25/0.50``; ``20/40`` in chips):
    by text in records written before ``stakes`` was typed, else by their two amounts. A choice a record would
    not write (``0.25/0.5``, ``$1/$2``) chooses no hand, as with the records' text (``tally.Filters``); one
    difference is left: ``20/40`` also chooses hands whose site wrote ``20.00/40.00``, the same amounts."""
    if not pa.types.is_struct(stakes.type):
        return pc.fill_null(pc.is_in(stakes, pa.array(sorted(chosen))), False)
    mask = pa.array(np.zeros(len(stakes), dtype=bool))
    for text in chosen:
        amounts = _as_written(text)
        if amounts is None:
            continue
        equal = pc.and_(
            *(
                pc.equal(pc.struct_field(stakes, name), pa.scalar(Decimal(hundredths).scaleb(-2), MONEY))
                for name, hundredths in zip(("small", "big"), amounts, strict=True)
            )
        )
        mask = pc.or_(mask, pc.fill_null(equal, False))
    return mask


def _as_written(text: str) -> tuple[int, int] | None:
    """The two amounts of stakes written as a record writes them, in hundredths; None for other text.

    >>> _as_written("0.25/0.50"), _as_written("20/40"), _as_written("0.25/0.5"), _as_written("1/2/3")
    ((25, 50), (2000, 4000), None, None)
    """
    parts = text.split("/")
    if len(parts) != 2:
        return None
    try:
        amounts = [parse_amount(part) for part in parts]
    except ValueError:
        return None
    if any(
        part not in (amount_text(amount), amount_text(amount, 0)) for part, amount in zip(parts, amounts, strict=True)
    ):
        return None
    return amounts[0], amounts[1]


def _hundredths(amounts: pa.Array | pa.ChunkedArray) -> np.ndarray:
    """Amounts, exact decimals or decimal strings (``"-1.25"``, ``"1500"``), as hundredths, in floats: exact, once
    rounded, for amounts of up to 13 digits before the point (a float holds 15 significant digits); nothing is 0."""
    values: np.ndarray = pc.cast(amounts, pa.float64()).fill_null(0.0).to_numpy(zero_copy_only=False)
    hundredths: np.ndarray = np.rint(values * 100)
    return hundredths


def _flag(column: pa.Array) -> np.ndarray:
    flags: np.ndarray = column.fill_null(False).to_numpy(zero_copy_only=False).astype(bool)
    return flags
