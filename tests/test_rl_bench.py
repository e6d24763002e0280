"""pytest-benchmark timings of badugi_v0's random legal steps (no timing assertions: run with --benchmark-enable;
scripts/bench_rl.py measures them side by side with PettingZoo's texas_holdem_v4)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from pytest_benchmark.fixture import BenchmarkFixture

pytest.importorskip("pettingzoo", reason="the rl extra is not installed")

from badugi_fast.rl import badugi_v0

STEPS = 2000


def random_steps(make: Callable[[], Any], steps: int) -> int:
    """``steps`` random legal steps (whole hands), as scripts/bench_rl.py takes them; how many hands."""
    game = make()
    game.reset(seed=1)
    rng = random.Random(1)
    done = hands = 0
    while done < steps:
        for _ in game.agent_iter():
            observation, _, terminated, truncated, _ = game.last()
            game.step(None if terminated or truncated else rng.choice(np.flatnonzero(observation["action_mask"])))
            done += 1
        game.reset()
        hands += 1
    return hands


@pytest.mark.parametrize("players", [2, 6])
@pytest.mark.parametrize("wrapped", [True, False], ids=["env", "raw_env"])
def test_bench_random_steps(benchmark: BenchmarkFixture, players: int, wrapped: bool) -> None:
    make = badugi_v0.env if wrapped else badugi_v0.raw_env
    hands = benchmark(random_steps, lambda: make(players=players), STEPS)
    assert hands > STEPS // (12 * players)  # hands did end: an episode is one hand
