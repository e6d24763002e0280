"""Badugi as a Gymnasium environment for one learner: one seat learns, the other seats play given policies
(``badugi_fast.game`` policies, ``BasicPolicy`` by default) through the engine.

An episode is one hand. The observation and action spaces are ``badugi_v0``'s (a dict of the observation array
and the action mask; one ``Discrete`` space); the reward, at the end of the hand, is the learner's chips won or
lost in big blinds, and the final ``info`` is ``badugi_v0``'s. The button is drawn for each hand, so the learner
plays every position.

A hand in which the learner has nothing to decide (everyone folds to its big blind, or its blind put it all in
before any draw) is played out inside ``reset``, which deals on until the learner has a decision; the rewards of
the hands so played out are in ``info["skipped_hands"]``, so that nothing is lost when results are added up
(``badugi_fast.rl.evaluate`` counts them). An action outside the mask ends the hand with ``illegal_reward`` (as
``badugi_v0.env()`` does) and ``info["illegal_action"]`` saying which action it was.

Registered with Gymnasium as ``badugi_fast/Badugi-v0`` once ``badugi_fast.rl`` is imported.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt

from badugi_fast.game.policies import BasicPolicy, Policy
from badugi_fast.rl.badugi_v0 import ILLEGAL_REWARD, RENDER_MODES, Observation, raw_env
from badugi_fast.rules.engine import COMPLETE

__all__ = ["GYMNASIUM_ID", "SingleAgentEnv"]

#: The id ``gymnasium.make`` knows this environment by.
GYMNASIUM_ID = "badugi_fast/Badugi-v0"


class SingleAgentEnv(gymnasium.Env[Observation, np.int64]):
    """One learner in seat ``seat`` (0 = ``player_0``) against ``opponents``: one policy for every other seat,
    or one per other seat in seat order (default ``BasicPolicy()``); every other keyword is ``badugi_v0``'s.
    ``render_mode`` ``"ansi"`` renders the hand so far as PokerStars text from the learner's seat."""

    # Gymnasium declares metadata an instance attribute with a class default, which a ClassVar may not override
    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        *,
        seat: int = 0,
        opponents: Policy | Sequence[Policy] | None = None,
        illegal_reward: float = ILLEGAL_REWARD,
        render_mode: str | None = None,
        **table: Any,
    ) -> None:
        self.table = raw_env(render_mode=render_mode, **table)
        agents = self.table.possible_agents
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(agents):
            raise ValueError(f"seat must be a seat 0..{len(agents) - 1}, not {seat!r}")
        self.seat = seat
        self.agent = agents[seat]
        self._policies = _seat_policies(opponents, seat, len(agents))
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.observation_space = self.table.observation_space(self.agent)
        self.action_space = self.table.action_space(self.agent)
        self._rng = random.Random()  # the opponents' random numbers, apart from the deals'
        self._over = True

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """A new hand in which the learner has a decision (``options`` as ``badugi_v0``'s, for the first hand)."""
        super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(f"badugi_fast.rl opponents {seed}")
        self.table.reset(seed=seed, options=options)
        skipped = []
        while self._play_others():
            skipped.append(self.table.rewards[self.agent])
            self.table.reset()
        self._over = False
        return self.table.observe(self.agent), {"skipped_hands": tuple(skipped)}

    def step(self, action: Any) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        if self._over:
            raise ValueError("the hand is over: call reset() for the next one")
        table = self.table
        number = table.actions.number(action)
        if not self.action_masks()[number]:
            self._over = True
            info = {"illegal_action": table.actions.names[number]}
            return table.observe(self.agent), self.illegal_reward, True, False, info
        table.step(number)
        if self._play_others():
            self._over = True
            return table.observe(self.agent), table.rewards[self.agent], True, False, dict(table.infos[self.agent])
        return table.observe(self.agent), 0.0, False, False, {}

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The learner's action mask now (the method sb3-contrib's ``MaskablePPO`` asks)."""
        hand = self.table.hand
        if hand is None:
            raise ValueError("no hand has been dealt: call reset() first")
        return self.table.actions.mask(hand, self.seat)

    def render(self) -> str | None:
        """The hand so far as PokerStars text from the learner's seat (``"ansi"``: returned; ``"human"``:
        printed)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode: render_mode='ansi' renders")
            return None
        text = self.table.text(hero=self.seat)
        if self.render_mode == "human":
            print(text, end="")
            return None
        return text

    def _play_others(self) -> bool:
        """Let the other seats play until the learner is to act; whether the hand is over."""
        table = self.table
        hand = table.hand
        assert hand is not None
        while hand.phase != COMPLETE:
            player = hand.to_act
            if player == self.seat:
                return False
            assert player is not None
            table.step_policy(self._policies[player], self._rng)
        return True


def _seat_policies(opponents: Policy | Sequence[Policy] | None, seat: int, players: int) -> list[Policy]:
    """One policy per seat (the learner's seat holds one too, never asked)."""
    if opponents is None:
        others: list[Any] = [BasicPolicy()] * (players - 1)
    elif _is_policy(opponents):
        others = [opponents] * (players - 1)
    elif isinstance(opponents, Sequence) and not isinstance(opponents, str):
        others = list(opponents)
        if len(others) != players - 1:
            raise ValueError(f"{len(others)} opponents' policies for the {players - 1} other seats")
    else:
        others = [opponents]
    for policy in others:
        if not _is_policy(policy):
            raise ValueError(f"an opponent's policy has act() and draw() methods, which {policy!r} has not")
    return [*others[:seat], others[0], *others[seat:]]


def _is_policy(policy: object) -> bool:
    return callable(getattr(policy, "act", None)) and callable(getattr(policy, "draw", None))
