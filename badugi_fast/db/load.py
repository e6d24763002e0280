"""``badugi import``: hands scored as ``badugi score`` scores them (the same pipeline, the same records: JSON Lines
text, which DuckDB reads typed as the tables store them, the values ``history.parquet`` types) and stored once in the
database (``store``). pyarrow is imported only for saved records (``records_of``).

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
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING

import duckdb

from badugi_fast.db import sums
from badugi_fast.db.store import connect
from badugi_fast.history.inputs import Readable, Source
from badugi_fast.history.pipeline import Rendered, render_sources

if TYPE_CHECKING:  # pyarrow is imported where saved records are read: importing scored histories needs none of it
    import pyarrow as pa

__all__ = [
    "BATCH_HANDS",
    "Batch",
    "Counts",
    "add_run",
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
#: Whether a batch's spool can be a file without a name, which DuckDB opens by its descriptor (Linux).
_ANONYMOUS = os.path.isdir("/proc/self/fd")


@dataclass
class Counts:
    """What an import did: files read, hands read, of which new (stored), already there, in error."""

    files: int = 0
    hands: int = 0
    new: int = 0
    already: int = 0
    errors: int = 0
    left_out: list[str] = field(default_factory=list)  # files named on their own that hold no hand history

    def add(self, other: Counts) -> None:
        for name in ("files", "hands", "new", "already", "errors", "left_out"):
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
    """Scored runs held until they are written, and the files they end. A run's records (JSON Lines, as ``badugi
    score`` writes them) are written to ``spool`` as soon as they are scored, and DuckDB reads them from there
    (``_staged``): no run stays in memory, no Arrow table is made. Saved records come as Arrow ``tables`` instead."""

    folder: str = "."  # where the spool is made: the database's folder
    spool: IO[bytes] | None = None
    spooled: int = 0  # records in ``spool``
    grown: list[tuple[int, int, int]] = field(default_factory=list)  # the spool's records first to end, of a file
    # read on, and the hands of that file before them (their ``index`` numbered on from there)
    tables: list[pa.Table] = field(default_factory=list)  # records of ``SCHEMA`` (saved records; never with a spool)
    finished: list[tuple[_Plan, int]] = field(default_factory=list)  # (plan, hands the file holds now)
    left_out: list[str] = field(default_factory=list)  # files named on their own that hold no hand history
    hands: int = 0

    def close(self) -> None:
        """Deletes the spool (an anonymous one is gone with its descriptor, even when the process is killed)."""
        if self.spool is not None:
            self.spool.close()
            if not _ANONYMOUS:
                os.unlink(self.spool.name)
            self.spool = None


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
    folder = os.path.dirname(os.path.abspath(database))
    batch = Batch(folder)

    def commit() -> None:
        counts = write(database, batch)
        counts.files = len(batch.finished)
        counts.left_out = batch.left_out
        total.add(counts)
        if told is not None:
            told(counts)

    try:
        for part in render_sources(sources, "jsonl", jobs):
            at = order.get(part.source)
            if at is not None:  # every file before this one is read whole
                while pending and order[pending[0]] < at:
                    name = pending.pop(0)
                    batch.finished.append((plans[name], plans[name].base + read.get(name, 0)))
            if part.holds_no_history():  # not a hand: not stored (as badugi score writes no record of it)
                batch.left_out.append(part.source)
                continue
            add_run(batch, part, plans.get(part.source))
            read[part.source] = read.get(part.source, 0) + len(part.statuses)
            if batch.hands >= most:
                commit()
                batch = Batch(folder)
        batch.finished.extend((plans[name], plans[name].base + read.get(name, 0)) for name in pending)
        if batch.hands or batch.finished or batch.left_out:
            commit()
    finally:
        batch.close()
    return total


def add_run(batch: Batch, part: Rendered, plan: _Plan | None = None) -> None:
    """Adds the records of ``part`` to ``batch``'s spool, numbered on from the hands already read of its file."""
    if not part.texts:
        return
    if batch.spool is None:
        batch.spool = _spool(batch.folder)
    first = batch.spooled
    batch.spool.write(part.texts.data)  # one record a line, each ending with its newline
    batch.spooled += len(part.texts)
    if plan is not None and plan.base:
        batch.grown.append((first, batch.spooled, plan.base))
    batch.hands += len(part.texts)


def _spool(folder: str) -> IO[bytes]:
    """A temporary file in ``folder`` for a batch's records: without a name where DuckDB can open it by its
    descriptor (``/proc/self/fd``), so that nothing is left behind by a killed import."""
    if _ANONYMOUS:
        return tempfile.TemporaryFile(dir=folder, prefix=".badugi-import-")
    return tempfile.NamedTemporaryFile(dir=folder, prefix=".badugi-import-", suffix=".jsonl", delete=False)


def add_table(batch: Batch, table: pa.Table) -> None:
    """Adds records (a table of ``history.parquet.SCHEMA``: saved records read back) to ``batch``."""
    batch.tables.append(table)
    batch.hands += table.num_rows


def _digest(record: dict[str, object]) -> str:
    """The key of a hand without a hand id: a digest of its typed record (amounts ``Decimal``, ``started`` a
    ``datetime``, as Arrow's typed records read in Python too), without where it was read (``file``, ``index``)."""
    text = json.dumps(record, ensure_ascii=False, default=str, sort_keys=True)
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()


_HAND_COLUMNS = (
    'site, hand_key, hand_id, file, "index", game, "limit", status, reason, started, time_zone, currency, stakes, '
    "big_blind, places"
)
#: What a hand is keyed by: its hand id; a hand without one gets a digest of its record (``_digest``) in its place.
_KEY = "CASE WHEN hand_id <> '' THEN hand_id END AS hand_key"
#: Each record's number in its batch, from 0, in the order read (a streaming window: no sort).
_SEQ = "row_number() OVER () - 1 AS seq"


def write(database: str | os.PathLike[str], batch: Batch) -> Counts:
    """One transaction: the batch's hands not already there, their players, the ``files`` rows of the files it
    ends. The database was opened (checked, made) by this import before. The batch's spool is deleted."""
    counts = Counts(hands=batch.hands)
    try:
        with connect(database, write=True, checked=True) as connection:
            # One thread: on 60,000 hands about 0.2 s less CPU (3.7 s against 3.9 s, alternating runs) for the same
            # wall time on a busy 2-core machine; the goal is CPU beside scoring, which runs one thread.
            connection.execute("SET threads = 1")
            connection.begin()
            if batch.hands:
                _staged(connection, batch)
                counts.new, counts.errors = _stored(connection)
            counts.already = counts.hands - counts.new
            for plan, held in batch.finished:
                connection.execute(
                    "INSERT OR REPLACE INTO files VALUES (?, ?, ?, ?, ?)",
                    [plan.key, plan.end, plan.digest, held, time.strftime("%Y-%m-%d %H:%M:%S")],
                )
            connection.commit()
    finally:
        batch.close()
    return counts


def _staged(connection: duckdb.DuckDBPyConnection, batch: Batch) -> None:
    """The batch's records as the temporary table ``batch_records``: the fields of a record typed as the tables
    store them, each hand's ``hand_key`` and ``places``, and ``seq``, its number in the batch from 0 (not the
    ``rowid``: a table made in a transaction numbers its rows from 2^55)."""
    if batch.spool is not None:
        batch.spool.flush()
        path = f"/proc/self/fd/{batch.spool.fileno()}" if _ANONYMOUS else batch.spool.name
        hands, players = _types(connection, "hands"), _types(connection, "players")
        money = hands["big_blind"]
        entries = {name: kind for name, kind in players.items() if name not in ("hand", "entry")}
        typed = ", ".join(f'"{name}" {kind}' for name, kind in entries.items())
        # Amounts are read as their text, then cast: DuckDB's JSON reader turns a string into a DECIMAL more slowly
        # than a cast does (0.9-1.1 s against 0.7-0.8 s of CPU for 60,000 hands' records, the same values).
        text = ", ".join(f'"{name}" {"VARCHAR" if kind == money else kind}' for name, kind in entries.items())
        columns = {name: kind for name, kind in hands.items() if name not in ("hand", "hand_key", "places")}
        # The big blind's text also says how its site writes amounts (places): "0.50": 2, "20": 0, none: 2.
        columns |= {"players": f"STRUCT({text})[]", "big_blind": "VARCHAR"}
        connection.execute(
            f"""
            CREATE TEMP TABLE batch_records AS
            SELECT * REPLACE (CAST(big_blind AS {money}) AS big_blind, CAST(players AS STRUCT({typed})[]) AS players),
                {_KEY}, {_SEQ},
                CAST(CASE WHEN big_blind IS NULL OR contains(big_blind, '.') THEN 2 ELSE 0 END AS TINYINT) AS places
            FROM read_json($path, columns = $columns, format = 'newline_delimited')
            """,
            {"path": path, "columns": columns},
        )
        for first, end, base in batch.grown:
            connection.execute(
                'UPDATE batch_records SET "index" = "index" + $base WHERE seq >= $first AND seq < $end',
                {"base": base, "first": first, "end": end},
            )
    else:
        import pyarrow as pa

        records = pa.concat_tables(batch.tables)  # noqa: F841  # the SQL reads it by its name (DuckDB's Arrow scan)
        # Saved records keep no amount's text: their places are read from their stakes ("20/40": 0, none: 2).
        connection.execute(
            f"""
            CREATE TEMP TABLE batch_records AS
            SELECT *, {_KEY}, {_SEQ},
                CAST(CASE WHEN stakes <> '' AND NOT contains(stakes, '.') THEN 0 ELSE 2 END AS TINYINT) AS places
            FROM records
            """
        )
    missing = connection.execute(
        'SELECT seq, * EXCLUDE (file, "index", hand_key, places, seq) FROM batch_records WHERE hand_key IS NULL'
    )
    names = [column[0] for column in missing.description or ()][1:]
    keys: list[str] = []
    seqs: list[int] = []
    while rows := missing.fetchmany(1024):  # a few at a time: a record as Python objects is large
        keys += [_digest(dict(zip(names, row[1:], strict=True))) for row in rows]
        seqs += [row[0] for row in rows]
    if keys:  # rare: only hands without an id are digested (one UPDATE for all: one a hand would each scan the batch)
        connection.execute(
            "UPDATE batch_records SET hand_key = digests.hand_key FROM "
            "(SELECT unnest($keys) AS hand_key, unnest($seqs) AS seq) digests WHERE batch_records.seq = digests.seq",
            {"keys": keys, "seqs": seqs},
        )


def _types(connection: duckdb.DuckDBPyConnection, table: str) -> dict[str, str]:
    """The SQL type of each column of ``table``, in order: what a record's fields are read as."""
    rows = connection.execute(
        "SELECT column_name, data_type FROM information_schema.columns "
        "WHERE table_schema = 'main' AND table_name = $table ORDER BY ordinal_position",
        {"table": table},
    ).fetchall()
    return dict(rows)


def _stored(connection: duckdb.DuckDBPyConnection) -> tuple[int, int]:
    """Stores the hands of ``batch_records`` not already there (the first of those read twice), numbered on, with
    their players and partial sums; returns how many were new and how many of the batch are in error."""
    # A batch's rows are stored as the joins give them, not sorted (a third of the players' insert): whoever reads
    # them in order says so (ORDER BY hand, entry), and a batch's hands come after those stored before.
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
    new, first, last, errors = connection.execute(
        "SELECT count(*), min(hand), max(hand), (SELECT count_if(status = 'error') FROM batch_records) FROM fresh"
    ).fetchall()[0]
    connection.execute("DROP TABLE fresh; DROP TABLE batch_records")
    if new:
        sums.add(connection, first, last + 1)
    return new, errors


def records_of(path: str) -> Iterator[pa.Table]:
    """The records ``badugi score`` saved in ``path`` (JSON Lines, a Parquet file or folder of parts, typed or
    written before amounts were typed), a batch at a time, as tables of ``SCHEMA``."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    from badugi_fast.history.parquet import SCHEMA, TEXT_SCHEMA, typed
    from badugi_fast.stats.arrow import tables_of

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
