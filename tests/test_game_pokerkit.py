"""Independent check: simulated fixed-limit hands replayed through pokerkit's Badugi state machine end with the same
stacks (same blinds, same cards, same draws, same actions).

pokerkit numbers players from the left of the button (the button is last; heads-up, player 0 is the big blind),
counts raises without the big blind (so its pre-draw cap is one less than ours), burns a card before each draw and
deals only after everyone has discarded. The cards are dealt as our engine dealt them; pokerkit warns when a card
it did not plan to deal is dealt (its burn took it, or the discards were reshuffled), which is expected here.
"""

from __future__ import annotations

import dataclasses
import warnings
from typing import Any

import pytest

from badugi_fast.cards import card_str
from badugi_fast.game import HandState, TableRules
from badugi_fast.game.simulate import simulate

pokerkit = pytest.importorskip("pokerkit")
dropin = pytest.importorskip("badugi_fast.pokerkit")

_AUTOMATIONS = (
    pokerkit.Automation.ANTE_POSTING,
    pokerkit.Automation.BET_COLLECTION,
    pokerkit.Automation.BLIND_OR_STRADDLE_POSTING,
    pokerkit.Automation.CARD_BURNING,
    pokerkit.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    pokerkit.Automation.HAND_KILLING,
    pokerkit.Automation.CHIPS_PUSHING,
    pokerkit.Automation.CHIPS_PULLING,
)


def _cards(codes: Any) -> str:
    return "".join(card_str(code) for code in codes)


def replay(hand: HandState, hand_type: Any = pokerkit.BadugiHand) -> list[int]:
    """Final stacks (in our player order) after replaying ``hand`` through pokerkit's fixed-limit Badugi, valued by
    ``hand_type``."""
    rules = hand.rules
    n = hand.n
    order = [(hand.button + 1 + k) % n for k in range(n)]  # pokerkit index -> our player
    index = {player: k for k, player in enumerate(order)}
    cap = rules.raise_cap
    game = pokerkit.FixedLimitBadugi(
        _AUTOMATIONS, True, 0, (rules.small_blind, rules.big_blind), rules.bet_size(0), rules.bet_size(3)
    )
    streets = [
        dataclasses.replace(street, max_completion_betting_or_raising_count=None if cap is None else cap - (k == 0))
        for k, street in enumerate(game.streets)
    ]
    state = pokerkit.State(
        _AUTOMATIONS,
        pokerkit.Deck.REGULAR,
        (hand_type,),
        tuple(streets),
        pokerkit.BettingStructure.FIXED_LIMIT,
        True,
        0,
        (rules.small_blind, rules.big_blind),
        0,
        [hand.starting_stacks[player] for player in order],
        n,
    )
    for player in order:
        state.deal_hole(_cards(hand.dealt[player]))
    events = hand.events[2:]
    position = 0
    while position < len(events):
        event = events[position]
        position += 1
        if event[0] == "capped" or event[0] == "uncalled":
            continue
        if event[0] == "street":
            draws = []
            while position < len(events) and (drawn := events[position])[0] == "draw":
                draws.append(drawn)
                position += 1
            for _, player, thrown, _, _ in draws:
                assert state.stand_patter_or_discarder_index == index[player]
                state.stand_pat_or_discard(_cards(thrown))
            for _, player, _, _, new in draws:
                if new:
                    state.deal_hole(_cards(new), index[player])
            continue
        assert state.actor_index == index[event[1]], event
        if event[0] == "fold":
            state.fold()
        elif event[0] == "check" or event[0] == "call":
            state.check_or_call()
        elif event[0] == "bet":
            state.complete_bet_or_raise_to(event[2])
        else:
            state.complete_bet_or_raise_to(event[3])
    assert not state.status, "pokerkit expects more actions"
    return [state.stacks[index[player]] for player in range(n)]


def _replay_quietly(hand: HandState, hand_type: Any) -> list[int]:
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="A card being dealt", category=UserWarning)
        warnings.filterwarnings("ignore", message="Returning reserved", category=UserWarning)
        return replay(hand, hand_type)


@pytest.mark.parametrize("hand_type", [pokerkit.BadugiHand, dropin.BadugiHand], ids=["pokerkit", "badugi_fast"])
@pytest.mark.parametrize("players", range(2, 11))
def test_pokerkit_replay_gives_the_same_stacks(players: int, hand_type: Any) -> None:
    # Blinds of 6/12 and buy-ins in big blinds keep most pots divisible by 2 and 3: pokerkit gives all the odd
    # chips of a split pot to the first winner, we give them one each (they differ only in 3+ way ties).
    rules = TableRules(6, 12)
    for played in simulate(100, players, rules, seed=players):
        assert _replay_quietly(played.state, hand_type) == played.state.stacks, played.hand_id
