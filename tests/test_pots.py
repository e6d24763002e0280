"""badugi_fast.pots: uncalled bets, main and side pots, payouts with ties, the odd chip and rake."""

from __future__ import annotations

import dataclasses
import pickle
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from badugi_fast.pots import Pot, award, build_pots, return_uncalled, split_uncalled, uncalled


def test_uncalled_excess_goes_back_to_the_biggest_bettor() -> None:
    assert split_uncalled([100, 40, 250]) == ([100, 40, 100], 2, 150)
    assert split_uncalled([100, 100]) == ([100, 100], None, 0)
    assert split_uncalled([50]) == ([50], None, 0)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=50), max_size=10))
def test_uncalled_is_the_top_bet_over_the_second(bets: list[int]) -> None:
    """Against the definition: the largest bet less the second largest, back to the first who bet it."""
    expected = None
    if len(bets) >= 2:
        most, second = sorted(bets, reverse=True)[:2]
        expected = (bets.index(most), most - second) if most > second else None
    assert uncalled(bets) == expected


def test_a_pot_is_a_frozen_value() -> None:
    pot = Pot(180, (0, 1, 2))
    assert pot == Pot(amount=180, eligible=(0, 1, 2))
    assert hash(pot) == hash(Pot(180, (0, 1, 2)))
    assert pot != Pot(180, (0, 1))
    assert repr(pot) == "Pot(amount=180, eligible=(0, 1, 2))"
    assert dataclasses.replace(pot, amount=100) == Pot(100, (0, 1, 2))
    assert pickle.loads(pickle.dumps(pot)) == pot
    with pytest.raises(dataclasses.FrozenInstanceError):
        pot.amount = 0  # type: ignore[misc]


def test_uncalled_bets_are_each_rounds_and_dead_money_is_never_returned() -> None:
    # A dead small blind of 10 (in the 35 put in): the live big blinds are matched, nothing goes back.
    assert return_uncalled([10, 25, 35], [[10, 25, 25]]) == ([10, 25, 35], {})
    # A big blind ante of 60 (unequal antes): the raise to 120 over the big blind of 60 leaves 60 unmatched.
    assert return_uncalled([120, 30, 120], [[120, 30, 60]]) == ([60, 30, 120], {0: 60})
    # Each round's unmatched bet goes back at its end, even one a later round of a forged hand follows.
    rounds = [[50, 20, 20], [0, 40, 100]]
    assert return_uncalled([50, 60, 120], rounds) == ([20, 60, 60], {0: 30, 2: 60})
    with pytest.raises(ValueError, match="2 bets for 3 players"):
        return_uncalled([1, 2, 3], [[1, 2]])
    with pytest.raises(ValueError, match="non-negative integer"):
        return_uncalled([1, 2], [[1, -2]])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.integers(0, 500), min_size=3, max_size=3), min_size=1, max_size=4), st.data())
def test_what_comes_back_is_each_round_above_its_second_bet(rounds: list[list[int]], data: st.DataObject) -> None:
    """Against a naive definition: per round, the largest bet less the second largest, to the first who made it."""
    dead = data.draw(st.lists(st.integers(0, 50), min_size=3, max_size=3))
    contributions = [sum(bets[p] for bets in rounds) + dead[p] for p in range(3)]
    matched, returned = return_uncalled(contributions, rounds)
    expected: dict[int, int] = {}
    for bets in rounds:
        ordered = sorted(bets, reverse=True)
        if ordered[0] > ordered[1]:
            expected[bets.index(ordered[0])] = expected.get(bets.index(ordered[0]), 0) + ordered[0] - ordered[1]
    assert returned == expected
    assert matched == [contributions[p] - expected.get(p, 0) for p in range(3)]


def test_side_pot_when_a_short_stack_is_all_in() -> None:
    # PokerStars cash hand 49164202872 in cents: Lino19 folded, Hero folded, jodarin all-in for 70.
    pots = build_pots([125, 25, 70, 175, 175], folded={0, 1})
    assert pots == [Pot(305, (2, 3, 4)), Pot(265, (3, 4))]


def test_chips_of_a_level_everyone_folded_go_to_the_next_pot() -> None:
    assert build_pots([1, 1, 5], folded={0, 1}) == [Pot(7, (2,))]
    assert build_pots([100, 100, 40], folded={0, 1}) == [Pot(240, (2,))]
    assert build_pots([100, 100], folded={0, 1}) == [Pot(200, ())]


def test_levels_with_the_same_players_merge() -> None:
    assert build_pots([100, 100, 100]) == [Pot(300, (0, 1, 2))]
    assert build_pots([50, 100, 100], folded={0}) == [Pot(250, (1, 2))]


def test_tie_splits_with_the_odd_chip_first_left_of_the_button() -> None:
    pots = build_pots([101, 101, 43], folded={2})
    assert award(pots, {0: 7, 1: 7}, odd_chip_order=[1, 2, 0]) == {1: 123, 0: 122}
    assert award(pots, {0: 7, 1: 7}, odd_chip_order=[0, 1, 2]) == {0: 123, 1: 122}


def test_each_pot_goes_to_the_best_hand_among_its_players() -> None:
    pots = build_pots([70, 175, 175])
    assert award(pots, {0: 1, 1: 5, 2: 9}, [0, 1, 2]) == {0: 210, 1: 210}


def test_single_rake_comes_from_the_main_pot_first() -> None:
    pots = build_pots([70, 175, 175])
    assert award(pots, {0: 1, 1: 5, 2: 9}, [0, 1, 2], rake=25) == {0: 185, 1: 210}


def test_rake_per_pot_as_the_site_recorded_it() -> None:
    pots = build_pots([125, 25, 70, 175, 175], folded={0, 1})
    assert award(pots, {3: 181, 4: 38}, [0, 1, 2, 3, 4], rake=[15, 10]) == {4: 545}


def test_bad_rake_and_unshown_pots_are_errors() -> None:
    pots = build_pots([100, 100])
    with pytest.raises(ValueError, match="more than the pots hold"):
        award(pots, {0: 1, 1: 2}, [0, 1], rake=201)
    with pytest.raises(ValueError, match="rake amounts for"):
        award(pots, {0: 1, 1: 2}, [0, 1], rake=[1, 2])
    with pytest.raises(ValueError, match="no hand shown"):
        award(pots, {}, [0, 1])
    with pytest.raises(ValueError, match="non-negative integer"):
        build_pots([1.5, 2])  # type: ignore[list-item]  # money is never a float


@settings(max_examples=200, deadline=None)
@given(
    contributions=st.lists(st.integers(0, 10_000), min_size=2, max_size=8),
    data=st.data(),
)
def test_every_chip_is_paid_out_or_raked(contributions: list[int], data: st.DataObject) -> None:
    matched, _, _ = split_uncalled(contributions)
    players = range(len(matched))
    top = max(players, key=matched.__getitem__)  # somebody who matched the biggest bet is still in
    folded = set(data.draw(st.sets(st.sampled_from(players), max_size=len(matched) - 1))) - {top}
    pots = build_pots(matched, folded)
    total = sum(matched)
    assert sum(pot.amount for pot in pots) == total
    ranks = {p: data.draw(st.integers(1, 1092)) for p in players if p not in folded}
    rake = data.draw(st.integers(0, total))
    paid = award(pots, ranks, list(players), rake)
    assert sum(paid.values()) + rake == total
    assert all(p not in folded for p in paid)


def test_split_pots_pay_whole_chips() -> None:
    pots = build_pots([2500, 2500, 2500])  # 75 tournament chips in hundredths
    assert award(pots, {0: 1, 1: 1, 2: 1}, [2, 0, 1], chip=100) == {2: 2500, 0: 2500, 1: 2500}
    assert award(pots, {0: 1, 2: 1}, [2, 0, 1], chip=100) == {2: 3800, 0: 3700}
    assert award(pots, {0: 1, 2: 1}, [2, 0, 1], rake=50, chip=100) == {2: 3750, 0: 3700}  # half a chip: to the first
    for chip in (0, -100, 1.5, True):
        with pytest.raises(ValueError, match="chip must be a positive integer amount"):
            award(pots, {0: 1}, [0], chip=chip)  # type: ignore[arg-type]  # bad input on purpose


def bad_pot(amount: object, eligible: object) -> Pot:
    return Pot(amount, eligible)  # type: ignore[arg-type]  # bad input on purpose


@pytest.mark.parametrize(
    ("pots", "ranks", "rake", "message"),
    [
        ([Pot(-100, (0, 1))], {0: 5, 1: 9}, 0, "a pot must be a non-negative integer number of chips, not -100"),
        ([bad_pot(100.5, (0, 1))], {0: 5, 1: 9}, 0, "a pot must be a non-negative integer number of chips, not 100.5"),
        ([bad_pot(101.0, (0, 1))], {0: 5, 1: 5}, 0, "a pot must be a non-negative integer number of chips, not 101.0"),
        ([Pot(True, (0,))], {0: 5}, 0, "a pot must be a non-negative integer number of chips, not True"),
        ([bad_pot(100, (0, "x"))], {0: 5}, 0, "pot 0: a player is a position (a non-negative int), not 'x'"),
        ([Pot(100, (0,)), Pot(5, (-1,))], {0: 5}, 0, "pot 1: a player is a position (a non-negative int), not -1"),
        (Pot(100, (0, 1)), {0: 5, 1: 9}, 0, "pots must be a sequence of Pot, not Pot"),
        ([(100, (0, 1))], {0: 5, 1: 9}, 0, "pot 0 must be a Pot, not tuple"),
        ([Pot(100, (0, 1))], {0: 5, 1: 9}, 1.5, "a rake must be a non-negative integer number of chips, not 1.5"),
        ([Pot(100, (0, 1))], {0: 5, 1: 9}, 1.0, "a rake must be a non-negative integer number of chips, not 1.0"),
        ([Pot(100, (0, 1))], {0: 5, 1: 9}, None, "a rake must be a non-negative integer number of chips, not None"),
        ([Pot(100, (0, 1))], {0: 5, 1: 9}, -1, "a rake must be a non-negative integer number of chips, not -1"),
        ([Pot(100, (0, 1))], {0: 0, 1: 9}, 0, "player 0 has rank 0: a rank number is an int 1..1092"),
        ([Pot(100, (0, 1))], {0: 5, 1: 1093}, 0, "player 1 has rank 1093: a rank number is an int 1..1092"),
        ([Pot(100, (0, 1))], {0: 5.5, 1: 9}, 0, "player 0 has rank 5.5: a rank number is an int 1..1092"),
        ([Pot(100, (0, 1))], {0: True, 1: 9}, 0, "player 0 has rank True: a rank number is an int 1..1092"),
        ([Pot(100, (0, 1))], {0: None, 1: 9}, 0, "player 0 has rank None: a rank number is an int 1..1092"),
        ([Pot(100, (0, 1))], [5, 9], 0, "ranks must map each player to a rank number, not list"),
    ],
)
def test_award_refuses_what_is_not_chips_or_ranks(pots: object, ranks: object, rake: object, message: str) -> None:
    """Bad pots, rakes and ranks are a ValueError saying what is wrong: never floats paid out, never a rank 0 or a
    float winning a pot, never a message about something else (a negative pot said "rake 0 is more than the pots
    hold"; a float rake raised TypeError)."""
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        award(pots, ranks, [0, 1], rake)  # type: ignore[arg-type]  # bad input on purpose
