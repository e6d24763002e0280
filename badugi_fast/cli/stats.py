"""``badugi stats [PATH ...]``: each player's results and statistics over hand histories or saved records.

PATHs are what ``badugi score`` reads (scored here, in ``--jobs`` processes or on ``--dask``) or records it wrote
(``.jsonl``, ``.parquet``, a folder of Parquet parts), which are only read; ``--db`` adds the hands of the database of
``badugi import`` (``db.tally``, added up inside DuckDB). One row per player, site and currency,
in the public fields of ``stats.FIELDS`` (docs/stats.md); ``--per-hand`` writes one CSV row per player per hand
instead. ``badugi report`` takes the same selection options (``add_selection``, ``selection``).

What reads or scores files (every format's reader) is imported where it is used, not here: ``badugi stats --db``
starts none of it.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import datetime
import functools
import json
import sys
from collections.abc import Iterator, Sequence
from typing import Any, TextIO

from badugi_fast.cli import jobs_of, paths_help
from badugi_fast.cli.importing import add_database, database_of
from badugi_fast.extras import require
from badugi_fast.files import replacing
from badugi_fast.stats import Filters, Tally
from badugi_fast.stats.fields import fields_of, rows_of
from badugi_fast.stats.groups import BY
from badugi_fast.stats.missing import nearest, unmatched

__all__ = ["add_arguments", "add_selection", "gather", "nothing_matches", "run", "selection"]

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
    parser.add_argument(
        "--by",
        choices=BY,
        default="player",
        help="a row per player (the default), or per player and position, stakes, month or session",
    )
    parser.add_argument("--format", choices=_FORMATS, help="output format (default: table on a terminal, else jsonl)")
    parser.add_argument("--output", "-o", metavar="FILE", help="write to FILE instead of stdout")
    parser.add_argument(
        "--tournaments",
        action="store_true",
        help="one row per player per tournament (buy-in, fee, place, prize, net) read from the histories' text",
    )
    parser.add_argument(
        "--per-hand",
        action="store_true",
        help="one CSV row per player per hand (the facts of the scored records) instead of one per player",
    )


def selection(args: argparse.Namespace) -> Filters:
    """The hands and players ``args`` choose."""
    for option, day in (("--since", args.since), ("--until", args.until)):
        if day is not None and not (len(day) == 10 and day[4] == day[7] == "-" and day.replace("-", "").isdigit()):
            raise ValueError(f"{option}: dates are YYYY-MM-DD, not {day!r}")
        if day is not None:
            try:
                datetime.date.fromisoformat(day)
            except ValueError as error:
                raise ValueError(f"{option} {day}: no such day ({error})") from None
    return Filters(
        frozenset(args.player),
        frozenset(args.site),
        frozenset(args.game),
        frozenset(args.limit),
        frozenset(args.stakes),
        args.since,
        args.until,
        getattr(args, "by", "player"),  # badugi stats' rows (the report's are by player)
    )


def gather(args: argparse.Namespace, filters: Filters) -> Tally:
    """The tally of what ``args`` select: the database's hands added up in DuckDB, saved records read, histories
    scored (here, in processes, on Dask)."""
    tally = Tally()
    if args.db is not None:
        store = require("badugi_fast.db.store", "--db")
        summed = require("badugi_fast.db.tally", "--db")
        with store.connect(database_of(args)) as connection:
            tally.merge(summed.tally(connection, filters))
    if args.paths or args.db is None:
        tally.merge(_tally_files(args, filters))
    return tally


def _tally_files(args: argparse.Namespace, filters: Filters) -> Tally:
    """The tally of ``args``' paths (the samples when none is given): saved records read, histories scored."""
    from badugi_fast.history.sources import SAMPLES, expand, no_history, refuse_as_output
    from badugi_fast.stats.collect import is_records, tally_histories, tally_on_dask, tally_records

    paths = args.paths or [str(SAMPLES)]
    saved = [path for path in paths if is_records(path)]
    histories = [path for path in paths if not is_records(path)]
    tally = tally_records(saved, filters)
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
        if not saved and not tally.statuses:  # as badugi score: no empty answer for files that hold no hand
            raise no_history(sources)
    return tally


def run(args: argparse.Namespace) -> int:
    filters = selection(args)
    form = args.format or ("table" if not args.output and sys.stdout.isatty() else "jsonl")
    if args.per_hand:
        return _per_hand(args, filters)
    if args.tournaments:
        return _tournaments(args, filters, form)
    if form == "parquet" and not args.output:
        raise ValueError("--format parquet writes a file: give --output")
    tally = gather(args, filters)
    say_left_out("stats", tally)
    rows = rows_of(tally, filters.by)
    if not rows and filters != Filters(by=filters.by):
        print(f"badugi stats: {nothing_matches(args, filters)}", file=sys.stderr)
        return 1
    if form == "parquet":
        _write_parquet(args.output, rows)
        return 0
    with replacing(args.output) if args.output else contextlib.nullcontext(sys.stdout) as stream:
        _write(stream, form, rows, filters.by)
    counts = tally.statuses
    print(
        f"badugi stats: {len(tally.files)} files, {sum(counts.values())} hands, {counts['verified']} verified, "
        f"{counts['mismatch']} mismatches, {counts['error']} errors, {counts['skipped']} skipped; {len(rows)} rows",
        file=sys.stderr,
    )
    return 0


def say_left_out(command: str, tally: Tally) -> None:
    """One line on stderr for each file named on its own that holds no hand history (``stats`` and ``report``), as
    ``badugi score`` says it."""
    from badugi_fast.history.cut import left_out

    for name in sorted(tally.left_out):
        print(f"badugi {command}: {left_out(name)}", file=sys.stderr)


def nothing_matches(args: argparse.Namespace, filters: Filters) -> str:
    """Why ``filters`` match no hand of ``args``' paths (read again without them): one line, with the nearest values
    the hands hold (``stats`` and ``report``)."""
    return unmatched(filters, gather(args, Filters()))


def _write(stream: TextIO, form: str, rows: list[dict[str, Any]], by: str) -> None:
    if form == "jsonl":
        stream.writelines(json.dumps(item, ensure_ascii=False) + "\n" for item in rows)
    elif form == "csv":
        from badugi_fast.stats.export import csv_cell

        writer = csv.DictWriter(stream, fields_of(by), lineterminator="\n")
        writer.writeheader()
        writer.writerows({name: csv_cell(value) for name, value in item.items()} for item in rows)
    else:
        stream.write(_table(rows, by))


#: The terminal's two tables: (field, title, width); ``*`` marks the hero.
_RESULTS = (
    ("hands", "hands", 7),
    ("net", "net", 11),
    ("bb_per_100", "bb/100", 8),
    ("vpip", "vpip", 5),
    ("pfr", "pfr", 5),
    ("three_bet", "3bet", 5),
    ("aggression", "agg", 5),
    ("wtsd", "wtsd", 5),
    ("wsd", "wsd", 5),
)
_DRAWS = (
    ("hands", "hands", 7),
    *(
        (f"draw{draw}_{kind}", f"{draw}:{title}", 5)
        for draw in (1, 2, 3)
        for kind, title in (("pat", "pat"), ("1", "1"), ("2", "2"), ("3", "3"), ("4", "4"), ("broke_pat", "brk"))
        if draw > 1 or kind != "broke_pat"
    ),
    *((f"showdown_{size}", title, 5) for size, title in (("badugi", "sd4"), ("three", "sd3"), ("two", "sd2"))),
)
_GROUP_WIDTH = {"position": 5, "stakes": 16, "month": 7, "session": 40}


def _table(rows: Sequence[dict[str, Any]], by: str) -> str:
    """For a terminal: the results and the main statistics, then how each player drew (the share of their draws
    at draw 1, 2, 3 in which they stood pat or drew 1 to 4 cards; ``brk``: broke a pat hand; ``sd4`` ... the
    badugis, three- and two-card hands of their showdowns). Names are shown with their control characters
    escaped; ratios in whole percents, the aggression factor and amounts to 2 decimals."""
    group = ((by, by, _GROUP_WIDTH[by]),) if by != "player" else ()
    head = (("player", "player", 20), ("site", "site", 10), ("currency", "cur", 5), *group)
    return "\n".join(_lines(rows, (*head, *_RESULTS))) + "\n\n" + "\n".join(_lines(rows, (*head, *_DRAWS))) + "\n"


def _lines(rows: Sequence[dict[str, Any]], columns: Sequence[tuple[str, str, int]]) -> list[str]:
    left = {"player", "position", "stakes", "month", "session"}
    lines = [" ".join(f"{title:<{width}}" if name in left else f"{title:>{width}}" for name, title, width in columns)]
    for item in rows:
        cells = []
        for name, _, width in columns:
            value = item["limit"] + " " + item["stakes"] if name == "stakes" else item[name]
            if name == "player":
                value = ("* " if item["hero"] else "  ") + value.encode("unicode_escape").decode("ascii")
            elif name in ("bb_per_100", "aggression") and value is not None:
                value = f"{value:.2f}"
            elif isinstance(value, float):
                value = f"{value:.0%}"
            cells.append(f"{value:<{width}}" if name in left else f"{'' if value is None else value:>{width}}")
        lines.append(" ".join(cells).rstrip())
    return lines


def _tournaments(args: argparse.Namespace, filters: Filters, form: str) -> int:
    """One row per player per tournament, and in the table each player's summary with their ROI."""
    from badugi_fast.history.sources import SAMPLES, expand, refuse_as_output
    from badugi_fast.stats.collect import is_records
    from badugi_fast.stats.export import csv_cell
    from badugi_fast.stats.tournaments import (
        SUMMARY_FIELDS,
        TOURNAMENT_FIELDS,
        read_tournaments,
        summaries,
        tournament_rows,
    )

    paths = args.paths or [str(SAMPLES)]
    if any(is_records(path) for path in paths):
        raise ValueError("--tournaments reads hand histories: the saved records do not hold buy-ins and prizes")
    if filters != Filters(filters.players, filters.sites):
        raise ValueError("--tournaments chooses by --player and --site only (a tournament is played whole)")
    if form == "parquet" and not args.output:
        raise ValueError("--format parquet writes a file: give --output")
    sources = expand(paths)
    if args.output:
        refuse_as_output(args.output, sources)
    tournaments = read_tournaments(sources)
    rows = [
        item
        for item in tournament_rows(tournaments, filters.players)
        if not filters.sites or item["site"] in filters.sites
    ]
    if not rows:
        if not tournaments or filters == Filters(by=filters.by):
            print("badugi stats: no tournament hands in these files", file=sys.stderr)
        else:
            present = tournament_rows(tournaments)
            wanted = " ".join(f"--player {name}" for name in sorted(filters.players))
            near = nearest(filters.players, {item["player"] for item in present})
            print(f"badugi stats: no tournament of {wanted}: {near}", file=sys.stderr)
        return 1
    if form == "parquet":
        _write_parquet(args.output, rows)
        return 0
    with replacing(args.output) if args.output else contextlib.nullcontext(sys.stdout) as stream:
        if form == "jsonl":
            stream.writelines(json.dumps(item, ensure_ascii=False) + "\n" for item in rows)
        elif form == "csv":
            writer = csv.DictWriter(stream, TOURNAMENT_FIELDS, lineterminator="\n")
            writer.writeheader()
            writer.writerows({name: csv_cell(value) for name, value in item.items()} for item in rows)
        else:
            stream.write(_plain(rows, TOURNAMENT_FIELDS) + "\n" + _plain(summaries(rows), SUMMARY_FIELDS))
    return 0


def _plain(rows: Sequence[dict[str, Any]], fields: Sequence[str]) -> str:
    """``rows`` as a plain table, each column as wide as its widest cell; the ROI as a percent."""
    cells = [
        [
            f"{item[name]:.1%}"
            if name == "roi" and item[name] is not None
            else ""
            if item[name] is None
            else str(item[name])
            for name in fields
        ]
        for item in rows
    ]
    widths = [max(len(name), *(len(line[at]) for line in cells)) for at, name in enumerate(fields)]
    lines = [" ".join(name.ljust(width) for name, width in zip(fields, widths, strict=True)).rstrip()]
    lines += [" ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=True)).rstrip() for line in cells]
    return "\n".join(lines) + "\n"


def _per_hand(args: argparse.Namespace, filters: Filters) -> int:
    """One CSV row per player per hand."""
    from badugi_fast.history.cut import Unit, holds_no_history, left_out
    from badugi_fast.history.pipeline import sendable, units
    from badugi_fast.history.sources import SAMPLES, expand, no_history, refuse_as_output
    from badugi_fast.parallel import ordered_map
    from badugi_fast.stats.collect import is_records
    from badugi_fast.stats.export import PER_HAND_FIELDS, per_hand_rows

    paths = args.paths or [str(SAMPLES)]
    if args.db is not None or any(is_records(path) for path in paths):
        raise ValueError("--per-hand reads hand histories: the saved records already hold the same facts")
    sources = expand(paths)
    if args.output:
        refuse_as_output(args.output, sources)
    work = functools.partial(per_hand_rows, filters=filters)
    read = 0  # runs of hands read: none, and there is no answer, not even the header (as badugi score)

    def histories() -> Iterator[Unit]:
        nonlocal read
        for unit in units(sources):
            if holds_no_history(unit):
                print(f"badugi stats: {left_out(unit.source)}", file=sys.stderr)
            else:
                read += 1
                yield unit

    with replacing(args.output) if args.output else contextlib.nullcontext(sys.stdout) as stream:
        writer = csv.writer(stream, lineterminator="\n")
        for at, rows in enumerate(ordered_map(work, histories(), jobs_of(args, "stats"), prepare=sendable)):
            if not at:
                writer.writerow(PER_HAND_FIELDS)
            writer.writerows(rows)
        if not read:  # raised here: an output file is not left behind
            raise no_history(sources)
    return 0


def _write_parquet(output: str, rows: list[dict[str, Any]]) -> None:
    """``rows`` as one Parquet file at ``output`` (whole, or the file as it was)."""
    pa = require("pyarrow", "--format parquet")
    parquet = require("pyarrow.parquet", "--format parquet")
    with replacing(output, binary=True) as stream:
        parquet.write_table(pa.Table.from_pylist(rows), stream)
