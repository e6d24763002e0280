"""The game of Badugi: a rules engine for one hand, simple player policies, a simulator and PokerStars-style text.

>>> from badugi_fast.game import HandState, TableRules
>>> hand = HandState(TableRules(1, 2), [50, 50, 50], button=0, deck=range(52))
>>> hand.to_act, hand.cards[1]
(0, [0, 3, 6, 9])
"""

from badugi_fast.game.engine import HandResult, HandState, IllegalActionError, TableRules
from badugi_fast.game.limits import LIMITS

__all__ = ["LIMITS", "HandResult", "HandState", "IllegalActionError", "TableRules"]
