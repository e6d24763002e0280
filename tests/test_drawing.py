"""Drawing policies: the Python definitions, their compiled tables, the C mirrors of the built-in ones, and the
simulator drawing with the same definition as before it moved here."""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np
import pytest

from badugi_fast import best_cards, card_str, evaluate, parse_cards
from badugi_fast.drawing import (
    BASIC,
    SNOW,
    USABLE,
    DrawingPolicy,
    FunctionPolicy,
    Option,
    Pat,
    rank_bound,
    resolve_policy,
)
from badugi_fast.evaluator import BACKEND
from badugi_fast.game import BasicPolicy, HandState, TableRules
from badugi_fast.odds.policy_table import ENTRIES, compile_policy, compile_python
from badugi_fast.perfect_hash import HAND_COUNT, hand_index
from badugi_fast.reference import rank_values

BUILT_IN = [USABLE, SNOW, BASIC, Pat(rank_bound("9"))]
needs_c = pytest.mark.skipif(BACKEND != "c", reason="the built-in C tables need the C extension")


@needs_c
@pytest.mark.parametrize("policy", BUILT_IN, ids=lambda policy: policy.name)
def test_python_definitions_compile_to_the_c_tables_on_every_hand(policy: DrawingPolicy) -> None:
    from_c = compile_policy(policy)
    from_python = compile_python(policy)
    assert len(from_c.masks) == ENTRIES == 3 * HAND_COUNT
    assert np.array_equal(from_c.masks, from_python.masks)
    if policy is BASIC:  # the only randomized one: both say so, with the same coin
        assert from_c.first is not None
        assert from_python.first is not None
        assert np.array_equal(from_c.first, from_python.first)
        assert set(np.unique(from_c.first).tolist()) == {0.5, 1.0}
    else:
        assert from_python.first is None
    thrown = np.array([bin(mask).count("1") for mask in range(16)])
    most = np.maximum(thrown[from_python.masks & 15], thrown[from_python.masks >> 4]).reshape(-1, 3).max(axis=0)
    assert all(policy.most_thrown(left) >= most[left - 1] for left in (1, 2, 3)), "a declared bound is too low"


def test_usable_keeps_exactly_best_cards() -> None:
    rng = random.Random(3)
    for _ in range(2000):
        hand = rng.sample(range(52), 4)
        ((thrown, probability),) = USABLE.options(hand, rng.randint(1, 3))
        kept = sorted(set(hand) - set(thrown), reverse=True)
        assert probability == 1.0
        assert tuple(card_str(code) for code in kept) == best_cards(hand)


def test_pat_stands_breaks_and_draws_by_its_bound() -> None:
    nine = Pat(rank_bound("9"))
    assert nine.options(parse_cards("9s 8h 7d 6c"), 1) == (((), 1.0),)  # the worst nine stands pat
    assert nine.options(parse_cards("Ts 2h 3d 4c"), 3) == (((parse_cards("Ts")[0],), 1.0),)  # a ten breaks
    assert nine.options(parse_cards("As 2h 3d 3c"), 2) == USABLE.options(parse_cards("As 2h 3d 3c"), 2)
    assert SNOW.options(parse_cards("Kc Kd Kh Ks"), 3) == (((), 1.0),)


def _old_basic_draw(cards: list[int], round_index: int, rng: random.Random) -> list[int]:
    """The simulator's drawing rule as it was written before it moved to drawing.BASIC (commit c5b5960)."""
    usable = [code for code in cards if card_str(code) in best_cards(cards)]
    unused = [code for code in cards if code not in usable]
    if len(unused) > 1:
        return unused
    discards = list(unused)
    if round_index < 2:
        top = max(usable)
        if top >> 2 >= 10 and rng.random() < 0.5:
            discards.append(top)
    return discards


def test_the_simulator_draws_as_it_did_with_the_same_random_numbers() -> None:
    policy = BasicPolicy()
    deal = random.Random(11)
    for _ in range(3000):
        cards = deal.sample(range(52), 8)
        hand = HandState(TableRules(1, 2), [50, 50], deck=cards)
        hand.call(0)
        hand.check(1)  # now the first draw: round 0 for both rules
        seed = deal.random()
        new_rng, old_rng = random.Random(seed), random.Random(seed)
        player = hand.to_act
        assert player is not None
        assert policy.draw(hand, player, new_rng) == _old_basic_draw(hand.cards[player], hand.round, old_rng)
        assert new_rng.random() == old_rng.random()  # as many numbers drawn


def test_basic_breaks_half_of_the_time_with_draws_to_come() -> None:
    hand = parse_cards("Ks 2d 3h Ad")  # 2d does not play; a king on top
    assert BASIC.options(hand, 3) == (((hand[1], hand[0]), 0.5), ((hand[1],), 0.5))
    assert BASIC.options(hand, 1) == (((hand[1],), 1.0),)
    rng = random.Random(5)
    broken = sum(len(BASIC.draw(hand, 2, rng)) == 2 for _ in range(4000))
    assert abs(broken - 2000) < 4 * 32  # four standard deviations of a fair coin over 4000 throws


def test_names_and_bounds() -> None:
    assert resolve_policy("usable") is USABLE
    assert resolve_policy(" Basic ") is BASIC
    assert resolve_policy(SNOW) is SNOW
    assert resolve_policy("pat:9") == Pat(rank_bound("9"))
    assert resolve_policy("pat:9").name == "pat:9"
    assert resolve_policy("pat:9-6-4-2").name == "pat:9-6-4-2"
    assert rank_values(rank_bound("9")) == (9, 8, 7, 6)
    assert rank_bound("10") == rank_bound("T") == rank_bound("t")
    assert rank_bound("9s 6h 4d 2c") == evaluate("9s 6h 4d 2c") == rank_bound("9-6-4-2")
    assert rank_bound(1) == 1


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("cautious", "unknown policy 'cautious'"),
        ("pat", "unknown policy 'pat'"),
        ("pat:3", "no badugi is 3-high"),
        ("pat:K-Q-J", "stand pat on"),
        ("pat:9-9-4-2", "highest first, each once"),
        ("pat:Zz", "is not a rank number"),
        (42, "a policy is a name"),
    ],
)
def test_bad_policies(spec: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        resolve_policy(spec)  # type: ignore[arg-type]


def test_bad_bounds() -> None:
    with pytest.raises(ValueError, match="out of range"):
        rank_bound(0)
    with pytest.raises(ValueError, match="rank number or text"):
        rank_bound(2.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="a bound is a rank number"):
        rank_bound(True)


def test_user_policies_compile(user_policies: tuple[DrawingPolicy, DrawingPolicy]) -> None:
    throw_high, keep_lowest = user_policies
    table = compile_policy(throw_high)
    assert table.first is None
    hand = (0, 29, 30, 51)  # Ac 8d 8h Ks: 8d 8h Ks go
    assert table.masks[3 * hand_index(hand)] == 0b1110 * 17
    assert throw_high.name == "throw_high"
    assert resolve_policy(throw_high) is throw_high
    lowest = compile_policy(keep_lowest)
    assert lowest.first is not None
    assert np.all(lowest.first.reshape(-1, 3) == [0.75, 1.0, 1.0])
    assert np.all(lowest.masks.reshape(-1, 3) == [0b1100 | 0b1000 << 4, 0b1100 * 17, 0b1100 * 17])


def test_a_function_may_answer_with_card_text() -> None:
    everything = FunctionPolicy(lambda hand, left: " ".join(map(card_str, hand)))
    assert everything.options((0, 5, 10, 15), 1) == (((0, 5, 10, 15), 1.0),)


class Broken(DrawingPolicy):
    """Throws a card it does not hold."""

    def __init__(self, answer: object) -> None:
        self.answer = answer

    @property
    def name(self) -> str:
        return "broken"

    def options(self, hand: Sequence[int], draws_left: int, opponents: int = 1) -> tuple[Option, ...]:
        return self.answer  # type: ignore[return-value]


@pytest.mark.parametrize(
    ("answer", "message"),
    [
        ((((52,), 1.0),), "52 is not a card of the hand"),
        ((((), 0.5),), "add up to 0.5"),
        ((((), 0.5), ((), 0.5)), "both options throw the same cards"),
        ((((), 1.5),), r"not in \(0, 1\]"),
        ((), "one or two"),
        ("pat", "one or two"),
    ],
)
def test_a_broken_user_policy_is_named_with_the_hand(answer: object, message: str) -> None:
    with pytest.raises(ValueError, match=f"policy broken: Ac Ad Ah As with 1 draws to come: .*{message}"):
        compile_python(Broken(answer))


def test_a_card_thrown_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="thrown twice"):
        compile_python(FunctionPolicy(lambda hand, left: [hand[0], hand[0]]))
