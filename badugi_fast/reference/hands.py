"""The rules of Badugi (docs/rules.md) in plain Python: the specification and the ground truth for the rank table.

Nothing here is fast and nothing here uses the table or the C module: ``build.py`` runs this code on every hand to
make the table, and the tests hold the fast evaluator to it. The public functions are the same as in ``badugi_fast``.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from badugi_fast.cards import Hand, card_str, hand_codes, parse_cards
from badugi_fast.ranks import compare_with, describe, hand_size, rank_number, rank_values, winners_with

if TYPE_CHECKING:  # numpy is imported by the batch functions only: build.py runs this module without numpy
    import numpy as np
    from numpy.typing import ArrayLike, NDArray

    from badugi_fast.batches import Batch, Errors

__all__ = [
    "best_cards",
    "card_str",
    "compare",
    "describe",
    "evaluate",
    "evaluate_many",
    "hand_size",
    "parse_cards",
    "rank_values",
    "showdown_many",
    "winners",
]


def usable_cards(codes: Sequence[int]) -> tuple[int, ...]:
    """The usable cards of four valid, distinct card codes (ascending codes).

    The largest subset with no two cards of one rank and no two of one suit; among those, the one whose ranks read
    from the highest down are lowest; among subsets with equal ranks (the choice does not change the value), the
    one whose ascending card codes are lexicographically smallest, so that the answer is deterministic.
    """
    for size in (4, 3, 2, 1):
        candidates = [cards for cards in combinations(sorted(codes), size) if _plays_together(cards)]
        if candidates:
            return min(candidates, key=lambda cards: (_values(cards), cards))
    raise AssertionError("every single card plays")  # pragma: no cover - a one-card subset always qualifies


def evaluate(hand: Hand) -> int:
    """The rank number of a hand: 1 (A-2-3-4 badugi) ... 1092 (a lone king).

    >>> evaluate("As2h3d4c"), evaluate("Kc Kd Kh Ks")
    (1, 1092)
    >>> evaluate("As 2h 3d")
    Traceback (most recent call last):
    ...
    ValueError: a hand has exactly 4 cards, got 3 in 'As 2h 3d'
    """
    return rank_number(_values(usable_cards(hand_codes(hand))))


def compare(a: Hand, b: Hand) -> int:
    """1 if hand ``a`` wins, -1 if hand ``b`` wins, 0 if they split the pot.

    >>> compare("Ks Qh Jd Tc", "As 2h 3d 4d")
    1
    """
    return compare_with(evaluate, a, b)


def winners(hands: Sequence[Hand]) -> list[int]:
    """Indices of every hand that ties for best (one index unless the pot is split).

    >>> winners(["7h 4c 3d 2s", "7h 6c 5d 3s", "7d 4h 3c 2s"])
    [0, 2]
    """
    return winners_with(evaluate, hands)


def best_cards(hand: Hand) -> tuple[str, ...]:
    """The usable cards, highest rank first (the choice among equal subsets is the one ``usable_cards`` makes).

    >>> best_cards("Ts 7s Ah Jd")
    ('Jd', '7s', 'Ah')
    """
    cards = sorted(usable_cards(hand_codes(hand)), reverse=True)
    return tuple(card_str(code) for code in cards)


def evaluate_many(hands: Batch, *, threads: int | None = None, errors: Errors = "raise") -> NDArray[np.uint16]:
    """``evaluate`` on every hand of a batch (an (N, 4) array of codes or hand strings), as a uint16 array.

    With ``errors="raise"`` the first invalid row raises ValueError; with ``errors="mark"`` it gets 0. ``threads``
    is checked but has no effect here: the reference runs one hand at a time.

    >>> evaluate_many(["As2h3d4c", "Kc Kd Kh Ks", "As"], errors="mark").tolist()
    [1, 1092, 0]
    """
    import numpy as np

    from badugi_fast import batches

    batches.check_options(threads, errors)
    rows = list(hands) if batches.is_text_batch(hands) else batches.code_rows(hands).tolist()
    ranks = np.zeros(len(rows), dtype=np.uint16)
    for row, hand in enumerate(rows):
        try:
            ranks[row] = evaluate(hand)
        except ValueError:
            if errors == "raise":
                raise batches.row_error(hands, row) from None
    return ranks


def showdown_many(
    hands: ArrayLike, active: ArrayLike | None = None, *, check_duplicates: bool = False
) -> NDArray[np.bool_]:
    """Which seats win or split each deal: ``hands`` (N, P, 4) card codes, ``active`` an optional (N, P) bool mask
    of the seats still in. Returns an (N, P) bool mask; inactive seats never win.

    >>> showdown_many([[[3, 6, 9, 12], [48, 49, 50, 51]]], active=[[False, True]]).tolist()
    [[False, True]]
    """
    from badugi_fast import batches

    return batches.showdown_mask(hands, active, evaluate_many, check_duplicates)


def _plays_together(cards: Sequence[int]) -> bool:
    """True when no two of ``cards`` share a rank and no two share a suit."""
    ranks = {code >> 2 for code in cards}
    suits = {code & 3 for code in cards}
    return len(ranks) == len(suits) == len(cards)


def _values(cards: Sequence[int]) -> tuple[int, ...]:
    """The ranks of ``cards`` with ace = 1, highest first."""
    return tuple(sorted(((code >> 2) + 1 for code in cards), reverse=True))
