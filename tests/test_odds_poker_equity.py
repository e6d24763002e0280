"""One-draw equity against an independent engine: poker-equity's exact walk of every deal
(``exact_from_text("badugi", kept_cards, dead=discards)``), on heads-up and multiway spots, to 1e-9."""

from __future__ import annotations

import math
import random

import pytest

import badugi_fast
from badugi_fast import card_str
from badugi_fast.evaluator import BACKEND

poker_equity = pytest.importorskip("poker_equity", reason="poker-equity is not installed (pip install '.[test]')")
pytestmark = pytest.mark.skipif(BACKEND != "c", reason="exact equity at this size needs the C extension")

#: Spots small enough for poker-equity to walk quickly (it returns None above its own limit).
MAX_DEALS = 200_000


def spots() -> list[tuple[list[list[int]], list[list[int]], list[int]]]:
    """Random hands (2 to 4), discards and dead cards, seeded; only spots with at most MAX_DEALS deals."""
    rng = random.Random(2026)
    found: list[tuple[list[list[int]], list[list[int]], list[int]]] = []
    while len(found) < 24:
        players = (2, 2, 3, 4)[len(found) % 4]
        cards = rng.sample(range(52), 4 * players + rng.randint(0, 6))
        hands = [cards[4 * p : 4 * p + 4] for p in range(players)]
        thrown = [rng.sample(hand, rng.choice((0, 1, 1, 2, 2, 3))) for hand in hands]
        left, deals = 52 - len(cards), 1
        for discards in thrown:
            deals *= math.comb(left, len(discards))
            left -= len(discards)
        if deals <= MAX_DEALS:
            found.append((hands, thrown, cards[4 * players :]))
    return found


@pytest.mark.parametrize(("hands", "thrown", "dead"), spots())
def test_exact_equity_equals_poker_equity(hands: list[list[int]], thrown: list[list[int]], dead: list[int]) -> None:
    ours = badugi_fast.equity(hands, discards=thrown, dead=dead)
    kept = [
        "".join(card_str(code) for code in hand if code not in out) for hand, out in zip(hands, thrown, strict=True)
    ]
    theirs = poker_equity.exact_from_text(
        "badugi", kept, dead=" ".join(card_str(code) for code in [*dead, *(c for out in thrown for c in out)])
    )
    assert theirs is not None
    assert theirs["exact"]
    assert ours.exact
    assert ours.deals == theirs["samples"]
    for mine, seat in zip(range(len(hands)), theirs["players"], strict=True):
        assert ours.equity[mine] == pytest.approx(seat["equity"], abs=1e-9)
        assert ours.win[mine] == pytest.approx(seat["win"], abs=1e-9)
        assert ours.tie[mine] == pytest.approx(seat["tie"], abs=1e-9)
