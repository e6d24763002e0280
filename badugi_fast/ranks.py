"""Rank numbers 1 (best) ... 1092 (worst) <-> the usable ranks they stand for (docs/rules.md, "Rank numbers").

Values are card ranks with ace = 1 ... king = 13, highest first. Hands with more usable cards come first; among
hands with the same number, the one whose values, read from the top, are lower is better.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

from badugi_fast.cards import RANK_CHARS, Hand

__all__ = [
    "RANK_COUNT",
    "WORST_BADUGI",
    "WORST_THREE_CARD",
    "WORST_TWO_CARD",
    "compare_with",
    "describe",
    "hand_size",
    "rank_number",
    "rank_values",
    "winners_with",
]

#: Rank numbers run from 1 (4-3-2-A) to RANK_COUNT (a lone king).
RANK_COUNT = 1092
#: The last rank number of each hand size: 1..715 are badugis (four cards play), 716..1001 three-card hands,
#: 1002..1079 two-card hands, 1080..1092 one-card hands.
WORST_BADUGI = 715
WORST_THREE_CARD = 1001
WORST_TWO_CARD = 1079


def _all_values() -> list[tuple[int, ...]]:
    """Every possible tuple of usable ranks, best first: 715 four-card, 286 three-, 78 two- and 13 one-card.

    The combinations of the ranks from king down come highest first, each written highest first: read backwards,
    they are in the order of rank numbers (sorting them took ten times as long, at every start)."""
    ordered: list[tuple[int, ...]] = []
    for size in (4, 3, 2, 1):
        ordered.extend(reversed(list(combinations(range(13, 0, -1), size))))
    return ordered


_VALUES = _all_values()
_NUMBER_OF_VALUES = {values: number for number, values in enumerate(_VALUES, 1)}


def rank_number(values: tuple[int, ...]) -> int:
    """The rank number of a hand whose usable ranks are ``values`` (ace = 1, highest first).

    >>> rank_number((4, 3, 2, 1)), rank_number((13, 12, 11, 10)), rank_number((3, 2, 1)), rank_number((13,))
    (1, 715, 716, 1092)
    """
    try:
        return _NUMBER_OF_VALUES[values]
    except KeyError:
        raise ValueError(f"{values!r} are not 1 to 4 distinct ranks 1..13, highest first") from None


def rank_values(rank: int) -> tuple[int, ...]:
    """The usable ranks of rank number ``rank``, ace = 1, highest first.

    >>> rank_values(1), rank_values(716), rank_values(1092)
    ((4, 3, 2, 1), (3, 2, 1), (13,))
    """
    return _VALUES[_checked(rank) - 1]


def hand_size(rank: int) -> int:
    """How many cards play in a hand of rank number ``rank`` (4 for a badugi, down to 1).

    >>> hand_size(715), hand_size(716), hand_size(1079), hand_size(1080)
    (4, 3, 2, 1)
    """
    return len(rank_values(rank))


def describe(rank: int) -> str:
    """Human wording of a rank number.

    >>> describe(1)
    '4-card badugi 4-3-2-A'
    >>> describe(rank_number((13, 8, 3)))
    '3-card K-8-3'
    >>> describe(0)
    Traceback (most recent call last):
    ...
    ValueError: rank number 0 is out of range 1..1092
    """
    values = rank_values(rank)
    text = "-".join(RANK_CHARS[value - 1] for value in values)
    return f"4-card badugi {text}" if len(values) == 4 else f"{len(values)}-card {text}"


def _checked(rank: int) -> int:
    """``rank`` if it is an int rank number, else ValueError."""
    if isinstance(rank, bool) or (not isinstance(rank, int) and not hasattr(rank, "__index__")):
        raise ValueError(f"a rank number must be an int, not {type(rank).__name__}")
    rank = int(rank)
    if not 1 <= rank <= RANK_COUNT:
        raise ValueError(f"rank number {rank} is out of range 1..{RANK_COUNT}")
    return rank


def compare_with(evaluate_one: Callable[[Hand], int], a: Hand, b: Hand) -> int:
    """1 if hand ``a`` wins, -1 if hand ``b`` wins, 0 if they split: the lower rank number wins.
    The rule behind ``compare`` in both evaluators, which pass their own ``evaluate``."""
    rank_a, rank_b = evaluate_one(a), evaluate_one(b)
    return (rank_a < rank_b) - (rank_a > rank_b)


def winners_with(evaluate_one: Callable[[Hand], int], hands: Sequence[Hand]) -> list[int]:
    """Indices of every hand with the lowest rank number (``winners`` in both evaluators); a bad hand's error
    names its index."""
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
        raise ValueError(f"winners takes a sequence of hands, not {type(hands).__name__}")
    if not hands:
        raise ValueError("winners needs at least one hand")
    ranks = []
    for i, hand in enumerate(hands):
        try:
            ranks.append(evaluate_one(hand))
        except ValueError as error:
            raise ValueError(f"hand {i}: {error}") from None
    best = min(ranks)
    return [i for i, rank in enumerate(ranks) if rank == best]
