"""``badugi stats [PATH ...]``: each player's results and statistics over hand histories or saved records.

PATHs are what ``badugi score`` reads (scored here, in ``--jobs`` processes or on ``--dask``) or records it wrote
(``.jsonl``, ``.parquet``, a folder of Parquet parts), which are only read; ``--db`` adds the hands of the database of
``badugi import`` (``stats.collect.tally_database``). One row per player, site and currency,
in the public fields of ``stats.FIELDS`` (docs/stats.md); ``--per-hand`` writes one CSV row per player per hand
instead. ``badugi report`` takes the same selection options (``add_selection``, ``selection``).
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import functools
import io
import json
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from badugi_fast.cli import jobs_of, paths_help
from badugi_fast.cli.importing import add_database, database_of
from badugi_fast.extras import require
from badugi_fast.files import replacing
from badugi_fast.history.pipeline import sendable, units
from badugi_fast.history.sources import SAMPLES, expand, refuse_as_output
from badugi_fast.parallel import ordered_map
from badugi_fast.stats import FIELDS, Filters, Tally, is_records, row, tally_histories, tally_on_dask, tally_records
from badugi_fast.stats.collect import tally_database
from badugi_fast.stats.export import PER_HAND_FIELDS, csv_cell, per_hand_rows

__all__ = ["add_arguments", "add_selection", "gather", "run", "selection"]

_FORMATS = ("table", "jsonl", "csv", "parquet")


def add_selection(parser: argparse.ArgumentParser) -> None:
    """The options that say which hands and players count, and how to read them (``stats`` and ``report``)."""
    parser.add_argument(
        "paths",
        nargs="*",
        metavar="PATH",
        help=paths_help(", or records saved by badugi score (.jsonl, .parquet, a folder of them)")
        + " (default: the samples shipped with badugi-fast)",
    )
    parser.add_argument("--player", action="append", default=[], metavar="NAME", help="only this player (repeatable)")
    parser.add_argument("--site", action="append", default=[], help="only hands of this site (repeatable)")
    parser.add_argument("--game", action="append", default=[], help="only hands of this game (repeatable)")
    parser.add_argument(
        "--limit", action="append", default=[], choices=("fixed", "pot", "half-pot", "no"), help="betting structure"
    )
    parser.add_argument("--stakes", action="append", default=[], metavar="SB/BB", help="only these stakes (0.25/0.50)")
    parser.add_argument("--since", metavar="YYYY-MM-DD", help="only hands from this day on (the site's clock)")
    parser.add_argument("--until", metavar="YYYY-MM-DD", help="only hands up to this day, included")
    parser.add_argument("--jobs", "-j", type=int, metavar="N", help="score in N processes (0: one per core)")
    parser.add_argument("--dask", metavar="ADDRESS", help="score on this Dask cluster, or 'local' (the dask extra)")
    add_database(parser, "the hands of badugi import's database too")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_selection(parser)
    parser.add_argument("--format", choices=_FORMATS, help="output format (default: table on a terminal, else jsonl)")
    parser.add_argument("--output", "-o", metavar="FILE", help="write to FILE instead of stdout")
    parser.add_argument(
        "--per-hand",
        action="store_true",
        help="one CSV row per player per hand (the facts of the scored records) instead of one per player",
    )


def selection(args: argparse.Namespace) -> Filters:
    """The hands and players ``args`` choose."""
    for day in (args.since, args.until):
        if day is not None and not (len(day) == 10 and day[4] == day[7] == "-" and day.replace("-", "").isdigit()):
            raise ValueError(f"dates are YYYY-MM-DD, not {day!r}")
    return Filters(
        frozenset(args.player),
        frozenset(args.site),
        frozenset(args.game),
        frozenset(args.limit),
        frozenset(args.stakes),
        args.since,
        args.until,
    )


def gather(args: argparse.Namespace, filters: Filters) -> Tally:
    """The tally of what ``args`` select: saved records read, histories scored (here, in processes, on Dask)."""
    paths = args.paths or ([] if args.db is not None else [str(SAMPLES)])
    saved = [path for path in paths if is_records(path)]
    histories = [path for path in paths if not is_records(path)]
    tally = tally_records(saved, filters)
    if args.db is not None:
        tally.merge(tally_database(database_of(args), filters))
    if histories:
        sources = expand(histories)
        if getattr(args, "output", None):
            refuse_as_output(args.output, sources)
        if args.dask:
            cluster = require("badugi_fast.cluster", "--dask")
            with cluster.connect(args.dask, jobs_of(args, "stats")) as client:
                tally.merge(tally_on_dask(client, sources, filters))
        else:
            tally.merge(tally_histories(sources, filters, jobs_of(args, "stats")))
    return tally


def run(args: argparse.Namespace) -> int:
    filters = selection(args)
    form = args.format or ("table" if not args.output and sys.stdout.isatty() else "jsonl")
    if args.per_hand:
        return _per_hand(args, filters)
    if form == "parquet" and not args.output:
        raise ValueError("--format parquet writes a file: give --output")
    tally = gather(args, filters)
    rows = [row(key, tally.rows[key]) for key in sorted(tally.rows, key=functools.partial(_order, tally))]
    if form == "parquet":
        pa = require("pyarrow", "--format parquet")
        parquet = require("pyarrow.parquet", "--format parquet")
        with replacing(args.output, binary=True) as stream:
            parquet.write_table(pa.Table.from_pylist(rows), stream)
        return 0
    with replacing(args.output) if args.output else contextlib.nullcontext(sys.stdout) as stream:
        _write(stream, form, rows)
    counts = tally.statuses
    print(
        f"badugi stats: {len(tally.files)} files, {sum(counts.values())} hands, {counts['verified']} verified, "
        f"{counts['mismatch']} mismatches, {counts['error']} errors, {counts['skipped']} skipped; {len(rows)} rows",
        file=sys.stderr,
    )
    return 0


def _order(tally: Tally, key: tuple[str, str, str]) -> tuple[str, str, int, str]:
    """Rows by site and currency, then most hands first, then by name."""
    return key[1], key[2], -tally.rows[key].hands, key[0]


def _write(stream: TextIO, form: str, rows: list[dict[str, Any]]) -> None:
    if form == "jsonl":
        stream.writelines(json.dumps(item, ensure_ascii=False) + "\n" for item in rows)
    elif form == "csv":
        writer = csv.DictWriter(stream, FIELDS, lineterminator="\n")
        writer.writeheader()
        writer.writerows({name: csv_cell(value) for name, value in item.items()} for item in rows)
    else:
        stream.write(_table(rows))


_TABLE = (
    ("player", "player", 20),
    ("site", "site", 10),
    ("currency", "cur", 5),
    ("hands", "hands", 7),
    ("net", "net", 11),
    ("bb_per_100", "bb/100", 8),
    ("vpip", "vpip", 6),
    ("pfr", "pfr", 6),
    ("three_bet", "3bet", 6),
    ("aggression", "agg", 6),
    ("wtsd", "wtsd", 6),
    ("wsd", "wsd", 6),
)


def _table(rows: Sequence[dict[str, Any]]) -> str:
    """A few columns for a terminal; ``*`` marks the hero. Names are shown with their control characters
    escaped."""
    out = io.StringIO()
    out.write(
        " ".join(f"{title:>{width}}" if at else f"{title:<{width}}" for at, (_, title, width) in enumerate(_TABLE))
    )
    out.write("\n")
    for item in rows:
        cells = []
        for at, (name, _, width) in enumerate(_TABLE):
            value = item[name]
            if name == "player":
                value = ("* " if item["hero"] else "  ") + value.encode("unicode_escape").decode("ascii")
            elif isinstance(value, float) and name != "bb_per_100":
                value = f"{value:.0%}" if name != "aggression" else f"{value:.2f}"
            cells.append(f"{'' if value is None else value:>{width}}" if at else f"{value:<{width}}")
        out.write(" ".join(cells) + "\n")
    return out.getvalue()


def _per_hand(args: argparse.Namespace, filters: Filters) -> int:
    """One CSV row per player per hand."""
    paths = args.paths or [str(SAMPLES)]
    if args.db is not None or any(is_records(path) for path in paths):
        raise ValueError("--per-hand reads hand histories: the saved records already hold the same facts")
    sources = expand(paths)
    if args.output:
        refuse_as_output(args.output, sources)
    work = functools.partial(per_hand_rows, filters=filters)
    with replacing(args.output) if args.output else contextlib.nullcontext(sys.stdout) as stream:
        writer = csv.writer(stream, lineterminator="\n")
        writer.writerow(PER_HAND_FIELDS)
        for rows in ordered_map(work, units(sources), jobs_of(args, "stats"), prepare=sendable):
            writer.writerows(rows)
    return 0
