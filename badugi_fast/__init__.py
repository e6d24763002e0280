"""badugi-fast: the exact Badugi hand evaluator, by perfect-hash table lookup in C.

The same functions as ``badugi_fast.reference`` (the rules in plain Python), with the same results:

>>> import badugi_fast
>>> badugi_fast.evaluate("As 2h 3d 4c"), badugi_fast.describe(badugi_fast.evaluate("2c 2d 4h Ts"))
(1, '3-card T-4-2')

``BACKEND`` is ``"c"`` when the compiled extension is in use, ``"python"`` for the pure-Python table lookups.
"""

from badugi_fast.evaluator import (
    BACKEND,
    best_cards,
    card_str,
    compare,
    describe,
    evaluate,
    hand_size,
    parse_cards,
    rank_values,
    winners,
)

__all__ = [
    "BACKEND",
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
