"""The simulator at scale: round trip through the scorer per betting structure, pokerkit replay, and speed.

    python scripts/simulate_roundtrip.py                       # 100,000 hands per limit, 20,000 pokerkit replays
    python scripts/simulate_roundtrip.py --hands 5000 --pokerkit 1000 --speed 5000
    python scripts/simulate_roundtrip.py --hands 0 --pokerkit 0 --speed-runs 9    # only the speed, 9 runs a limit

1. Round trip: for each of fixed, pot, half-pot and no limit, simulate ``--hands`` six-handed cash hands with rake
   ($0.10/$0.25, 5% up to $3), write them as PokerStars text to a file, read the file back with
   ``badugi_fast.history`` and score it. Every hand must be ``verified`` (showdown) or ``no_showdown`` (everyone
   else folded) with no complaint, and chips must be conserved in every hand (stacks before = after + rake).
2. pokerkit: replay ``--pokerkit`` fixed-limit hands (2-10 players) through pokerkit's Badugi state machine and
   compare final stacks (the replay code lives in tests/test_game_pokerkit.py).
3. Speed: simulate and write ``--speed`` six-handed hands of each limit, ``--speed-runs`` times (the limits take
   turns); CPU time of this process (one core). The median is the figure to quote: on a shared virtual machine
   the same run can take half as long again when another guest is busy, so single runs scatter widely.

Exits 1 if anything disagrees.
"""

from __future__ import annotations

import argparse
import collections
import importlib
import io
import os
import statistics
import sys
import tempfile
import time
import warnings
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from badugi_fast import history
from badugi_fast.formats.pokerstars.writer import write_histories
from badugi_fast.game import LIMITS, TableRules
from badugi_fast.game.simulate import PlayedHand, simulate


def round_trip(limit: str, hands: int, seed: int) -> bool:
    """Simulate, write, read back, score; print the counts; True if every hand checks out."""
    rules = TableRules(10, 25, limit, rake_percent=5, rake_cap=300)
    expected: dict[str, str] = {}
    leaks = 0

    def watched() -> Iterator[PlayedHand]:
        nonlocal leaks
        for played in simulate(hands, 6, rules, seed):
            result = played.state.result
            assert result is not None
            if sum(played.state.starting_stacks) != sum(played.state.stacks) + result.rake:
                leaks += 1
            expected[str(played.hand_id)] = "verified" if result.ranks else "no_showdown"
            yield played

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"badugi-{limit}.txt"
        with path.open("w", encoding="utf-8") as out:
            write_histories(watched(), out, "USD")
        statuses: collections.Counter[str] = collections.Counter()
        wrong = []
        for result in map(history.score, history.parse(path)):
            statuses[result.status] += 1
            if result.status != expected.get(result.hand_id) or result.reason is not None:
                wrong.append(f"{result.hand_id}: {result.status} {result.reason}")
    read = sum(statuses.values())
    ok = not wrong and not leaks and read == hands
    print(f"round trip {limit:>8}: {hands} written, {read} read, {dict(statuses)}, chips leaked in {leaks} hands"
          f" -> {'OK' if ok else 'FAILED'}")  # fmt: skip
    for line in wrong[:5]:
        print(f"    {line}")
    return ok


def pokerkit_replay(hands: int) -> bool:
    """Replay fixed-limit hands at every table size through pokerkit; True if all final stacks agree."""
    try:
        replay = importlib.import_module("test_game_pokerkit").replay  # tests/ is on sys.path (above)
    except ImportError as error:  # pokerkit is a test-only dependency
        print(f"pokerkit replay: skipped ({error})")
        return True
    per_size = max(1, hands // 9)
    agreed = tried = 0
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="A card being dealt", category=UserWarning)
        warnings.filterwarnings("ignore", message="Returning reserved", category=UserWarning)
        for players in range(2, 11):
            for played in simulate(per_size, players, TableRules(6, 12), seed=100 + players):
                tried += 1
                if replay(played.state) == played.state.stacks:
                    agreed += 1
                else:
                    print(f"    pokerkit disagrees on hand {played.hand_id} ({players} players)")
    print(f"pokerkit replay: {agreed}/{tried} fixed-limit hands (2-10 players) end with the same stacks")
    return agreed == tried


def speed(hands: int, runs: int) -> None:
    """Six-handed hands per CPU second, simulated and written as text: median, slowest and fastest of ``runs``."""
    rates: dict[str, list[float]] = {limit: [] for limit in LIMITS}
    print(f"speed: {runs} runs of {hands:,} hands per limit; load {_load()}")
    for _ in range(runs):
        for limit in LIMITS:  # in turns, so that a busy spell on the machine slows every limit alike
            rules = TableRules(10, 25, limit)
            started = time.process_time()
            write_histories(simulate(hands, 6, rules, seed=7), io.StringIO(), "USD")
            rates[limit].append(hands / (time.process_time() - started))
    for limit, rate in rates.items():
        print(
            f"speed {limit:>8}: {statistics.median(rate):,.0f} six-handed hands/s simulated and written (one core;"
            f" median, runs {min(rate):,.0f} to {max(rate):,.0f})"
        )
    print(f"speed: load {_load()}")


def _load() -> str:
    """The load averages over 1, 5 and 15 minutes (other processes competing for the CPUs)."""
    return " ".join(f"{load:.2f}" for load in os.getloadavg())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("--hands", type=int, default=100_000, help="hands per limit for the round trip, 0: none")
    parser.add_argument("--pokerkit", type=int, default=20_000, help="fixed-limit hands to replay in pokerkit, 0: none")
    parser.add_argument("--speed", type=int, default=20_000, help="hands per limit for the speed measurement, 0: none")
    parser.add_argument("--speed-runs", type=int, default=5, help="speed runs per limit (median quoted; 0: none)")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    ok = all([round_trip(limit, args.hands, args.seed) for limit in LIMITS]) if args.hands else True
    if args.pokerkit:
        ok = pokerkit_replay(args.pokerkit) and ok
    if args.speed and args.speed_runs > 0:
        speed(args.speed, args.speed_runs)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
