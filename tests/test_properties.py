"""Invariants of the ranking, checked with hypothesis on both evaluators (and the C text parser vs Python's)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import badugi_fast
from badugi_fast import _backend, reference
from badugi_fast.cards import Hand, hand_codes

EVALUATORS = [pytest.param(badugi_fast.evaluate, id="fast"), pytest.param(reference.evaluate, id="reference")]

hands = st.lists(st.integers(0, 51), min_size=4, max_size=4, unique=True)


@pytest.mark.parametrize("evaluate", EVALUATORS)
@settings(max_examples=300, deadline=None)
@given(hand=hands, data=st.data())
def test_card_order_does_not_matter(evaluate: Callable[[Hand], int], hand: list[int], data: st.DataObject) -> None:
    assert evaluate(data.draw(st.permutations(hand))) == evaluate(hand)


@pytest.mark.parametrize("evaluate", EVALUATORS)
@settings(max_examples=300, deadline=None)
@given(hand=hands, suits=st.permutations([0, 1, 2, 3]))
def test_suits_are_interchangeable(evaluate: Callable[[Hand], int], hand: list[int], suits: list[int]) -> None:
    relabelled = [code - code % 4 + suits[code % 4] for code in hand]
    assert evaluate(relabelled) == evaluate(hand)


@pytest.mark.parametrize("evaluate", EVALUATORS)
@settings(max_examples=500, deadline=None)
@given(hand=hands, which=st.integers(0, 3), data=st.data())
def test_a_lower_unpaired_card_of_the_same_suit_never_hurts(
    evaluate: Callable[[Hand], int], hand: list[int], which: int, data: st.DataObject
) -> None:
    card = hand[which]
    others = hand[:which] + hand[which + 1 :]
    taken_ranks = {code // 4 for code in others}
    lower = [rank for rank in range(card // 4) if rank not in taken_ranks]
    if not lower:
        return
    replacement = 4 * data.draw(st.sampled_from(lower)) + card % 4
    assert evaluate([*others, replacement]) <= evaluate(hand)


# Text close to card text, so that the C and Python parsers are tried on almost-right input as well as right input.
card_text = st.text(alphabet="A23456789TJQK10cdhsCDHSxX ,\t\n♣♦♥♠♤\x00é", max_size=14)


@settings(max_examples=3000, deadline=None)
@given(text=card_text)
def test_backend_text_parser_agrees_with_the_python_parser(text: str) -> None:
    """The backend's parser accepts exactly what cards.hand_codes accepts, with the same rank."""
    try:
        expected = reference.evaluate(hand_codes(text))
    except ValueError:
        expected = None
    data = text.encode()
    rank = _backend.backend.rank_text(data, len(data))
    assert (rank if rank > 0 else None) == expected
    if expected is None:
        with pytest.raises(ValueError, match=r"."):
            badugi_fast.evaluate(text)
    else:
        assert badugi_fast.evaluate(text) == expected
