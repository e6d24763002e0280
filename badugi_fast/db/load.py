"""``badugi import``: hands scored as ``badugi score`` scores them (the same pipeline, the same records: JSON Lines
text typed as ``history.parquet`` types it) and stored once in the database (``store``).

- **Once**: a hand is keyed by its site and hand id (``sha256:`` and a digest of its record, file and position
  left out, where it has none); a hand already there, or twice in what is read, is counted and not stored again.
- **Grown files**: for each file on disk, ``files`` keeps how many bytes were read, their SHA-256 and the hands they
  held. A file whose first bytes are still those is read on from there (its hands numbered on); one whose beginning
  changed is read whole again (its hands already there are not stored twice). A file is read up to the size it had
  when the import looked at it: what is written meanwhile waits for the next import.
- **Batches**: about ``BATCH_HANDS`` hands at a time, each batch one transaction with the ``files`` rows of the files
  it ends, committed before its counts are told; a process killed midway loses at most the batch it was writing,
  which the next import reads again. The database is opened for each batch and closed after it, so readers get in
  between (``store``).
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import duckdb
import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from badugi_fast.db.store import connect
from badugi_fast.history.inputs import Readable, Source
from badugi_fast.history.parquet import SCHEMA, TEXT_SCHEMA, table_of, typed
from badugi_fast.history.pipeline import Rendered, render_sources
from badugi_fast.stats.arrow import tables_of

__all__ = [
    "BATCH_HANDS",
    "Batch",
    "Counts",
    "add_table",
    "folder_files",
    "import_sources",
    "planned",
    "records_of",
    "write",
]

#: Hands per transaction: large enough that a commit costs little beside scoring, small enough to lose little.
BATCH_HANDS = 20_000
#: The UTF-16 byte order marks: a file that starts with one is read on with it (its encoding is said only there).
_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")


@dataclass
class Counts:
    """What an import did: files read, hands read, of which new (stored), already there, in error."""

    files: int = 0
    hands: int = 0
    new: int = 0
    already: int = 0
    errors: int = 0

    def add(self, other: Counts) -> None:
        for name in ("files", "hands", "new", "already", "errors"):
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def text(self) -> str:
        return (
            f"{self.files} files, {self.hands} hands read: {self.new} new, {self.already} already there, "
            f"{self.errors} errors"
        )


@dataclass(frozen=True)
class _Plan:
    """What to read of one file on disk: bytes ``start`` to ``end``, after ``base`` hands already imported."""

    key: str  # the file's real path: the row of ``files``
    start: int
    end: int
    base: int
    digest: str  # SHA-256 of bytes 0 to ``end``


def planned(connection: duckdb.DuckDBPyConnection, sources: Iterable[Source]) -> tuple[list[Source], dict[str, _Plan]]:
    """The sources to read, given what ``files`` says was read of each (``connection``: the database, open): a
    file on disk read on from where the last import stopped, or whole; one with nothing new left out. Other sources
    (archive members, URLs, stdin) are read whole. Also each file's plan, by source name."""
    done = {row[0]: row[1:] for row in connection.execute('SELECT path, "offset", prefix, hands FROM files').fetchall()}
    chosen: list[Source] = []
    plans: dict[str, _Plan] = {}
    for source in sources:
        if source.path is None or source.error is not None:
            chosen.append(source)
            continue
        key = os.path.realpath(source.path)
        plan = _plan(key, done.get(key))
        if plan.start == plan.end:
            continue
        plans[source.name] = plan
        chosen.append(Source(source.name, _opener(key, plan.start, plan.end), strict=source.strict and not plan.start))
    return chosen, plans


def _plan(key: str, done: tuple[int, str, int] | None) -> _Plan:
    """Where to read ``key`` from, hashing its bytes as they are now (up to its size now)."""
    end = os.path.getsize(key)
    digest = hashlib.sha256()
    start = base = 0
    with open(key, "rb") as stream:
        if done is not None and done[0] <= end:
            _hash(stream, digest, done[0])
            if digest.hexdigest() == done[1]:
                start, base = done[0], done[2]
            else:
                stream.seek(0)
                digest = hashlib.sha256()
        _hash(stream, digest, end - stream.tell())
    return _Plan(key, start, end, base, digest.hexdigest())


def _hash(stream: io.BufferedReader, digest: hashlib._Hash, size: int) -> None:
    while size > 0:
        block = stream.read(min(size, 1 << 20))
        if not block:
            break
        digest.update(block)
        size -= len(block)


class _Span:
    """The bytes ``start`` to ``end`` of an open file (after a UTF-16 byte order mark when the file starts with
    one): what a grown file adds."""

    def __init__(self, stream: io.BufferedReader, start: int, end: int) -> None:
        head = stream.read(2)
        self._mark = head if start and head in _UTF16_BOMS else b""
        stream.seek(start)
        self._stream, self._left = stream, end - start

    def read(self, size: int = -1, /) -> bytes:
        mark, self._mark = self._mark, b""
        want = self._left if size < 0 else min(size, self._left)
        data = self._stream.read(want) if want else b""
        self._left -= len(data)
        return mark + data


def _opener(key: str, start: int, end: int) -> Callable[[], AbstractContextManager[Readable]]:
    @contextmanager
    def opened() -> Iterator[Readable]:
        with open(key, "rb") as stream:
            yield _Span(stream, start, end)

    return opened


@dataclass
class Batch:
    """Scored runs held until they are written, and the files they end."""

    tables: list[pa.Table] = field(default_factory=list)
    keys: list[str] = field(default_factory=list)
    places: list[int] = field(default_factory=list)  # how each hand's site writes amounts: 2 decimals, or 0
    finished: list[tuple[_Plan, int]] = field(default_factory=list)  # (plan, hands the file holds now)
    hands: int = 0
    errors: int = 0


def import_sources(
    database: str | os.PathLike[str],
    sources: list[Source],
    jobs: int = 1,
    told: Callable[[Counts], None] | None = None,
    batch_hands: int | None = None,
) -> Counts:
    """Import the hands of ``sources`` into the database at ``database``, ``jobs`` processes scoring, about
    ``batch_hands`` hands a transaction (``BATCH_HANDS``); ``told`` hears the counts of each batch once it is
    committed. Returns the counts of the whole import."""
    most = BATCH_HANDS if batch_hands is None else max(batch_hands, 1)
    with connect(database, write=True) as connection:
        sources, plans = planned(connection, sources)
    total = Counts()
    order = {source.name: at for at, source in enumerate(sources)}
    read: dict[str, int] = {}  # hands read of each planned file
    pending = list(plans)  # planned files not yet ended, in order
    batch = Batch()

    def commit() -> None:
        counts = write(database, batch)
        counts.files = len(batch.finished)
        total.add(counts)
        if told is not None:
            told(counts)

    for part in render_sources(sources, "jsonl", jobs):
        at = order.get(part.source)
        if at is not None:  # every file before this one is read whole
            while pending and order[pending[0]] < at:
                name = pending.pop(0)
                batch.finished.append((plans[name], plans[name].base + read.get(name, 0)))
        _add(batch, part, plans.get(part.source))
        read[part.source] = read.get(part.source, 0) + len(part.statuses)
        if batch.hands >= most:
            commit()
            batch = Batch()
    batch.finished.extend((plans[name], plans[name].base + read.get(name, 0)) for name in pending)
    if batch.hands or batch.finished:
        commit()
    return total


def _add(batch: Batch, part: Rendered, plan: _Plan | None) -> None:
    """Adds the records of ``part`` to ``batch``, numbered on from the hands already read of its file."""
    table = table_of(part.texts)
    if plan is not None and plan.base:
        table = table.set_column(1, "index", pc.add(table["index"], plan.base))
    add_table(batch, table, [_places(text) for text in part.texts])


def _places(text: str) -> int:
    """How the site of a JSON Lines record writes its amounts: as its big blind (the record's last field) is
    written, ``"0.50"`` or ``"20"`` (2 when it has none)."""
    tail = text[text.rindex('"big_blind": ') :]
    return 2 if "." in tail or "null" in tail else 0


def add_table(batch: Batch, table: pa.Table, places: list[int] | None = None) -> None:
    """Adds records (a table of ``history.parquet.SCHEMA``) to ``batch``, each with its key and its ``places``:
    given (read from the records' text), else as the record's stakes are written (``20/40``: 0, ``0.25/0.50``: 2;
    2 for a hand without stakes)."""
    batch.tables.append(table)
    if places is None:
        places = [0 if text and "." not in text else 2 for text in table["stakes"].to_pylist()]
    batch.places.extend(places)
    ids = table["hand_id"].to_pylist()
    batch.keys.extend(hand_id if hand_id else _digest(table, at) for at, hand_id in enumerate(ids))
    batch.hands += len(ids)
    batch.errors += pc.sum(pc.equal(table["status"], "error")).as_py() or 0


def _digest(table: pa.Table, at: int) -> str:
    """The key of a hand without a hand id: a digest of its typed record, without where it was read."""
    record = table.slice(at, 1).to_pylist()[0]
    del record["file"], record["index"]
    text = json.dumps(record, ensure_ascii=False, default=str, sort_keys=True)
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()


_HAND_COLUMNS = (
    'site, hand_key, hand_id, file, "index", game, "limit", status, reason, started, time_zone, currency, stakes, '
    "big_blind, places"
)


def write(database: str | os.PathLike[str], batch: Batch) -> Counts:
    """One transaction: the batch's hands not already there, their players, the ``files`` rows of the files it
    ends. The database was opened (checked, made) by this import before."""
    counts = Counts(hands=batch.hands, errors=batch.errors)
    records = pa.concat_tables(batch.tables) if batch.tables else None
    with connect(database, write=True, checked=True) as connection:
        connection.begin()
        if records is not None and records.num_rows:
            hands = records.drop_columns(["players"]).append_column("hand_key", pa.array(batch.keys, pa.string()))
            hands = hands.append_column("places", pa.array(batch.places, pa.int8()))
            hands = hands.append_column("seq", pa.array(range(len(hands)), pa.int64()))
            lists = records["players"].combine_chunks()
            flat = pc.list_flatten(lists)
            players = pa.Table.from_arrays(
                [pc.list_parent_indices(lists), _entries(lists), *flat.flatten()],
                names=["seq", "entry", *(item.name for item in flat.type)],
            )
            connection.register("batch_hands", hands)
            connection.register("batch_players", players)
            connection.execute(
                f"""
                CREATE TEMP TABLE fresh AS
                SELECT (SELECT coalesce(max(hand), 0) FROM hands) + row_number() OVER (ORDER BY seq) AS hand, *
                FROM (
                    SELECT * FROM batch_hands b
                    WHERE NOT EXISTS (SELECT 1 FROM hands h WHERE h.site = b.site AND h.hand_key = b.hand_key)
                    QUALIFY row_number() OVER (PARTITION BY site, hand_key ORDER BY seq) = 1
                );
                INSERT INTO hands SELECT hand, {_HAND_COLUMNS} FROM fresh ORDER BY hand;
                INSERT INTO players SELECT f.hand, p.* EXCLUDE (seq) FROM batch_players p JOIN fresh f USING (seq)
                    ORDER BY f.hand, p.entry;
                """
            )
            counts.new = connection.execute("SELECT count(*) FROM fresh").fetchall()[0][0]
            connection.execute("DROP TABLE fresh")
            connection.unregister("batch_hands")
            connection.unregister("batch_players")
        counts.already = counts.hands - counts.new
        for plan, held in batch.finished:
            connection.execute(
                "INSERT OR REPLACE INTO files VALUES (?, ?, ?, ?, ?)",
                [plan.key, plan.end, plan.digest, held, time.strftime("%Y-%m-%d %H:%M:%S")],
            )
        connection.commit()
    return counts


def _entries(lists: pa.ListArray) -> pa.Array:
    """Each player's place in its hand's list: 0, 1, 2... in each list."""
    lengths = pc.list_value_length(lists).fill_null(0).to_numpy(zero_copy_only=False)
    starts = (lengths.cumsum() - lengths).repeat(lengths)
    return pa.array(np.arange(int(lengths.sum())) - starts, pa.int16())


def records_of(path: str) -> Iterator[pa.Table]:
    """The records ``badugi score`` saved in ``path`` (JSON Lines, a Parquet file or folder of parts, typed or
    written before amounts were typed), a batch at a time, as tables of ``SCHEMA``."""
    if path.endswith(".jsonl"):
        yield from tables_of(path)  # stats.arrow reads JSON Lines typed, whole records
        return
    files = sorted(Path(path).glob("*.parquet")) if os.path.isdir(path) else [Path(path)]
    for file in files:
        for batch in pq.ParquetFile(file).iter_batches(batch_size=BATCH_HANDS):
            table = pa.Table.from_batches([batch])
            yield table if table.schema.equals(SCHEMA) else typed(table.cast(TEXT_SCHEMA))


def folder_files(folder: str | Path) -> dict[str, tuple[int, int]]:
    """Every file under ``folder`` and its (size, modification time): what ``--watch`` compares between looks."""
    seen: dict[str, tuple[int, int]] = {}
    for root, folders, names in os.walk(folder):
        folders[:] = sorted(name for name in folders if not name.startswith("."))
        for name in names:
            if not name.startswith("."):
                path = os.path.join(root, name)
                try:
                    status = os.stat(path)
                except FileNotFoundError:  # removed since the folder was listed
                    continue
                seen[path] = (status.st_size, status.st_mtime_ns)
    return seen
