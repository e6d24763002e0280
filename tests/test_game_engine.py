"""The rules engine, rule by rule: blinds and order (heads-up too), the big blind's option, limits and the cap,
side pots, split pots with the odd chip, the deck running out, rake, and illegal actions leaving the state as it was.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from badugi_fast import evaluate
from badugi_fast.cards import parse_cards
from badugi_fast.game import HandState, IllegalActionError, PlayedHand, TableRules, hand_text
from badugi_fast.pots import Pot
from badugi_fast.rules.engine import BETTING, COMPLETE, DRAW
from badugi_fast.rules.limits import raise_to_bounds


def deck_for(hands: dict[int, str], button: int, players: int, then: str = "") -> list[int]:
    """A deck that deals ``hands[p]`` to player p (one card at a time from the left of the button), then ``then``
    for the draws, then every other card in code order."""
    deck = []
    for card in range(4):
        for k in range(1, players + 1):
            deck.append(parse_cards(hands[(button + k) % players])[card])
    deck += parse_cards(then)
    return deck + [card for card in range(52) if card not in deck]


def snapshot(hand: HandState) -> tuple[dict[str, Any], object]:
    """Everything the hand holds, for checking that a refused action changed nothing."""
    fields = {name: copy.deepcopy(getattr(hand, name)) for name in HandState.__slots__ if name != "rng"}
    return fields, hand.rng.getstate()


def stand_pat_all(hand: HandState) -> None:
    while hand.phase == DRAW:
        assert hand.to_act is not None
        hand.draw(hand.to_act)


def check_round(hand: HandState) -> None:
    round_index = hand.round
    while hand.phase == BETTING and hand.round == round_index:
        assert hand.to_act is not None
        hand.check(hand.to_act)


# ----------------------------------------------------------------------------------------------- blinds and order


def test_ring_game_blinds_and_first_to_act() -> None:
    hand = HandState(TableRules(10, 20), [500] * 4, button=2, rng=random.Random(1))
    assert (hand.small_blind_player, hand.big_blind_player) == (3, 0)
    assert hand.bets == [20, 0, 0, 10]
    assert hand.to_act == 1  # left of the big blind
    assert hand.events[:2] == [("post", 3, "small", 10, False), ("post", 0, "big", 20, False)]


def test_cards_are_dealt_one_at_a_time_from_the_left_of_the_button() -> None:
    hand = HandState(TableRules(1, 2), [50] * 3, button=1, deck=range(52))
    assert hand.cards == [[1, 4, 7, 10], [2, 5, 8, 11], [0, 3, 6, 9]]
    assert hand.dealt == tuple(tuple(cards) for cards in hand.cards)


def test_heads_up_button_posts_small_blind_acts_first_before_the_draw_and_last_after() -> None:
    hand = HandState(TableRules(10, 20), [500, 500], button=1, rng=random.Random(2))
    assert (hand.small_blind_player, hand.big_blind_player) == (1, 0)
    assert hand.to_act == 1
    hand.call(1)
    assert hand.to_act == 0  # the big blind's option
    hand.check(0)
    assert hand.phase == DRAW
    assert hand.to_act == 0
    hand.draw(0)
    assert hand.to_act == 1
    hand.draw(1)
    assert hand.phase == BETTING
    assert hand.to_act == 0


def test_after_the_draw_the_first_active_player_left_of_the_button_starts() -> None:
    hand = HandState(TableRules(10, 20), [500] * 4, button=0, rng=random.Random(3))
    hand.call(3)
    hand.call(0)
    hand.fold(1)  # the small blind folds
    hand.check(2)
    assert hand.phase == DRAW
    assert hand.draw_order == [2, 3, 0]
    stand_pat_all(hand)
    assert hand.to_act == 2


def test_big_blind_option_to_raise_when_everyone_limps() -> None:
    hand = HandState(TableRules(10, 20), [500] * 3, button=0, rng=random.Random(4))
    hand.call(0)
    hand.call(1)
    assert hand.phase == BETTING
    assert hand.to_act == 2
    assert hand.to_call(2) == 0
    assert hand.raise_bounds(2) == (40, 40)
    hand.raise_to(2, 40)
    assert hand.to_act == 0
    assert hand.to_call(0) == 20
    hand.call(0)
    hand.call(1)
    assert hand.phase == DRAW


def test_big_blind_option_check_closes_the_round() -> None:
    hand = HandState(TableRules(10, 20), [500] * 3, button=0, rng=random.Random(5))
    hand.call(0)
    hand.call(1)
    hand.check(2)
    assert hand.phase == DRAW
    assert hand.pot == 60


def test_no_option_for_the_big_blind_when_nobody_can_put_in_more() -> None:
    hand = HandState(TableRules(10, 20), [20, 1000], button=0, rng=random.Random(20))
    hand.call(0)  # the small blind is all-in for the big blind
    assert hand.phase == DRAW
    assert hand.events[-2:] == [("call", 0, 10, True), ("street", 1)]


def test_everyone_folds_to_the_big_blind() -> None:
    hand = HandState(TableRules(10, 20), [500] * 3, button=0, rng=random.Random(6))
    hand.fold(0)
    hand.fold(1)
    assert hand.phase == COMPLETE
    assert hand.result is not None
    assert ("uncalled", 2, 10) in hand.events
    assert hand.result.collected == {2: 20}
    assert hand.stacks == [500, 490, 510]


def test_short_stacks_post_all_in_blinds_and_the_full_big_blind_is_still_owed() -> None:
    hand = HandState(TableRules(10, 20), [500, 5, 12], button=0, rng=random.Random(7))
    assert hand.events[:2] == [("post", 1, "small", 5, True), ("post", 2, "big", 12, True)]
    assert hand.to_act == 0
    assert hand.to_call(0) == 20
    hand.call(0)
    assert hand.phase == DRAW
    assert ("uncalled", 0, 8) in hand.events  # nobody can match more than 12


# ----------------------------------------------------------------------------------------------- limits and the cap


def test_fixed_limit_small_bets_then_big_bets() -> None:
    hand = HandState(TableRules(10, 20), [1000] * 2, button=0, rng=random.Random(8))
    assert hand.raise_bounds(0) == (40, 40)
    hand.call(0)
    hand.check(1)
    for bet in (20, 40, 40):  # after the first, second and third draws
        stand_pat_all(hand)
        assert hand.raise_bounds(1) == (bet, bet)
        with pytest.raises(IllegalActionError, match=f"exactly {bet}"):
            hand.bet(1, bet + 1)
        hand.bet(1, bet)
        hand.call(0)
    assert hand.phase == COMPLETE


def test_raise_cap_counts_the_big_blind_and_says_betting_is_capped() -> None:
    hand = HandState(TableRules(10, 20), [1000] * 3, button=0, rng=random.Random(9))
    hand.raise_to(0, 40)
    hand.raise_to(1, 60)
    hand.raise_to(2, 80)
    assert hand.events[-1] == ("capped",)
    assert hand.raise_bounds(0) is None
    before = snapshot(hand)
    with pytest.raises(IllegalActionError, match="capped at 4 bets"):
        hand.raise_to(0, 100)
    assert snapshot(hand) == before
    hand.call(0)
    hand.call(1)
    assert hand.phase == DRAW


def test_no_cap_heads_up_as_an_option() -> None:
    capped = HandState(TableRules(10, 20), [1000] * 2, button=0, rng=random.Random(10))
    free = HandState(TableRules(10, 20, uncapped_heads_up=True), [1000] * 2, button=0, rng=random.Random(10))
    for hand in (capped, free):
        for total, player in ((40, 0), (60, 1), (80, 0)):
            hand.raise_to(player, total)
    assert capped.raise_bounds(1) is None
    assert free.raise_bounds(1) == (100, 100)
    free.raise_to(1, 100)
    assert ("capped",) not in free.events


def test_cap_still_applies_three_handed_with_the_heads_up_option() -> None:
    hand = HandState(TableRules(10, 20, uncapped_heads_up=True), [1000] * 3, button=0, rng=random.Random(11))
    for total, player in ((40, 0), (60, 1), (80, 2)):
        hand.raise_to(player, total)
    assert hand.raise_bounds(0) is None


@pytest.mark.parametrize(("limit", "bounds"), [("pot", (40, 70)), ("half-pot", (40, 45)), ("no", (40, 1000))])
def test_big_bet_raise_bounds(limit: str, bounds: tuple[int, int]) -> None:
    hand = HandState(TableRules(10, 20, limit), [1000] * 3, button=0, rng=random.Random(12))
    assert hand.raise_bounds(0) == bounds  # pot 30, call 20: the pot after calling is 50


def test_pot_limit_after_a_bet() -> None:
    hand = HandState(TableRules(10, 20, "pot"), [1000] * 2, button=0, rng=random.Random(13))
    hand.call(0)
    hand.check(1)
    stand_pat_all(hand)
    assert hand.raise_bounds(1) == (20, 40)
    hand.bet(1, 40)
    assert hand.raise_bounds(0) == (80, 160)  # 40 + (40 pot + 40 bet + 40 call)
    before = snapshot(hand)
    with pytest.raises(IllegalActionError, match="from 80 to 160"):
        hand.raise_to(0, 161)
    assert snapshot(hand) == before


def big_bet_bounds(
    limit: str, big_blind: int, bets: dict[int, int], before: int, player: int, stack: int, last_raise: int
) -> tuple[int, int]:
    """The "raise to" bounds of ``player`` by the rules' words (rules.md), from the bets of the round so far
    (``bets``: player -> chips in front of them), the chips of the earlier rounds (``before``), the stack behind
    and the last full raise of the round: first call, then add at most the pot as it is after calling (pot
    limit) or half of it, rounded down (half-pot limit); at least a full raise (the big blind or the last full
    raise, whichever is more); never more than the stack (all-in), and all-in for less when that is all there is."""
    level = max(bets.values())
    in_front = bets.get(player, 0)
    pot_after_calling = before + sum(bets.values()) + (level - in_front)
    most_added = pot_after_calling if limit == "pot" else pot_after_calling // 2
    least = level + max(big_blind, last_raise)
    most = max(level + most_added, least)
    all_in = in_front + stack
    return min(least, all_in), min(most, all_in)


@pytest.mark.parametrize("limit", ["pot", "half-pot"])
def test_big_bet_bounds_after_a_bet_and_a_raise_with_chips_in_front(limit: str) -> None:
    """Pre-draw the blinds face a raise with their blind in front of them; after the draw the bettor faces a raise
    with the bet in front of them, and so on: each bound is checked through ``HandState.raise_bounds`` and
    ``limits.raise_to_bounds`` against ``big_bet_bounds``, and by hand for the first few."""
    stacks = [5000, 3000, 4000]
    hand = HandState(TableRules(5, 10, limit), stacks, button=0, rng=random.Random(30))
    bets = {1: 5, 2: 10}  # the blinds: small blind 5 (player 1), big blind 10 (player 2)
    before, earlier, last_raise = 0, 0, 10  # the pot before this round; what each player put in before it

    def check(player: int) -> tuple[int, int]:
        in_front = bets.get(player, 0)
        behind = stacks[player] - earlier - in_front
        expected = big_bet_bounds(limit, 10, bets, before, player, behind, last_raise)
        assert hand.raise_bounds(player) == expected
        pot = before + sum(bets.values())
        assert raise_to_bounds(limit, max(bets.values()), in_front, behind, pot, max(10, last_raise)) == expected
        return expected

    def wager(player: int, total: int) -> None:
        nonlocal last_raise
        last_raise = max(last_raise, total - max(bets.values()))
        (hand.raise_to if max(bets.values()) else hand.bet)(player, total)
        bets[player] = total

    # pre-draw, pot 15: player 0 (nothing in front) calls 10 and may add the pot then, 25: to 35 in pot limit
    assert check(0) == ((20, 35) if limit == "pot" else (20, 22))  # half: 10 + 25 // 2
    wager(0, 20)
    # the small blind, 5 in front, faces 20: the pot after calling is 35 + 15 = 50
    assert check(1) == ((30, 70) if limit == "pot" else (30, 45))
    wager(1, 40)
    # the big blind, 10 in front, faces a raise to 40: the pot after calling is 70 + 30 = 100
    assert check(2) == ((60, 140) if limit == "pot" else (60, 90))
    hand.call(2)
    bets[2] = 40
    # the first raiser, 20 in front, faces 40: the pot after calling is 100 + 20 = 120
    assert check(0) == ((60, 160) if limit == "pot" else (60, 100))
    hand.call(0)
    stand_pat_all(hand)
    # after the draw (pot 120): player 1 bets, player 2 raises, player 0 raises, player 1 (the bettor) faces that
    before, earlier, bets, last_raise = 120, 40, {0: 0, 1: 0, 2: 0}, 0
    assert hand.to_act == 1
    assert check(1) == ((10, 120) if limit == "pot" else (10, 60))
    wager(1, 60)
    assert check(2) == ((120, 300) if limit == "pot" else (120, 180))  # the pot after calling: 180 + 60
    wager(2, 180)
    assert check(0) == ((300, 720) if limit == "pot" else (300, 450))  # 360 + 180
    wager(0, 300)
    low, high = check(1)  # 60 in front, facing a raise after a raise: the pot after calling is 660 + 240
    assert (low, high) == ((420, 1200) if limit == "pot" else (420, 750))  # at least a raise of 120, the last
    hand.raise_to(1, high)
    before_state = snapshot(hand)
    with pytest.raises(IllegalActionError, match="must be to"):
        hand.raise_to(2, 10_000)
    assert snapshot(hand) == before_state


def test_minimum_raise_is_the_last_full_raise() -> None:
    hand = HandState(TableRules(10, 20, "no"), [1000] * 3, button=0, rng=random.Random(14))
    hand.raise_to(0, 100)
    assert hand.raise_bounds(1) == (180, 1000)


def test_an_all_in_bet_sets_the_size_of_a_full_raise() -> None:
    hand = HandState(TableRules(10, 20, "no"), [1000, 150, 1000], button=0, rng=random.Random(15))
    hand.call(0)
    hand.call(1)
    hand.check(2)
    stand_pat_all(hand)
    hand.bet(1, 100)  # the small blind leads
    hand.call(2)
    hand.call(0)
    stand_pat_all(hand)
    hand.bet(1, 30)  # all-in, more than the big blind
    assert hand.stacks[1] == 0
    assert hand.events[-1] == ("bet", 1, 30, True)
    assert hand.raise_bounds(2) == (60, 880)
    hand.raise_to(2, 100)
    hand.call(0)
    assert hand.round == 2
    assert hand.phase == DRAW


def test_all_in_raise_short_of_a_full_raise_only_lets_earlier_players_call() -> None:
    hand = HandState(TableRules(10, 20, "no"), [1000, 1000, 130, 1000], button=0, rng=random.Random(16))
    hand.call(3)
    hand.call(0)
    hand.call(1)
    hand.check(2)
    stand_pat_all(hand)
    hand.bet(1, 100)
    hand.raise_to(2, 110)  # the all-in: 10 more than the bet, short of a full raise of 100
    assert hand.stacks[2] == 0
    assert hand.raise_bounds(3) == (210, 980)  # player 3 has not acted: they may raise
    hand.call(3)
    hand.call(0)
    assert hand.to_act == 1
    assert hand.raise_bounds(1) is None
    with pytest.raises(IllegalActionError, match="does not reopen"):
        hand.raise_to(1, 300)
    hand.call(1)
    assert hand.phase == DRAW


# ----------------------------------------------------------------------------------------------- illegal actions


def _betting_hand() -> HandState:
    return HandState(TableRules(10, 20), [1000] * 3, button=0, rng=random.Random(17))


def _drawing_hand() -> HandState:
    hand = HandState(TableRules(10, 20), [1000] * 3, button=0, deck=range(52))
    hand.call(0)
    hand.call(1)
    hand.check(2)
    return hand  # player 1 (cards 0, 3, 6, 9) draws first


ILLEGAL: list[tuple[str, Callable[[], HandState], Callable[[HandState], None], str]] = [
    ("out of turn", _betting_hand, lambda h: h.fold(1), "player 0's turn"),
    ("check facing a bet", _betting_hand, lambda h: h.check(0), "20 to call"),
    ("raise above the limit", _betting_hand, lambda h: h.raise_to(0, 60), "exactly 40"),
    ("raise below the limit", _betting_hand, lambda h: h.raise_to(0, 30), "exactly 40"),
    ("raise by a float", _betting_hand, lambda h: h.raise_to(0, 40.0), "exactly 40"),  # type: ignore[arg-type]
    ("bet facing a bet", _betting_hand, lambda h: h.bet(0, 40), "already a bet"),
    ("draw while betting", _betting_hand, lambda h: h.draw(0, []), "betting phase"),
    ("call with nothing to call", lambda: _big_blind_option(), lambda h: h.call(2), "nothing to call"),
    ("bet while drawing", _drawing_hand, lambda h: h.bet(1, 20), "draw phase"),
    ("draw out of turn", _drawing_hand, lambda h: h.draw(2, []), "player 1's turn"),
    ("draw 5 cards", _drawing_hand, lambda h: h.draw(1, [0, 3, 6, 9, 12]), "0 to 4 cards"),
    ("discard a card not in the hand", _drawing_hand, lambda h: h.draw(1, [0, 1]), "cannot discard Ad"),
    ("discard a card twice", _drawing_hand, lambda h: h.draw(1, [0, 0]), "same card twice"),
    ("discard text not in the hand", _drawing_hand, lambda h: h.draw(1, "Ks"), "cannot discard Ks"),
    ("discard a float", _drawing_hand, lambda h: h.draw(1, [float(h.cards[1][0])]), "int code"),  # type: ignore[list-item]
    ("act after the hand", lambda: _finished_hand(), lambda h: h.check(2), "complete phase"),
    # Values equal to the player to act that are not players (issue #10): refused, not taken as the player.
    ("fold as player 0.0", _betting_hand, lambda h: h.fold(0.0), "a player is an int 0..2, not 0.0"),  # type: ignore[arg-type]
    ("call as player False", _betting_hand, lambda h: h.call(False), "a player is an int 0..2, not False"),
    ("fold as player True", lambda: _second_to_act(), lambda h: h.fold(True), "not True"),
    ("check as player True", lambda: _big_blind_option(), lambda h: h.check(True), "not True"),  # player 2 to act
    ("bet as player 1.0", lambda: _drawn_hand(), lambda h: h.bet(1.0, 20), "not 1.0"),  # type: ignore[arg-type]
    ("raise as player '0'", _betting_hand, lambda h: h.raise_to("0", 40), "not '0'"),  # type: ignore[arg-type]
    ("draw as player 1.0", _drawing_hand, lambda h: h.draw(1.0, []), "not 1.0"),  # type: ignore[arg-type]
    ("draw None", _drawing_hand, lambda h: h.draw(1, None), "discard None: discards are card codes"),  # type: ignore[arg-type]
    ("draw a number", _drawing_hand, lambda h: h.draw(1, 5), "discard 5: discards are card codes"),  # type: ignore[arg-type]
]


def test_an_equal_int_that_is_another_object_is_still_the_player() -> None:
    class Seat(int):  # an int subclass: equal to the player to act, never the engine's own int object
        pass

    hand = _betting_hand()
    assert hand.raise_bounds(Seat(0)) == hand.raise_bounds(0) == (40, 40)
    assert hand.raise_bounds(0.0) is None  # type: ignore[arg-type]
    assert hand.raise_bounds(False) is None
    hand.call(Seat(0))
    assert hand.to_act == 1
    assert hand.events[-1] == ("call", 0, 20, False)


def _second_to_act() -> HandState:
    hand = _betting_hand()
    hand.call(0)
    return hand  # player 1 to act


def _drawn_hand() -> HandState:
    hand = _drawing_hand()
    for player in (1, 2, 0):
        hand.draw(player, [])
    return hand  # player 1 to act first after the draw


def _big_blind_option() -> HandState:
    hand = _betting_hand()
    hand.call(0)
    hand.call(1)
    return hand


def _finished_hand() -> HandState:
    hand = _betting_hand()
    hand.fold(0)
    hand.fold(1)
    return hand


@pytest.mark.parametrize(("make", "act", "message"), [case[1:] for case in ILLEGAL], ids=[case[0] for case in ILLEGAL])
def test_illegal_actions_raise_and_leave_the_state_unchanged(
    make: Callable[[], HandState], act: Callable[[HandState], None], message: str
) -> None:
    hand = make()
    before = snapshot(hand)
    with pytest.raises(IllegalActionError, match=message):
        act(hand)
    assert snapshot(hand) == before
    assert issubclass(IllegalActionError, ValueError)


def test_draw_accepts_card_text() -> None:
    hand = _drawing_hand()
    hand.draw(1, "Ac 2h")
    assert hand.events[-1][:3] == ("draw", 1, (0, 6))


@pytest.mark.parametrize(
    ("stacks", "button", "message"),
    [
        ([100], 0, "2 to 10 players"),
        ([100] * 11, 0, "2 to 10 players"),
        ([100, 0], 0, "stack"),
        ([100, 1.5], 0, "stack"),
        ([100, 100], 2, "button"),
    ],
)
def test_bad_tables_are_refused(stacks: list[Any], button: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        HandState(TableRules(1, 2), stacks, button)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ((0, 2), "small blind"),
        ((3, 2), "more than the big blind"),
        ((1, 2, "spread"), "betting structure"),
        ((1, 2, "fixed", None, 1), "raise cap"),
        ((1, 2, "fixed", 2.5), "small bet"),
        ((1, 2, "fixed", None, 4, False, True), "rake must be a number of percent from 0 to 100, not True"),
        ((1, 2, "fixed", None, 4, False, "5"), "not '5'"),
        ((1, 2, "fixed", None, 4, False, float("nan")), "not nan"),
        ((1, 2, "fixed", None, 4, False, 100.5), "not 100.5"),
    ],
)
def test_bad_rules_are_refused(arguments: tuple[Any, ...], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        TableRules(*arguments)


def test_bad_decks_are_refused() -> None:
    with pytest.raises(ValueError, match="distinct"):
        HandState(TableRules(1, 2), [10, 10], deck=[0] * 52)
    with pytest.raises(ValueError, match="need 8"):
        HandState(TableRules(1, 2), [10, 10], deck=range(7))


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        ([0.0, *range(1, 52)], "card codes \\(ints 0..51\\), not 0.0"),  # was truncated to 0
        ([2.9, *range(3, 52)], "not 2.9"),  # was truncated to 2
        (["0", *range(1, 52)], "not '0'"),
        ([True, *range(2, 52)], "not True"),  # was card 1
        (52, "a sequence of card codes, not 52"),
    ],
)
def test_decks_of_other_things_than_card_codes_are_refused(deck: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        HandState(TableRules(1, 2), [10, 10], deck=deck)


def test_a_deck_of_numpy_integers_deals_as_a_list_of_ints() -> None:
    numpy = pytest.importorskip("numpy")
    hand = HandState(TableRules(1, 2), [10, 10], deck=numpy.arange(51, -1, -1))
    assert hand.cards == HandState(TableRules(1, 2), [10, 10], deck=range(51, -1, -1)).cards
    assert all(type(card) is int for card in hand.stub)


# ----------------------------------------------------------------------------------------------- pots and payouts


def test_all_in_side_pot_goes_to_the_best_hand_among_those_in_it() -> None:
    hands = {1: "As 2h 3d 4c", 2: "5s 6h 7d 8c", 0: "Ks Qs Js Ts"}
    hand = HandState(TableRules(10, 20, "no"), [100, 30, 100], button=0, deck=deck_for(hands, 0, 3))
    hand.raise_to(0, 60)
    hand.call(1)  # all-in for 30
    hand.call(2)
    stand_pat_all(hand)
    hand.check(2)
    hand.bet(0, 40)  # all-in
    hand.call(2)
    for _ in range(2):
        stand_pat_all(hand)
    stand_pat_all(hand)
    assert hand.phase == COMPLETE
    assert hand.result is not None
    assert hand.result.pots == (Pot(90, (0, 1, 2)), Pot(140, (0, 2)))
    assert hand.result.pot_shares == ({1: 90}, {2: 140})
    assert hand.stacks == [0, 90, 140]


def test_split_pot_odd_chip_goes_to_the_first_tied_player_left_of_the_button() -> None:
    hands = {0: "As 2h 3d 4c", 1: "Ks Kh Kd Kc", 2: "Ad 2c 3h 4s"}
    hand = HandState(TableRules(5, 10), [100] * 3, button=0, deck=deck_for(hands, 0, 3))
    hand.call(0)
    hand.fold(1)
    hand.check(2)
    for _ in range(3):
        stand_pat_all(hand)
        check_round(hand)
    assert hand.result is not None
    assert hand.result.total_pot == 25
    assert hand.result.collected == {2: 13, 0: 12}
    assert hand.result.ranks == {0: 1, 2: 1}


def test_showdown_order_starts_with_the_last_aggressor() -> None:
    hands = {0: "As 2h 3d 4c", 1: "Ks Kh Kd Kc", 2: "Ad 2c 3h 5s"}
    hand = HandState(TableRules(5, 10), [100] * 3, button=0, deck=deck_for(hands, 0, 3))
    hand.call(0)
    hand.fold(1)
    hand.check(2)
    for _ in range(2):
        stand_pat_all(hand)
        check_round(hand)
    stand_pat_all(hand)
    hand.check(2)
    hand.bet(0, 20)
    hand.call(2)
    assert hand.result is not None
    assert hand.result.show_order == (0, 2)
    assert hand.result.collected == {0: 65}


def test_rake_is_taken_only_after_a_draw_and_is_capped() -> None:
    rules = TableRules(10, 20, rake_percent=10, rake_cap=5)
    quick = HandState(rules, [1000] * 3, button=0, rng=random.Random(18))
    quick.raise_to(0, 40)
    quick.fold(1)
    quick.fold(2)
    assert quick.result is not None
    assert quick.result.rake == 0
    slow = HandState(rules, [1000] * 3, button=0, rng=random.Random(18))
    slow.call(0)
    slow.call(1)
    slow.check(2)
    stand_pat_all(slow)
    slow.bet(1, 20)
    slow.fold(2)
    slow.fold(0)
    assert slow.result is not None
    assert slow.result.rake == 5
    assert slow.result.collected == {1: 55}
    assert sum(slow.stacks) + 5 == 3000


def test_deck_runs_out_and_the_discards_are_reshuffled() -> None:
    hand = HandState(TableRules(10, 20), [1000] * 10, button=0, rng=random.Random(19))
    while hand.round == 0 and hand.phase == BETTING:
        assert hand.to_act is not None
        (hand.call if hand.to_call(hand.to_act) else hand.check)(hand.to_act)
    for _ in range(3):
        while hand.phase == DRAW:
            assert hand.to_act is not None
            hand.draw(hand.to_act, list(hand.cards[hand.to_act]))  # everybody draws four
        check_round(hand)
    assert hand.reshuffles >= 3
    in_hands = [card for cards in hand.cards for card in cards]
    assert len(set(in_hands)) == 40
    assert sorted(in_hands + hand.stub + hand.muck) == list(range(52))
    for event in hand.events:
        if event[0] == "draw":
            _, _, thrown, _, new = event
            assert not set(thrown) & set(new)  # nobody gets back the cards they just threw away


# ----------------------------------------------------------------------------------------------- properties


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    stacks=st.lists(st.integers(1, 400), min_size=2, max_size=10),
    limit=st.sampled_from(["fixed", "pot", "half-pot", "no"]),
    rake=st.sampled_from([0, 5]),
)
def test_random_legal_play_conserves_chips_and_cards(seed: int, stacks: list[int], limit: str, rake: int) -> None:
    rng = random.Random(seed)
    rules = TableRules(5, 10, limit, rake_percent=rake, rake_cap=30)
    hand = HandState(rules, stacks, rng.randrange(len(stacks)), rng=random.Random(seed))
    while hand.phase != COMPLETE:
        player = hand.to_act
        assert player is not None
        if hand.phase == DRAW:
            hand.draw(player, rng.sample(hand.cards[player], rng.randint(0, 4)))
            continue
        bounds = hand.raise_bounds(player)
        roll = rng.random()
        if bounds is not None and roll < 0.3:
            (hand.raise_to if hand.level else hand.bet)(player, rng.randint(*bounds))
        elif hand.to_call(player) and roll < 0.45:
            hand.fold(player)
        else:
            (hand.call if hand.to_call(player) else hand.check)(player)
        assert hand.pot == sum(hand.contributed)
        assert (hand.to_act is None) == (hand.phase == COMPLETE)
        assert hand.ranks == [evaluate(cards) for cards in hand.cards]
        if hand.phase != COMPLETE:
            assert sum(hand.stacks) + hand.pot == sum(stacks)
    result = hand.result
    assert result is not None
    assert sum(hand.stacks) + result.rake == sum(stacks)
    assert sum(pot.amount for pot in result.pots) == result.total_pot == sum(hand.contributed)
    assert sum(result.collected.values()) == result.total_pot - result.rake
    assert min(hand.stacks) >= 0
    live = [card for player, cards in enumerate(hand.cards) if not hand.folded[player] for card in cards]
    assert len(set(live)) == len(live)


def test_three_pots_and_their_pokerstars_names() -> None:
    hands = {2: "As 2h 3d 4c", 1: "5s 6h 7d 8c", 0: "9s Th Jd Qc", 3: "Ks Kh Kd Kc"}
    hand = HandState(TableRules(10, 20, "no"), [100, 50, 30, 200], button=0, deck=deck_for(hands, 0, 4))
    hand.raise_to(3, 200)
    hand.call(0)
    hand.call(1)
    hand.call(2)
    assert ("uncalled", 3, 100) in hand.events
    stand_pat_all(hand)  # nobody can bet: the three draws follow one another
    assert hand.result is not None
    assert hand.result.pots == (Pot(120, (0, 1, 2, 3)), Pot(60, (0, 1, 3)), Pot(100, (0, 3)))
    assert hand.result.pot_shares == ({2: 120}, {1: 60}, {0: 100})
    text = hand_text(PlayedHand(0, 1, ("A", "B", "C", "D"), hand))
    assert "A collected 100 from side pot-2\nB collected 60 from side pot-1\nC collected 120 from main pot\n" in text
    assert "Total pot 280 Main pot 120. Side pot-1 60. Side pot-2 100. | Rake 0\n" in text
    assert "D: raises 180 to 200 and is all-in\n" in text


def test_rake_percent_is_exact() -> None:
    assert TableRules(1, 2, rake_percent=4.5).rake(1000) == 45
    assert TableRules(1, 2, rake_percent=0.1).rake(1000) == 1


def test_big_bet_games_have_no_cap() -> None:
    hand = HandState(TableRules(10, 20, "pot"), [10_000] * 3, button=0, rng=random.Random(21))
    for total, player in ((40, 0), (100, 1), (220, 2), (460, 0)):
        hand.raise_to(player, total)
    assert hand.raise_bounds(1) is not None
    assert ("capped",) not in hand.events


def test_a_short_deck_can_run_out_of_cards() -> None:
    hand = HandState(TableRules(1, 2), [100, 100], button=0, deck=range(9))
    hand.call(0)
    hand.check(1)
    hand.draw(1, hand.cards[1][:1])  # the ninth card
    before = snapshot(hand)
    with pytest.raises(IllegalActionError, match="only 1 left"):
        hand.draw(0, hand.cards[0][:2])
    assert snapshot(hand) == before


def test_a_hand_result_and_a_played_hand_are_frozen_values() -> None:
    """Both fill their fields in one step rather than through the frozen dataclass's own __init__: still values."""
    hand = HandState(TableRules(1, 2), [100, 100], button=0, deck=range(52))
    hand.fold(0)
    result = hand.result
    assert result is not None
    assert result.collected == {1: 2}  # the big blind's 1 over the small blind went back, uncalled
    assert result.pots == (Pot(2, (1,)),)
    again = dataclasses.replace(result, rake=0)
    assert again == result
    assert again is not result
    assert pickle.loads(pickle.dumps(result)) == result
    assert dataclasses.replace(result, rake=1) != result
    played = PlayedHand(0, 7, ("A", "B"), hand)
    assert (played.number, played.hand_id, played.names, played.state) == (0, 7, ("A", "B"), hand)
    assert "hand_id=7" in repr(played)
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.rake = 5  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        played.number = 1  # type: ignore[misc]
