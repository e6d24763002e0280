"""badugi-fast: the exact Badugi hand evaluator, by perfect-hash table lookup in C.

The same functions as ``badugi_fast.reference`` (the rules in plain Python), with the same results:

>>> import badugi_fast
>>> badugi_fast.evaluate("As 2h 3d 4c"), badugi_fast.describe(badugi_fast.evaluate("2c 2d 4h Ts"))
(1, '3-card T-4-2')

``BACKEND`` is ``"c"`` when the compiled extension is in use, ``"python"`` for the pure-Python table lookups.
"""

from typing import TYPE_CHECKING, Any

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

if TYPE_CHECKING:
    from badugi_fast.bulk import evaluate_many, showdown_many
    from badugi_fast.odds import best_discard, best_draw, draw_odds, equity

__all__ = [
    "BACKEND",
    "best_cards",
    "best_discard",
    "best_draw",
    "card_str",
    "compare",
    "describe",
    "draw_odds",
    "equity",
    "evaluate",
    "evaluate_many",
    "hand_size",
    "parse_cards",
    "rank_values",
    "showdown_many",
    "winners",
]


# Hidden from type checkers, which see the real imports above instead: a misspelt name is then an error,
# not an Any.
if not TYPE_CHECKING:

    def __getattr__(name: str) -> Any:
        """evaluate_many and showdown_many load numpy, so they are imported on first use: ``import badugi_fast`` stays
        fast for callers who only evaluate single hands."""
        if name in ("evaluate_many", "showdown_many"):
            from badugi_fast import bulk

            return getattr(bulk, name)
        if name in ("best_discard", "best_draw", "draw_odds", "equity"):  # numpy too, and the policy tables
            from badugi_fast import odds

            return getattr(odds, name)
        raise AttributeError(f"module 'badugi_fast' has no attribute {name!r}")
