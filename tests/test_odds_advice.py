"""best_discard and best_draw: every option against a brute force written here and against poker-equity's exact walk
of each discard, the reference, symmetries (hypothesis), sampled advice against exact, and bad input."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import badugi_fast
from badugi_fast import card_str, parse_cards, reference
from badugi_fast.evaluator import BACKEND

pytestmark = pytest.mark.skipif(BACKEND != "c", reason="the C loops need the C extension")


def thrown_cards(throw: str) -> list[int]:
    """The card codes an option throws (``"pat"``: none)."""
    return [] if throw == "pat" else parse_cards(throw)


def usable_throw(hand: Sequence[int]) -> tuple[int, ...]:
    kept = set(parse_cards(" ".join(reference.best_cards(list(hand)))))
    return tuple(code for code in hand if code not in kept)


def brute_share(hands: Sequence[Sequence[int]], thrown: Sequence[Sequence[int]], dead: Sequence[int]) -> float:
    """The first hand's share of the pot over every deal of one draw, in player order, walked here."""
    stub = [code for code in range(52) if all(code not in hand for hand in hands) and code not in dead]
    total, deals = 0.0, 0

    def deal(player: int, left: list[int], ranks: list[int]) -> None:
        nonlocal total, deals
        if player == len(hands):
            deals += 1
            best = min(ranks)
            total += (ranks[0] == best) / ranks.count(best)
            return
        kept = [code for code in hands[player] if code not in thrown[player]]
        for new in combinations(left, len(thrown[player])):
            deal(player + 1, [c for c in left if c not in new], [*ranks, reference.evaluate(kept + list(new))])

    deal(0, stub, [])
    return total / deals


def test_every_option_against_a_brute_force() -> None:
    rng = random.Random(7)
    for players in (2, 3):
        cards = rng.sample(range(52), 4 * players)
        hands = [cards[4 * p : 4 * p + 4] for p in range(players)]
        others = [code for code in range(52) if code not in cards]
        dead = rng.sample(others, len(others) - 11)  # a stub of 11 cards
        advice = badugi_fast.best_discard(hands[0], hands[1:], dead=dead)
        assert advice.exact
        assert len(advice.options) == 16
        assert len({option.throw for option in advice.options}) == 16
        thrown_by = [usable_throw(hand) for hand in hands[1:]]
        for option in advice.options:
            thrown = tuple(thrown_cards(option.throw))
            if len(thrown) + sum(map(len, thrown_by)) > 11:
                continue
            assert option.equity == pytest.approx(brute_share(hands, [thrown, *thrown_by], dead), abs=1e-12)
        equities = [option.equity for option in advice.options]
        assert equities == sorted(equities, reverse=True)
        assert advice.best == advice.options[0]


@pytest.mark.parametrize(
    ("hand", "against", "thrown"),
    [("As 2h 9d Kd", "3c 4d Ts Jh", "Ts Jh"), ("Ac 5h 7d 7s", "2c 3d Qs Qh", "Qs"), ("Kc Kd Kh 4s", "6c 6d 8h 9s", "")],
)
def test_every_option_equals_poker_equity_walk_of_that_discard(hand: str, against: str, thrown: str) -> None:
    poker_equity = pytest.importorskip("poker_equity", reason="poker-equity is not installed (pip install '.[test]')")
    hero, villain = parse_cards(hand), parse_cards(against)
    out = set(parse_cards(thrown))
    dead = [code for code in range(52) if code not in hero + villain][:30]  # keep poker-equity's walks short
    advice = badugi_fast.best_discard(hand, [against], against_discards=[thrown], dead=dead)
    assert advice.exact
    for option in advice.options:
        mine = set(thrown_cards(option.throw))
        if len(mine) == 4:
            continue  # poker-equity reads no hand without a known card
        kept = ["".join(card_str(c) for c in hand if c not in gone) for hand, gone in ((hero, mine), (villain, out))]
        walked_dead = " ".join(card_str(c) for c in [*dead, *mine, *out])
        theirs = poker_equity.exact_from_text("badugi", kept, dead=walked_dead)
        assert theirs is not None
        assert option.equity == pytest.approx(theirs["players"][0]["equity"], abs=1e-9)
        assert option.win == pytest.approx(theirs["players"][0]["win"], abs=1e-9)
        assert option.tie == pytest.approx(theirs["players"][0]["tie"], abs=1e-9)


def test_the_reference_gives_the_same_advice() -> None:
    dead = [code for code in range(51, -1, -1) if code not in parse_cards("As 2h 9d Kd 3c 4d Ts Jh")][:33]
    fast = badugi_fast.best_discard("As 2h 9d Kd", ["3c 4d Ts Jh"], dead=dead)
    slow = reference.best_discard("As 2h 9d Kd", ["3c 4d Ts Jh"], dead=dead)
    assert [option.throw for option in fast.options] == [option.throw for option in slow.options]
    for mine, theirs in zip(fast.options, slow.options, strict=True):
        assert mine.equity == pytest.approx(theirs.equity, abs=1e-12)
        assert mine.exact
        assert theirs.exact
    ranged = badugi_fast.best_discard("As 2h 9d Kd", ["pat 9"], dead=dead)
    assert ranged.exact
    slow_ranged = reference.best_discard("As 2h 9d Kd", ["pat 9"], dead=dead)
    assert [round(o.equity, 12) for o in ranged.options] == [round(o.equity, 12) for o in slow_ranged.options]


SUITS = st.permutations([0, 1, 2, 3])


@settings(max_examples=12, deadline=None)
@given(suits=SUITS, order=st.permutations([0, 1, 2, 3]), seed=st.integers(0, 10**6))
def test_suit_relabelling_and_card_order_change_no_option(suits: list[int], order: list[int], seed: int) -> None:
    rng = random.Random(seed)
    cards = rng.sample(range(52), 8)
    hand, other = cards[:4], cards[4:]
    # The opponent's discard is given: the usable policy's choice between equal cards goes by code, so a relabelling
    # may change which of two equal cards it keeps (and so the answer), not the hand's options.
    thrown = list(usable_throw(other))
    base = badugi_fast.best_discard(hand, [other], against_discards=[thrown])

    def relabel(code: int) -> int:
        return code & ~3 | suits[code & 3]

    moved_hand = [relabel(hand[i]) for i in order]
    moved = badugi_fast.best_discard(
        moved_hand, [[relabel(code) for code in other]], against_discards=[[relabel(code) for code in thrown]]
    )
    by_throw = {frozenset(relabel(c) for c in thrown_cards(o.throw)): o.equity for o in base.options}
    for option in moved.options:
        assert option.equity == pytest.approx(by_throw[frozenset(thrown_cards(option.throw))], abs=1e-12)
    ranged = badugi_fast.best_discard(hand, ["pat 9"])  # a range that suits do not change
    moved_ranged = badugi_fast.best_discard(moved_hand, ["pat 9"])
    by_throw = {frozenset(relabel(c) for c in thrown_cards(o.throw)): o.equity for o in ranged.options}
    for option in moved_ranged.options:
        assert option.equity == pytest.approx(by_throw[frozenset(thrown_cards(option.throw))], abs=1e-12)


@pytest.mark.parametrize("against", [["3c 4d Ts Jh"], ["pat 9"], ["3c 4d Ts Jh", "pat 9"]])
def test_sampled_advice_is_within_its_standard_errors_of_exact(against: list[str]) -> None:
    exact = badugi_fast.best_discard("As 2h 9d Kd", against)
    assert exact.exact
    sampled = badugi_fast.best_discard("As 2h 9d Kd", against, samples=60_000, seed=3)
    assert not sampled.exact
    assert sampled.samples == 60_000
    assert sampled.seed == 3
    truth = {option.throw: option for option in exact.options}
    for option in sampled.options:
        assert abs(option.equity - truth[option.throw].equity) <= 4 * option.stderr + 1e-12
        assert abs(option.win - truth[option.throw].win) <= 4 * math.sqrt(0.25 / 60_000)
        assert abs(option.tie - truth[option.throw].tie) <= 4 * math.sqrt(max(truth[option.throw].tie, 1e-6) / 60_000)
    best = sampled.best
    for option in sampled.options:  # the best is never worse than another by more than their standard errors
        assert truth[best.throw].equity >= truth[option.throw].equity - 4 * (best.stderr + option.stderr)
    again = badugi_fast.best_discard("As 2h 9d Kd", against, samples=60_000, seed=3, threads=2)
    assert again == sampled


def test_several_draws_are_sampled_per_option_and_agree_with_equity() -> None:
    advice = badugi_fast.best_discard("As 2h 9d Kd", ["random"], draws=2, samples=40_000, seed=4)
    assert not advice.exact
    for option in advice.options[:3]:
        alone = badugi_fast.equity(
            ["As 2h 9d Kd", "random"], draws=2, discards=[option.throw, None], samples=40_000, seed=4
        )
        assert option.equity == alone.equity[0]


def test_best_draw_is_draw_odds_of_each_discard() -> None:
    advice = badugi_fast.best_draw("As 2h 6d Kc", "7", draws=2)
    assert advice.exact
    assert advice.goal == "7"
    for option in advice.options:
        odds = badugi_fast.draw_odds("As 2h 6d Kc", option.throw, draws=2)
        assert option.chance == pytest.approx(odds.p_at_or_better("7"), abs=1e-15)
    assert advice.best.throw == "Kc"
    dead = list(range(26, 46))  # 8c .. Jd
    slow = reference.best_draw("As 2h 6d Kc", "7", dead=dead)
    fast = badugi_fast.best_draw("As 2h 6d Kc", "7", dead=dead)
    assert [o.throw for o in fast.options] == [o.throw for o in slow.options]
    assert [o.chance for o in fast.options] == pytest.approx([o.chance for o in slow.options], abs=1e-12)


@pytest.mark.parametrize("api", [badugi_fast, reference], ids=["fast", "reference"])
@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda api: api.best_discard("As 2h ? ?", ["random"]), "needs every card of the hand known"),
        (lambda api: api.best_discard("As 2h 3d 4c", ["random"] * 6), "1 to 5 opponents, got 6"),
        (lambda api: api.best_discard("As 2h 3d 4c", ["random"], draws=0), "needs a draw to come"),
        (lambda api: api.best_discard("As 2h 3d 4c", ["5s 6h 7d 8c"], against_discards=["Kc"]), "discard Kc is not"),
        (lambda api: api.best_discard("As 2h 3d 4c", ["random"], against_discards=["Kc"]), "holds cards not known"),
        (lambda api: api.best_draw("As 2h 3d 4c", "3"), "no badugi is 3-high"),
        (
            lambda api: api.best_discard("As 2h 3d 4c", "5s 6h 7d 8c"),
            r"as a list of hands \(\['5s 6h 7d 8c'\] for one\)",
        ),
        (lambda api: api.best_discard("As 2h 3d 4c", "As2h3d4c"), "not str"),
        (lambda api: api.equity("As2h3d4c"), "not str"),
    ],
)
def test_bad_advice_input(api: object, call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call(api)  # type: ignore[operator]
