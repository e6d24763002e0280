"""Simple player policies for simulation: believable, varied hands, not good poker.

A policy decides one thing at a time for the player whose turn it is: ``draw`` returns the cards to throw away,
``act`` returns a betting decision as ``(verb, amount)`` where verb is ``"fold"``, ``"check"``, ``"call"``,
``"bet"`` or ``"raise"`` and amount is the "to" total of a bet or raise (0 otherwise). Policies only read the
``HandState`` and draw random numbers from the ``random.Random`` they are given, so a seed replays the same hands.

``BasicPolicy`` (the simulator's default):

- **Drawing**: ``badugi_fast.drawing.BASIC``, the one definition the odds use too: keep the usable cards (the best
  subset with no two of a rank or suit), throw the rest away. With two or more draws to come it may also break a
  rough hand: a badugi or three-card hand with a jack or worse on top loses its top card (half of the time).
- **Strength**: 3 for a badugi 8-high or better; 2 for any other badugi, or a three-card hand 7-high or better
  while draws remain; 1 for a worse three-card hand while draws remain, a three-card hand 5-high or better after
  the last draw, or a two-card hand 5-high or better with two or more draws to come; 0 for the rest. With
  probability ``bluff`` the strength is raised by one, with probability ``bluff`` lowered by one.
- **Betting**: strength 3 bets or raises (85%); 2 bets half of the time when it is free and raises 20% of the time
  facing a bet, else calls; 1 checks (bets 10%) and calls 70% of the time when the call is at most half the pot;
  0 checks when free. Any other hand facing a bet calls 10% of the time and folds otherwise. In the big-bet games
  a bet or raise is the smallest legal half of the time, the largest (all-in in no limit) 5% of the time, and
  anything in between otherwise.
"""

from __future__ import annotations

import random
from typing import Protocol

from badugi_fast.drawing import BASIC, DrawingPolicy
from badugi_fast.ranks import RANK_COUNT, WORST_BADUGI, WORST_THREE_CARD, rank_values
from badugi_fast.rules.engine import HandState

__all__ = ["CALL", "CHECK", "FOLD", "BasicPolicy", "Decision", "Policy"]

#: ``(verb, amount)``: verb in fold/check/call/bet/raise; amount is the "to" total of a bet or raise, else 0.
Decision = tuple[str, int]
#: The decisions without an amount, as one object each: ``BasicPolicy`` answers with these, and ``play`` knows them
#: by identity (a well-formed answer it need not check); any equal tuple means the same.
FOLD: Decision = ("fold", 0)
CHECK: Decision = ("check", 0)
CALL: Decision = ("call", 0)


def _strength(rank: int, round_index: int) -> int:
    """The strength (0-3) of a hand of rank number ``rank`` in betting round ``round_index``, before the bluffs."""
    top = rank_values(rank)[0]  # the highest usable rank, A=1 ... K=13
    if rank <= WORST_BADUGI:
        return 3 if top <= 8 else 2
    if rank <= WORST_THREE_CARD:
        if round_index < 3:
            return 2 if top <= 7 else 1
        return 1 if top <= 5 else 0
    return 1 if round_index < 2 and top <= 5 else 0


#: _STRENGTH[round][rank], worked out once
_STRENGTH = [[0] + [_strength(rank, round_index) for rank in range(1, RANK_COUNT + 1)] for round_index in range(4)]
#: _AGGRESSION[strength][facing a bet]: how often a hand bets (when free) or raises (facing a bet)
_AGGRESSION = ((0.0, 0.0), (0.1, 0.0), (0.5, 0.2), (0.85, 0.85))


class Policy(Protocol):
    """What the simulator asks a player."""

    def draw(self, hand: HandState, player: int, rng: random.Random) -> list[int]:
        """The cards ``player`` discards now (codes from ``hand.cards[player]``; empty to stand pat)."""
        ...

    def act(self, hand: HandState, player: int, rng: random.Random) -> Decision:
        """``player``'s betting action now."""
        ...


class BasicPolicy:
    """Draw with ``drawing`` (default ``BASIC``); bet strong hands, call with fair ones, fold the rest, with some
    randomness.

    >>> from badugi_fast import card_str, parse_cards
    >>> from badugi_fast.game import TableRules
    >>> hand = HandState(TableRules(1, 2), [40, 40], deck=parse_cards("As 2h Kc 3d 4c 4s 9d 5c"))
    >>> policy = BasicPolicy()
    >>> policy.act(hand, 0, random.Random(0))
    ('raise', 4)
    >>> hand.raise_to(0, 4); hand.call(1)
    >>> card_str(policy.draw(hand, 1, random.Random(1))[0])
    'Kc'
    """

    def __init__(self, bluff: float = 0.08, drawing: DrawingPolicy = BASIC) -> None:
        if not 0.0 <= bluff <= 0.5:
            raise ValueError(f"bluff must be a probability from 0 to 0.5, not {bluff!r}")
        self.bluff = bluff
        self.drawing = drawing
        self._draw = drawing.draw

    def draw(self, hand: HandState, player: int, rng: random.Random) -> list[int]:
        # A draw in betting round r (0 = before the first draw) has 3 - r draws to come, itself included.
        return self._draw(hand.cards[player], 3 - hand.round, rng, len(hand.live) - 1)

    def act(self, hand: HandState, player: int, rng: random.Random) -> Decision:
        strength = _STRENGTH[hand.round][hand.ranks[player]]
        roll = rng.random()
        if roll < self.bluff:
            if strength < 3:
                strength += 1
        elif roll < 2 * self.bluff and strength:
            strength -= 1
        owed = hand.level - hand.bets[player]
        if owed > hand.stacks[player]:
            owed = hand.stacks[player]
        roll = rng.random()
        if roll < _AGGRESSION[strength][owed > 0]:
            bounds = hand.raise_bounds(player)
            if bounds is not None:
                return ("raise" if hand.level else "bet"), self._size(bounds, rng)
        if not owed:
            return CHECK
        if strength >= 2 or (strength == 1 and owed * 2 <= hand.pot and roll < 0.7) or roll < 0.1:
            return CALL
        return FOLD

    @staticmethod
    def _size(bounds: tuple[int, int], rng: random.Random) -> int:
        low, high = bounds
        if low == high or rng.random() < 0.5:
            return low
        if rng.random() < 0.1:
            return high
        return rng.randint(low, high)
