"""``badugi_fast.rl.badugi_v0`` against PettingZoo's own checks (``api_test``, ``seed_test``, ``render_test``) at
2, 3 and 6 players in every betting structure, and its contract: parameters, reset options, illegal actions,
seeds, rendering, the information at the end of a hand; and the core package, which imports neither PettingZoo nor
Gymnasium."""

from __future__ import annotations

import functools
import itertools
import pickle
import random
import subprocess
import sys
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed")

from badugi_fast import history
from badugi_fast.formats.pokerstars.writer import hand_text
from badugi_fast.game import LIMITS, BasicPolicy, HandState, IllegalActionError
from badugi_fast.rl import badugi_v0

with warnings.catch_warnings():
    # pettingzoo.test imports connect_four_v3 when pytest is installed, and that module warns that PettingZoo now
    # prefers its registry to importing an environment's module: nothing to do with badugi_v0
    warnings.simplefilter("ignore", DeprecationWarning)
    from pettingzoo.test import api_test, render_test, seed_test

TABLES = [(players, limit) for players in (2, 3, 6) for limit in LIMITS]


def random_action(observation: dict[str, Any], rng: random.Random) -> int:
    return int(rng.choice(np.flatnonzero(observation["action_mask"])))


def play_hand(game: Any, rng: random.Random, each_step: Callable[[], None] = lambda: None) -> dict[str, Any]:
    """Play one hand with random legal actions; the last info of each agent."""
    infos = {}
    for agent in game.agent_iter():
        observation, _, terminated, truncated, info = game.last()
        if terminated or truncated:
            infos[agent] = info
            game.step(None)
        else:
            game.step(random_action(observation, rng))
            each_step()
    return infos


def test_the_core_imports_neither_pettingzoo_nor_gymnasium() -> None:
    code = (
        "import sys, badugi_fast, badugi_fast.game, badugi_fast.history, badugi_fast.cli, badugi_fast.game.simulate; "
        "print([name for name in ('pettingzoo', 'gymnasium') if name in sys.modules])"
    )
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout == "[]\n"


def test_without_the_extra_the_error_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pettingzoo", None)  # import pettingzoo now fails, as when it is not installed
    for name in [name for name in sys.modules if name.startswith("badugi_fast.rl")]:
        monkeypatch.delitem(sys.modules, name)
    with pytest.raises(ImportError, match=r"pip install 'badugi-fast\[rl\]'"):
        import badugi_fast.rl  # noqa: F401


# api_test warns about any environment whose name is not on its own lists of PettingZoo's games with dict
# observations (the array and the action mask in a dict, as PettingZoo's classic games have): not a fault here.
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning")
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be:UserWarning")
# It also resets with options={"options": 1} to see that reset takes options: badugi_v0 warns that it ignores an
# option it does not know (tested below).
@pytest.mark.filterwarnings("ignore:reset ignores the options:UserWarning")
@pytest.mark.parametrize(("players", "limit"), TABLES)
def test_pettingzoo_api_test(players: int, limit: str) -> None:
    api_test(badugi_v0.env(players=players, limit=limit), num_cycles=1000)


@pytest.mark.parametrize(("players", "limit"), TABLES)
def test_pettingzoo_seed_test(players: int, limit: str) -> None:
    seed_test(functools.partial(badugi_v0.env, players=players, limit=limit), num_cycles=1000)


@pytest.mark.parametrize(("players", "limit"), TABLES)
def test_pettingzoo_render_test(players: int, limit: str, capsys: pytest.CaptureFixture[str]) -> None:
    def is_pokerstars_text(text: object) -> bool:
        return isinstance(text, str) and text.startswith("PokerStars Game #") and "player_0" in text

    render_test(functools.partial(badugi_v0.env, players=players, limit=limit), {"ansi": is_pokerstars_text})
    assert "*** DEALING HANDS ***" in capsys.readouterr().out  # what "human" printed


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"players": 1}, "2 to 10 players"),
        ({"players": 11}, "2 to 10 players"),
        ({"players": True}, "2 to 10 players"),
        ({"limit": "nl"}, "unknown betting structure 'nl'"),
        ({"small_blind": 3, "big_blind": 2}, "small blind"),
        ({"raise_cap": 1}, "raise cap"),
        ({"stack": 0}, "at least 1 chip"),
        ({"stack": (50, 10)}, "low <= high"),
        ({"stack": "deep"}, "a number of chips or a"),
        ({"stack": (1.5, 10)}, "a number of chips or a"),
        ({"hand_history": "txt"}, "hand_history must be one of pokerstars, phh"),
        ({"render_mode": "rgb_array"}, "render_mode must be"),
    ],
)
def test_bad_parameters_are_refused(arguments: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        badugi_v0.raw_env(**arguments)


def test_parameters_are_keyword_only() -> None:
    with pytest.raises(TypeError):
        badugi_v0.raw_env(2)  # type: ignore[call-arg]  # the mistake under test


def test_stacks_are_fixed_or_drawn_from_the_range() -> None:
    game = badugi_v0.raw_env(players=6, big_blind=10, small_blind=5)
    game.reset(seed=1)
    assert game.hand is not None
    assert game.hand.starting_stacks == (1000,) * 6  # 100 big blinds by default
    game = badugi_v0.raw_env(players=6, stack=(20, 40))
    drawn: set[int] = set()
    for seed in range(20):
        game.reset(seed=seed)
        assert game.hand is not None
        drawn.update(game.hand.starting_stacks)
    assert min(drawn) >= 20
    assert max(drawn) <= 40
    assert len(drawn) > 10


def test_reset_options_set_the_stacks_and_the_button() -> None:
    game = badugi_v0.raw_env(players=3)
    game.reset(seed=1, options={"stacks": [30, 500, 7], "button": 2})
    assert game.hand is not None
    assert game.hand.starting_stacks == (30, 500, 7)
    assert game.hand.button == 2
    assert game.agent_selection == "player_2"  # three-handed the button acts first before the draw
    with pytest.raises(ValueError, match="a list of 3 stacks"):
        game.reset(options={"stacks": [30, 500]})
    with pytest.raises(ValueError, match="player 1's stack"):
        game.reset(options={"stacks": [30, 0, 7]})
    with pytest.raises(ValueError, match=r"the button must be a player 0\.\.2"):
        game.reset(options={"button": 3})
    with pytest.warns(UserWarning, match=r"reset ignores the options \['stack'\]"):
        game.reset(options={"stack": [30, 500, 7]})  # a typo is not silently ignored


def test_a_session_carries_the_stacks_from_hand_to_hand() -> None:
    game = badugi_v0.env(players=4, stack=(10, 60))
    rng = random.Random(2)
    game.reset(seed=2)
    for _ in range(40):
        infos = play_hand(game, rng)
        stacks, button = list(infos["player_0"]["stacks"]), infos["player_0"]["button"]
        assert sum(stacks) == sum(game.unwrapped.hand.starting_stacks)  # no rake: every chip stays at the table
        if min(stacks) < 1:  # a player is broke: the session starts again
            stacks = [40] * 4
        game.reset(options={"stacks": stacks, "button": (button + 1) % 4})
        assert game.unwrapped.hand.starting_stacks == tuple(stacks)
        assert game.unwrapped.hand.button == (button + 1) % 4


def test_the_same_seed_deals_the_same_hands() -> None:
    def deals(seed: int, hands: int) -> list[tuple[tuple[tuple[int, ...], ...], int, tuple[int, ...]]]:
        game = badugi_v0.raw_env(players=6, stack=(20, 400))
        dealt = []
        for hand in range(hands):
            game.reset(seed=seed if hand == 0 else None)
            assert game.hand is not None
            dealt.append((game.hand.dealt, game.hand.button, game.hand.starting_stacks))
        return dealt

    assert deals(5, 4) == deals(5, 4)
    assert deals(5, 4) != deals(6, 4)
    assert len(set(deals(5, 4))) == 4  # reset() without a seed deals on


def test_an_illegal_action_is_refused_by_the_raw_env_and_changes_nothing() -> None:
    game = badugi_v0.raw_env(players=3, limit="pot")
    game.reset(seed=3)
    hand = game.hand
    assert hand is not None
    observation = game.observe(game.agent_selection)
    illegal = np.flatnonzero(observation["action_mask"] == 0)
    all_in = game.actions.names.index("all-in")
    assert illegal.tolist() == [all_in, *range(game.actions.first_discard, game.actions.count)]
    events, agent = list(hand.events), game.agent_selection
    with pytest.raises(IllegalActionError, match="cannot raise to 200: the raise must be to from 4 to 7"):  # pot limit
        game.step(all_in)
    for action in illegal[1:]:
        with pytest.raises(IllegalActionError, match="cannot draw: the hand is in its betting phase"):
            game.step(action)
    assert hand.events == events
    assert game.agent_selection == agent
    for action, message in [(99, "not one of 0..21"), (-1, "not one of"), (1.0, "an integer"), (True, "an integer")]:
        with pytest.raises(ValueError, match=message):
            game.step(action)
    with pytest.raises(ValueError, match="an integer"):
        game.step(None)  # None is only for an agent whose hand is over
    assert hand.events == events


def test_an_illegal_action_ends_the_hand_as_pettingzoo_games_do() -> None:
    game = badugi_v0.env(players=3)
    game.reset(seed=3)
    offender = game.agent_selection
    game.step(game.unwrapped.actions.first_discard)  # a discard before the draw
    assert all(game.terminations.values())
    rewards = {}
    for agent in game.agent_iter():
        rewards[agent] = game.last()[1]
        game.step(None)
    assert rewards == {agent: badugi_v0.ILLEGAL_REWARD if agent == offender else 0 for agent in game.possible_agents}


def test_the_end_of_a_hand_tells_its_result_in_the_info() -> None:
    game = badugi_v0.env(players=6, limit="no", stack=(4, 60), hand_history="pokerstars")
    rng = random.Random(4)
    game.reset(seed=4)
    for _ in range(30):
        infos = play_hand(game, rng)
        hand = game.unwrapped.hand
        result = hand.result
        assert result is not None
        for seat, agent in enumerate(game.possible_agents):
            info = infos[agent]
            assert info["result"] == result
            assert info["chips"] == hand.stacks[seat] - hand.starting_stacks[seat]
            assert info["stacks"] == tuple(hand.stacks)
            assert info["button"] == hand.button
            # the PokerStars text is written from the agent's own seat: its cards are the ones dealt to it
            assert info["hand_history"] == hand_text(game.unwrapped.played(), hero=seat)
            assert f"Dealt to {agent} [" in info["hand_history"]
        game.reset()


def test_the_hand_history_as_phh_reads_back_as_the_hand() -> None:
    game = badugi_v0.env(players=3, limit="pot", hand_history="phh")
    rng = random.Random(5)
    game.reset(seed=5)
    texts = []
    for _ in range(20):
        infos = play_hand(game, rng)
        assert len({info["hand_history"] for info in infos.values()}) == 1  # every card known: the same for all
        texts.append(infos["player_0"]["hand_history"])
        game.reset()
    results = history.score_file("".join(texts))
    assert len(results) == 20
    assert {result.status for result in results} <= {"verified", "no_showdown"}


def test_render_writes_the_hand_so_far_line_by_line() -> None:
    game = badugi_v0.env(players=3, limit="half-pot", render_mode="ansi")
    rng = random.Random(6)
    for seed in range(10):
        game.reset(seed=seed)
        renders: list[str] = [game.render()]

        def render(renders: list[str] = renders) -> None:
            renders.append(game.render())

        play_hand(game, rng, render)
        final = hand_text(game.unwrapped.played(), hero=0)
        assert renders[-1] == final
        played_lines = final.splitlines()
        for before, after in itertools.pairwise(renders):
            lines = before.splitlines()
            assert after.splitlines()[: len(lines)] == lines  # each render goes on from the one before
            assert played_lines[: len(lines)] == lines
        assert "*** SUMMARY ***" not in renders[0]


def test_render_without_a_mode_warns_and_human_prints(capsys: pytest.CaptureFixture[str]) -> None:
    game = badugi_v0.env(players=2)
    game.reset(seed=7)
    with pytest.warns(UserWarning, match="without a render_mode"):
        assert game.render() is None
    game = badugi_v0.env(players=2, render_mode="human")
    game.reset(seed=7)
    assert game.render() is None
    assert capsys.readouterr().out == game.unwrapped.text(hero=0)


def test_a_policy_can_play_a_seat_through_the_engine() -> None:
    game = badugi_v0.raw_env(players=6, limit="no")
    policy, rng = BasicPolicy(), random.Random(8)
    amounts: set[int] = set()
    for seed in range(30):
        game.reset(seed=seed)
        while not all(game.terminations.values()):
            game.step_policy(policy, rng)
        assert game.hand is not None
        amounts.update(event[2] for event in game.hand.events if event[0] == "bet")
        assert sum(game.rewards.values()) == 0
    assert len(amounts) > 5  # any size the rules allow, not only the action space's
    with pytest.raises(ValueError, match="the hand is over"):
        game.step_policy(policy, rng)

    class Confused(BasicPolicy):
        def act(self, hand: HandState, player: int, rng: random.Random) -> tuple[str, int]:
            return "dance", 0

    game.reset(seed=1)
    with pytest.raises(ValueError, match="answered 'dance'"):
        game.step_policy(Confused(), rng)


def test_the_environment_pickles_with_its_parameters() -> None:
    game = badugi_v0.raw_env(players=4, limit="pot", stack=(30, 90), hand_history="phh")
    copy = pickle.loads(pickle.dumps(game))
    assert (copy.rules, copy.stack, copy.hand_history) == (game.rules, game.stack, game.hand_history)
    assert copy.possible_agents == game.possible_agents
