"""The Gymnasium environment for one learner (``badugi_fast.rl.SingleAgentEnv``) under Gymnasium's ``check_env``,
its hands, opponents and errors; and ``evaluate``'s bb/100 and standard error against a computation written here."""

from __future__ import annotations

import math
import random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium", reason="the rl extra is not installed")

import gymnasium
from gymnasium.utils.env_checker import check_env

from badugi_fast.game import BasicPolicy, HandState
from badugi_fast.rl import GYMNASIUM_ID, SingleAgentEnv, evaluate, random_agent
from badugi_fast.rl.evaluate import summarize


class Folder:
    """An opponent who never puts a chip in: checks when it may, folds otherwise, stands pat."""

    def draw(self, hand: HandState, player: int, rng: random.Random) -> list[int]:
        return []

    def act(self, hand: HandState, player: int, rng: random.Random) -> tuple[str, int]:
        return ("check", 0) if hand.to_call(player) == 0 else ("fold", 0)


@pytest.mark.parametrize(("players", "limit"), [(2, "fixed"), (3, "half-pot"), (6, "no")])
def test_gymnasium_check_env(players: int, limit: str) -> None:
    game = gymnasium.make(GYMNASIUM_ID, players=players, limit=limit)
    check_env(game.unwrapped)  # also makes it again in each render mode (it has a spec: it is registered)


def test_an_episode_is_a_hand_and_the_reward_is_the_learners_chips() -> None:
    game = SingleAgentEnv(seat=1, players=4, limit="pot", stack=(20, 200))
    rng = np.random.default_rng(1)
    observation, info = game.reset(seed=1)
    for _ in range(50):
        assert game.table.hand is not None
        assert game.table.hand.to_act == 1  # the learner has a decision
        assert np.array_equal(observation["action_mask"], game.action_masks())
        terminated = False
        while not terminated:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            observation, reward, terminated, truncated, info = game.step(action)
            assert not truncated
            if not terminated:
                assert reward == 0
        hand = game.table.hand
        assert reward == (hand.stacks[1] - hand.starting_stacks[1]) / 2
        assert info["chips"] == hand.stacks[1] - hand.starting_stacks[1]
        assert not observation["action_mask"].any()
        with pytest.raises(ValueError, match="the hand is over"):
            game.step(0)
        observation, info = game.reset()


def test_hands_without_a_decision_are_played_out_and_counted() -> None:
    # heads-up against a player who always folds to a bet: whenever the learner has the big blind, the button
    # (small blind) folds first and the learner wins the small blind without a decision
    game = SingleAgentEnv(players=2, opponents=Folder())
    skipped: list[float] = []
    game.reset(seed=3)
    for _ in range(100):
        _, info = game.reset()
        skipped.extend(info["skipped_hands"])
    assert len(skipped) > 30
    assert set(skipped) == {0.5}


def test_an_illegal_action_ends_the_episode() -> None:
    game = SingleAgentEnv(players=3, illegal_reward=-7)
    game.reset(seed=4)
    _, reward, terminated, _, info = game.step(game.table.actions.first_discard)  # a draw before the draw
    assert (reward, terminated, info) == (-7, True, {"illegal_action": "stand pat"})
    game.reset(seed=4)
    with pytest.raises(ValueError, match=r"not one of 0\.\.18"):
        game.step(19)


def test_the_same_seed_plays_the_same_episode() -> None:
    def episode(seed: int) -> list[Any]:
        game = SingleAgentEnv(players=6, limit="no")
        observation, _ = game.reset(seed=seed)
        agent = random_agent(seed)
        trace = [observation["observation"].tolist()]
        terminated = False
        while not terminated:
            observation, reward, terminated, _, _ = game.step(agent(observation))
            trace.append((observation["observation"].tolist(), reward))
        return trace

    assert episode(5) == episode(5)
    assert episode(5) != episode(6)


def test_the_render_is_written_from_the_learners_seat() -> None:
    game = SingleAgentEnv(seat=2, players=3, render_mode="ansi")
    game.reset(seed=6)
    text = game.render()
    assert text is not None
    assert "Dealt to player_2 [" in text


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"seat": 2, "players": 2}, r"seat must be a seat 0\.\.1"),
        ({"opponents": [BasicPolicy()], "players": 3}, "1 opponents' policies for the 2 other seats"),
        ({"opponents": "basic"}, "has act\\(\\) and draw\\(\\) methods"),
        ({"players": 12}, "2 to 10 players"),
    ],
)
def test_bad_settings_are_refused(arguments: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        SingleAgentEnv(**arguments)


def test_each_opponent_plays_its_own_policy() -> None:
    # the learner in the middle seat: the policies go to the other seats in seat order
    game = SingleAgentEnv(seat=1, players=3, opponents=[Folder(), BasicPolicy()])
    for seed in range(30):
        game.reset(seed=seed)
        hand = game.table.hand
        assert hand is not None
        assert not any(event[0] in ("bet", "raise", "call") and event[1] == 0 for event in hand.events)


def test_evaluate_gives_the_mean_and_standard_error_of_every_hand() -> None:
    # the same hands played by hand: every hand's result, those played out inside reset included
    results: list[float] = []
    game = SingleAgentEnv(players=2)
    agent = random_agent(7)
    observation, info = game.reset(seed=7)
    while len(results) < 400:
        results.extend(info["skipped_hands"])
        terminated = False
        while not terminated:
            observation, reward, terminated, _, _ = game.step(agent(observation))
        results.append(float(reward))
        observation, info = game.reset()
    results = results[:400]
    mean = sum(results) / len(results)
    spread = math.sqrt(sum((result - mean) ** 2 for result in results) / (len(results) - 1))
    evaluation = evaluate(random_agent(7), 400, seed=7, players=2)
    assert evaluation.hands == 400
    assert evaluation.bb_per_100 == pytest.approx(100 * mean)
    assert evaluation.standard_error == pytest.approx(100 * spread / math.sqrt(400))
    assert str(evaluation) == f"{100 * mean:+.1f} ± {100 * spread / 20:.1f} bb/100 over 400 hands"


def test_a_random_agent_loses_to_basic_policy_and_beats_players_who_always_fold() -> None:
    random_play = evaluate(random_agent(8), 2000, seed=8, players=2)
    assert random_play.bb_per_100 + 4 * random_play.standard_error < 0
    # against players who never put a chip in, it wins the blinds they leave
    folders = evaluate(random_agent(9), 2000, seed=9, players=3, opponents=Folder())
    assert folders.bb_per_100 - 4 * folders.standard_error > 0


def test_evaluate_refuses_too_few_hands() -> None:
    with pytest.raises(ValueError, match="at least 2"):
        evaluate(random_agent(1), 1)
    with pytest.raises(ValueError, match="at least 2 hands"):
        summarize([1.0])
