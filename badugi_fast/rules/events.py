"""What happens in a hand, as ``HandState.events`` records it in order: one tuple per action, its kind first.

Each kind is its own tuple type, so a type checker knows the fields of an event once its kind is tested (``if
event[0] == "call": _, player, amount, all_in = event``) and checks every event the engine makes. Players are
numbered as in the engine (0..n-1); amounts are chips; cards are codes 0..51. The events say what happened, not how
a site words it: ``badugi_fast.game.played.hand_of`` turns them into the model hand that every writer takes.

Plain tuples rather than classes because the engine makes about twenty of them per hand in its hot loop: as
NamedTuples or slots dataclasses they made simulating about 4% slower (CPython 3.11), and tuples are never read
by name anywhere that the tag-first unpacking above does not read as well.

>>> from badugi_fast.game import HandState, TableRules
>>> hand = HandState(TableRules(1, 2), [100, 100], button=0, deck=range(52))
>>> hand.events
[('post', 0, 'small', 1, False), ('post', 1, 'big', 2, False)]
>>> hand.fold(0); hand.events[2:]
[('fold', 0), ('uncalled', 1, 1)]
"""

from __future__ import annotations

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

#: ``("post", player, blind, amount, all_in)``: ``player`` posts the small or big blind, ``amount`` chips (less than
#: the blind when that is all they had).
Post = tuple[Literal["post"], int, Blind, int, bool]
#: ``("fold", player)``
Fold = tuple[Literal["fold"], int]
#: ``("check", player)``
Check = tuple[Literal["check"], int]
#: ``("call", player, amount, all_in)``: ``amount`` more chips to match the bet (less if that is their whole stack).
Call = tuple[Literal["call"], int, int, bool]
#: ``("bet", player, amount, all_in)``: the first bet of a round after a draw.
Bet = tuple[Literal["bet"], int, int, bool]
#: ``("raise", player, increment, total, all_in)``: a raise by ``increment`` chips, to ``total`` for the round.
Raise = tuple[Literal["raise"], int, int, int, bool]
#: ``("capped",)``: the last bet or raise reached the raise cap.
Capped = tuple[Literal["capped"]]
#: ``("uncalled", player, amount)``: chips of ``player``'s bet that nobody matched, given back at the round's end.
Uncalled = tuple[Literal["uncalled"], int, int]
#: ``("street", draw)``: a betting round is over and draw number ``draw`` (1 to 3) begins.
Street = tuple[Literal["street"], int]
#: ``("draw", player, thrown, kept, new)``: ``player`` throws ``thrown`` away (none: stands pat), keeps ``kept``
#: and is dealt ``new``.
DrawCards = tuple[Literal["draw"], int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]

#: Any of the events above.
Event = Post | Fold | Check | Call | Bet | Raise | Capped | Uncalled | Street | DrawCards
