"""``badugi score [PATH ...]``: score hand histories, write one record per hand, summarise on stderr.

With no PATH it scores the sample histories shipped inside the package. Exit status: 0 when no hand mismatched
or failed to parse, 1 otherwise, 2 on a usage error (raised as ValueError/OSError, reported by ``cli``): a missing
path, an output file that is one of the inputs, a bad option.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path
from typing import TextIO

from badugi_fast.files import cores, identity, replacing
from badugi_fast.history.output import FORMATS, header
from badugi_fast.history.pipeline import Rendered, render_sources
from badugi_fast.history.sources import Source, expand

__all__ = ["SAMPLES", "add_arguments", "run"]

#: The sample histories that ship with the package (scored when no PATH is given).
SAMPLES = Path(__file__).with_name("samples")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "paths",
        nargs="*",
        metavar="PATH",
        help="hand-history files, folders (searched recursively), .gz/.bz2/.zip archives, or - for stdin "
        "(default: the samples shipped with badugi-fast)",
    )
    parser.add_argument(
        "--format",
        choices=FORMATS,
        help="output format (default: jsonl, or table when writing to a terminal)",
    )
    parser.add_argument("--output", "-o", metavar="FILE", help="write the records to FILE instead of stdout")
    parser.add_argument(
        "--jobs", "-j", type=int, default=1, metavar="N", help="score in N processes (0: one per core, the most)"
    )
    parser.add_argument(
        "--fail-on-mismatch",
        action="store_true",
        help="stop at the first hand that mismatches or cannot be read (exit status 1)",
    )


def run(args: argparse.Namespace) -> int:
    """Score, write, summarise; returns the exit status."""
    jobs = _jobs(args.jobs)
    sources = expand(args.paths or [str(SAMPLES)], note=_note)
    if args.output:
        _refuse_input_as_output(args.output, sources)
        with replacing(args.output) as stream:
            counts = _score(sources, jobs, args.format or "jsonl", stream, args.fail_on_mismatch)
    else:
        form = args.format or ("table" if sys.stdout.isatty() else "jsonl")
        counts = _score(sources, jobs, form, sys.stdout, args.fail_on_mismatch)
    return 1 if counts["mismatch"] or counts["error"] else 0


def _jobs(asked: int) -> int:
    """The number of processes for ``--jobs``: 0 means one per core, and never more than the cores."""
    if asked < 0:
        raise ValueError(f"--jobs must be 0 or more, not {asked}")
    available = cores()
    if asked > available:
        _note(f"--jobs {asked}: using {available}, the number of cores")
    return min(asked or available, available)


def _refuse_input_as_output(output: str, sources: list[Source]) -> None:
    """ValueError when the output file is one of the files to read (it would be written over as it is read)."""
    target = identity(output)
    if target is None:
        return
    for source in sources:
        if source.file == target:
            raise ValueError(f"the output file {output} is also an input ({source.name}): choose another")


def _score(sources: list[Source], jobs: int, form: str, stream: TextIO, stop_early: bool) -> Counter[str]:
    """Write every record; print progress (on a terminal) and the summary to stderr; return the counts."""
    stream.write(header(form))
    counts: Counter[str] = Counter()
    progress = sys.stderr.isatty()
    started = time.perf_counter()
    last_file = None
    for part in render_sources(sources, form, jobs):
        if part.texts and part.source != last_file:
            counts["files"] += 1
            last_file = part.source
        hands = len(part.texts)
        failed = _first_failure(part.statuses) if stop_early else None
        if failed is not None:
            hands = failed + 1
        stream.write("".join(part.texts[:hands]))
        stream.flush()  # records go out as their run is done: a reader downstream sees them as they come
        _count(counts, part, hands)
        if failed is not None:
            stream.flush()
            _summary(counts, time.perf_counter() - started, progress, stopped=True)
            return counts
        if progress:
            print(f"\rscoring: {counts['files']} files, {counts['hands']} hands", end="", file=sys.stderr, flush=True)
    stream.flush()
    _summary(counts, time.perf_counter() - started, progress)
    return counts


def _note(message: str) -> None:
    print(f"badugi score: {message}", file=sys.stderr)


def _first_failure(statuses: list[str]) -> int | None:
    """The position of the first hand that mismatched or could not be read, if any."""
    found = [statuses.index(status) for status in ("mismatch", "error") if status in statuses]
    return min(found) if found else None


def _count(counts: Counter[str], part: Rendered, hands: int) -> None:
    """Counts the first ``hands`` hands of ``part``."""
    statuses = part.statuses[:hands]
    counts.update(statuses)
    counts["hands"] += hands
    counts["badugi"] += hands - statuses.count("skipped") - statuses.count("error")
    counts["showdowns"] += sum(part.showdowns[:hands])


def _summary(counts: Counter[str], seconds: float, progress: bool, stopped: bool = False) -> None:
    """The one-paragraph summary on stderr."""
    rate = counts["hands"] / seconds if seconds > 0 else 0.0
    end = "\r" + " " * 60 + "\r" if progress else ""
    print(
        f"{end}badugi score: {counts['files']} files, {counts['hands']} hands, {counts['badugi']} Badugi hands, "
        f"{counts['showdowns']} showdowns, {counts['verified']} verified, {counts['mismatch']} mismatches, "
        f"{counts['error']} errors, {counts['skipped']} skipped, {counts['no_showdown']} without showdown; "
        f"{rate:,.0f} hands/s" + (" (stopped at the first mismatch or error)" if stopped else ""),
        file=sys.stderr,
    )
