"""Who is ahead with draws to come, and what to throw: draw odds, equity and discard advice under named drawing
policies, by the C loops (csrc/odds.c); the questions and answers are ``badugi_fast.spots``'.

- ``compute``: ``draw_odds`` and ``equity`` (without the C extension, ``badugi_fast.reference.odds`` answers);
- ``advice``: ``best_discard`` and ``best_draw``;
- ``loops``: a question handed to the C loops, sampled runs in pieces that Ctrl-C stops;
- ``policy_table``: a drawing policy (``badugi_fast.drawing``) compiled to the discard table the C loops read.
"""

from badugi_fast.odds.advice import best_discard, best_draw
from badugi_fast.odds.compute import draw_odds, equity
from badugi_fast.spots.advice import DiscardAdvice, DiscardOption, DrawAdvice, DrawOption
from badugi_fast.spots.result import DrawOdds, EquityResult

__all__ = [
    "DiscardAdvice",
    "DiscardOption",
    "DrawAdvice",
    "DrawOdds",
    "DrawOption",
    "EquityResult",
    "best_discard",
    "best_draw",
    "draw_odds",
    "equity",
]
