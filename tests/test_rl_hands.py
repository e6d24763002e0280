"""Thousands of random legal hands of ``badugi_v0``, every step checked against the engine and every hand against
the scorer, by definitions written here rather than the environment's own code:

- the action mask is exactly what the engine accepts: each action the mask refuses is refused by the engine (and
  changes nothing), each action it offers is accepted (tried on a copy of the hand, in a share of the hands);
- the action taken does what ``badugi_fast.rl.actions`` documents (played here on the same hand dealt again, the
  events compared);
- the observation is the documented one, rebuilt here from the hand's events and ``badugi_fast.evaluate`` (in
  half of the hands);
- the rewards are the chips won, in big blinds, and add up to zero without rake (to minus the rake with it);
- the hand written as PokerStars text scores ``verified`` with ``badugi score`` when it reaches a showdown.

Stacks are drawn from 1 chip up, so blinds and bets go all-in and side pots are common; folds are made rare so
that hands reach the draws and the showdown; ten-handed, the stub runs out and the discards are reshuffled.
"""

from __future__ import annotations

import collections
import pickle
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed")

import badugi_fast
from badugi_fast import history
from badugi_fast.game import HandState, IllegalActionError
from badugi_fast.rl import badugi_v0
from badugi_fast.rl.observation import layout

#: (players, limit, big blind, rake percent, hands): every structure, heads-up to ten-handed
TABLES = [
    (2, "fixed", 2, 0, 600),
    (2, "no", 2, 0, 600),
    (3, "pot", 2, 0, 400),
    (3, "half-pot", 3, 0, 400),
    (6, "fixed", 2, 5, 200),
    (6, "no", 2, 0, 200),
    (10, "pot", 2, 0, 80),
]
#: The bet and raise sizes each structure can offer ("pot" never in half-pot limit: it is more than the limit).
SIZES = {
    "fixed": {"bet/raise"},
    "pot": {"min", "half-pot", "pot", "all-in"},
    "half-pot": {"min", "half-pot", "all-in"},
    "no": {"min", "half-pot", "pot", "all-in"},
}
#: One hand in this many has every observation rebuilt and compared.
OBSERVED_EVERY = 2
#: One hand in this many has every offered action tried on a copy (the rest: the refused ones and the one taken).
EXHAUSTIVE_EVERY = 10


LAYOUTS = {players: layout(players) for players in range(2, 11)}


def documented_call(hand: HandState, player: int, action: int, names: tuple[str, ...]) -> Callable[[HandState], None]:
    """What action ``action`` does, as ``badugi_fast.rl.actions`` documents it, as a call of the engine."""
    name = names[action]
    if name == "fold":
        return lambda state: state.fold(player)
    if name == "check/call":
        return lambda state: state.check(player) if state.to_call(player) == 0 else state.call(player)
    if name == "stand pat" or name.startswith("discard"):
        mask = action - names.index("stand pat")
        ordered = sorted(hand.cards[player])
        thrown = [ordered[position] for position in range(4) if mask >> position & 1]
        return lambda state: state.draw(player, thrown)
    # the round's bet to match: the biggest bet in front of anyone (before the draw, at least the big blind)
    level = max(max(hand.bets), hand.rules.big_blind if hand.round == 0 else 0)
    own, owed, pot = hand.bets[player], level - hand.bets[player], hand.pot
    bounds = hand.raise_bounds(player)
    target = {
        "bet/raise": bounds[0] if bounds else level + hand.rules.big_blind,
        "min": bounds[0] if bounds else level + hand.rules.big_blind,
        "half-pot": level + (pot + owed) // 2,
        "pot": level + pot + owed,
        "all-in": own + hand.stacks[player],
    }[name]
    if level:
        return lambda state: state.raise_to(player, target)
    return lambda state: state.bet(player, target)


@dataclass
class Ledger:
    """What each seat did in each betting round and draw, read from the hand's events."""

    players: int
    put: list[list[int]] = field(default_factory=list)  # [round][seat]: chips in front of the seat that round
    bets: list[list[int]] = field(default_factory=list)  # [round][seat]: bets and raises
    drawn: list[list[int | None]] = field(default_factory=list)  # [draw][seat]: cards drawn

    def __post_init__(self) -> None:
        self.put = [[0] * self.players for _ in range(4)]
        self.bets = [[0] * self.players for _ in range(4)]
        self.drawn = [[None] * self.players for _ in range(3)]

    def read(self, hand: HandState) -> None:
        street = 0
        for event in hand.events:
            if event[0] == "post" or event[0] == "call":
                self.put[street][event[1]] += event[3] if event[0] == "post" else event[2]
            elif event[0] == "bet":
                self.put[street][event[1]] = event[2]
                self.bets[street][event[1]] += 1
            elif event[0] == "raise":
                self.put[street][event[1]] = event[3]
                self.bets[street][event[1]] += 1
            elif event[0] == "uncalled":
                self.put[street][event[1]] -= event[2]
            elif event[0] == "street":
                street = event[1]
            elif event[0] == "draw":
                self.drawn[street - 1][event[1]] = len(event[2])


def expected_observation(hand: HandState, player: int) -> np.ndarray[Any, np.dtype[np.float64]]:
    """The observation ``badugi_fast.rl.observation`` documents for ``player`` now, rebuilt from the hand."""
    players = hand.n
    fields = LAYOUTS[players]
    expected = np.zeros(fields[f"seat {players - 1} bets"].stop)

    def put(name: str, index: int, value: float = 1.0) -> None:
        expected[fields[name].start + index] = value

    cards = sorted(hand.cards[player])
    plays = set(badugi_fast.parse_cards(" ".join(badugi_fast.best_cards(cards))))
    for position, card in enumerate(cards):
        put("cards", card)
        put("card_ranks", 13 * position + card // 4)
        put("card_suits", 4 * position + card % 4)
        put("card_plays", position, card in plays)
    put("usable", len(plays) - 1)
    put("hand_value", 0, (1092 - badugi_fast.evaluate(cards)) / 1091)
    put("round", hand.round)
    put("drawing", 0, hand.phase == "draw")
    put("draws_left", 0, (3 - hand.round) / 3 if hand.phase != "complete" else 0)
    put("position", (player - hand.button) % players)
    chips = sum(hand.starting_stacks)
    put("big_blind", 0, min(1.0, hand.rules.big_blind / chips))
    put("pot", 0, hand.pot / chips)
    if hand.phase == "betting" and hand.to_act == player:
        put("to_call", 0, hand.to_call(player) / chips)
    ledger = Ledger(players)
    ledger.read(hand)
    folded = {event[1] for event in hand.events if event[0] == "fold"}
    for view in range(players):
        seat = (player + view) % players
        stack = hand.starting_stacks[seat] - sum(ledger.put[r][seat] for r in range(4))
        if hand.result is not None:
            stack += hand.result.collected.get(seat, 0)
        put(f"seat {view} stack", 0, stack / chips)
        put(f"seat {view} in_hand", 0, seat not in folded)
        put(f"seat {view} all_in", 0, seat not in folded and stack == 0)
        for draw in range(3):
            count = ledger.drawn[draw][seat]
            if count is not None:
                put(f"seat {view} drawn", 5 * draw + count)
        for round_index in range(4):
            put(f"seat {view} chips", round_index, ledger.put[round_index][seat] / chips)
            put(f"seat {view} bets", round_index, min(ledger.bets[round_index][seat], 4) / 4)
    return expected


def differences(actual: np.ndarray[Any, Any], expected: np.ndarray[Any, Any]) -> list[str]:
    """The fields (by ``layout`` name) where an observation is not the expected one."""
    if np.allclose(actual, expected, rtol=0, atol=1e-6):
        return []
    players = next(k for k in range(2, 11) if layout(k)[f"seat {k - 1} bets"].stop == len(expected))
    return [
        f"{name}: {actual[where].tolist()} != {expected[where].tolist()}"
        for name, where in layout(players).items()
        if not np.allclose(actual[where], expected[where], rtol=0, atol=1e-6)
    ]


def snapshot(hand: HandState) -> tuple[object, ...]:
    return (
        len(hand.events),
        tuple(hand.stacks),
        tuple(hand.bets),
        hand.to_act,
        hand.phase,
        tuple(map(tuple, hand.cards)),
    )


def copy_of(hand: HandState) -> HandState:
    copied: HandState = pickle.loads(pickle.dumps(hand))  # the random generator too: a reshuffle draws the same
    return copied


def choose(mask: np.ndarray[Any, np.dtype[np.int8]], rng: random.Random) -> int:
    """A random legal action, folding rarely (folding is legal whenever checking is)."""
    legal = np.flatnonzero(mask).tolist()
    if len(legal) > 1 and legal[0] == 0 and rng.random() > 0.05:
        legal = legal[1:]
    return int(rng.choice(legal))


@pytest.mark.parametrize(("players", "limit", "big_blind", "rake", "hands"), TABLES)
def test_random_legal_hands(players: int, limit: str, big_blind: int, rake: int, hands: int) -> None:
    table: dict[str, Any] = {
        "players": players,
        "limit": limit,
        "small_blind": 1,
        "big_blind": big_blind,
        "rake_percent": rake,
        "stack": (1, 150),
    }
    game = badugi_v0.env(**table, hand_history="pokerstars")
    # the same hands dealt again, played here by the documented meaning of each action, straight on the engine
    twin = badugi_v0.raw_env(**table)
    raw = game.unwrapped
    names = raw.actions.names
    rng = random.Random(players * 100 + len(limit))
    game.reset(seed=players)
    twin.reset(seed=players)
    texts, expected_status = [], {}
    seen: collections.Counter[str] = collections.Counter()
    for number in range(hands):
        exhaustive = number % EXHAUSTIVE_EVERY == 0
        observed = number % OBSERVED_EVERY == 0
        final: dict[str, tuple[float, dict[str, Any]]] = {}
        for agent in game.agent_iter():
            observation, reward, terminated, truncated, info = game.last()
            hand = raw.hand
            seat = raw.possible_agents.index(agent)
            if observed:
                assert differences(observation["observation"], expected_observation(hand, seat)) == []
            if terminated or truncated:
                assert not observation["action_mask"].any()
                final[agent] = (reward, info)
                game.step(None)
                continue
            mask = observation["action_mask"]
            for action in range(raw.actions.count):
                call = documented_call(hand, seat, action, names)
                if mask[action]:
                    if exhaustive:
                        call(copy_of(hand))  # accepted: raises nothing
                    continue
                before = snapshot(hand)
                try:
                    call(hand)
                except IllegalActionError:
                    pass
                else:
                    raise AssertionError(f"the engine accepts {names[action]}, which the mask refuses")
                assert snapshot(hand) == before
            action = choose(mask, rng)
            twin_hand = twin.hand
            assert twin_hand is not None
            documented_call(twin_hand, seat, action, names)(twin_hand)
            game.step(action)
            assert hand.events == twin_hand.events
            seen[names[action]] += 1
        hand = raw.hand
        result = hand.result
        chips = {agent: info["chips"] for agent, (_, info) in final.items()}
        assert sum(chips.values()) == -result.rake
        for seat, agent in enumerate(raw.possible_agents):
            assert hand.stacks[seat] - hand.starting_stacks[seat] == chips[agent]
            assert final[agent][0] == chips[agent] / big_blind
        if not rake:
            assert sum(reward for reward, _ in final.values()) == pytest.approx(0, abs=1e-9)
        texts.append(final["player_0"][1]["hand_history"])
        expected_status[str(raw.played().hand_id)] = "verified" if result.ranks else "no_showdown"
        seen["showdown" if result.ranks else "no showdown"] += 1
        seen["side pots"] += len(result.pots) > 1
        seen["reshuffles"] += hand.reshuffles
        seen["all-in"] += any(
            event[-1] is True for event in hand.events if event[0] in ("post", "call", "bet", "raise")
        )
        game.reset()
        twin.reset()
    statuses = {result.hand_id: (result.status, result.reason) for result in history.score_file("\n\n".join(texts))}
    assert statuses == {hand_id: (status, None) for hand_id, status in expected_status.items()}
    # the hands covered what they are for: every action the structure can offer, showdowns, all-ins, side pots
    # and, ten-handed, reshuffles
    assert set(seen) >= {"fold", "check/call", *SIZES[limit], *names[raw.actions.first_discard :]}, seen
    assert seen["showdown"] > hands // 4
    assert seen["all-in"] > 0
    if players > 2:
        assert seen["side pots"] > 0
    if players == 10:
        assert seen["reshuffles"] > 0
