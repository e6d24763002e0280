"""``badugi score [PATH ...]``: score hand histories, write one record per hand, summarise on stderr.

With no PATH it scores the sample histories shipped inside the package. Exit status: 0 when no hand mismatched
or failed to parse, 1 otherwise, 2 on a usage error (raised as ValueError/OSError, reported by ``cli``): a missing
path, an output file that is one of the inputs, a bad option, inputs that hold no hand at all (the files looked at
are named; no output file is written). A file named on its own that holds no hand history (a README) is no hand: it
is said so on stderr and left out of the records and the counts, as such a file in a folder is.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import gc
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable
from typing import BinaryIO

from badugi_fast.cli import jobs_of, paths_help
from badugi_fast.cli.progress import Progress
from badugi_fast.extras import require
from badugi_fast.files import replacing, replacing_folder
from badugi_fast.history.cut import left_out
from badugi_fast.history.output import FORMATS, header
from badugi_fast.history.pipeline import Rendered, count_part, render_sources
from badugi_fast.history.read import bulk_memory
from badugi_fast.history.sources import expand, no_history, refuse_as_output

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "paths",
        nargs="*",
        metavar="PATH",
        help=paths_help(" (default: the samples shipped with badugi-fast)"),
    )
    parser.add_argument(
        "--format",
        choices=FORMATS,
        help="output format (default: jsonl, or table when writing to a terminal); parquet needs --output and the "
        "dask extra",
    )
    parser.add_argument(
        "--output",
        "-o",
        metavar="FILE",
        help="write the records to FILE instead of stdout (with --dask and --format parquet: a folder)",
    )
    parser.add_argument(
        "--jobs",
        "-j",
        type=int,
        metavar="N",
        help="score in N processes (0: one per core, the most; default 1, or one per core with --dask local)",
    )
    parser.add_argument(
        "--fail-on-mismatch",
        action="store_true",
        help="stop at the first hand that mismatches or cannot be read (exit status 1)",
    )
    parser.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="score on the Dask cluster whose scheduler is at ADDRESS (tcp://host:8786), or on a local cluster of "
        "--jobs workers ('local'); needs the dask extra",
    )


def run(args: argparse.Namespace) -> int:
    """Score, write, summarise; returns the exit status."""
    gc.freeze()  # the modules and tables imported live to the end: the collector need not walk them again
    bulk_memory()  # each run's megabytes of text and records reuse the last run's pages
    jobs = jobs_of(args, "score")
    sources = expand(args.paths or _samples(), note=_note)
    form = args.format or ("jsonl" if args.output or not sys.stdout.isatty() else "table")
    if args.output:
        refuse_as_output(args.output, sources)
    elif form == "parquet":
        raise ValueError("--format parquet writes a file (a folder with --dask): give --output")
    stop_early = args.fail_on_mismatch
    progress = Progress("scoring")
    if not args.dask:  # on a cluster the workers read: no bytes counted here
        sources = progress.reading(sources)
    with contextlib.ExitStack() as stack:
        render: Callable[[str], Iterable[Rendered]] = functools.partial(render_sources, sources, jobs=jobs)
        if args.dask:
            cluster = require("badugi_fast.cluster", "--dask")
            on_dask = require("badugi_fast.history.dask", "--dask")
            client = stack.enter_context(cluster.connect(args.dask, jobs))
            render = functools.partial(on_dask.render_parts, client, sources)
        if form != "parquet":
            stream = stack.enter_context(replacing(args.output, binary=True)) if args.output else _stdout_bytes()
            stream.write(header(form).encode())
            counts = _score(render(form), functools.partial(_write_records, stream), stop_early, progress)
        elif not args.dask:
            parquet = require("badugi_fast.history.parquet", "--format parquet")
            sink = stack.enter_context(parquet.Sink(stack.enter_context(replacing(args.output, binary=True))))
            counts = _score(
                render("jsonl"), lambda part: sink.write(parquet.table_of(part.texts)), stop_early, progress
            )
        else:
            parquet = require("badugi_fast.history.parquet", "--format parquet")
            if stop_early:
                raise ValueError("--fail-on-mismatch cannot stop workers writing Parquet files: leave one out")
            folder = stack.enter_context(replacing_folder(args.output, _is_part))  # a local folder or a URL
            counts = _score(on_dask.write_parts(client, sources, folder), lambda part: None, stop_early, progress)
        if not counts["hands"]:  # raised here: an output file is not left behind
            raise no_history(sources)
    return 1 if counts["mismatch"] or counts["error"] else 0


def _samples() -> list[str]:
    """The samples shipped with the package, scored when no path is given."""
    from badugi_fast.history.sources import SAMPLES  # made on first use: pathlib is imported only for them

    return [str(SAMPLES)]


def _stdout_bytes() -> BinaryIO:
    """Standard output as bytes: the records are UTF-8 already (what was written as text before goes first)."""
    sys.stdout.flush()
    return sys.stdout.buffer


def _write_records(stream: BinaryIO, part: Rendered) -> None:
    """Write the records of ``part``; they go out as their run is done: a reader downstream sees them as they
    come."""
    stream.write(part.texts.data)
    stream.flush()


def _is_part(name: str) -> bool:
    """Whether a file in an output folder is one that ``--dask --format parquet`` writes."""
    return name.startswith("part-") and name.endswith(".parquet")


def _score(
    parts: Iterable[Rendered], write: Callable[[Rendered], None], stop_early: bool, progress: Progress
) -> Counter[str]:
    """Write every run's records with ``write``; show ``progress`` (cleared however the run ends) and print the
    summary to stderr; return the counts. ``stop_early``: stop after the first hand that mismatches or cannot be
    read."""
    counts: Counter[str] = Counter()
    started = time.perf_counter()
    last_file = None
    failed = None
    with progress:
        for part in parts:
            if part.holds_no_history():
                with progress.paused():
                    _note(left_out(part.source))
                continue
            if part.statuses and part.source != last_file:
                counts["files"] += 1
                last_file = part.source
            failed = _first_failure(part.statuses) if stop_early else None
            hands = len(part.statuses) if failed is None else failed + 1
            with progress.paused():
                write(_first(part, hands))
            count_part(counts, part, hands)
            progress.add(part.source, hands)
            if failed is not None:
                break
            del part  # let its megabytes go before the next run is scored, not after: fewer fresh pages
    _summary(counts, time.perf_counter() - started, stopped=failed is not None)
    return counts


def _first(part: Rendered, hands: int) -> Rendered:
    """``part`` with its first ``hands`` hands only."""
    if hands == len(part.statuses):
        return part
    return Rendered(part.source, part.texts[:hands], part.statuses[:hands], part.showdowns[:hands])


def _note(message: str) -> None:
    print(f"badugi score: {message}", file=sys.stderr)


def _first_failure(statuses: list[str]) -> int | None:
    """The position of the first hand that mismatched or could not be read, if any."""
    found = [statuses.index(status) for status in ("mismatch", "error") if status in statuses]
    return min(found) if found else None


def _summary(counts: Counter[str], seconds: float, stopped: bool = False) -> None:
    """The one-paragraph summary on stderr."""
    rate = counts["hands"] / seconds if seconds > 0 else 0.0
    print(
        f"badugi score: {counts['files']} files, {counts['hands']} hands, {counts['badugi']} Badugi hands, "
        f"{counts['showdowns']} showdowns, {counts['verified']} verified, {counts['mismatch']} mismatches, "
        f"{counts['error']} errors, {counts['skipped']} skipped, {counts['no_showdown']} without showdown"
        + (f", {counts['unverified']} with nothing to verify" if counts["unverified"] else "")
        + "; "
        f"{rate:,.0f} hands/s" + (" (stopped at the first mismatch or error)" if stopped else ""),
        file=sys.stderr,
    )
