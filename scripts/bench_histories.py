"""Hands per second of ``badugi score`` end to end on PokerStars text: parse + score + JSON Lines.

The input is made from the package's own Stars samples, copied over and over with fresh hand numbers into a few
large files in a temporary folder; the records go to /dev/null. Prints hands/s for jobs=1 and jobs=2, and the
machine's load average before and after (on a shared machine, compare figures measured in the same run; the CPU
rate of jobs=1 is the least disturbed by other work). ``--files 1`` measures one big file, which ``--jobs`` cuts
into runs of hands.

A shared machine may not give two free cores: so the run also measures what a plain CPU-bound loop gains from
two processes at the same time (the most any program could), and the CPU time the parent and the workers spend
per hand with two jobs (their sum against the CPU time of one job is the cost of working in parallel).

    python scripts/bench_histories.py [--hands 200000] [--files 4]
"""

from __future__ import annotations

import argparse
import gzip
import io
import multiprocessing
import os
import re
import resource
import sys
import tempfile
import time
from pathlib import Path

from badugi_fast.history.pipeline import render_files
from badugi_fast.history.sources import SAMPLES, decode

_HAND_NUMBER = re.compile(r"^(PokerStars (?:Game|Hand) #)(\d+)", re.MULTILINE)


def stars_hands() -> list[str]:
    """The Stars sample hands, one text each."""
    hands: list[str] = []
    for path in sorted(SAMPLES.glob("pokerstars-*")):
        data = path.read_bytes()
        text = decode(gzip.decompress(data) if path.suffix == ".gz" else data)
        starts = [m.start() for m in _HAND_NUMBER.finditer(text)]
        hands += [text[a:b].rstrip("\n") for a, b in zip(starts, [*starts[1:], len(text)], strict=True)]
    return hands


def make_input(folder: Path, hands: int, files: int) -> list[Path]:
    """``files`` files holding ``hands`` hands in all, each with a new hand number."""
    samples = stars_hands()
    paths = []
    number = 10**11
    for file_number in range(files):
        out = io.StringIO()
        for i in range(hands // files):
            number += 1
            out.write(_HAND_NUMBER.sub(rf"\g<1>{number}", samples[i % len(samples)], count=1))
            out.write("\n\n\n")
        path = folder / f"stars-{file_number}.txt"
        path.write_text(out.getvalue(), encoding="utf-8")
        paths.append(path)
    return paths


def measure(paths: list[Path], jobs: int) -> tuple[int, float, float, float]:
    """``(hands, wall seconds, CPU seconds of this process, CPU seconds of its worker processes)`` to score
    ``paths`` into JSON Lines thrown away."""
    with open(os.devnull, "w", encoding="utf-8") as sink:
        started, cpu, workers = time.perf_counter(), time.process_time(), _children_cpu()
        count = 0
        for part in render_files(paths, "jsonl", jobs):
            sink.write("".join(part.texts))
            count += len(part.texts)
        return count, time.perf_counter() - started, time.process_time() - cpu, _children_cpu() - workers


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _spin(steps: int) -> int:
    total = 0
    for step in range(steps):
        total += step
    return total


def machine_speed_up(steps: int = 2_000_000, tasks: int = 8) -> float:
    """What two processes gain over one on a plain CPU-bound loop, now: the most the machine gives."""
    started = time.perf_counter()
    for _ in range(tasks):
        _spin(steps)
    one = time.perf_counter() - started
    with multiprocessing.get_context("fork").Pool(2) as pool:
        started = time.perf_counter()
        pool.map(_spin, [steps] * tasks)
        two = time.perf_counter() - started
    return one / two


def _load() -> str:
    """The load averages over 1, 5 and 15 minutes (other processes competing for the CPUs)."""
    return " ".join(f"{load:.2f}" for load in os.getloadavg())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--files", type=int, default=4)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        paths = make_input(Path(folder), args.hands, args.files)
        size = sum(p.stat().st_size for p in paths) / 1e6
        print(f"input: {args.hands:,} Stars hands in {args.files} files, {size:.0f} MB; load {_load()}")
        rates, per_hand = {}, {}
        for jobs in (1, 2):
            hands, seconds, cpu, workers = measure(paths, jobs)
            rates[jobs], per_hand[jobs] = hands / seconds, (cpu + workers) / hands * 1e6
            line = f"jobs={jobs}: {hands:,} hands in {seconds:.2f} s = {rates[jobs]:,.0f} hands/s"
            if jobs == 1:
                line += f" ({hands / cpu:,.0f} hands per CPU second)"
            else:
                line += f"; CPU per hand: parent {cpu / hands * 1e6:.1f} us, workers {workers / hands * 1e6:.1f} us"
            print(line)
        print(
            f"speed-up with 2 jobs: {rates[2] / rates[1]:.2f}x on {os.cpu_count()} CPUs, where a CPU-bound loop gets "
            f"{machine_speed_up():.2f}x now; CPU per hand with 2 jobs / with 1: {per_hand[2] / per_hand[1]:.2f}; "
            f"load {_load()}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
