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
import pyarrow.json as pa_json
import pyarrow.parquet as pq

from badugi_fast.db import sums
from badugi_fast.db.store import connect
from badugi_fast.history.inputs import Readable, Source
from badugi_fast.history.parquet import SCHEMA, TEXT_SCHEMA, typed
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
#: Where ``pyarrow.json`` reads each run's records: the C library's allocator, which gives a run's parser buffers back
#: at once, where Arrow's own pool keeps them (an import's peak 265 -> 240 MB on 60,000 hands, the same CPU).
_POOL = pa.system_memory_pool()
_PARSE = pa_json.ParseOptions(explicit_schema=TEXT_SCHEMA, unexpected_field_behavior="error")


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

    tables: list[pa.Table] = field(default_factory=list)  # records of ``SCHEMA`` with their ``hand_key``, ``places``
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
    if not part.texts:
        return
    data = part.texts.data
    options = pa_json.ReadOptions(use_threads=False, block_size=max(len(data), 1 << 20))
    text = pa_json.read_json(io.BytesIO(data), read_options=options, parse_options=_PARSE, memory_pool=_POOL)
    table = typed(text)  # as history.parquet.table_of reads them, the big blind's text kept for its places
    if plan is not None and plan.base:
        table = table.set_column(1, "index", pc.add(table["index"], plan.base))
    add_table(batch, table, _places(text["big_blind"]))


def _places(big_blind: pa.ChunkedArray) -> pa.ChunkedArray:
    """How the sites of records write their amounts, as their big blinds' text is written: ``"0.50"``: 2,
    ``"20"``: 0 (2 when a record has none)."""
    return _two_if(pc.or_kleene(pc.is_null(big_blind), pc.match_substring(big_blind, ".")))


def _two_if(decimals: pa.ChunkedArray) -> pa.ChunkedArray:
    """2 where ``decimals`` is true, else 0, as ``places`` (TINYINT): twice the booleans as numbers. Here and in
    ``add_table`` no Python value goes to Arrow (``pa.scalar``, ``pa.array``, a constant given to ``pyarrow.compute``):
    that imports pandas, 0.3 s of CPU, to ask whether the value is one of pandas'."""
    ones = pc.cast(decimals, pa.int8())
    return pc.add(ones, ones)


def add_table(batch: Batch, table: pa.Table, places: pa.ChunkedArray | None = None) -> None:
    """Adds records (a table of ``history.parquet.SCHEMA``) to ``batch``, each with its key and its ``places``:
    given (read from the records' text), else as the record's stakes are written (``20/40``: 0, ``0.25/0.50``: 2;
    2 for a hand without stakes). Arrow compute only: ``pa.array`` of Python values would import pandas (0.3 s
    of CPU) to ask whether they are a Series."""
    if places is None:
        stakes = table["stakes"]
        whole = pc.and_kleene(_filled(stakes), pc.invert(pc.match_substring(stakes, ".")))
        places = _two_if(pc.invert(whole))
    ids = table["hand_id"]
    missing = pc.invert(_filled(ids))
    keys = ids
    if pc.any(missing).as_py():  # rare: only these hands' records are digested
        listed = ids.to_pylist()
        keys = pa.chunked_array([pa.array([key or _digest(table, at) for at, key in enumerate(listed)], pa.string())])
    batch.tables.append(table.append_column("hand_key", keys).append_column("places", places))
    batch.hands += table.num_rows
    batch.errors += pc.sum(pc.match_substring_regex(table["status"], "^error$")).as_py() or 0


def _digest(table: pa.Table, at: int) -> str:
    """The key of a hand without a hand id: a digest of its typed record, without where it was read."""
    record = table.slice(at, 1).to_pylist()[0]
    del record["file"], record["index"]
    text = json.dumps(record, ensure_ascii=False, default=str, sort_keys=True)
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()


def _filled(texts: pa.ChunkedArray) -> pa.ChunkedArray:
    """True where ``texts`` holds a text that is not empty (never null)."""
    return pc.and_kleene(pc.is_valid(texts), pc.cast(pc.utf8_length(texts), pa.bool_()))


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
        # One thread: on 60,000 hands about 0.2 s less CPU (3.7 s against 3.9 s, alternating runs) for the same wall
        # time on a busy 2-core machine; the goal is CPU beside scoring, which runs one thread.
        connection.execute("SET threads = 1")
        connection.begin()
        if records is not None and records.num_rows:
            # The SQL reads batch_records by its name (DuckDB's scan of the caller's Arrow tables); not register(),
            # which imports pandas (0.3 s of CPU) to ask whether a table is pandas'. Its players are unnested by DuckDB.
            # A batch's rows are stored as the joins give them, not sorted (a third of the players' insert): whoever
            # reads them in order says so (ORDER BY hand, entry), and a batch's hands come after those stored before.
            batch_records = records.append_column("seq", _numbers(np.arange(len(records)), pa.int64()))  # noqa: F841
            connection.execute(
                f"""
                CREATE TEMP TABLE fresh AS
                SELECT (SELECT coalesce(max(hand), 0) FROM hands) + row_number() OVER (ORDER BY seq) AS hand,
                    * EXCLUDE (players)
                FROM (
                    SELECT * FROM batch_records b
                    WHERE NOT EXISTS (SELECT 1 FROM hands h WHERE h.site = b.site AND h.hand_key = b.hand_key)
                    QUALIFY row_number() OVER (PARTITION BY site, hand_key ORDER BY seq) = 1
                );
                INSERT INTO hands SELECT hand, {_HAND_COLUMNS} FROM fresh;
                INSERT INTO players SELECT hand, entry, player.* FROM (
                    SELECT f.hand, unnest(range(len(b.players))) AS entry, unnest(b.players) AS player
                    FROM batch_records b JOIN fresh f USING (seq)
                );
                """
            )
            counts.new, first, last = connection.execute("SELECT count(*), min(hand), max(hand) FROM fresh").fetchall()[
                0
            ]
            connection.execute("DROP TABLE fresh")
            if counts.new:
                sums.add(connection, first, last + 1)
        counts.already = counts.hands - counts.new
        for plan, held in batch.finished:
            connection.execute(
                "INSERT OR REPLACE INTO files VALUES (?, ?, ?, ?, ?)",
                [plan.key, plan.end, plan.digest, held, time.strftime("%Y-%m-%d %H:%M:%S")],
            )
        connection.commit()
    return counts


def _numbers(values: np.ndarray, kind: pa.DataType) -> pa.Array:
    """``values`` (of ``kind``'s width) as an Arrow array without copying and without ``pa.array``, which imports
    pandas (0.3 s of CPU) to ask whether they are a Series."""
    return pa.Array.from_buffers(kind, len(values), [None, pa.py_buffer(np.ascontiguousarray(values))])


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
