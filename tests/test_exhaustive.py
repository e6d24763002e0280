"""The fast evaluator equals the reference on every hand, through both backends and through the public API."""

from __future__ import annotations

import random
from types import ModuleType

import pytest

import badugi_fast
from badugi_fast import _fallback, reference
from badugi_fast.cards import card_str
from badugi_fast.perfect_hash import hand_index

BACKENDS = [pytest.param(_fallback, id="python")]
try:
    from badugi_fast import _native
except ImportError:  # pragma: no cover - the C tests then fail loudly in test_backend.py
    pass
else:
    BACKENDS.insert(0, pytest.param(_native, id="c"))


@pytest.mark.parametrize("backend", BACKENDS)
def test_backend_rank_of_every_hand(
    backend: ModuleType, every_hand: list[tuple[int, int, int, int]], reference_ranks: list[int]
) -> None:
    rank4 = backend.rank4
    assert [rank4(*hand) for hand in every_hand] == reference_ranks


@pytest.mark.parametrize("backend", BACKENDS)
def test_backend_index_is_the_perfect_hash(backend: ModuleType, every_hand: list[tuple[int, int, int, int]]) -> None:
    index4 = backend.index4
    assert [index4(d, b, c, a) for a, b, c, d in every_hand] == list(range(len(every_hand)))
    assert all(hand_index(hand) == i for i, hand in enumerate(every_hand))


def test_public_evaluate_on_every_hand_as_codes_and_text(
    every_hand: list[tuple[int, int, int, int]], reference_ranks: list[int]
) -> None:
    evaluate = badugi_fast.evaluate
    assert [evaluate(list(hand)) for hand in every_hand] == reference_ranks
    texts = ["".join(card_str(code) for code in hand) for hand in every_hand]
    assert [evaluate(text) for text in texts] == reference_ranks


@pytest.mark.parametrize("backend", BACKENDS)
def test_best_cards_on_a_large_sample(backend: ModuleType, every_hand: list[tuple[int, int, int, int]]) -> None:
    rng = random.Random(20261129)
    for hand in rng.sample(every_hand, 20_000):
        shuffled = list(hand)
        rng.shuffle(shuffled)
        expected = set(reference.hands.usable_cards(hand))
        mask = backend.usable4(*shuffled)
        assert {code for i, code in enumerate(shuffled) if mask >> i & 1} == expected
    for hand in rng.sample(every_hand, 2_000):
        assert badugi_fast.best_cards(hand) == reference.best_cards(hand)
