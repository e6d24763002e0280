"""``badugi bench``: time badugi-fast against pokerkit, poker-equity and the numpy floor on this machine.

Every evaluator's answers are checked against badugi_fast on every hand it is given before it is timed; one that
disagrees is refused (reported, not timed, exit status 1). Peers that are not installed are listed as skipped. A
stage that fails after the evaluators were measured is reported with its error beside their figures (exit status 1).
Figures are medians of ``--repeat`` runs; the machine and its load are printed with them.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

__all__ = ["add_arguments", "emit", "measure", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--hands", type=int, default=200_000, help="random hands to evaluate (default 200,000)")
    parser.add_argument("--repeat", type=int, default=7, help="timed runs per figure; the median is shown (default 7)")
    parser.add_argument(
        "--slow-hands",
        type=int,
        default=20_000,
        help="how many of the hands the pure-Python evaluators (reference, pokerkit) get (default 20,000)",
    )
    parser.add_argument(
        "--game-hands",
        type=int,
        default=300,
        help="hands per run of pokerkit playing Badugi with either hand type (default 300; 0: skip)",
    )
    parser.add_argument("--seed", type=int, default=2026, help="the random hands and games (default 2026)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON instead of a table")


#: The most each count may be: the hands are made up front (52 bytes of draws each, and more), so 10**12 of them
#: would need terabytes; these take minutes, not days.
MOST = {"hands": 50_000_000, "repeat": 1000, "slow_hands": 5_000_000, "game_hands": 100_000}


def measure(args: argparse.Namespace) -> dict[str, Any]:
    """Run the benchmark the arguments describe; ValueError for arguments out of range."""
    for option in ("hands", "repeat", "slow_hands"):
        if not 1 <= getattr(args, option) <= MOST[option]:
            raise ValueError(f"--{option.replace('_', '-')} must be from 1 to {MOST[option]:,}")
    if not 0 <= args.game_hands <= MOST["game_hands"]:
        raise ValueError(f"--game-hands must be from 0 to {MOST['game_hands']:,}")
    from badugi_fast.bench.report import run_benchmark

    def progress(message: str) -> None:
        if sys.stderr.isatty():
            print(f"\r\033[K{message} ...", end="", file=sys.stderr, flush=True)

    try:
        return run_benchmark(
            args.hands,
            args.repeat,
            seed=args.seed,
            slow_hands=args.slow_hands,
            game_hands=args.game_hands,
            progress=progress,
        )
    finally:
        if sys.stderr.isatty():
            print("\r\033[K", end="", file=sys.stderr, flush=True)


def emit(report: dict[str, Any], as_json: bool) -> int:
    """Print the report; the exit status is 1 when an evaluator or the pokerkit game was refused or a stage failed,
    else 0."""
    if as_json:
        print(json.dumps(report, indent=2))
    else:
        print(format_report(report))
    return 1 if report["refused"] or report["failed"] else 0


def run(args: argparse.Namespace) -> int:
    return emit(measure(args), args.json)


def format_report(report: dict[str, Any]) -> str:
    """The report as text: the machine, a Markdown table of the figures, then what was skipped or refused."""
    machine, settings = report["machine"], report["settings"]
    width = max([len("evaluator"), *(len(row["name"]) for row in report["rows"])])
    lines = [
        f"badugi bench: {settings['hands']:,} random hands (seed {settings['seed']}), pure-Python evaluators on the "
        f"first {settings['slow hands']:,}; medians of {settings['repeat']} runs",
        *(f"{key}: {_text(value)}" for key, value in machine.items()),
        "",
        f"| {'evaluator':<{width}} | {'hands':>9} | {'ns/hand':>9} | {'hands/s':>13} | {'ratio':>8} |",
        f"|{'-' * (width + 2)}|{'-' * 10}:|{'-' * 10}:|{'-' * 14}:|{'-' * 9}:|",
    ]
    group = None
    for row in report["rows"]:
        if row["group"] != group:
            group = row["group"]
            lines.append(f"| *{group} (ratio to the first row)* | | | | |")
        lines.append(
            f"| {row['name']:<{width}} | {row['hands']:>9,} | {row['ns_per_hand']:>9.1f} | "
            f"{row['hands_per_second']:>13,.0f} | {row['ratio']:>7.2f}x |"
        )
    game = report["pokerkit game"]
    if game and "hands per second" in game:
        lines += ["", f"pokerkit playing Badugi ({game['players']} players, {game['hands']} hands a run, "]
        lines[-1] += f"{game['showdowns']} showdowns, random legal actions), hands per second:"
        lines += [f"  {name:<34} {speed:>9,.0f}" for name, speed in game["hands per second"].items()]
        lines.append(f"  {'ratio':<34} {game['ratio']:>9.2f}x")
    lines.append("")
    for name, value in report["summary"].items():
        lines.append(f"{name}: {'not measured (peer not installed)' if value is None else f'{value:,.2f}'}")
    lines.append(f"load average after: {_text(report['load average after'])}")
    lines += [f"skipped {name}: {reason}" for name, reason in report["skipped"].items()]
    lines += [f"REFUSED {name} (not timed): {reason}" for name, reason in report["refused"].items()]
    lines += [f"FAILED {stage}: {error}" for stage, error in report["failed"].items()]
    return "\n".join(lines)


def _text(value: Any) -> str:
    """A machine fact as text: lists space-separated, a missing value as 'unknown'."""
    if value is None:
        return "unknown"
    if isinstance(value, list):
        return " ".join(str(item) for item in value)
    return str(value)
