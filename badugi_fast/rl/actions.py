"""The one ``Discrete`` action space of ``badugi_v0``: what each action number means, which ones the engine allows
now (the action mask) and how an action is played through the engine.

Actions, in order:

- ``0`` fold (the engine allows it whenever it is the player's turn to bet, even when checking is free);
- ``1`` check, or call when there is something to call (all-in for less when the stack is short);
- the bets and raises: in fixed limit one, ``bet/raise`` (the one size the structure allows, or all-in for less);
  in pot, half-pot and no limit four, ``min`` (the smallest full bet or raise, or all-in for less), ``half-pot``
  (a call and then half the pot after the call), ``pot`` (a call and then the whole pot after the call) and
  ``all-in``. A size is offered only where the engine's bounds for this player (``HandState.raise_bounds``) take
  it: ``pot`` only up to the limit and the stack, ``all-in`` only where the whole stack may go in;
- the 16 discards, ``discard`` + ``mask`` for mask 0 to 15: bit ``i`` throws the player's ``i``-th lowest card
  (cards in ascending code order, as the observation lists them), so ``mask`` 0 stands pat and 15 throws all four.
  Every draw is allowed in a draw: the engine's full deck (and the reshuffle of the discards) always has enough.

The mask is worked out from the engine's own answers (its phase, whose turn it is, ``to_call``, ``raise_bounds``),
never from a second copy of the rules; an action outside the mask raises the engine's ``IllegalActionError`` and
changes nothing.

>>> from badugi_fast.game import HandState, TableRules
>>> import random
>>> hand = HandState(TableRules(1, 2, "pot"), [100, 100], button=0, rng=random.Random(3))
>>> actions = Actions("pot")
>>> [actions.names[a] for a in actions.legal(hand, 0)]
['fold', 'check/call', 'min', 'half-pot', 'pot']
>>> actions.raise_targets(hand, 0)  # raise to 4 (min), 4 (half the pot after the call), 6 (the pot), 100 (all-in)
(4, 4, 6, 100)
"""

from __future__ import annotations

import operator
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from badugi_fast.rules.engine import BETTING, DRAW, HandState
from badugi_fast.rules.limits import FIXED, LIMITS

__all__ = ["CHECK_CALL", "DISCARDS", "FOLD", "Actions", "discard_name"]

FOLD = 0
CHECK_CALL = 1
#: The legal actions of a betting player who may raise (fixed limit), or may not.
_RAISE, _NO_RAISE = (FOLD, CHECK_CALL, CHECK_CALL + 1), (FOLD, CHECK_CALL)
#: How many discard actions there are: one per subset of the four cards.
DISCARDS = 16
#: The bet and raise sizes of each kind of structure, by name.
_FIXED_SIZES = ("bet/raise",)
_BIG_BET_SIZES = ("min", "half-pot", "pot", "all-in")


def discard_name(mask: int) -> str:
    """The name of discard action ``mask``: which of the cards (1 = the lowest) it throws.

    >>> discard_name(0), discard_name(5), discard_name(15)
    ('stand pat', 'discard 1+3', 'discard 1+2+3+4')
    """
    if not mask:
        return "stand pat"
    return "discard " + "+".join(str(position + 1) for position in range(4) if mask >> position & 1)


class Actions:
    """The action space of one betting structure (``limit`` as ``TableRules`` names it)."""

    def __init__(self, limit: str) -> None:
        if limit not in LIMITS:
            raise ValueError(f"unknown betting structure {limit!r}: choose one of {', '.join(LIMITS)}")
        self.sizes = _FIXED_SIZES if limit == FIXED else _BIG_BET_SIZES
        #: The first raise action; the first discard action.
        self.first_raise = CHECK_CALL + 1
        self.first_discard = self.first_raise + len(self.sizes)
        self.count = self.first_discard + DISCARDS
        #: Every action's name, by number.
        self.names: tuple[str, ...] = ("fold", "check/call", *self.sizes, *map(discard_name, range(DISCARDS)))
        self._fixed = limit == FIXED
        #: _masks[legal actions]: the mask of each set of actions a player may have (None: a draw's), made once
        self._masks = _Masks(self.count, self.first_discard)

    def raise_targets(self, hand: HandState, player: int) -> tuple[int, ...]:
        """The "bet/raise to" total of each raise action for ``player`` now, whether the engine allows it or not."""
        bounds = hand.raise_bounds(player)
        return self._targets(hand, player, 0 if bounds is None else bounds[0])

    def _targets(self, hand: HandState, player: int, smallest: int) -> tuple[int, ...]:
        """``raise_targets`` once the smallest legal total is known (0 when the player may not raise)."""
        if self._fixed:
            return (smallest,)
        own, owed = hand.bets[player], hand.to_call(player)
        after_call = hand.pot + owed  # the pot once the player has called
        return smallest, own + owed + after_call // 2, own + owed + after_call, own + hand.stacks[player]

    def mask(self, hand: HandState, player: int) -> npt.NDArray[np.int8]:
        """1 for each action ``player`` may take now, 0 for the others (all 0 when it is not their turn)."""
        if hand.to_act != player:
            legal: tuple[int, ...] | None = ()
        elif hand.phase == DRAW:
            legal = None
        elif self._fixed and hand.phase == BETTING:  # the commonest case, without a list of actions
            legal = _RAISE if hand.raise_bounds(player) is not None else _NO_RAISE
        else:
            legal = tuple(self.legal(hand, player))
        mask: npt.NDArray[np.int8] = self._masks[legal].copy()
        return mask

    def legal(self, hand: HandState, player: int) -> list[int]:
        """The actions ``player`` may take now, in order."""
        if hand.to_act != player:
            return []
        if hand.phase == DRAW:
            return list(range(self.first_discard, self.count))
        if hand.phase != BETTING:  # pragma: no cover - nobody is to act in a complete hand
            return []
        legal = [FOLD, CHECK_CALL]
        bounds = hand.raise_bounds(player)
        if bounds is not None:
            low, high = bounds
            targets = self._targets(hand, player, low)
            legal.extend(self.first_raise + k for k, total in enumerate(targets) if low <= total <= high)
        return legal

    def play(self, hand: HandState, player: int, action: object) -> None:
        """Play action number ``action`` for ``player`` through the engine: ``IllegalActionError`` (a
        ``ValueError``) if the engine refuses it, and then nothing has changed."""
        number = self.number(action)
        if number == FOLD:
            hand.fold(player)
        elif number == CHECK_CALL:
            if hand.phase == BETTING and hand.to_call(player) == 0:
                hand.check(player)
            else:
                hand.call(player)  # refused out of turn or out of phase, as check would be
        elif number < self.first_discard:
            total = self.raise_targets(hand, player)[number - self.first_raise]
            if hand.bets[player] + hand.to_call(player):  # there is a bet to match: a raise (the engine says
                hand.raise_to(player, total)  # why not if this player may not raise now)
            else:
                hand.bet(player, total)
        else:
            hand.draw(player, self.discards(hand.cards[player], number - self.first_discard))

    def number(self, action: object) -> int:
        """``action`` as an action number (a Python or numpy integer in range), else ``ValueError``."""
        if isinstance(action, (bool, np.bool_)):
            raise ValueError(f"an action is an integer 0..{self.count - 1}, not {action!r}")
        try:
            number = operator.index(action)  # type: ignore[arg-type]  # refused below when it is no integer
        except TypeError:
            raise ValueError(f"an action is an integer 0..{self.count - 1}, not {action!r}") from None
        if not 0 <= number < self.count:
            raise ValueError(f"action {number} is not one of 0..{self.count - 1}")
        return number

    @staticmethod
    def discards(cards: Sequence[int], mask: int) -> list[int]:
        """The cards discard mask ``mask`` throws from ``cards`` (bit ``i``: the ``i``-th lowest card)."""
        ordered = sorted(cards)
        return [ordered[position] for position in range(4) if mask >> position & 1]


class _Masks(dict[tuple[int, ...] | None, npt.NDArray[np.int8]]):
    """Action masks by the actions they allow (None: every discard), each made the first time it is asked for: a
    copy of a ready mask costs less than setting one bit by bit."""

    def __init__(self, count: int, first_discard: int) -> None:
        super().__init__()
        self.count = count
        self.first_discard = first_discard

    def __missing__(self, legal: tuple[int, ...] | None) -> npt.NDArray[np.int8]:
        mask = np.zeros(self.count, np.int8)
        mask[self.first_discard :] = legal is None
        mask[list(legal or ())] = 1
        self[legal] = mask
        return mask
