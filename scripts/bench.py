"""Measure badugi-fast and its peers side by side, in one process, on the same random hands.

    python scripts/bench.py [--hands N] [--repeat R] [--json] [--skip-build]

First every evaluator's answers are checked against badugi_fast on every hand (pokerkit's and poker-equity's
orders mapped to rank numbers); only then are figures printed: the median of R timed runs, ns per hand, hands per
second and the ratio to badugi_fast. Peers are measured when installed (`pip install -e ".[bench]"`).
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import itertools
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from math import comb
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
from numpy.typing import NDArray

import badugi_fast
from badugi_fast import reference
from badugi_fast.cards import card_str
from badugi_fast.perfect_hash import HAND_COUNT

ROOT = Path(__file__).resolve().parents[1]
TARGET_HAND = "As2h3d4c"


@dataclass
class Row:
    """One measured way of evaluating hands."""

    group: str  # "per hand" or "batch"
    name: str
    ns_per_hand: float
    hands_per_second: float
    ratio: float = 1.0  # ns per hand / ns per hand of the group's badugi_fast baseline


def median_seconds(run: Callable[[], object], repeat: int) -> float:
    """The median wall time of ``repeat`` runs (after one warm-up run)."""
    run()
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        run()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def per_hand(function: Callable[[Any], object], hands: Sequence[object]) -> Callable[[], None]:
    """A loop calling ``function`` once per hand (the loop's own cost is included, as in any caller)."""

    def run() -> None:
        for hand in hands:
            function(hand)

    return run


def optional(module: str) -> ModuleType | None:
    """A peer module, or None when it is not installed."""
    return importlib.import_module(module) if importlib.util.find_spec(module) else None


def check_same_order(name: str, ours: NDArray[np.uint16], theirs: Sequence[Any]) -> None:
    """``theirs`` (anything ordered, stronger = greater or smaller consistently) ranks the hands as ``ours``:
    equal rank numbers <=> equal values, and sorted by our rank the values are strictly monotonic."""
    value_of_rank: dict[int, Any] = {}
    for rank, value in zip(ours.tolist(), theirs, strict=True):
        if value_of_rank.setdefault(rank, value) != value:
            raise SystemExit(f"{name} disagrees: two hands of rank {rank} get {value_of_rank[rank]!r} and {value!r}")
    values = [value_of_rank[rank] for rank in sorted(value_of_rank)]
    increasing = all(a < b for a, b in itertools.pairwise(values))
    decreasing = all(a > b for a, b in itertools.pairwise(values))
    if not (increasing or decreasing):
        raise SystemExit(f"{name} disagrees with badugi_fast on the order of the hands")


def random_hands(count: int, seed: int) -> NDArray[np.uint8]:
    """``count`` uniformly random four-card hands (uint8 codes), the same for a given seed."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((count, 52)), axis=1)[:, :4].astype(np.uint8)


def import_seconds(repeat: int) -> float:
    """Median time for a fresh interpreter to import badugi_fast (the interpreter's own start-up excluded)."""
    code = "import time; t = time.perf_counter(); import badugi_fast; print(time.perf_counter() - t)"
    runs = [float(subprocess.check_output([sys.executable, "-c", code], text=True)) for _ in range(repeat)]
    return statistics.median(runs)


def table_build_seconds() -> float:
    """Time to build the rank table with the reference, as build.py does at install."""
    spec = importlib.util.spec_from_file_location("badugi_build", ROOT / "build.py")
    assert spec is not None
    assert spec.loader is not None
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    started = time.perf_counter()
    build.make_table()
    return time.perf_counter() - started


def measure(args: argparse.Namespace) -> dict[str, Any]:
    codes = random_hands(args.hands, seed=2026)
    texts = ["".join(card_str(code) for code in row) for row in codes.tolist()]
    code_lists = codes.tolist()
    ours = badugi_fast.evaluate_many(codes, threads=1)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    pokerkit = optional("pokerkit")
    poker_equity = optional("poker_equity")

    # Agreement first: no figure is printed for an evaluator that gives different answers.
    small = slice(0, min(args.hands, 20_000))  # the slow pure-Python evaluators check (and time) a slice
    checks = {
        "evaluate(text)": np.array([badugi_fast.evaluate(text) for text in texts], dtype=np.uint16),
        "evaluate(codes)": np.array([badugi_fast.evaluate(hand) for hand in code_lists], dtype=np.uint16),
        "evaluate_many(text)": badugi_fast.evaluate_many(texts),
        f"evaluate_many(uint8, threads={cores})": badugi_fast.evaluate_many(codes, threads=cores),
    }
    for name, ranks in checks.items():
        if not np.array_equal(ranks, ours):
            raise SystemExit(f"badugi_fast.{name} disagrees with evaluate_many(uint8, threads=1)")
    if [reference.evaluate(text) for text in texts[small]] != ours[small].tolist():
        raise SystemExit("badugi_fast.reference.evaluate disagrees with badugi_fast")
    peers: dict[str, Callable[[], object]] = {}
    per_hand_peers: dict[str, tuple[Callable[[], object], int]] = {}
    if pokerkit is not None:
        from_game = pokerkit.BadugiHand.from_game
        check_same_order("pokerkit", ours[small], [from_game(text) for text in texts[small]])
        per_hand_peers["pokerkit BadugiHand.from_game(text)"] = (per_hand(from_game, texts[small]), len(texts[small]))
    if poker_equity is not None:
        check_same_order("poker-equity", ours, poker_equity.score_batch("badugi", texts))
        peers["poker-equity score_batch('badugi', text)"] = lambda: poker_equity.score_batch("badugi", texts)

    # The floor: what reading the table at precomputed indices costs numpy (no parsing, no hashing, no checks).
    ranks_table = np.frombuffer((ROOT / "badugi_fast" / "_table.bin").read_bytes(), dtype="<u2", count=HAND_COUNT)
    sorted_codes = np.sort(codes, axis=1).astype(np.int64)
    binomials = [np.array([comb(n, k) for n in range(52)], dtype=np.int64) for k in range(5)]
    indices = sum(binomials[k + 1][sorted_codes[:, k]] for k in range(4))
    if not np.array_equal(ranks_table.take(indices), ours):
        raise SystemExit("the floor's table lookups disagree with badugi_fast")

    rows: list[Row] = []

    def add(group: str, name: str, seconds: float, count: int) -> None:
        rows.append(Row(group, name, seconds / count * 1e9, count / seconds))

    n = args.hands
    r = args.repeat
    add("per hand", "badugi_fast.evaluate(text)", median_seconds(per_hand(badugi_fast.evaluate, texts), r), n)
    add(
        "per hand", "badugi_fast.evaluate(codes list)", median_seconds(per_hand(badugi_fast.evaluate, code_lists), r), n
    )
    add(
        "per hand",
        "reference.evaluate(text)",
        median_seconds(per_hand(reference.evaluate, texts[small]), r),
        len(texts[small]),
    )
    for name, (run, count) in per_hand_peers.items():
        add("per hand", name, median_seconds(run, r), count)
    for kind, batch in (("uint8", codes), ("text", texts)):
        for threads in (1, cores):
            run = functools.partial(badugi_fast.evaluate_many, batch, threads=threads)
            add("batch", f"badugi_fast.evaluate_many({kind}, threads={threads})", median_seconds(run, r), n)
    for name, run in peers.items():
        add("batch", name, median_seconds(run, r), n)
    add("batch", "floor: numpy take(table, int64 indices)", median_seconds(lambda: ranks_table.take(indices), r), n)

    baselines = {group: next(row.ns_per_hand for row in rows if row.group == group) for group in ("per hand", "batch")}
    for row in rows:
        row.ratio = row.ns_per_hand / baselines[row.group]

    # The single string of the target, timed alone.
    single = median_seconds(lambda: [badugi_fast.evaluate(TARGET_HAND) for _ in range(100_000)], r) / 100_000
    single_peer = None
    if pokerkit is not None:
        from_game = pokerkit.BadugiHand.from_game
        single_peer = median_seconds(lambda: [from_game(TARGET_HAND) for _ in range(2_000)], r) / 2_000
    by_name = {row.name: row for row in rows}
    floor = by_name["floor: numpy take(table, int64 indices)"].ns_per_hand
    targets = {
        "single evaluate('As2h3d4c') ns": single * 1e9,
        "pokerkit from_game('As2h3d4c') / evaluate (target >= 500)": single_peer / single if single_peer else None,
        "poker-equity score_batch / evaluate_many(text) (target >= 10)": (
            by_name["poker-equity score_batch('badugi', text)"].ns_per_hand
            / by_name["badugi_fast.evaluate_many(text, threads=1)"].ns_per_hand
            if poker_equity is not None
            else None
        ),
        "evaluate_many(uint8, 1 thread) / floor (target <= 1.5)": by_name[
            "badugi_fast.evaluate_many(uint8, threads=1)"
        ].ns_per_hand
        / floor,
        f"evaluate_many(uint8, {cores} threads) / floor (target < 1)": by_name[
            f"badugi_fast.evaluate_many(uint8, threads={cores})"
        ].ns_per_hand
        / floor,
        "import badugi_fast ms (target < 50)": import_seconds(r) * 1e3,
    }
    extension = next((ROOT / "badugi_fast").glob("_badugi*.so"), None)
    facts = {
        "machine": f"{platform.machine()}, {platform.processor() or _cpu_model()}, {cores} cores",
        "python": platform.python_version(),
        "numpy": np.__version__,
        "backend": badugi_fast.BACKEND,
        "hands": n,
        "repeat": r,
        "table bytes (ranks uint16 + usable masks uint8)": 3 * HAND_COUNT,
        "compiled extension bytes": extension.stat().st_size if extension else None,
        "table build seconds": None if args.skip_build else table_build_seconds(),
        "peers": {
            "pokerkit": getattr(pokerkit, "__version__", "installed") if pokerkit else None,
            "poker-equity": "installed" if poker_equity else None,
        },
    }
    return {"facts": facts, "rows": [asdict(row) for row in rows], "targets": targets}


def _cpu_model() -> str:
    """The processor's model name, from /proc/cpuinfo where there is one."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown processor"


def print_report(report: dict[str, Any]) -> None:
    for key, value in report["facts"].items():
        print(f"{key}: {value}")
    print()
    print(f"| {'evaluator':<46} | {'ns/hand':>9} | {'hands/s':>13} | {'ratio':>8} |")
    print(f"|{'-' * 48}|{'-' * 10}:|{'-' * 14}:|{'-' * 9}:|")
    group = None
    for row in report["rows"]:
        if row["group"] != group:
            group = row["group"]
            print(f"| *{group}* (ratio to the first row) | | | |")
        figures = f"{row['ns_per_hand']:>9.1f} | {row['hands_per_second']:>13,.0f} | {row['ratio']:>7.2f}x"
        print(f"| {row['name']:<46} | {figures} |")
    print()
    for name, value in report["targets"].items():
        print(f"{name}: {'not measured (peer not installed)' if value is None else f'{value:.2f}'}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=200_000, help="random hands to evaluate (default 200,000)")
    parser.add_argument("--repeat", type=int, default=7, help="timed runs per figure; the median is shown (default 7)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--skip-build", action="store_true", help="do not time the table build (about 10 s)")
    args = parser.parse_args(argv)
    if args.hands < 1 or args.repeat < 1:
        parser.error("--hands and --repeat must be positive")
    report = measure(args)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_report(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
