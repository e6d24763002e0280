"""``Builder``: turns what a line says into the model, so that each site parser is only a list of wordings.

It keeps the current street and the line being read, and knows the seated names, which attributes lines to players
even when names contain spaces. It keeps no account of the betting: a total the site writes ("raises to $5",
KingsClub's "calls 90") is recorded as it is (``Action.to``), and ``done`` replays the hand through the rules
(``formats.replay``), which turns totals into increments and says where the hand leaves the rules.
"""

from __future__ import annotations

from collections.abc import Iterable

from badugi_fast.formats.common import stakes_in, when
from badugi_fast.formats.model import Action, ActionKind, Draw, Hand, Seat, Sight

__all__ = ["Builder"]


class Builder:
    """Builds a ``Hand`` line by line: the parsers call one method per thing a line says (after setting ``line`` to
    the index of the line they read), then ``done``."""

    __slots__ = ("_long_names", "_order", "big_blind", "hand", "line", "names", "street")

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.street = 0
        self.line = -1  # the index of the line being read, in the lines the parser reads
        self._order = 0  # actions and draws so far
        self.names: set[str] = set()  # the seated players
        self._long_names: list[str] = []
        self.big_blind = 0  # the largest big blind posted so far (the live part of "small & big blinds")

    def facts(self, stakes: str, started: str, dollars: str | None = None) -> None:
        """The stakes (the first written in ``stakes``: their currency's sign and code for a cash game) and the
        date and time (the first written in ``started``) of the hand, when the text gives them. ``dollars``: the
        currency a ``$`` with no code names on the site (Full Tilt and Merge write ``$0.10/$0.20``, meaning USD)."""
        hand = self.hand
        found = stakes_in(stakes)
        if found is not None:
            hand.stakes, sign, code = found
            if hand.places:
                hand.currency_symbol, hand.currency = sign, code or (dollars if sign == "$" else None)
        hand.started, hand.time_zone = when(started)

    def seat(self, number: int, name: str, stack: int, sitting_out: bool = False) -> None:
        """A seated player; one name in a second seat is a ValueError naming it (its hands would be scored, and
        counted by the statistics, twice)."""
        if name in self.names:
            first = next(seat.number for seat in self.hand.seats if seat.name == name)
            raise ValueError(f"{name!r} sits in two seats ({first} and {number})")
        self.hand.seats.append(Seat(number, name, stack, sitting_out))
        self.names.add(name)
        if " " in name:
            self._long_names.append(name)
            self._long_names.sort(key=len, reverse=True)

    def actor(self, line: str) -> tuple[str, str, str] | None:
        """``(name, separator, rest)`` when ``line`` starts with a seated player's name then ``": "`` or ``" "``.

        The separator tells actions from chat on sites that write one with a colon and the other without.

        >>> b = Builder(Hand("x")); b.seat(1, "Hero", 100); b.seat(2, "Mr X", 100)
        >>> b.actor("Hero: folds"), b.actor("Mr X calls $1"), b.actor("cuchiku: sits out")
        (('Hero', ':', 'folds'), ('Mr X', ' ', 'calls $1'), None)
        """
        head, _, rest = line.partition(" ")
        if head in self.names:
            return head, " ", rest
        if head[-1:] == ":" and head[:-1] in self.names:
            return head[:-1], ":", rest
        for name in self._long_names:
            if line.startswith(name):
                after = line[len(name) : len(name) + 2]
                if after == ": ":
                    return name, ":", line[len(name) + 2 :]
                if after[:1] == " ":
                    return name, " ", line[len(name) + 1 :]
        return None

    def active(self) -> list[str]:
        """Players who have acted in the hand and not folded, in the order they first acted."""
        seen: dict[str, bool] = {}
        for action in self.hand.actions:
            seen[action.player] = action.kind != "fold" and seen.get(action.player, True)
        return [name for name, live in seen.items() if live]

    def new_street(self, street: int) -> None:
        """Betting on a new street starts."""
        self.street = street

    def _next(self) -> int:
        """The place of the next action or draw among the hand's."""
        self._order += 1
        return self._order

    def put(self, name: str, kind: ActionKind, chips: int = 0, all_in: bool = False, to: int | None = None) -> None:
        """A betting action (fold, check, call, bet, raise) that adds ``chips``, or that brings the player's total
        for the round ``to`` that many (the replay works out what it adds)."""
        self.hand.actions.append(Action(self.street, name, kind, chips, all_in, to, self.line, self._next()))

    def post(self, name: str, chips: int, all_in: bool = False, live: int | None = None) -> None:
        """A blind; ``live`` is the part that counts towards calling (None: all of it), the rest is dead money, which
        the model keeps as an ``ante`` action of the player (a dead small blind, the small blind part of "small &
        big blinds")."""
        actions = self.hand.actions
        live_chips = chips if live is None else live
        if live_chips:
            post = Action(self.street, name, "post", live_chips, all_in and live_chips == chips, None, self.line)
            post.order = self._next()
            actions.append(post)
        if live_chips != chips:
            actions.append(Action(self.street, name, "ante", chips - live_chips, all_in, None, self.line, self._next()))

    def ante(self, name: str, chips: int, all_in: bool = False) -> None:
        """An ante: in the pot, but not part of anyone's bet on the street."""
        self.hand.actions.append(Action(self.street, name, "ante", chips, all_in, None, self.line, self._next()))

    def draw(self, name: str, discarded: int, new_cards: tuple[str, ...] | None = None) -> None:
        """The player draws ``discarded`` cards (``new_cards`` when the site shows them)."""
        self.hand.draws.append(Draw(self.street, name, discarded, new_cards, None, self.line, self._next()))

    def _sight(self, name: str, cards: tuple[str, ...], shown: bool = False) -> None:
        """The history shows the player's whole hand now (``shown``: the player showed it)."""
        self.hand.sights.append(Sight(name, cards, self.line, self._next(), shown))

    def done(self) -> None:
        """The hand is read: replay it through the rules (``formats.replay``, imported here: the rules engine is not
        loaded by a run that C reads whole)."""
        from badugi_fast.formats.replay import replay

        replay(self.hand)

    def dealt(self, name: str, cards: Iterable[str], description: str | None = None) -> None:
        """The player's whole hand is now ``cards`` (hole cards, or the kept and new cards after a draw), with the
        site's description of those cards if it gives one (earlier descriptions were of other cards). The first
        cards dealt before the first draw are the player's ``dealt`` cards; cards after a draw say which the draw
        threw and brought (for the model only: csrc/stars.c keeps no model). Mirrored in csrc/stars.c: set_cards()."""
        hand = self.hand
        now = tuple(cards)
        before = hand.cards.get(name)
        hand.cards[name] = now
        self._sight(name, now)
        if self.street == 0:
            hand.dealt.setdefault(name, now)
        elif before is not None:
            self._drawn(name, before, now)
        if description:
            self.hand.descriptions[name] = [description.strip()]
        else:
            self.hand.descriptions.pop(name, None)

    def _drawn(self, name: str, before: tuple[str, ...], after: tuple[str, ...]) -> None:
        """The player's draw of this street took their hand from ``before`` to ``after``: it threw the cards that went
        and brought the cards that came (when as many went as the draw says)."""
        for draw in reversed(self.hand.draws):
            if draw.street != self.street:
                return
            if draw.player == name:
                thrown = tuple(card for card in before if card not in after)
                new = tuple(card for card in after if card not in before)
                if draw.thrown is None and len(thrown) == len(new) == draw.discarded:
                    draw.thrown = thrown
                    if draw.new_cards is None:
                        draw.new_cards = new
                return

    def replace(self, name: str, discarded: Iterable[str], drawn: Iterable[str]) -> None:
        """The player threw away ``discarded`` and got ``drawn`` (KingsClub shows the hero's draws this way)."""
        discarded = tuple(discarded)
        for draw in reversed(self.hand.draws):
            if draw.player == name:
                draw.thrown = discarded
                break
        gone = set(discarded)
        held = self.hand.cards.get(name)
        now = tuple(c for c in held or () if c not in gone) + tuple(drawn)
        self.hand.cards[name] = now
        if held is not None:
            self._sight(name, now)

    def show(self, name: str, cards: tuple[str, ...], description: str | None = None) -> None:
        """The player shows ``cards``; at showdown (``hand.showdown`` already set) this counts as contesting.
        Mirrored in csrc/stars.c: set_cards()."""
        self.hand.cards[name] = cards
        self._sight(name, cards, shown=True)
        if self.hand.showdown and name not in self.hand.shown:
            self.hand.shown.append(name)
        if description:
            self.describe(name, description)

    def reveal(self, name: str, cards: tuple[str, ...], description: str | None = None) -> None:
        """Cards learnt from the summary (a hand mucked at showdown, or a repeat of a shown one). Mirrored in
        csrc/stars.c: set_cards()."""
        self.hand.cards[name] = cards
        self._sight(name, cards)
        if description:
            self.describe(name, description)

    def describe(self, name: str, description: str) -> None:
        """The site's own words for the player's hand (mirrored in csrc/stars.c: describe())."""
        self.hand.descriptions.setdefault(name, []).append(description.strip())

    def muck(self, name: str) -> None:
        """The player gives up at showdown without showing."""
        if self.hand.showdown and name not in self.hand.mucked:
            self.hand.mucked.append(name)

    def collect(self, name: str, chips: int) -> None:
        """The site pays ``chips`` to the player (summed over pots)."""
        self.hand.collected[name] = self.hand.collected.get(name, 0) + chips

    def returned(self, name: str, chips: int) -> None:
        """The site returns an uncalled bet to the player."""
        uncalled = self.hand.uncalled
        if uncalled is None:
            uncalled = self.hand.uncalled = {}
        uncalled[name] = uncalled.get(name, 0) + chips
