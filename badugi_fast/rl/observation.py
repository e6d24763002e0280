"""What a player of ``badugi_v0`` sees: a fixed-size ``float32`` array, every value from 0 to 1, of what this
player may know at this moment, and nothing else (never an opponent's cards).

The array is ``FIELDS`` (about the player, their cards and the hand) followed by one block of ``SEAT_FIELDS`` per
seat: the player's own seat first, then each other seat clockwise from the player's left. Amounts are fractions of
the chips at the table (every stack at the start of the hand added up), which keeps them between 0 and 1 at any
stakes; ``big_blind`` is the big blind in the same unit, so ``amount / big_blind`` is in big blinds. Its size is
``size(players)`` = 138 + 27 x players (26 per seat, one more for the position): 192 heads-up, 300
six-handed. ``layout(players)`` names every slice.

>>> fields = layout(2)
>>> fields["cards"], fields["to_call"], fields["seat 1 stack"], size(2), size(6)
(slice(0, 52, None), slice(139, 140, None), slice(166, 167, None), 192, 300)
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from badugi_fast.drawing import USABLE
from badugi_fast.ranks import RANK_COUNT, hand_size
from badugi_fast.rules.engine import BETTING, COMPLETE, DRAW, HandState

__all__ = ["FIELDS", "SEAT_FIELDS", "Observer", "layout", "size"]

Array = npt.NDArray[np.float32]

#: The fields before the seats: ``(name, size, meaning)``; ``position``'s size is the number of players (0 here).
FIELDS: tuple[tuple[str, int, str], ...] = (
    ("cards", 52, "1 at the code of each card the player holds (code = 4 x rank + suit; A=0..K=12; c, d, h, s)"),
    ("card_ranks", 52, "for each of the four cards from the lowest code up (the discards' order): rank, one-hot"),
    ("card_suits", 16, "for each of the four cards in that order: suit, one-hot over c, d, h, s"),
    ("card_plays", 4, "for each of the four cards in that order: 1 if it is one of the usable cards"),
    ("usable", 4, "one-hot: how many cards play (1 to 4)"),
    ("hand_value", 1, "(1092 - rank number) / 1091: 1 for the best hand (4-3-2-A), 0 for the worst (a lone king)"),
    ("round", 4, "one-hot: the betting round (0 before the first draw ... 3 after the third; in a draw, the last)"),
    ("drawing", 1, "1 during a draw"),
    ("draws_left", 1, "the draws still to come (in a draw, this one included), / 3"),
    ("position", 0, "one-hot over the players: seats after the button (0 = the button, heads-up the small blind)"),
    ("big_blind", 1, "the big blind, as a fraction of the chips at the table (at most 1)"),
    ("pot", 1, "every chip put in so far, this round's bets included"),
    ("to_call", 1, "what a call costs this player now (0 when they may check or it is not their turn to bet)"),
)
#: Each seat's block: ``(name, size, meaning)``.
SEAT_FIELDS: tuple[tuple[str, int, str], ...] = (
    ("stack", 1, "chips behind"),
    ("in_hand", 1, "1 until the player folds"),
    ("all_in", 1, "1 if in the hand with no chips behind"),
    ("drawn", 15, "for each of the three draws, one-hot over 0-4: how many cards they drew (all 0 before it)"),
    ("chips", 4, "for each betting round: the chips they put in (blinds included, less an uncalled bet returned)"),
    ("bets", 4, "for each betting round: the bets and raises they made, / 4 (more than 4 count as 4)"),
)
_SEAT_WIDTH = sum(width for _, width, _ in SEAT_FIELDS)  # 26
_SEAT_AT = {name: sum(width for _, width, _ in SEAT_FIELDS[:k]) for k, (name, _, _) in enumerate(SEAT_FIELDS)}
_STACK, _IN_HAND, _ALL_IN = _SEAT_AT["stack"], _SEAT_AT["in_hand"], _SEAT_AT["all_in"]
_DRAWN, _CHIPS, _BETS = _SEAT_AT["drawn"], _SEAT_AT["chips"], _SEAT_AT["bets"]
_MOST_BETS = 4


def _widths(players: int) -> list[tuple[str, int]]:
    return [(name, players if name == "position" else width) for name, width, _ in FIELDS]


def size(players: int) -> int:
    """The length of the observation at a table of ``players``."""
    return sum(width for _, width in _widths(players)) + players * _SEAT_WIDTH


def layout(players: int) -> dict[str, slice]:
    """Every field's slice of the observation at a table of ``players``: the ``FIELDS`` by name, and each seat's
    fields as ``"seat K name"`` (seat 0 = the player, seat K = the K-th player to their left)."""
    slices = {}
    start = 0
    for name, width in _widths(players):
        slices[name] = slice(start, start + width)
        start += width
    for seat in range(players):
        for name, width, _ in SEAT_FIELDS:
            slices[f"seat {seat} {name}"] = slice(start, start + width)
            start += width
    return slices


class Observer:
    """Follows one hand's events and writes each player's observation.

    The seats' public state (stacks, folds, draws, betting) is kept in one flat table in seat order, written only
    where new events touch it; a player's view is a copy of their template (their cards and position, written
    again only when they draw), the hand's state, and the table read in their own seat order.
    """

    def __init__(self, players: int) -> None:
        self.players = players
        fields = layout(players)
        self.size = size(players)
        self._phase_at = fields["round"].start
        self._phase_end = fields["draws_left"].stop
        self._position_at = fields["position"].start
        self._big_blind_at = fields["big_blind"].start
        self._pot_at = fields["pot"].start
        self._to_call_at = fields["to_call"].start
        self._seats_at = fields["seat 0 stack"].start
        # _phases[round][kind]: round, drawing and draws_left in a betting round (kind 0), a draw (1), the end (2)
        self._phases = [[_phase(round_index, kind) for kind in range(3)] for round_index in range(4)]
        # _views[p]: where p's view reads each of its seats' fields in the table (p's seat first, then clockwise)
        self._views = [
            np.array([(p + k) % players * _SEAT_WIDTH + field for k in range(players) for field in range(_SEAT_WIDTH)])
            for p in range(players)
        ]
        self.start(None)

    def start(self, hand: HandState | None) -> None:
        """Follow ``hand`` from its beginning (None: no hand yet)."""
        self.hand = hand
        self._seen = 0  # events taken into account
        self._street = 0  # the draws begun so far: betting round k comes after draw k
        self._table = np.zeros(self.players * _SEAT_WIDTH, np.float32)
        self._templates: list[Array | None] = [None] * self.players
        if hand is None:
            return
        self._scale = scale = 1.0 / sum(hand.starting_stacks)
        self._big_blind = min(1.0, hand.rules.big_blind * scale)
        self._round_start = [[0] * self.players]  # each betting round's contributions before it
        self._bets = [[0] * self.players for _ in range(4)]
        for seat in range(self.players):
            self._write(seat)
        self.update()  # the blinds and, when they put everyone all-in, the first draw already begun

    def update(self) -> None:
        """Take the events since the last update into account."""
        hand = self.hand
        assert hand is not None
        events = hand.events
        for event in events[self._seen :]:
            if event[0] == "draw":
                _, player, thrown, _, _ = event
                self._table[player * _SEAT_WIDTH + _DRAWN + 5 * (self._street - 1) + len(thrown)] = 1.0
                if thrown:  # new cards: the template is out of date
                    self._templates[player] = None
            elif event[0] == "street":
                self._street = event[1]
                self._round_start.append(list(hand.contributed))
            elif event[0] == "bet" or event[0] == "raise":
                self._bets[self._street][event[1]] += 1
                self._write(event[1])
            elif event[0] != "capped":  # a post, fold, check, call or uncalled bet: chips moved, or a fold
                self._write(event[1])
        self._seen = len(events)
        if hand.phase == COMPLETE:  # the pots are paid: every stack may have changed
            table, scale, stacks, folded = self._table, self._scale, hand.stacks, hand.folded
            for seat in range(self.players):
                table[seat * _SEAT_WIDTH + _STACK] = stacks[seat] * scale
                table[seat * _SEAT_WIDTH + _ALL_IN] = not folded[seat] and not stacks[seat]

    def _write(self, seat: int) -> None:
        """Write ``seat``'s stack, state and chips of this betting round into the table.

        Chips move only in betting rounds, and a round's last chips (an uncalled bet returned) come before its
        draw: so when events touch a seat, its chips moved in the hand's round now."""
        hand = self.hand
        assert hand is not None
        table, at, scale, round_index = self._table, seat * _SEAT_WIDTH, self._scale, hand.round
        stack, folded = hand.stacks[seat], hand.folded[seat]
        table[at + _STACK] = stack * scale
        table[at + _IN_HAND] = not folded
        table[at + _ALL_IN] = not folded and not stack
        table[at + _CHIPS + round_index] = (hand.contributed[seat] - self._round_start[round_index][seat]) * scale
        table[at + _BETS + round_index] = min(self._bets[round_index][seat], _MOST_BETS) / _MOST_BETS

    def observe(self, player: int) -> Array:
        """``player``'s observation now."""
        hand = self.hand
        assert hand is not None
        template = self._templates[player]
        if template is None:
            template = self._templates[player] = self._template(hand, player)
        observation: Array = template.copy()
        phase = hand.phase
        kind = 0 if phase == BETTING else 1 if phase == DRAW else 2
        observation[self._phase_at : self._phase_end] = self._phases[hand.round][kind]
        scale = self._scale
        observation[self._big_blind_at] = self._big_blind
        observation[self._pot_at] = hand.pot * scale
        if not kind and hand.to_act == player:
            observation[self._to_call_at] = hand.to_call(player) * scale
        observation[self._seats_at :] = self._table[self._views[player]]
        return observation

    def _template(self, hand: HandState, player: int) -> Array:
        """What ``player``'s observation holds until they draw: their cards, what they make, their position."""
        template = np.zeros(self.size, np.float32)
        first, second, third, fourth = cards = sorted(hand.cards[player])
        rank = hand.ranks[player]
        unused = USABLE.options(cards, 1)[0][0]
        slots = [*_SLOTS[0][first], *_SLOTS[1][second], *_SLOTS[2][third], *_SLOTS[3][fourth], _USABLE_SLOT[rank]]
        for position, card in enumerate(cards):
            if card not in unused:
                slots.append(_PLAYS_AT + position)
        slots.append(self._position_at + (player - hand.button) % self.players)
        template[slots] = 1.0  # one assignment: cheaper than setting the twenty fields one by one
        template[_VALUE_AT] = (RANK_COUNT - rank) / (RANK_COUNT - 1)
        return template


def _phase(round_index: int, kind: int) -> Array:
    """The ``round``, ``drawing`` and ``draws_left`` fields in betting round ``round_index``: while it is played
    (``kind`` 0), in the draw after it (1), or once the hand is over (2: no draw left)."""
    fields = np.zeros(6, np.float32)
    fields[round_index] = 1.0
    fields[4] = kind == 1
    fields[5] = (3 - round_index) / 3 if kind < 2 else 0.0
    return fields


_PRIVATE = layout(2)  # the fields before the position are the same at every table size
_PLAYS_AT, _USABLE_AT, _VALUE_AT = _PRIVATE["card_plays"].start, _PRIVATE["usable"].start, _PRIVATE["hand_value"].start
_RANKS_AT, _SUITS_AT = _PRIVATE["card_ranks"].start, _PRIVATE["card_suits"].start
#: _USABLE_SLOT[rank]: the ``usable`` field a hand of rank number ``rank`` sets to 1
_USABLE_SLOT = (0, *(_USABLE_AT + hand_size(rank) - 1 for rank in range(1, RANK_COUNT + 1)))
#: _SLOTS[position][card]: the fields a card sets to 1 at its position in the ascending order
_SLOTS = tuple(
    tuple((card, _RANKS_AT + 13 * position + (card >> 2), _SUITS_AT + 4 * position + (card & 3)) for card in range(52))
    for position in range(4)
)
