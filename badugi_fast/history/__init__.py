"""Bulk hand-history scoring: read what the poker sites wrote, re-evaluate every showdown, verify every pot.

>>> from badugi_fast import history
>>> text = '''#1: Limit Badugi - 30/60
... 2020-10-30 19:53:19
... Table 'T' Seat 1 is the button
... Seat 1: A (100)
... Seat 2: B (100)
... *** 1ST BETTING ROUND ***
... A: posts the small blind 15
... B: posts the big blind 30
... A calls 30
... B checks
... *** 1ST DRAW ***
... B stands pat
... A stands pat
... *** 2ND BETTING ROUND ***
... B checks
... A checks
... *** 2ND DRAW ***
... B stands pat
... A stands pat
... *** 3RD BETTING ROUND ***
... B checks
... A checks
... *** 3RD DRAW ***
... B stands pat
... A stands pat
... *** 4TH BETTING ROUND ***
... B checks
... A checks
... A shows [As 2h 3d 4c]
... B shows [Ks Qh Jd Tc]
... *** SUMMARY ***
... Rake 0
... A wins pot (60)
... '''
>>> [(r.status, [(p.name, p.rank, p.collected, p.expected) for p in r.players])
...  for r in map(history.score, history.parse(text))]
[('verified', [('A', 1, '60.00', '60.00'), ('B', 715, '0.00', '0.00')])]

Supported: PokerStars, Full Tilt and KingsClub text, Merge XML, PHH; see ``badugi score --help``.
"""

from typing import TYPE_CHECKING, Any

from badugi_fast.formats.model import Action, Draw, Hand, Seat
from badugi_fast.history.score import score  # eager: ``score`` is also a submodule's name

if TYPE_CHECKING:
    from badugi_fast.history.pipeline import parse, score_file, score_files
    from badugi_fast.history.record import PlayerResult, Result

__all__ = [
    "Action",
    "Draw",
    "Hand",
    "PlayerResult",
    "Result",
    "Seat",
    "parse",
    "score",
    "score_file",
    "score_files",
]


# Hidden from type checkers, which see the real imports above instead: a misspelt name is then an error,
# not an Any.
if not TYPE_CHECKING:

    def __getattr__(name: str) -> Any:
        """The pipeline's functions (``parse``, ``score_file``, ``score_files``) load the sources, the cutter and the
        readers, and the record's classes (``PlayerResult``, ``Result``) are made only for the hands Python scores:
        they are imported on first use, so that a module of this package loads without them."""
        if name in ("PlayerResult", "Result"):
            from badugi_fast.history import record

            return getattr(record, name)
        if name not in ("parse", "score_file", "score_files"):
            raise AttributeError(f"module 'badugi_fast.history' has no attribute {name!r}")
        from badugi_fast.history import pipeline

        return getattr(pipeline, name)
