"""The minimal perfect hash of a four-card hand: its place in the combinatorial number system.

For card codes sorted ``a < b < c < d`` the index is ``C(a,1) + C(b,2) + C(c,3) + C(d,4)``: every one of the
C(52,4) = 270,725 hands gets a distinct index in 0 ... 270,724, in colexicographic order. csrc/badugi.c computes the
same index; the tests check that the two agree on every hand.
"""

from __future__ import annotations

from collections.abc import Iterator
from math import comb

__all__ = ["BINOMIALS", "HAND_COUNT", "all_hands", "hand_index"]

HAND_COUNT = comb(52, 4)

#: ``BINOMIALS[k][n]`` is C(n, k) for card codes n < 52 and k <= 4: the terms of the index (build.py writes them
#: for csrc/badugi.c).
BINOMIALS = tuple(tuple(comb(n, k) for n in range(52)) for k in range(5))


def hand_index(codes: tuple[int, int, int, int]) -> int:
    """The perfect-hash index of four distinct, valid card codes in any order.

    >>> hand_index((0, 1, 2, 3)), hand_index((51, 50, 49, 48))
    (0, 270724)
    """
    a, b, c, d = sorted(codes)
    return BINOMIALS[1][a] + BINOMIALS[2][b] + BINOMIALS[3][c] + BINOMIALS[4][d]


def all_hands() -> Iterator[tuple[int, int, int, int]]:
    """Every hand as sorted card codes, in index order (hand number i has index i).

    >>> hands = list(all_hands())
    >>> len(hands), all(hand_index(hand) == i for i, hand in enumerate(hands))
    (270725, True)
    """
    for d in range(3, 52):
        for c in range(2, d):
            for b in range(1, c):
                for a in range(b):
                    yield (a, b, c, d)
