"""The rules in plain Python, slow and obviously correct: the specification the fast package is held to.

The same public functions as ``badugi_fast``: the hand functions (``hands``, which ``build.py`` runs on every hand
to make the rank table) and the draw odds, equity and advice (``odds``), imported on first use because they load
the drawing policies, which need the rank table that ``build.py`` is about to make.
"""

from typing import TYPE_CHECKING, Any

from badugi_fast.reference.hands import (
    best_cards,
    card_str,
    compare,
    describe,
    evaluate,
    evaluate_many,
    hand_size,
    parse_cards,
    rank_values,
    showdown_many,
    winners,
)

if TYPE_CHECKING:
    from badugi_fast.reference.odds import best_discard, best_draw, draw_odds, equity

__all__ = [
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


#: The names of ``reference.odds``, imported on first use.
_ODDS = ("best_discard", "best_draw", "draw_odds", "equity")

# Hidden from type checkers, which see the real imports above instead: a misspelt name is then an error,
# not an Any.
if not TYPE_CHECKING:

    def __getattr__(name: str) -> Any:
        """The odds functions, imported from ``reference.odds`` on first use."""
        if name in _ODDS:
            from badugi_fast.reference import odds

            return getattr(odds, name)
        raise AttributeError(f"module 'badugi_fast.reference' has no attribute {name!r}")
