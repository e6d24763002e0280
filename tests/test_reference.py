"""The reference evaluator against rules.md: its worked examples, and a second, naive definition on every hand."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

import pytest

from badugi_fast import reference
from badugi_fast.ranks import rank_values


def naive_strength(cards: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """rules.md, read as literally as possible: try every subset, keep those with no shared rank and no shared suit,
    take the largest, then the one whose ranks (ace = 1) read from the highest down are lowest. Smaller is better."""
    valid = []
    for size in range(1, 5):
        for subset in combinations(cards, size):
            ranks = [card // 4 + 1 for card in subset]
            suits = [card % 4 for card in subset]
            if len(set(ranks)) == size and len(set(suits)) == size:
                valid.append((-size, tuple(sorted(ranks, reverse=True))))
    return min(valid)


def test_reference_orders_every_hand_as_the_naive_definition(
    every_hand: list[tuple[int, int, int, int]], reference_ranks: list[int]
) -> None:
    """Equal strength <=> equal rank number, stronger <=> smaller rank number, on all 270,725 hands."""
    rank_of_strength: dict[tuple[int, tuple[int, ...]], int] = {}
    for hand, rank in zip(every_hand, reference_ranks, strict=True):
        strength = naive_strength(hand)
        assert rank_of_strength.setdefault(strength, rank) == rank, hand
        assert rank_values(rank) == strength[1], hand
    ordered = sorted(rank_of_strength.items())
    assert [rank for _, rank in ordered] == list(range(1, 1093))


# (hand, usable cards as rules.md lists them, rank values) for every single-hand example in rules.md
WORKED_EXAMPLES = [
    ("As 2h 3d 4c", {"As", "2h", "3d", "4c"}, (4, 3, 2, 1)),
    ("8c Td Jh Ks", {"8c", "Td", "Jh", "Ks"}, (13, 11, 10, 8)),
    ("2c 2d 4h Ts", [{"2c", "4h", "Ts"}, {"2d", "4h", "Ts"}], (10, 4, 2)),
    ("Ts 7s Ah Jd", {"7s", "Ah", "Jd"}, (11, 7, 1)),
    ("3d 8c Ks Kc", {"3d", "8c", "Ks"}, (13, 8, 3)),
    ("Ad 2d 3s 4s", {"Ad", "3s"}, (3, 1)),
    ("As 2h 3d 3c", [{"As", "2h", "3d"}, {"As", "2h", "3c"}], (3, 2, 1)),
    ("As 2h 3d 9c", {"As", "2h", "3d", "9c"}, (9, 3, 2, 1)),
    ("2h 5h 9h Kh", {"2h"}, (2,)),
    ("7c 7d 7h 7s", [{"7c"}, {"7d"}, {"7h"}, {"7s"}], (7,)),
    ("9c 9d 9h 4c", [{"9d", "4c"}, {"9h", "4c"}], (9, 4)),
    ("5c 5d Jc Jd", [{"5c", "Jd"}, {"5d", "Jc"}], (11, 5)),
]


@pytest.mark.parametrize(("hand", "usable", "values"), WORKED_EXAMPLES)
def test_worked_examples(hand: str, usable: set[str] | list[set[str]], values: tuple[int, ...]) -> None:
    choices = usable if isinstance(usable, list) else [usable]
    assert set(reference.best_cards(hand)) in choices
    assert rank_values(reference.evaluate(hand)) == values


def test_best_and_worst_hands() -> None:
    assert reference.evaluate("As 2h 3d 4c") == 1
    assert reference.evaluate("Kc Kd Kh Ks") == 1092


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ("7s 4h 3d 2c", "7s 6h 5d 3c", 1),  # sevens tie, then 4 < 6
        ("Ks Qh Jd Tc", "As 2h 3d 4d", 1),  # four cards beat three
        ("As 2h 3d 3c", "As 2h 3d 9c", -1),  # drawing 9c for 3c makes a badugi
        ("As 2h 3d 4c", "Ad 2c 3s 4h", 0),  # suits never break ties
    ],
)
def test_comparisons_of_rules_md(a: str, b: str, expected: int) -> None:
    assert reference.compare(a, b) == expected
    assert reference.compare(b, a) == -expected


def test_ties_split() -> None:
    assert reference.winners(["As 2h 3d 4c", "Ks Qh Jd Tc", "Ad 2c 3s 4h"]) == [0, 2]


def test_choice_among_equal_subsets_is_the_lowest_codes() -> None:
    assert reference.best_cards("As 2h 3d 3c") == ("3c", "2h", "As")
