"""The database file of ``badugi import``: where it is, its tables, and opening it.

DuckDB lets one process write a file at a time, and a reader cannot open it while a writer has it: so a writer
opens it for one batch and closes it (``badugi import``, ``--watch``), and every opening waits and retries while
another process holds the file (``WAIT_SECONDS``). A file that is not a DuckDB database, or a DuckDB database
without this module's tables, is refused in one line and left as it is.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import duckdb

from badugi_fast.db import sums

__all__ = ["SCHEMA_VERSION", "TABLES", "WAIT_SECONDS", "connect", "default_path"]

#: Bumped when the tables change: a file of another version is refused rather than misread.
SCHEMA_VERSION = "1"
#: How long an opening waits for another process to let go of the file.
WAIT_SECONDS = 60.0

_MONEY = "DECIMAL(38, 2)"  # history.parquet.MONEY: hundredths exactly
#: The tables (docs/db.md describes each column). ``hands``: a row per hand, keyed by its site and ``hand_key``
#: (the hand id, or ``sha256:`` and a digest of its record where it has none); ``hand`` numbers the hands in the
#: order imported; ``places`` is how the site writes its amounts (2 decimals, or 0 for whole chips: ``money``).
#: Neither is an index: ``load.write`` numbers the hands and leaves out those already there itself (an index would be
#: checked at each row, and held in memory whole by every writer: most of an import's memory that grew with the file).
#: ``players``: a row per player per hand, ``entry`` its place in the record's list. ``files``:
#: what was read of each file on disk (its first ``offset`` bytes, their SHA-256, the hands they hold).
TABLES = f"""
CREATE TABLE badugi_meta (name VARCHAR PRIMARY KEY, value VARCHAR);
CREATE TABLE hands (
    hand BIGINT NOT NULL, site VARCHAR NOT NULL, hand_key VARCHAR NOT NULL, hand_id VARCHAR, file VARCHAR,
    "index" BIGINT, game VARCHAR, "limit" VARCHAR, status VARCHAR, reason VARCHAR, started TIMESTAMP,
    time_zone VARCHAR, currency VARCHAR, stakes VARCHAR, big_blind {_MONEY},
    places TINYINT
);
CREATE TABLE players (
    hand BIGINT NOT NULL, entry SMALLINT NOT NULL, name VARCHAR, cards VARCHAR, rank SMALLINT, description VARCHAR,
    site_description VARCHAR, collected {_MONEY}, expected {_MONEY}, position TINYINT, hero BOOLEAN,
    put_in {_MONEY}, net {_MONEY}, vpip BOOLEAN, pfr BOOLEAN, three_bet BOOLEAN, three_bet_chance BOOLEAN,
    bets SMALLINT, raises SMALLINT, calls SMALLINT, drew_1 TINYINT, drew_2 TINYINT, drew_3 TINYINT,
    showdown BOOLEAN, won BOOLEAN
);
CREATE TABLE files (path VARCHAR PRIMARY KEY, "offset" BIGINT, prefix VARCHAR, hands BIGINT, imported TIMESTAMP);
INSERT INTO badugi_meta VALUES ('schema', '{SCHEMA_VERSION}');
"""


#: No extension is fetched or loaded behind the user's back: DuckDB would otherwise download its SQLite reader
#: when given an SQLite file.
_CONFIG: dict[str, str | bool | int | float | list[str]] = {
    "autoinstall_known_extensions": False,
    "autoload_known_extensions": False,
}


def default_path() -> Path:
    """``$BADUGI_DB``, else ``hands.duckdb`` in the user's data folder: ``$XDG_DATA_HOME/badugi-fast`` (by default
    ``~/.local/share/badugi-fast``), ``~/Library/Application Support/badugi-fast`` on macOS,
    ``%LOCALAPPDATA%\\badugi-fast`` on Windows."""
    chosen = os.environ.get("BADUGI_DB")
    if chosen:
        return Path(chosen)
    home = Path.home()
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or home / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share")
    return base / "badugi-fast" / "hands.duckdb"


@contextlib.contextmanager
def connect(
    path: str | os.PathLike[str], write: bool = False, checked: bool = False
) -> Iterator[duckdb.DuckDBPyConnection]:
    """The database at ``path``, open for the ``with`` block: read-only, or to ``write`` (made, with its tables,
    when there is no file yet). ValueError, in one line, when it is missing (to read), not a DuckDB file, or a
    DuckDB file of something else; nothing is written to such a file: it is looked at read-only first, unless
    ``checked`` says an earlier opening of this import did (each opening costs a DuckDB start)."""
    where = Path(path)
    if not where.exists():
        if not write:
            raise ValueError(f"no database at {where}: make it with badugi import")
        where.parent.mkdir(parents=True, exist_ok=True)
    elif not (write and checked):
        with _opened(where, read_only=True) as connection:
            _check(where, connection)
            if not write:
                yield connection
                return
    with _opened(where, read_only=False) as connection:
        if not checked:
            if not _tables(connection):
                connection.execute(TABLES)
            sums.refresh(connection)  # made, or made again after the statistics' definitions changed
        yield connection


def _check(where: Path, connection: duckdb.DuckDBPyConnection) -> None:
    tables = _tables(connection)
    if "badugi_meta" not in tables:
        if tables:
            raise ValueError(f"{where} is a DuckDB database of something else (no badugi_meta table): left as it is")
        return
    rows = connection.execute("SELECT value FROM badugi_meta WHERE name = 'schema'").fetchall()
    found = rows[0] if rows else None
    if found is None or found[0] != SCHEMA_VERSION:
        version = found[0] if found else "none"
        raise ValueError(f"{where}: tables of version {version}, this badugi-fast reads {SCHEMA_VERSION}")


def _tables(connection: duckdb.DuckDBPyConnection) -> set[str]:
    return {row[0] for row in connection.execute("SELECT table_name FROM information_schema.tables").fetchall()}


@contextlib.contextmanager
def _opened(where: Path, read_only: bool) -> Iterator[duckdb.DuckDBPyConnection]:
    """A connection to ``where``, waiting up to ``WAIT_SECONDS`` while another process holds its lock."""
    deadline = time.monotonic() + WAIT_SECONDS
    pause = 0.01
    while True:
        try:
            connection = duckdb.connect(str(where), read_only=read_only, config=_CONFIG)
            connection.execute("SET enable_progress_bar = false")  # a long query draws no bar over stderr's lines
            break
        except duckdb.IOException as error:
            message = str(error)
            if "lock" in message.lower() and time.monotonic() < deadline:
                time.sleep(pause)
                pause = min(pause * 2, 0.5)
                continue
            raise ValueError(f"{where}: cannot open it as a DuckDB database ({_first_line(message)})") from None
        except duckdb.Error as error:
            raise ValueError(f"{where}: cannot open it as a DuckDB database ({_first_line(str(error))})") from None
    try:
        yield connection
    except duckdb.Error as error:  # a full disk, a damaged page: one line, the transaction rolled back
        raise ValueError(f"{where}: {_first_line(str(error))}") from None
    finally:
        connection.close()


def _first_line(text: str) -> str:
    return text.strip().splitlines()[0] if text.strip() else "no reason given"
