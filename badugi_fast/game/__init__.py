"""The game of Badugi: a rules engine for one hand, simple player policies, a simulator and PokerStars-style text.

>>> from badugi_fast.game import HandState, TableRules, simulate, hand_text
>>> hand = HandState(TableRules(1, 2), [50, 50, 50], button=0, deck=range(52))
>>> hand.to_act, hand.cards[1]
(0, [0, 3, 6, 9])
>>> played = next(simulate(1, players=6, rules=TableRules(10, 20, "pot"), seed=1))
>>> hand_text(played).splitlines()[0]
'PokerStars Game #100010000000:  Badugi Pot Limit (10/20) - 2026/01/01 12:00:00 ET'
"""

from typing import TYPE_CHECKING, Any

from badugi_fast.game.policies import BasicPolicy, Policy
from badugi_fast.game.simulate import PlayedHand, play, simulate  # eager: ``simulate`` is also a submodule's name
from badugi_fast.rules.engine import HandResult, HandState, IllegalActionError, TableRules
from badugi_fast.rules.limits import LIMITS

if TYPE_CHECKING:
    from badugi_fast.formats.pokerstars.writer import hand_text, write_histories

__all__ = [
    "LIMITS",
    "BasicPolicy",
    "HandResult",
    "HandState",
    "IllegalActionError",
    "PlayedHand",
    "Policy",
    "TableRules",
    "hand_text",
    "play",
    "simulate",
    "write_histories",
]


# Hidden from type checkers, which see the real imports above instead: a misspelt name is then an error,
# not an Any.
if not TYPE_CHECKING:

    def __getattr__(name: str) -> Any:
        """The PokerStars writer (``hand_text``, ``write_histories``) lives with the reader in ``badugi_fast.history``:
        it is imported on first use, so that the game loads without the hand-history package."""
        if name not in ("hand_text", "write_histories"):
            raise AttributeError(f"module 'badugi_fast.game' has no attribute {name!r}")
        from badugi_fast.formats.pokerstars import writer

        return getattr(writer, name)
