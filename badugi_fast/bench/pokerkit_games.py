"""pokerkit playing Badugi with its own hand type and with badugi-fast's: hands per second side by side.

pokerkit drives every hand (every automation: blinds, dealing, burning, showing or mucking, pushing and pulling
chips); the players take random legal actions and draw random cards; pokerkit values the showdowns with the game's
hand type. Both games play the same hands (the same seeds), and their final stacks must be equal before any
figure is given.
"""

from __future__ import annotations

import random
import time
import warnings
from dataclasses import dataclass
from statistics import median
from typing import Any

__all__ = ["GameRun", "measure_pokerkit_games", "play_pokerkit_hands"]

PLAYERS = 6
BLINDS = (1, 2)
SMALL_BET, BIG_BET = 2, 4


@dataclass(frozen=True)
class GameRun:
    """What a run of hands ended with: every hand's final stacks, and how many hands reached a showdown."""

    stacks: list[list[int]]
    showdowns: int


def _act(state: Any, rng: random.Random) -> None:
    """One random legal action: draw 0-4 random cards; bet or raise 25%, fold 10% (facing a bet), else check/call."""
    if state.can_stand_pat_or_discard():
        hole = state.hole_cards[state.stand_patter_or_discarder_index]
        state.stand_pat_or_discard(rng.sample(hole, rng.randint(0, len(hole))))
        return
    roll = rng.random()
    if roll < 0.25 and state.can_complete_bet_or_raise_to():
        state.complete_bet_or_raise_to()
    elif roll < 0.35 and state.can_fold():
        state.fold()
    else:
        state.check_or_call()


def play_pokerkit_hands(game_type: Any, hands: int, seed: int) -> GameRun:
    """Play ``hands`` six-handed hands of ``game_type`` (a pokerkit FixedLimitBadugi class), stacks of 5-100 big
    blinds. pokerkit shuffles with the ``random`` module, so it is seeded for the run and restored afterwards."""
    import pokerkit

    automations = tuple(pokerkit.Automation)
    rng = random.Random(seed)
    saved = random.getstate()
    random.seed(seed)
    stacks = []
    showdowns = 0
    try:
        with warnings.catch_warnings():
            # the stub ran out: pokerkit reshuffles the mucked cards, as the rules say, and warns
            warnings.filterwarnings("ignore", message="Returning reserved", category=UserWarning)
            for _ in range(hands):
                starting = [rng.randint(5, 100) * BLINDS[1] for _ in range(PLAYERS)]
                state = game_type.create_state(automations, True, 0, BLINDS, SMALL_BET, BIG_BET, starting, PLAYERS)
                while state.status:
                    _act(state, rng)
                stacks.append(list(state.stacks))
                shown = sum(isinstance(operation, pokerkit.HoleCardsShowingOrMucking) for operation in state.operations)
                showdowns += shown >= 2
    finally:
        random.setstate(saved)
    return GameRun(stacks, showdowns)


def measure_pokerkit_games(hands: int, repeat: int, seed: int) -> dict[str, Any]:
    """Hands per second of pokerkit's FixedLimitBadugi with pokerkit's BadugiHand and with badugi-fast's, the runs
    interleaved (medians of ``repeat`` each). Refused (no figures, the reason given) if the two end differently."""
    import pokerkit

    from badugi_fast import pokerkit as dropin

    games = {
        "pokerkit.BadugiHand": pokerkit.FixedLimitBadugi,
        "badugi_fast.pokerkit.BadugiHand": dropin.FixedLimitBadugi,
    }
    runs = {name: play_pokerkit_hands(game, hands, seed) for name, game in games.items()}  # also the warm-up
    theirs, ours = runs.values()
    result: dict[str, Any] = {"hands": hands, "players": PLAYERS, "showdowns": theirs.showdowns}
    if theirs != ours:
        differ = sum(a != b for a, b in zip(theirs.stacks, ours.stacks, strict=True))
        result["refused"] = f"the two hand types end {differ} of {hands} hands with different stacks"
        return result
    times: dict[str, list[float]] = {name: [] for name in games}
    for _ in range(repeat):
        for name, game in games.items():
            started = time.perf_counter()
            play_pokerkit_hands(game, hands, seed)
            times[name].append(time.perf_counter() - started)
    speeds = {name: hands / median(seconds) for name, seconds in times.items()}
    result["hands per second"] = speeds
    result["ratio"] = speeds["badugi_fast.pokerkit.BadugiHand"] / speeds["pokerkit.BadugiHand"]
    return result
