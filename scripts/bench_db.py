"""``badugi import`` against ``badugi score`` on the same hands (CPU time), and ``badugi stats --db`` against
``badugi stats`` on the histories (scoring them again): the goals of issue 27 (import within 1.3x of score; stats
from the database in at most a tenth of scoring). Each command runs as a user runs it (a fresh process, startup
included); the CPU time is the child process's (user + system, from ``resource``), the median of --rounds rounds.
Each import starts from a new, empty database file.

The histories (default 60,000 simulated hands of fixed limit $0.25/$0.50 with rake, 6 players) are written once
into --data and reused.

    python scripts/bench_db.py [--hands 60000] [--data /tmp/bench-db] [--rounds 3]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from badugi_fast.bench.machine import describe_machine
from badugi_fast.formats.pokerstars.writer import write_histories
from badugi_fast.game import TableRules, simulate


def histories(folder: Path, hands: int) -> Path:
    """The simulated histories, written once."""
    path = folder / f"sim-{hands}.txt"
    if not path.exists():
        folder.mkdir(parents=True, exist_ok=True)
        with path.open("w") as out:
            write_histories(simulate(hands, 6, TableRules(25, 50, rake_percent=5, rake_cap=100), seed=1), out, "USD")
    return path


def measured(command: list[str]) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one run of ``badugi COMMAND``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "badugi_fast", *command, "-q"], check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=60_000)
    parser.add_argument("--data", type=Path, default=Path("/tmp/bench-db"))
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    path = str(histories(args.data, args.hands))
    database = args.data / "bench.duckdb"

    def fresh_import() -> tuple[float, float]:
        database.unlink(missing_ok=True)
        return measured(["import", path, "--db", str(database)])

    runs: dict[str, list[tuple[float, float]]] = {name: [] for name in ("score", "import", "stats", "stats --db")}
    for _ in range(args.rounds):
        runs["score"].append(measured(["score", path, "-o", os.devnull]))
        runs["import"].append(fresh_import())
        runs["stats"].append(measured(["stats", path, "--format", "jsonl"]))
        runs["stats --db"].append(measured(["stats", "--db", str(database), "--format", "jsonl"]))
    print(describe_machine())
    print(f"{args.hands:,} hands, {database.stat().st_size / 1e6:.1f} MB database; median of {args.rounds} rounds")
    cpu = {name: statistics.median(run[0] for run in found) for name, found in runs.items()}
    wall = {name: statistics.median(run[1] for run in found) for name, found in runs.items()}
    for name in runs:
        print(f"  badugi {name:<11} {cpu[name]:7.2f} s CPU {wall[name]:7.2f} s wall")
    print(f"  import / score: {cpu['import'] / cpu['score']:.2f}x CPU")
    print(f"  stats --db / stats on the histories: {cpu['stats --db'] / cpu['stats']:.3f}x CPU")


if __name__ == "__main__":
    main()
