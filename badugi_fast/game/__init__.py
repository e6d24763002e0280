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

from badugi_fast.game.limits import LIMITS

if TYPE_CHECKING:
    from badugi_fast.game.engine import HandResult, HandState, IllegalActionError, TableRules
    from badugi_fast.game.policies import BasicPolicy, Policy
    from badugi_fast.game.simulate import PlayedHand, play, simulate
    from badugi_fast.history.pokerstars.writer import hand_text, write_histories

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


_LAZY = {
    "HandResult": "badugi_fast.game.engine",
    "HandState": "badugi_fast.game.engine",
    "IllegalActionError": "badugi_fast.game.engine",
    "TableRules": "badugi_fast.game.engine",
    "BasicPolicy": "badugi_fast.game.policies",
    "Policy": "badugi_fast.game.policies",
    "PlayedHand": "badugi_fast.game.simulate",
    "play": "badugi_fast.game.simulate",
    "simulate": "badugi_fast.game.simulate",
    "hand_text": "badugi_fast.history.pokerstars.writer",
    "write_histories": "badugi_fast.history.pokerstars.writer",
}


def __getattr__(name: str) -> Any:
    """The engine, the policies, the simulator and the writer are imported on first use, so that a module of this
    package (``badugi simulate``'s command, ``limits``) loads without the rest."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'badugi_fast.game' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)
