"""``badugi import`` against ``badugi score`` on the same hands (CPU time), and ``badugi stats --db`` against
``badugi stats`` on the histories (scoring them again): the goals of issue 27 (import within 1.3x of score; stats
from the database in at most a tenth of scoring). Each command runs as a user runs it (a fresh process, startup
included); the CPU time is the child process's (user + system) and its peak resident memory (``os.wait4``), the
median of --rounds rounds. Each import starts from a new, empty database file. ``--database FILE`` times only
``stats --db`` on a database already made; ``--copies N`` also times it on a database of N copies of the imported
hands (``--copies 17`` on the 60,000: the goal's million), made by copying them in SQL (each copy's hand keys and
days apart from the others') and its partial sums made again by opening it to write, as an import does.

The histories (default 60,000 simulated hands of fixed limit $0.25/$0.50 with rake, 6 players) are written once
into --data and reused.

    python scripts/bench_db.py [--hands 60000] [--data /tmp/bench-db] [--rounds 3] [--copies 17] [--database FILE]
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

import duckdb
from bench_stats import histories  # the same simulated histories, written once (scripts/ is on the path)

from badugi_fast.bench.machine import describe_machine
from badugi_fast.db.store import connect


def measured(command: list[str]) -> tuple[float, float, float]:
    """(CPU seconds, wall seconds, peak resident MB) of one run of ``badugi COMMAND``."""
    started = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-m", "badugi_fast", *command, "-q"], stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - started
    if child.returncode:
        raise subprocess.CalledProcessError(child.returncode, command)
    return usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss / 1024


def copied(database: Path, copies: int, target: Path) -> Path:
    """A database at ``target`` of ``copies`` copies of the hands of ``database``: each copy's hands numbered after
    the last, their keys marked with the copy's number and their days moved after the last copy's."""
    shutil.copy(database, target)
    with duckdb.connect(str(target)) as connection:
        hands, days = connection.execute(
            "SELECT max(hand), date_diff('day', min(started), max(started)) + 1 FROM hands"
        ).fetchall()[0]
        for copy in range(1, copies):
            moved = {"hands": hands * copy, "copy": f"#{copy}", "days": days * copy}
            connection.execute(
                """INSERT INTO hands SELECT * REPLACE (hand + $hands AS hand, hand_key || $copy AS hand_key,
                    started + to_days($days) AS started) FROM hands WHERE hand <= $last""",
                {**moved, "last": hands},
            )
            connection.execute(
                "INSERT INTO players SELECT * REPLACE (hand + $hands AS hand) FROM players WHERE hand <= $last",
                {"hands": moved["hands"], "last": hands},
            )
        connection.execute("DELETE FROM badugi_meta WHERE name = 'sums'")
    with connect(target, write=True):  # the partial sums made again, of every copy
        pass
    return target


def report(runs: dict[str, list[tuple[float, float, float]]], rounds: int) -> tuple[dict[str, float], dict[str, float]]:
    """Prints each command's medians; returns their CPU seconds and peak MB."""
    cpu = {name: statistics.median(run[0] for run in found) for name, found in runs.items()}
    memory = {name: statistics.median(run[2] for run in found) for name, found in runs.items()}
    for name, found in runs.items():
        wall = statistics.median(run[1] for run in found)
        print(
            f"  badugi {name:<11} {cpu[name]:7.2f} s CPU {wall:7.2f} s wall {memory[name]:6.0f} MB peak"
            f" (median of {rounds})"
        )
    return cpu, memory


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=60_000)
    parser.add_argument("--data", type=Path, default=Path("/tmp/bench-db"))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--database", type=Path, help="only stats --db, on this database")
    parser.add_argument("--copies", type=int, help="also stats --db on a database of this many copies of the hands")
    args = parser.parse_args()
    print(describe_machine())
    if args.database is not None:
        large(args.database, args.rounds)
        return
    path = str(histories(args.data, args.hands))
    database = args.data / "bench.duckdb"

    def fresh_import() -> tuple[float, float, float]:
        database.unlink(missing_ok=True)
        return measured(["import", path, "--db", str(database)])

    runs: dict[str, list[tuple[float, float, float]]] = {
        name: [] for name in ("score", "import", "stats", "stats --db")
    }
    for _ in range(args.rounds):
        runs["score"].append(measured(["score", path, "-o", os.devnull]))
        runs["import"].append(fresh_import())
        runs["stats"].append(measured(["stats", path, "--format", "jsonl"]))
        runs["stats --db"].append(measured(["stats", "--db", str(database), "--format", "jsonl"]))
    print(f"{args.hands:,} hands, {database.stat().st_size / 1e6:.1f} MB database")
    cpu, memory = report(runs, args.rounds)
    ratio = memory["import"] / memory["score"]
    print(f"  import / score: {cpu['import'] / cpu['score']:.2f}x CPU, {ratio:.1f}x peak memory")
    print(f"  stats --db / stats on the histories: {cpu['stats --db'] / cpu['stats']:.3f}x CPU")
    if args.copies:
        target = args.data / f"bench-{args.copies}.duckdb"
        # In another process: DuckDB's memory for the copy would be counted in the peak of every child forked after.
        with multiprocessing.get_context("spawn").Pool(1) as pool:
            pool.apply(copied, (database, args.copies, target))
        large(target, args.rounds)


def large(database: Path, rounds: int) -> None:
    """``stats --db`` alone on ``database``."""
    with duckdb.connect(str(database), read_only=True) as connection:
        hands = connection.execute("SELECT count(*) FROM hands").fetchall()[0][0]
    print(f"{hands:,} hands, {database.stat().st_size / 1e6:.1f} MB database")
    command = ["stats", "--db", str(database), "--format", "jsonl"]
    report({"stats --db": [measured(command) for _ in range(rounds)]}, rounds)


if __name__ == "__main__":
    main()
