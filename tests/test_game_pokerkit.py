"""Independent check: simulated hands replayed through pokerkit's Badugi state machine end with the stacks our
engine paid (same blinds, same cards, same draws, same actions), in every betting structure.

The round trip through our own scorer cannot catch a payout bug: the engine and the scorer pay through the same
``pots.py``. pokerkit pays with code that is not ours, so these replays use stakes of 5/10, stacks of any size and
hands dealt to tie (``tied_deals``), so that split pots with odd chips happen, and count them.

pokerkit numbers players from the left of the button (the button is last; heads-up, player 0 is the big blind),
counts raises without the big blind (so its pre-draw cap is one less than ours), burns a card before each draw and
deals only after everyone has discarded. The cards are dealt as our engine dealt them; pokerkit warns when a card
it did not plan to deal is dealt (its burn took it, or the discards were reshuffled), which is expected here.
pokerkit has no half-pot limit: those hands are replayed as no limit, which allows every amount they bet, so their
payouts are checked (their bounds are tested in test_game_engine.py). The fixed-limit replays run twice: with
pokerkit's own ``BadugiHand`` and with ``badugi_fast.pokerkit``'s drop-in.

Three differences are by design. In fixed limit, after an all-in bet or raise for less than a full one, we follow
PokerStars' rules for limit games (docs/rules.md: the next raise completes to a full bet above the last full
level) where pokerkit raises a full bet over the all-in: such hands are not replayed (``completes_an_all_in``),
and are counted. For the other two, ``pokerkit_stacks`` says what pokerkit pays instead of what we pay:
- a split pot's odd chips: we give them one each to the tied players from the left of the button; pokerkit gives
  them all to the first of them. They agree when two players tie (one odd chip at most).
- pots: we pay each main and side pot on its own, as PokerStars writes them; pokerkit merges pots that the same
  players contest once the losers have mucked, and splits the sum. When two or more pots are split, the odd chips
  can fall differently: such hands are compared player by player outside the tied players, and by the total of
  each group of players who split pots.
"""

from __future__ import annotations

import dataclasses
import warnings
from collections.abc import Iterable
from typing import Any

import pytest
from tied_deals import tied_hands

from badugi_fast.cards import card_str
from badugi_fast.game import HandState, PlayedHand, TableRules
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

#: Our betting structures as pokerkit's (half-pot limit has none: no limit allows every half-pot bet).
_STRUCTURES = {
    "fixed": pokerkit.BettingStructure.FIXED_LIMIT,
    "pot": pokerkit.BettingStructure.POT_LIMIT,
    "half-pot": pokerkit.BettingStructure.NO_LIMIT,
    "no": pokerkit.BettingStructure.NO_LIMIT,
}


def _cards(codes: Any) -> str:
    return "".join(card_str(code) for code in codes)


def _streets(rules: TableRules) -> tuple[Any, ...]:
    """pokerkit's four Badugi betting rounds with our bet sizes and raise cap."""
    game = pokerkit.FixedLimitBadugi(
        _AUTOMATIONS, True, 0, (rules.small_blind, rules.big_blind), rules.bet_size(0), rules.bet_size(3)
    )
    if rules.limit != "fixed":  # the big-bet games: the smallest bet is the big blind, raises are not capped
        return tuple(
            dataclasses.replace(
                street,
                min_completion_betting_or_raising_amount=rules.big_blind,
                max_completion_betting_or_raising_count=None,
            )
            for street in game.streets
        )
    cap = rules.raise_cap
    return tuple(
        dataclasses.replace(street, max_completion_betting_or_raising_count=None if cap is None else cap - (k == 0))
        for k, street in enumerate(game.streets)
    )


def replay(hand: HandState, hand_type: Any = pokerkit.BadugiHand) -> list[int]:
    """Final stacks (in our player order) after replaying ``hand`` through pokerkit's Badugi, valued by
    ``hand_type``."""
    rules = hand.rules
    n = hand.n
    order = [(hand.button + 1 + k) % n for k in range(n)]  # pokerkit index -> our player
    index = {player: k for k, player in enumerate(order)}
    state = pokerkit.State(
        _AUTOMATIONS,
        pokerkit.Deck.REGULAR,
        (hand_type,),
        _streets(rules),
        _STRUCTURES[rules.limit],
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


def split_pots(hand: HandState) -> list[tuple[list[int], int]]:
    """Each pot split between two or more players: its winners from the left of the button, and its amount."""
    assert hand.result is not None
    left_of_button = [(hand.button + 1 + k) % hand.n for k in range(hand.n)]
    return [
        (sorted(share, key=left_of_button.index), sum(share.values()))
        for share in hand.result.pot_shares
        if len(share) > 1
    ]


def pokerkit_stacks(hand: HandState, splits: list[tuple[list[int], int]]) -> list[int]:
    """The stacks pokerkit should end with, from ours, for a hand with one split pot at most: its odd chips move
    to the first tied player left of the button, as pokerkit pays them (we pay them one each in that order, which
    is written here, not taken from the engine)."""
    stacks = list(hand.stacks)
    for winners, amount in splits:
        odd = amount % len(winners)
        for place, player in enumerate(winners):
            stacks[player] += (odd if place == 0 else 0) - (1 if place < odd else 0)
    return stacks


def _groups(splits: Iterable[list[int]]) -> list[set[int]]:
    """Players joined by the split pots they share."""
    groups: list[set[int]] = []
    for winners in splits:
        group = set(winners)
        for other in [g for g in groups if g & group]:
            groups.remove(other)
            group |= other
        groups.append(group)
    return groups


def completes_an_all_in(hand: HandState) -> bool:
    """Whether ``hand`` is fixed limit and has a bet or raise after an all-in for less than a full bet or raise in
    the same round: there PokerStars' rules, which we follow, and pokerkit's differ."""
    rules = hand.rules
    if rules.limit != "fixed":
        return False
    level, size, short = rules.big_blind, rules.bet_size(0), False
    for event in hand.events:
        if event[0] == "street":
            level, size, short = 0, rules.bet_size(event[1]), False
        elif event[0] == "bet" or event[0] == "raise":
            if short:
                return True
            total = event[2] if event[0] == "bet" else event[3]
            short, level = total < level + size, total
    return False


def assert_pokerkit_agrees(played: PlayedHand, hand_type: Any = pokerkit.BadugiHand) -> str:
    """Replay ``played`` through pokerkit (hands valued by ``hand_type``) and compare the stacks as the module's
    docstring says. Returns how: ``"exact"``, ``"odd chips"`` (exactly, with one split pot that has odd chips),
    ``"groups"``, or ``"PokerStars"`` (not replayed: ``completes_an_all_in``)."""
    hand = played.state
    if completes_an_all_in(hand):
        return "PokerStars"
    theirs = _replay_quietly(hand, hand_type)
    splits = split_pots(hand)
    if len(splits) <= 1:
        assert theirs == pokerkit_stacks(hand, splits), (played.hand_id, hand.stacks)
        return "odd chips" if any(amount % len(winners) for winners, amount in splits) else "exact"
    groups = _groups(winners for winners, _ in splits)
    tied = set().union(*groups)
    others = [p for p in range(hand.n) if p not in tied]
    assert [theirs[p] for p in others] == [hand.stacks[p] for p in others], played.hand_id
    for group in groups:
        assert sum(theirs[p] for p in group) == sum(hand.stacks[p] for p in group), (played.hand_id, group)
    return "groups"


@pytest.mark.parametrize("hand_type", [pokerkit.BadugiHand, dropin.BadugiHand], ids=["pokerkit", "badugi_fast"])
@pytest.mark.parametrize("players", range(2, 11))
def test_pokerkit_replay_gives_the_same_stacks(players: int, hand_type: Any) -> None:
    for played in simulate(100, players, TableRules(5, 10), seed=players):
        assert assert_pokerkit_agrees(played, hand_type) != "groups"  # dealt at random, ties are rare


@pytest.mark.parametrize("limit", ["pot", "half-pot", "no"])
@pytest.mark.parametrize("players", [2, 3, 6, 9])
def test_pokerkit_replay_big_bet_games(limit: str, players: int) -> None:
    for played in simulate(80, players, TableRules(5, 10, limit), seed=players, buy_in=(2, 60)):
        assert_pokerkit_agrees(played)


@pytest.mark.parametrize("limit", ["fixed", "pot", "half-pot", "no"])
def test_pokerkit_pays_split_pots_with_odd_chips_as_we_do(limit: str) -> None:
    """Hands dealt to tie: split pots, two- and three-way, with odd chips, main and side pots."""
    compared: dict[str, int] = {"exact": 0, "odd chips": 0, "groups": 0, "PokerStars": 0}
    for players, tied in ((2, 2), (3, 2), (6, 2), (6, 3), (9, 3)):
        for played in tied_hands(40, players, TableRules(5, 10, limit), seed=10 * players + tied, tied=tied):
            compared[assert_pokerkit_agrees(played)] += 1
    assert compared["odd chips"] >= 15, compared
    assert compared["exact"] + compared["odd chips"] >= 80, compared  # 100 to 144 of 200 today
