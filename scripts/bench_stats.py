"""``badugi stats`` and ``badugi report`` against ``badugi score`` on the same files, side by side in one run: one
process and ``--jobs 2``; then ``badugi stats`` on the records ``badugi score`` saved (JSON Lines, Parquet) against
``badugi stats`` on the histories. Each command runs as a user runs it (a fresh process, startup included), in
rounds that take turns, and the median of the rounds is reported, with the ratios. Also the report's size.

The histories (default 100,000 simulated hands of fixed limit $0.25/$0.50 with rake, 6 players) are written once
into --data and reused.

    python scripts/bench_stats.py [--hands 100000] [--data /tmp/bench-stats] [--rounds 3]
"""

from __future__ import annotations

import argparse
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


def timed(command: list[str]) -> float:
    """Seconds one run of ``badugi COMMAND`` takes, start to end."""
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "badugi_fast", *command, "-q"], check=True)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n\n")[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--data", type=Path, default=Path("/tmp/bench-stats"))
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    path = histories(args.data, args.hands)
    out = args.data
    records, parquet = out / "records.jsonl", out / "records.parquet"
    subprocess.run([sys.executable, "-m", "badugi_fast", "score", str(path), "-o", str(records), "-q"], check=True)
    subprocess.run(
        [sys.executable, "-m", "badugi_fast", "score", str(path), "--format", "parquet", "-o", str(parquet), "-q"],
        check=True,
    )
    commands = {}
    for jobs in ("1", "2"):
        commands[f"score --jobs {jobs}"] = ["score", str(path), "-o", str(out / "score.jsonl"), "--jobs", jobs]
        commands[f"stats --jobs {jobs}"] = ["stats", str(path), "-o", str(out / "stats.jsonl"), "--jobs", jobs]
        commands[f"report --jobs {jobs}"] = ["report", str(path), "-o", str(out / "report.html"), "--jobs", jobs]
    commands["stats of the JSON Lines records"] = ["stats", str(records), "-o", str(out / "stats-jsonl.jsonl")]
    commands["stats of the Parquet records"] = ["stats", str(parquet), "-o", str(out / "stats-parquet.jsonl")]
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(args.rounds):
        for name, command in commands.items():
            times[name].append(timed(command))
    median = {name: statistics.median(values) for name, values in times.items()}
    machine = describe_machine()
    print(
        f"{args.hands:,} hands, {machine['cpu']}, {machine['cores']} cores (load average {machine['load average']}), "
        f"{args.rounds} rounds, medians:"
    )
    for name, seconds in median.items():
        print(f"  {name:<34} {seconds:7.2f} s  {args.hands / seconds:>9,.0f} hands/s")
    for jobs in ("1", "2"):
        score = median[f"score --jobs {jobs}"]
        print(
            f"  --jobs {jobs}: stats / score {median[f'stats --jobs {jobs}'] / score:.2f}, "
            f"report / score {median[f'report --jobs {jobs}'] / score:.2f}"
        )
    histories_time = median["stats --jobs 1"]
    jsonl, parquet_time = median["stats of the JSON Lines records"], median["stats of the Parquet records"]
    print(
        f"  stats of histories / of records: JSON Lines {histories_time / jsonl:.1f}x, "
        f"Parquet {histories_time / parquet_time:.1f}x"
    )
    print(f"  report: {(out / 'report.html').stat().st_size:,} bytes")
    same = (out / "stats.jsonl").read_text() == (out / "stats-parquet.jsonl").read_text()
    print(f"  stats of the histories and of the Parquet records are the same: {same}")


if __name__ == "__main__":
    main()
