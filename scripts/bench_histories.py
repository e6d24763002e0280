"""Hands per second of ``badugi score`` end to end on PokerStars text: parse + score + JSON Lines.

The input is made from the package's own Stars samples, copied over and over with fresh hand numbers into a few
large files in a temporary folder; the records go to /dev/null. Prints hands/s for jobs=1 and jobs=2, and the
machine's load average before and after (on a shared machine, compare figures measured in the same run; the CPU
rate of jobs=1 is the least disturbed by other work). ``--files 1`` measures one big file, which ``--jobs`` cuts
into runs of hands.

    python scripts/bench_histories.py [--hands 200000] [--files 4]
"""

from __future__ import annotations

import argparse
import gzip
import io
import os
import re
import sys
import tempfile
import time
from pathlib import Path

from badugi_fast.history.batch import render_files
from badugi_fast.history.command import SAMPLES
from badugi_fast.history.detect import decode

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


def measure(paths: list[Path], jobs: int) -> tuple[int, float, float]:
    """``(hands, wall seconds, CPU seconds of this process)`` to score ``paths`` into JSON Lines thrown away.

    With jobs=1 the CPU time is the per-core cost even on a busy machine; with more jobs only wall time counts.
    """
    with open(os.devnull, "w", encoding="utf-8") as sink:
        started, cpu = time.perf_counter(), time.process_time()
        count = 0
        for parts in render_files(paths, "jsonl", jobs):
            for part in parts:
                sink.write("".join(part.texts))
                count += len(part.texts)
        return count, time.perf_counter() - started, time.process_time() - cpu


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
        rates = {}
        for jobs in (1, 2):
            hands, seconds, cpu = measure(paths, jobs)
            rates[jobs] = hands / seconds
            line = f"jobs={jobs}: {hands:,} hands in {seconds:.2f} s = {rates[jobs]:,.0f} hands/s"
            if jobs == 1:
                line += f" ({hands / cpu:,.0f} hands per CPU second)"
            print(line)
        print(f"speed-up with 2 jobs: {rates[2] / rates[1]:.2f}x on {os.cpu_count()} CPUs; load {_load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
