"""``badugi import PATH ... [--db FILE]``: score hand histories once into the player's database (the ``db``
extra, ``badugi_fast.db``; docs/db.md), for ``badugi stats --db`` and ``badugi report --db``.

PATHs are what ``badugi score`` reads, or records it saved (``.jsonl``, ``.parquet``, a folder of Parquet parts),
which are stored as they are. Each hand is stored once; files that grew are read on. ``--watch DIR`` keeps importing
what appears and grows in DIR until Ctrl-C; ``--export FILE`` writes the database's hands to a Parquet file.
The readers are imported where they are used: ``badugi stats --db`` imports this module for ``--db`` alone.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from typing import Any

from badugi_fast.cli import jobs_of, paths_help
from badugi_fast.extras import require

__all__ = ["add_arguments", "add_database", "database_of", "run"]


def add_database(parser: argparse.ArgumentParser, what: str) -> None:
    """The ``--db FILE`` option (``import``, ``stats``, ``report``)."""
    parser.add_argument(
        "--db",
        nargs="?",
        const="",
        metavar="FILE",
        help=f"{what}: FILE, else $BADUGI_DB, else hands.duckdb in the user's data folder (the db extra)",
    )


def database_of(args: argparse.Namespace) -> str:
    """The database file ``--db`` names, or the default one (``db.store.default_path``)."""
    if args.db:
        return str(args.db)
    store = require("badugi_fast.db.store", "--db")
    return str(store.default_path())


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "paths",
        nargs="*",
        metavar="PATH",
        help=paths_help(", or records saved by badugi score (.jsonl, .parquet, a folder of them)"),
    )
    add_database(parser, "the database to import into")
    parser.add_argument("--jobs", "-j", type=int, metavar="N", help="score in N processes (0: one per core)")
    parser.set_defaults(dask=None)  # jobs_of reads it: import scores in this machine's processes
    parser.add_argument("--watch", metavar="DIR", help="keep importing new and growing files of DIR until Ctrl-C")
    parser.add_argument(
        "--every", type=float, default=1.0, metavar="SECONDS", help="with --watch: look at DIR this often"
    )
    parser.add_argument("--batch", type=int, metavar="HANDS", help="hands per transaction (default 20,000)")
    parser.add_argument("--export", metavar="FILE", help="write every hand of the database to this Parquet file")


def run(args: argparse.Namespace) -> int:
    from badugi_fast.history.sources import expand
    from badugi_fast.stats.collect import is_records

    load = require("badugi_fast.db.load", "badugi import")
    database = database_of(args)
    if args.every <= 0 or (args.batch is not None and args.batch < 1):
        raise ValueError("--every takes a number of seconds above 0, --batch a number of hands from 1")
    if not (args.paths or args.watch or args.export):
        raise ValueError("give the hand histories to import (PATH ...), --watch DIR or --export FILE")
    total = load.Counts()
    try:
        saved = [path for path in args.paths if is_records(path)]
        histories = [path for path in args.paths if not is_records(path)]
        if saved:
            total.add(_import_records(load, database, saved))
        if histories:
            sources = expand(histories, note=_note)
            load.import_sources(database, sources, jobs_of(args, "import"), _told(total), args.batch)
        if args.watch:
            _watch(load, database, args)
    except KeyboardInterrupt:
        _note(f"{total.text()} committed; into {database}")
        raise
    if args.paths:
        _note(f"{total.text()}; into {database}")
    if args.export:
        _export(database, args.export)
    return 0


def _import_records(load: Any, database: str, paths: list[str]) -> Any:
    """Stores the records ``badugi score`` saved in ``paths`` (typed or text Parquet, JSON Lines)."""
    store = require("badugi_fast.db.store", "badugi import")
    with store.connect(database, write=True):  # checked (or made) once: each batch opens it again
        pass
    total = load.Counts()
    for path in paths:
        for table in load.records_of(path):
            batch = load.Batch()
            load.add_table(batch, table)
            total.add(load.write(database, batch))
    total.files = len(paths)
    return total


def _watch(load: Any, database: str, args: argparse.Namespace) -> None:
    """Imports the files of ``args.watch`` that are new or changed and have stayed the same size for one look,
    until Ctrl-C; a line on stderr for each import that read hands."""
    from badugi_fast.history.sources import expand

    last: dict[str, tuple[int, int]] = {}
    imported: dict[str, tuple[int, int]] = {}
    _note(f"watching {args.watch} (Ctrl-C to stop)")
    while True:
        now = load.folder_files(args.watch)
        ready = sorted(path for path, seen in now.items() if last.get(path) == seen and imported.get(path) != seen)
        if ready:
            sources = [dataclasses.replace(source, strict=False) for source in expand(ready)]
            counts = load.import_sources(database, sources, jobs_of(args, "import"), None, args.batch)
            imported.update((path, now[path]) for path in ready)
            if counts.hands:
                _note(f"{time.strftime('%H:%M:%S')} {counts.text()}")
        last = now
        time.sleep(args.every)


def _told(total: Any) -> Any:
    """What hears each committed batch: its counts added to ``total``, and a line on stderr (what that line says
    is in the database, whatever happens next), after one for each file it left out as holding no hand history."""
    from badugi_fast.history.cut import left_out

    def told(counts: Any) -> None:
        total.add(counts)
        for name in counts.left_out:
            _note(left_out(name))
        _note(f"committed: {counts.text()}")

    return told


def _export(database: str, path: str) -> None:
    store = require("badugi_fast.db.store", "--export")
    records = require("badugi_fast.db.records", "--export")
    from badugi_fast.history.sources import refuse_as_output

    refuse_as_output(path, [])
    with store.connect(database) as connection:
        hands = records.export(connection, path)
    _note(f"{hands} hands to {path}")


def _note(message: str) -> None:
    print(f"badugi import: {message}", file=sys.stderr)
