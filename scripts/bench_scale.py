"""Hands per second of ``badugi score`` on a big archive: one process, ``--jobs 2``, and Dask (a local cluster of
two workers), on the same files in one run, with the records checked to be the same (a SHA-256 of each output).

The archive (default 5,000,000 hands in 50 files under /work/scale-data, outside the repository) is written once
and reused: a few tens of thousands of simulated hands (fixed limit in chips, pot limit in dollars, no limit)
copied over and over with new hand numbers, as bench_histories.py does with the samples.

Also measured: what a plain CPU-bound loop gains from a second process at that moment (bench_histories.py's
calibration: on a shared machine two processes may get less than two cores), and Dask's cost per task (tasks that
do nothing, submitted as ``badugi score`` submits its parts), against the time a part of ``PART_HANDS`` hands takes.

    python scripts/bench_scale.py [--hands 5000000] [--files 50] [--data /work/scale-data] [--rounds 1]
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import os
import re
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path

from bench_histories import machine_speed_up
from distributed import Client

from badugi_fast import cluster
from badugi_fast.formats.pokerstars.writer import write_histories
from badugi_fast.game import TableRules, simulate
from badugi_fast.history import dask as on_dask
from badugi_fast.history.pipeline import Rendered, render_sources
from badugi_fast.history.sources import expand
from badugi_fast.parallel import ordered_map

_HAND_NUMBER = re.compile(r"^(PokerStars (?:Game|Hand) #)(\d+)", re.MULTILINE)
#: Simulated hands copied into the archive: (hands, table rules, currency).
_TABLES = (
    (20_000, TableRules(10, 20), None),
    (10_000, TableRules(25, 50, "pot"), "USD"),
    (10_000, TableRules(5, 10, "no"), None),
)


def simulated_hands() -> list[str]:
    """The text of each simulated hand (seeded: the same every time)."""
    hands: list[str] = []
    for seed, (count, rules, currency) in enumerate(_TABLES):
        out = io.StringIO()
        write_histories(simulate(count, 6, rules, seed), out, currency)
        text = out.getvalue()
        starts = [match.start() for match in _HAND_NUMBER.finditer(text)]
        hands += [text[a:b] for a, b in zip(starts, [*starts[1:], len(text)], strict=True)]
    return hands


def make_archive(folder: Path, hands: int, files: int) -> list[Path]:
    """``files`` files of ``hands`` hands in all in ``folder``, written unless a previous run wrote the same."""
    stamp = folder / "archive.json"
    wanted = {"hands": hands, "files": files, "version": 1}
    paths = [folder / f"stars-{number:04d}.txt" for number in range(files)]
    if stamp.exists() and json.loads(stamp.read_text()) == wanted and all(path.exists() for path in paths):
        return paths
    folder.mkdir(parents=True, exist_ok=True)
    stamp.unlink(missing_ok=True)
    samples = simulated_hands()
    number = 2 * 10**11
    for path in paths:
        with open(path, "w", encoding="utf-8") as out:
            for i in range(hands // files):
                number += 1
                out.write(_HAND_NUMBER.sub(rf"\g<1>{number}", samples[i % len(samples)], count=1))
    stamp.write_text(json.dumps(wanted))
    return paths


def measure(parts: Iterable[Rendered]) -> tuple[int, float, str]:
    """``(hands, seconds, SHA-256 of the records)`` of consuming ``parts`` as ``badugi score`` does."""
    digest = hashlib.sha256()
    started = time.perf_counter()
    hands = 0
    for part in parts:
        digest.update("".join(part.texts).encode())
        hands += len(part.texts)
    return hands, time.perf_counter() - started, digest.hexdigest()


def _nothing(item: int) -> int:
    return item


def task_cost(client: Client, tasks: int = 2000) -> float:
    """Seconds of wall time per task for tasks that do nothing, submitted as the parts are (in order, a few per
    worker ahead): Dask's cost per task at this throughput."""
    executor = client.get_executor(pure=False)
    started = time.perf_counter()
    for _ in ordered_map(_nothing, range(tasks), cluster.workers_of(client), executor):
        pass
    return (time.perf_counter() - started) / tasks


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5_000_000)
    parser.add_argument("--files", type=int, default=50)
    parser.add_argument("--data", type=Path, default=Path("/work/scale-data"))
    parser.add_argument("--rounds", type=int, default=1, help="measure each way this many times, taking turns")
    parser.add_argument("--part-hands", type=int, default=on_dask.PART_HANDS, help="hands per Dask task")
    args = parser.parse_args()
    started = time.perf_counter()
    paths = [str(path) for path in make_archive(args.data, args.hands, args.files)]
    size = sum(os.path.getsize(path) for path in paths) / 1e9
    print(f"archive: {args.hands:,} hands in {args.files} files, {size:.1f} GB ({time.perf_counter() - started:.0f} s)")
    print(f"load {_load()}; a CPU-bound loop gets {machine_speed_up():.2f}x from two processes now", flush=True)
    with cluster.connect("local", 2) as client:
        cost = task_cost(client)
        ways: dict[str, Callable[[], Iterable[Rendered]]] = {
            "one process": lambda: render_sources(expand(paths), "jsonl", 1),
            "--jobs 2": lambda: render_sources(expand(paths), "jsonl", 2),
            "--dask local, 2 workers": lambda: on_dask.render_parts(client, expand(paths), "jsonl", args.part_hands),
        }
        rates: dict[str, list[float]] = {name: [] for name in ways}
        digests = set()
        for round_number in range(args.rounds):
            turn = list(ways.items())
            for name, parts in turn[round_number % 3 :] + turn[: round_number % 3]:  # each way first in turn
                hands, seconds, digest = measure(parts())
                rates[name].append(hands / seconds)
                digests.add(digest)
                print(f"  {name}: {hands:,} hands in {seconds:.1f} s = {hands / seconds:,.0f} hands/s", flush=True)
    if len(digests) != 1:
        print("the records differ between the ways of scoring!")
        return 1
    base = statistics.median(rates["one process"])
    print(f"medians of {args.rounds} round(s), the same records every time (SHA-256 {digests.pop()[:16]}...):")
    for name, measured in rates.items():
        rate = statistics.median(measured)
        print(f"  {name:<24} {rate:>9,.0f} hands/s  {rate / base:.2f}x")
    part_seconds = args.part_hands / base
    print(
        f"Dask's cost per task: {cost * 1e3:.2f} ms; a part of {args.part_hands:,} hands takes {part_seconds:.2f} s "
        f"on one core here: {cost / part_seconds:.2%} of it"
    )
    print(f"load {_load()}; a CPU-bound loop gets {machine_speed_up():.2f}x from two processes now")
    return 0


def _load() -> str:
    return " ".join(f"{load:.2f}" for load in os.getloadavg())


if __name__ == "__main__":
    sys.exit(main())
