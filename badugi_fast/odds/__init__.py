"""Who is ahead with draws to come: draw odds and equity under named drawing policies.

- ``spot``: a question about draws to come, checked once;
- ``compute``: ``draw_odds`` and ``equity``, by the C loops (csrc/odds.c) or, without them, by
  ``badugi_fast.reference.odds``;
- ``policy_table``: a drawing policy (``badugi_fast.drawing``) compiled to the discard table the C loops read;
- ``result``: what the functions return.
"""

from badugi_fast.odds.compute import draw_odds, equity
from badugi_fast.odds.result import DrawOdds, EquityResult

__all__ = ["DrawOdds", "EquityResult", "draw_odds", "equity"]
