"""The PHH path against PokerStars text, side by side, and before and after a change: ``badugi score`` on the same
simulated hands written as PokerStars text and as PHH, ``badugi convert`` (PokerStars text to PHH), and ``badugi
simulate`` writing each format; plus the cost per hand of PHH's TOML (the standard library's ``tomllib`` against
``badugi_fast.formats.phh.toml_reader``, which the Python reader uses for the hands the C reader leaves to it).

The hands are ``badugi simulate --hands N --seed S`` and the same with ``--format phh``, in a temporary folder;
``badugi score``'s pipeline writes its records to /dev/null, converted and simulated text goes to files there (one
process each, as without ``--jobs``). Each figure is measured in a child process of its own (the faster of two
there: the first warms its caches) and is the median of ``--runs`` runs, the measurements taken in turn so that a
change in the machine's load falls on all of them alike; the load average is printed before and after (compare
figures of one run of this script, not across runs).
``--before PYTHON`` measures the same with another interpreter (a venv with the code before the change installed)
in the same turns, and prints both side by side.

    python scripts/bench_phh.py [--hands 20000] [--seed 1] [--runs 5] [--before /path/to/venv/bin/python]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # the backport, a dependency on 3.10
    import tomli as tomllib

#: What is measured (the name ``--measure`` takes), in the order printed.
MEASURES = {
    "score PokerStars": "badugi score, PokerStars text",
    "score PHH": "badugi score, PHH",
    "convert": "badugi convert, PokerStars text to PHH",
    "simulate": "badugi simulate, PokerStars text",
    "simulate PHH": "badugi simulate --format phh",
}


def standard(text: str) -> dict[str, Any]:
    return tomllib.loads(text, parse_float=Decimal)


def quietly(command: list[str]) -> None:
    from badugi_fast.cli import main as badugi  # imported once, before any timing starts (see ``measure``)

    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        assert badugi(command) == 0, command


def simulated(folder: Path, hands: int, seed: int) -> tuple[Path, Path]:
    """The same simulated hands as PokerStars text and as PHH."""
    stars, phh = folder / "sim.txt", folder / "sim.phhs"
    for target, extra in ((stars, []), (phh, ["--format", "phh"])):
        quietly(["simulate", "--hands", str(hands), "--seed", str(seed), "-o", str(target), *extra])
    return stars, phh


def tables(path: Path) -> list[str]:
    """The hands of a .phhs file, one TOML table each, as the PHH reader reads them."""
    text = "\n" + path.read_text(encoding="utf-8")
    return ["[" + table for table in text.split("\n[")[1:]]


def cpu_per_hand(read: Callable[[str], Any], hands: list[str]) -> float:
    started = time.process_time()
    for hand in hands:
        read(hand)
    return (time.process_time() - started) / len(hands)


def measure(what: str, folder: Path, hands: int, seed: int) -> tuple[float, float]:
    """Hands per wall second and per CPU second of ``what`` (a key of ``MEASURES``) on the hands in ``folder``."""
    import badugi_fast.cli  # noqa: F401  # the import is not what is measured
    from badugi_fast.history.pipeline import render_files

    stars, phh = folder / "sim.txt", folder / "sim.phhs"
    started, cpu = time.perf_counter(), time.process_time()
    if what.startswith("score"):  # the pipeline of ``badugi score``, the records thrown away
        with open(os.devnull, "w", encoding="utf-8") as sink:
            for part in render_files([stars if what == "score PokerStars" else phh], "jsonl"):
                sink.write("".join(part.texts))
    elif what == "convert":
        quietly(["convert", str(stars), "-o", str(folder / "converted.phhs")])
    else:
        extra = ["--format", "phh"] if what == "simulate PHH" else []
        out = folder / ("again.phhs" if extra else "again.txt")
        quietly(["simulate", "--hands", str(hands), "--seed", str(seed), "-o", str(out), *extra])
    return hands / (time.perf_counter() - started), hands / (time.process_time() - cpu)


def child(python: str, what: str, folder: Path, hands: int, seed: int) -> tuple[float, float]:
    """``measure`` run by ``python`` in a process of its own."""
    command = [python, __file__, "--measure", what, "--folder", str(folder), "--hands", str(hands), "--seed", str(seed)]
    done = subprocess.run(command, capture_output=True, text=True, check=True, cwd=folder)  # not this checkout's code
    wall, cpu = json.loads(done.stdout)
    return float(wall), float(cpu)


def _load() -> str:
    return " ".join(f"{load:.2f}" for load in os.getloadavg())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--before", metavar="PYTHON", help="also measure with this interpreter (the code before)")
    parser.add_argument("--measure", choices=MEASURES, help=argparse.SUPPRESS)  # a child's one measurement
    parser.add_argument("--folder", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:  # the second of two: the first warms the process's caches and the files
        print(json.dumps(max(measure(args.measure, args.folder, args.hands, args.seed) for _ in range(2))))
        return 0
    from badugi_fast.formats.phh.toml_reader import loads

    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        _, phh = simulated(folder, args.hands, args.seed)
        hands = tables(phh)
        assert all(loads(hand) == standard(hand) for hand in hands)
        print(f"{len(hands):,} hands, {phh.stat().st_size / len(hands):,.0f} bytes of PHH each; load {_load()}")
        toml: dict[str, list[float]] = {"tomllib": [], "toml_reader": []}
        for _ in range(args.runs):
            toml["tomllib"].append(cpu_per_hand(standard, hands))
            toml["toml_reader"].append(cpu_per_hand(loads, hands))
        costs = {name: statistics.median(runs) * 1e6 for name, runs in toml.items()}
        for name, cost in costs.items():
            print(f"TOML of a hand, {name}: {cost:,.1f} us (CPU, median of {args.runs})")
        print(f"toml_reader / tomllib: {costs['toml_reader'] / costs['tomllib']:.3f}")
        pythons = {"after": sys.executable, **({"before": args.before} if args.before else {})}
        rates: dict[tuple[str, str], list[tuple[float, float]]] = {}
        for _ in range(args.runs):
            for what in MEASURES:
                for label, python in pythons.items():
                    rates.setdefault((label, what), []).append(child(python, what, folder, args.hands, args.seed))
        medians = {key: statistics.median(wall for wall, _ in runs) for key, runs in rates.items()}
        cpus = {key: statistics.median(cpu for _, cpu in runs) for key, runs in rates.items()}
        labels = list(reversed(pythons))  # before, then after
        print(f"hands per wall second (per CPU second), median of {args.runs}: " + " | ".join(labels))
        for what, title in MEASURES.items():
            figures = [f"{medians[label, what]:,.0f} ({cpus[label, what]:,.0f})" for label in labels]
            print(f"{title}: " + " | ".join(figures))
        for slow, fast in (
            ("score PHH", "score PokerStars"),
            ("convert", "score PokerStars"),
            ("simulate PHH", "simulate"),
        ):
            ratios = " | ".join(f"{medians[label, fast] / medians[label, slow]:.2f}x" for label in labels)
            print(f"{MEASURES[fast]} / {MEASURES[slow]}: {ratios}")
        print(f"load {_load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
