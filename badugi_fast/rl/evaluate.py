"""How well an agent plays: its result over many hands against given policies, in big blinds per 100 hands
(bb/100, poker's usual win rate) with the standard error of that mean.

>>> result = evaluate(random_agent(seed=1), 200, seed=1)
>>> result.hands, result.bb_per_100 < 0 < result.standard_error
(200, True)
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from badugi_fast.game.policies import Policy
from badugi_fast.rl.badugi_v0 import Observation
from badugi_fast.rl.single import SingleAgentEnv

__all__ = ["Agent", "Evaluation", "evaluate", "random_agent"]

#: An agent: the action it takes given its observation (``{"observation": ..., "action_mask": ...}``).
Agent = Callable[[Observation], int]


@dataclass(frozen=True)
class Evaluation:
    """An agent's results: ``hands`` hands, ``bb_per_100`` big blinds won per 100 hands, and the standard error of
    that mean (from the spread of the results hand by hand)."""

    hands: int
    bb_per_100: float
    standard_error: float

    def __str__(self) -> str:
        return f"{self.bb_per_100:+.1f} ± {self.standard_error:.1f} bb/100 over {self.hands:,} hands"


def summarize(results: Sequence[float]) -> Evaluation:
    """The ``Evaluation`` of results in big blinds, one per hand (at least two hands)."""
    if len(results) < 2:
        raise ValueError(f"a standard error needs at least 2 hands, not {len(results)}")
    mean = statistics.fmean(results)
    error = statistics.stdev(results, mean) / math.sqrt(len(results))
    return Evaluation(len(results), 100 * mean, 100 * error)


def evaluate(
    agent: Agent,
    hands: int,
    *,
    seed: int = 0,
    seat: int = 0,
    opponents: Policy | Sequence[Policy] | None = None,
    **table: Any,
) -> Evaluation:
    """``agent``'s result over ``hands`` hands in seat ``seat`` against ``opponents`` (default ``BasicPolicy()``
    in every other seat), dealt from ``seed``, at a table of ``badugi_v0``'s keywords (``players``, ``limit``,
    ...). Every hand counts, those in which the agent had nothing to decide too."""
    if isinstance(hands, bool) or not isinstance(hands, int) or hands < 2:
        raise ValueError(f"the number of hands must be an integer of at least 2, not {hands!r}")
    game = SingleAgentEnv(seat=seat, opponents=opponents, **table)
    results: list[float] = []
    observation, info = game.reset(seed=seed)
    while True:
        results.extend(info["skipped_hands"])
        if len(results) >= hands:
            break
        terminated = False
        while not terminated:
            observation, reward, terminated, _, info = game.step(agent(observation))
        results.append(float(reward))
        if len(results) >= hands:
            break
        observation, info = game.reset()
    return summarize(results[:hands])


def random_agent(seed: int | None = None) -> Agent:
    """An agent that takes one of its legal actions at random, each as likely (``seed`` replays its choices)."""
    rng = np.random.default_rng(seed)

    def act(observation: Observation) -> int:
        return int(rng.choice(np.flatnonzero(observation["action_mask"])))

    return act
