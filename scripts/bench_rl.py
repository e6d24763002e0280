"""Random legal steps per second: ``badugi_fast.rl.badugi_v0`` beside PettingZoo's ``texas_holdem_v4`` (RLCard's
limit hold'em), heads-up and six-handed, side by side in one run.

    python scripts/bench_rl.py                      # 7 runs of 20,000 steps per environment and table size
    python scripts/bench_rl.py --runs 3 --steps 5000

Every environment is driven by the same loop, the one PettingZoo's own tests use: ``agent_iter``, ``last``, a
random action among those the mask allows (``None`` for an agent whose hand is over), ``step``; a step is one call
of ``step``, the agents' closing steps at the end of each hand included, for both games alike. Both are measured
as ``env()`` gives them (PettingZoo's wrappers: illegal moves, bounds, order of calls) and as ``raw_env()`` (no
wrappers), so the wrappers' own cost, the same for both games, shows on its own. The environments take turns run
by run, and each run times this process's CPU (one core): the medians are the figures to quote, and the ratios,
badugi's steps per second over hold'em's at the same table size, are of those medians.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from badugi_fast.rl import badugi_v0

Maker = Callable[[], Any]


def holdem(wrapped: bool, players: int) -> Maker:
    """PettingZoo's limit hold'em (imported here: its module warns that a newer way to make it exists)."""
    from pettingzoo.classic.rlcard_envs import texas_holdem

    make = texas_holdem.env if wrapped else texas_holdem.raw_env
    return lambda: make(num_players=players)


def badugi(wrapped: bool, players: int, limit: str = "fixed") -> Maker:
    make = badugi_v0.env if wrapped else badugi_v0.raw_env
    return lambda: make(players=players, limit=limit)


def steps_per_second(make: Maker, steps: int, seed: int) -> float:
    """Random legal steps per CPU second of this process, over at least ``steps`` steps (whole hands)."""
    game = make()
    game.reset(seed=seed)
    rng = random.Random(seed)
    done = 0
    start = time.process_time()
    while done < steps:
        for _ in game.agent_iter():
            observation, _, terminated, truncated, _ = game.last()
            action = None if terminated or truncated else rng.choice(np.flatnonzero(observation["action_mask"]))
            game.step(action)
            done += 1
        game.reset()
    return done / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=7, help="runs per environment and table size (default 7)")
    parser.add_argument("--steps", type=int, default=20_000, help="steps per run (default 20,000)")
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    rows: list[tuple[str, int, Maker]] = []
    for players in (2, 6):
        for wrapped in (True, False):
            kind = "env()" if wrapped else "raw_env()"
            rows.append((f"texas_holdem_v4 {kind}", players, holdem(wrapped, players)))
            rows.append((f"badugi_v0 {kind}", players, badugi(wrapped, players)))
        rows.append(("badugi_v0 env(limit='no')", players, badugi(True, players, "no")))
    rates: dict[tuple[str, int], list[float]] = {(name, players): [] for name, players, _ in rows}
    load_before = os.getloadavg()
    for run in range(arguments.runs):
        for name, players, make in rows:  # the environments take turns, so that a busy moment hits them all
            rates[name, players].append(steps_per_second(make, arguments.steps, arguments.seed + run))
    print(f"load average before: {' '.join(f'{load:.2f}' for load in load_before)}")
    print(f"medians of {arguments.runs} runs of {arguments.steps:,} steps; steps per CPU second of one core")
    print(f"{'environment':<30} {'players':>7} {'steps/s':>9} {'min':>9} {'max':>9} {'vs hold`em':>10}")
    for name, players, _ in rows:
        measured = rates[name, players]
        kind = "raw_env()" if "raw_env" in name else "env()"
        holdem_rate = statistics.median(rates[f"texas_holdem_v4 {kind}", players])
        median = statistics.median(measured)
        print(
            f"{name:<30} {players:>7} {median:>9,.0f} {min(measured):>9,.0f} {max(measured):>9,.0f}"
            f" {median / holdem_rate:>9.2f}x"
        )
    print(f"load average after: {' '.join(f'{load:.2f}' for load in os.getloadavg())}")


if __name__ == "__main__":
    main()
