"""What happens in a hand, as ``HandState.events`` records it in order: one small record per action.

Players are numbered as in the engine (0..n-1); amounts are chips; cards are codes 0..51. The records say what
happened, not how a site words it: the PokerStars writer (``badugi_fast.history.pokerstars.writer``) turns them
into text. Read them, never assign to them. The records with no amount (``Fold``, ``Check``, ``Street``,
``Capped``) are made once and shared, so they are frozen; the others are made by the engine's hot loop, where a
frozen dataclass would cost three times as much to make (and a NamedTuple twice as much, and more to read).

>>> from badugi_fast.game import HandState, TableRules
>>> hand = HandState(TableRules(1, 2), [100, 100], button=0, deck=range(52))
>>> hand.events
[Post(player=0, blind='small', amount=1, all_in=False), Post(player=1, blind='big', amount=2, all_in=False)]
>>> hand.fold(0); hand.events[2:]
[Fold(player=0), Uncalled(player=1, amount=1)]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = [
    "Bet",
    "Blind",
    "Call",
    "Capped",
    "Check",
    "DrawCards",
    "Event",
    "Fold",
    "Post",
    "Raise",
    "Street",
    "Uncalled",
]


#: Which blind a ``Post`` is.
Blind = Literal["small", "big"]


@dataclass(slots=True)
class Post:
    """``player`` posts the small or big blind: ``amount`` chips, less than the blind when that is all they had."""

    player: int
    blind: Blind
    amount: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class Fold:
    """``player`` gives up the hand."""

    player: int


@dataclass(frozen=True, slots=True)
class Check:
    """``player`` checks."""

    player: int


@dataclass(slots=True)
class Call:
    """``player`` puts in ``amount`` more chips to match the bet (less if that is their whole stack)."""

    player: int
    amount: int
    all_in: bool


@dataclass(slots=True)
class Bet:
    """``player`` makes the first bet of a round after a draw: ``amount`` chips."""

    player: int
    amount: int
    all_in: bool


@dataclass(slots=True)
class Raise:
    """``player`` raises by ``increment`` chips, to ``total`` chips for the round."""

    player: int
    increment: int
    total: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class Capped:
    """The last bet or raise reached the raise cap: nobody may raise again this round."""


@dataclass(slots=True)
class Uncalled:
    """``amount`` chips of ``player``'s bet that nobody matched go back to them at the end of the round."""

    player: int
    amount: int


@dataclass(frozen=True, slots=True)
class Street:
    """A betting round is over and draw number ``draw`` (1 to 3) begins."""

    draw: int


@dataclass(slots=True)
class DrawCards:
    """``player`` throws away ``thrown`` (none: stands pat), keeps ``kept`` and is dealt ``new``."""

    player: int
    thrown: tuple[int, ...]
    kept: tuple[int, ...]
    new: tuple[int, ...]


#: Any of the records above.
Event = Post | Fold | Check | Call | Bet | Raise | Capped | Uncalled | Street | DrawCards
