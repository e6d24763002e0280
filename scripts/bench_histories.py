"""The figures of issue 26, in one run: ``badugi score`` and its neighbours as CPU seconds of whole processes.

On the same simulated hands (``badugi simulate``, six-handed, fixed limit, written once as PokerStars text and once
as PHH), each command runs as its own process, once to warm up and then three times, the commands compared taking
turns (a shared machine's speed drifts: each drift falls on all of them); the median of the three CPU times (user
+ system, of the process and its children) is its figure. Printed:

- ``badugi score --jobs 1 --format jsonl -o FILE`` in hands per CPU second, and the same of ``--baseline TREE``
  (another checkout, for instance commit 93688a9, built in place) when given: the ratio of the two;
- the C reader alone (csrc/stars.c over the runs that ``cut`` makes, records left in C's buffer, in a process of its
  own; its rate counts the reading only, a reader's own rate), and score's rate as a share of it;
- PHH scored / the same hands as PokerStars text; ``badugi convert --to phh`` / ``badugi score``;
  ``simulate --format phh`` / ``simulate``.

Python's bytecode is cached in a temporary folder for the run (``PYTHONPYCACHEPREFIX``), as an installed package's
is, so that no process pays for compiling the modules it imports. On a shared machine compare figures of the same
run; the load average is printed before and after. ``stars_hands``, ``make_input`` and ``machine_speed_up`` are
for the other benchmarks (bench_scale.py, memory_bound.py): PokerStars files made of the samples, and what two
processes gain on this machine now.

    python scripts/bench_histories.py [--hands 20000] [--baseline /path/to/other/tree]
"""

from __future__ import annotations

import argparse
import gzip
import io
import multiprocessing
import os
import platform
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from badugi_fast.history.sources import SAMPLES, decode

ROOT = Path(__file__).resolve().parents[1]

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


#: The C reader alone: cut the file into runs, then time csrc/stars.c reading them (records written to a C buffer,
#: no Python object made of them); prints the hands read and those CPU seconds.
_C_READER = """
import sys, time
from badugi_fast._badugi import ffi, lib
from badugi_fast.history.pipeline import units
from badugi_fast.history.sources import sources_of
runs = [(unit.text(), len(unit.starts)) for unit in units(sources_of(sys.argv[1]))]
out = ffi.new("int64_t[]", 128 * lib.BADUGI_HH_RECORD_MAX)
started = time.process_time()
for data, _ in runs:
    offset, line = ffi.new("size_t *", 0), ffi.new("size_t *", 0)
    while lib.badugi_stars_scan(data, len(data), offset, line, out, len(out)):
        pass
print(sum(hands for _, hands in runs), time.process_time() - started)
"""


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _environment(tree: Path, cache: Path) -> dict[str, str]:
    """The environment of a measured process: ``tree`` imported, bytecode cached in ``cache``."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(tree)
    env["PYTHONPYCACHEPREFIX"] = str(cache)
    return env


def cpu_seconds(commands: list[tuple[list[str], dict[str, str]]], runs: int = 3) -> list[tuple[float, list[str]]]:
    """The median CPU seconds of ``runs`` runs of each command (with its environment), and its outputs. The
    commands take turns, one run of each per round after a round to warm up, so that a change in the machine's
    speed (it is shared) falls on all of them alike and their ratios hold. They run in the temporary folder (the
    first environment's ``PYTHONPYCACHEPREFIX``'s), where ``python -m`` finds no package of the current folder
    before the tree the environment names."""
    times: list[list[float]] = [[] for _ in commands]
    outputs: list[list[str]] = [[] for _ in commands]
    folder = Path(commands[0][1]["PYTHONPYCACHEPREFIX"]).parent
    for run in range(runs + 1):
        for number, (command, env) in enumerate(commands):
            before = _children_cpu()
            done = subprocess.run(command, env=env, cwd=folder, check=True, capture_output=True, text=True)
            if run:
                times[number].append(_children_cpu() - before)
                outputs[number].append(done.stdout)
    return [(statistics.median(taken), said) for taken, said in zip(times, outputs, strict=True)]


def badugi(*arguments: str) -> list[str]:
    return [sys.executable, "-m", "badugi_fast", *arguments]


def _load() -> str:
    return " ".join(f"{load:.2f}" for load in os.getloadavg())


def _model() -> str:
    """The CPU's model name (``lscpu``), or what ``platform`` says."""
    try:
        lines = subprocess.run(["lscpu"], check=True, capture_output=True, text=True).stdout.splitlines()
    except (OSError, subprocess.CalledProcessError):
        return platform.processor() or platform.machine()
    return next((line.split(":", 1)[1].strip() for line in lines if line.startswith("Model name")), "unknown")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--baseline", type=Path, help="another checkout, built in place, to score the same hands")
    args = parser.parse_args()
    hands = args.hands
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        env = _environment(ROOT, work / "pycache")
        stars, phh, out = work / "sim.txt", work / "sim.phhs", work / "out"
        simulate = ["simulate", "-q", "--hands", str(hands), "--players", "6", "--seed", "1"]
        print(f"machine: {_model()}, {os.cpu_count()} CPUs; {hands:,} simulated six-handed hands; load {_load()}")
        plain, as_phh = cpu_seconds(
            [(badugi(*simulate, "-o", str(stars)), env), (badugi(*simulate, "--format", "phh", "-o", str(phh)), env)]
        )
        score = badugi("score", "--jobs", "1", "--format", "jsonl", "-o", str(out))
        convert = badugi("convert", "-q", "--to", "phh", "-o", str(work / "conv.phhs"), str(stars))
        measured = [([*score, str(stars)], env), ([*score, str(phh)], env), (convert, env)]
        measured.append(([sys.executable, "-c", _C_READER, str(stars)], env))
        if args.baseline:
            measured.append(([*score, str(stars)], _environment(args.baseline.resolve(), work / "pycache-base")))
        (scored, _), (phh_scored, _), (converted, _), (_, readings), *base = cpu_seconds(measured)
        rate = hands / scored
        print(f"score --jobs 1 --format jsonl: {rate:,.0f} hands per CPU second ({scored:.2f} s)")
        if base:
            base_seconds = base[0][0]
            print(
                f"  {args.baseline}: {hands / base_seconds:,.0f} hands per CPU second; "
                f"this tree / that: {base_seconds / scored:.2f}x"
            )
        read = int(readings[0].split()[0])
        c_rate = read / statistics.median(float(said.split()[1]) for said in readings)
        print(f"C reader alone: {c_rate:,.0f} hands per CPU second; score / C reader: {rate / c_rate:.2f}")
        print(f"PHH scored / the same hands as PokerStars text: {phh_scored / scored:.2f}x")
        print(f"convert --to phh / score: {converted / scored:.2f}x")
        print(f"simulate --format phh / simulate: {as_phh[0] / plain[0]:.2f}x")
        print(f"load {_load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
