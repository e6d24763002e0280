"""PHH read against PokerStars text, side by side: the cost per hand of PHH's TOML (the standard library's
``tomllib`` against ``badugi_fast.formats.phh.toml_reader``), and ``badugi score``'s hands per second on the same
simulated hands written as PokerStars text and as PHH, the PHH read with each TOML reader.

The hands are ``badugi simulate --hands N --seed S`` and the same with ``--format phh``, in a temporary folder;
the records go to /dev/null (one process, as ``badugi score`` without ``--jobs``). Each figure is the median of
``--runs`` runs, the measurements taken in turn so that a change in the machine's load falls on all of them alike;
the load average is printed before and after (compare figures of one run of this script, not across runs).

    python scripts/bench_phh.py [--hands 20000] [--seed 1] [--runs 5]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

from badugi_fast.cli import main as badugi
from badugi_fast.formats.phh import reader
from badugi_fast.formats.phh.toml_reader import loads
from badugi_fast.history.pipeline import render_files

if sys.version_info >= (3, 11):
    import tomllib
else:  # the backport, a dependency on 3.10
    import tomli as tomllib


def standard(text: str) -> dict[str, Any]:
    return tomllib.loads(text, parse_float=Decimal)


def simulated(folder: Path, hands: int, seed: int) -> tuple[Path, Path]:
    """The same simulated hands as PokerStars text and as PHH."""
    stars, phh = folder / "sim.txt", folder / "sim.phhs"
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        for target, extra in ((stars, []), (phh, ["--format", "phh"])):
            assert badugi(["simulate", "--hands", str(hands), "--seed", str(seed), "-o", str(target), *extra]) == 0
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


@contextlib.contextmanager
def phh_toml(read: Callable[[str], Any]) -> Iterator[None]:
    """The PHH reader reading its TOML with ``read`` for a while."""
    kept = getattr(reader, "loads")  # noqa: B009  # the name the reader imported, not a public one
    setattr(reader, "loads", read)  # noqa: B010
    try:
        yield
    finally:
        setattr(reader, "loads", kept)  # noqa: B010


def score_rate(path: Path) -> tuple[float, float]:
    """``(hands per wall second, hands per CPU second)`` of ``badugi score`` on ``path``, records thrown away."""
    with open(os.devnull, "w", encoding="utf-8") as sink:
        started, cpu = time.perf_counter(), time.process_time()
        count = 0
        for part in render_files([path], "jsonl"):
            sink.write("".join(part.texts))
            count += len(part.texts)
    return count / (time.perf_counter() - started), count / (time.process_time() - cpu)


def _load() -> str:
    return " ".join(f"{load:.2f}" for load in os.getloadavg())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        stars, phh = simulated(Path(folder), args.hands, args.seed)
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
        rates: dict[str, list[tuple[float, float]]] = {"PokerStars": [], "PHH, tomllib": [], "PHH, toml_reader": []}
        for _ in range(args.runs):
            rates["PokerStars"].append(score_rate(stars))
            with phh_toml(standard):
                rates["PHH, tomllib"].append(score_rate(phh))
            rates["PHH, toml_reader"].append(score_rate(phh))
        medians = {}
        for name, runs in rates.items():
            wall, cpu = (statistics.median(rate[k] for rate in runs) for k in (0, 1))
            medians[name] = wall
            print(f"badugi score, {name}: {wall:,.0f} hands/s ({cpu:,.0f} per CPU second), median of {args.runs}")
        for name in ("PHH, tomllib", "PHH, toml_reader"):
            print(f"PokerStars / {name}: {medians['PokerStars'] / medians[name]:.2f}x")
        print(f"load {_load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
