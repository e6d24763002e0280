"""The fast evaluator: the public functions of ``badugi_fast.reference``, answered by table lookups.

Every call goes straight to the backend's lookup; only when that reports bad input does the Python parser in
``cards`` run again, to say exactly what is wrong.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from badugi_fast._backend import backend
from badugi_fast.cards import Hand, card_str, hand_codes, parse_cards
from badugi_fast.ranks import compare_with, describe, hand_size, rank_values, winners_with

__all__ = [
    "best_cards",
    "card_str",
    "compare",
    "describe",
    "evaluate",
    "hand_size",
    "parse_cards",
    "rank_values",
    "winners",
]

BACKEND: str = backend.NAME

_rank4: Callable[[int, int, int, int], int] = backend.rank4
_rank_text: Callable[[bytes, int], int] = backend.rank_text
_usable4: Callable[[int, int, int, int], int] = backend.usable4


def evaluate(hand: Hand) -> int:
    """The rank number of a hand: 1 (A-2-3-4 badugi) ... 1092 (a lone king).

    ``hand`` is text (``"As2h3d4c"``, ``"As 2h 3d 4c"``, ``"A♠2♥3♦4♣"``, ``"10s"`` for ``Ts``, either case), four
    card strings, or four int card codes.

    >>> evaluate("As2h3d4c"), evaluate(["Kc", "Kd", "Kh", "Ks"]), evaluate([3, 6, 9, 12])
    (1, 1092, 1)
    >>> evaluate("As 2h 3d Xx")
    Traceback (most recent call last):
    ...
    ValueError: bad card text at character 10 of 'As 2h 3d Xx': expected a rank (A 2-9 T J Q K or 10), got 'Xx'
    """
    if type(hand) is str:
        try:
            data = hand.encode()
        except UnicodeEncodeError:
            pass  # lone surrogates: hand_codes below names the bad character
        else:
            rank = _rank_text(data, len(data))
            if rank > 0:
                return rank
    elif (type(hand) is list or type(hand) is tuple) and len(hand) == 4:
        a, b, c, d = hand
        if type(a) is int and type(b) is int and type(c) is int and type(d) is int:
            try:
                rank = _rank4(a, b, c, d)
            except OverflowError:  # a code past C's int (2**31): hand_codes says which, as the reference does
                rank = 0
            if rank > 0:
                return rank
    return _rank4(*hand_codes(hand))


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
    """The usable cards, highest rank first; among equal subsets, the same choice as the reference.

    >>> best_cards("Ts 7s Ah Jd")
    ('Jd', '7s', 'Ah')
    """
    codes = hand_codes(hand)
    mask = _usable4(*codes)
    return tuple(card_str(code) for code in sorted((c for i, c in enumerate(codes) if mask >> i & 1), reverse=True))
