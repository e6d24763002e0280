"""PHH hand histories (``.phh``: one hand; ``.phhs``: one hand per TOML table) -> ``model.Hand``: one more site.

A PHH hand's header is its ``variant = ...`` line, the one key every hand has exactly once: a hand starts there,
whatever the file is called. The hand's other keys are the lines around it: back to its table header (``[12]``)
or to the start of the file, and on to the next table that is not one of its own (``[12.x]``). So a PHH reader
finds hands line by line as for every other site; ``variant`` must start its line (no indentation, not quoted),
as pokerkit and the PHH datasets write it, and a hand with no table of its own (a ``.phh`` file) must have it
within its first 20 lines.

The hand is replayed to know what each action puts in: ``cc`` calls what the round asks (less when the player has
less), ``cbr`` raises the player's round total to its amount, blinds and antes are posted as PHH says (heads-up in
reverse; a negative blind is a post), cards that are ``??`` are unknown. What the players were paid is the
``winnings`` field (after rake), or else what ``finishing_stacks`` imply; ``_rake`` (written by badugi-fast) is
the rake. A hand that records neither is paid as the rules pay, and its record says so. Variants other than
Badugi (``FB``, and badugi-fast's ``_PB``, ``_HPB``, ``_NB``) are read no further than their variant: ``skipped``.
"""

from __future__ import annotations

import contextlib
import datetime
import decimal
import re
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from badugi_fast.cards import card_str, parse_cards
from badugi_fast.formats.builder import Builder
from badugi_fast.formats.common import ParseError
from badugi_fast.formats.format import TextFormat
from badugi_fast.formats.model import ActionKind, Hand
from badugi_fast.formats.phh.toml import TOMLDecodeError, loads
from badugi_fast.formats.phh.writer import VARIANTS, table_text
from badugi_fast.money import hundredths_of

__all__ = ["FORMAT", "LEAD_LINES", "SITE", "parse_hand"]

SITE = "PHH"
_HEADER_PREFIX = "variant"
#: The lines before its ``variant`` line that a hand with no table of its own may use for its other keys.
LEAD_LINES = 20

#: A newline and the start of a line that starts a hand (mirrored in csrc/sites.c: phh_header()).
_HEADER_LINE = re.compile(r"\nvariant[ \t]*=")

#: A TOML key: bare, or a basic or literal string.
_KEY = r"""(?:[A-Za-z0-9_-]+|"(?:[^"\\\n]|\\.)*"|'[^'\n]*')"""
#: A line that is a TOML table header (``[1]``, ``["a b".c]``), the key path in group 1.
_TABLE = re.compile(rf"[ \t]*\[[ \t]*({_KEY}(?:[ \t]*\.[ \t]*{_KEY})*)[ \t]*\][ \t]*(?:#.*)?")
_LINE_NUMBER = re.compile(r"at line (\d+)")
#: The betting structure of each Badugi variant code.
_LIMITS = {code: limit for limit, code in VARIANTS.items()}


def parse_hand(lines: Sequence[str], start: int, end: int) -> Hand:
    """The PHH hand whose ``variant`` line is ``lines[start]``, its keys from before it to its table's end."""
    first, table = _first_line(lines, start)
    last = _last_line(lines, start, end, table)
    try:
        document = loads("\n".join(lines[first:last]))
    except TOMLDecodeError as error:
        found = _LINE_NUMBER.search(str(error))
        raise ParseError(f"bad TOML: {error}", first + int(found.group(1)) - 1 if found else start) from None
    fields = _hand_table(document)
    hand = Hand(SITE, hand_id=str(fields.get("hand", "")), line=start + 1)
    try:
        _read(hand, fields)
    except ValueError as error:
        raise ParseError(str(error), start) from None
    return hand


def _first_line(lines: Sequence[str], start: int) -> tuple[int, str | None]:
    """Where the hand's text starts, and its table's key path (None at the top level): its table header, or the
    first line when it has none."""
    for index in range(start - 1, -1, -1):
        line = lines[index]
        table = _TABLE.fullmatch(line)
        if table is not None:
            return index, table.group(1)
        if FORMAT.is_header(line):
            raise ParseError("two PHH hands in one table: put each hand in a table of its own, as .phhs do", start)
    if start >= LEAD_LINES:  # the lines before may be cut off: keys of this hand may be missing
        raise ParseError(
            f"a hand with no table of its own must have `variant` within its first {LEAD_LINES} lines", start
        )
    return 0, None


def _last_line(lines: Sequence[str], start: int, end: int, table: str | None) -> int:
    """Where the hand's text ends: at the first table header after ``start`` that is not a table of the hand's."""
    own = None if table is None else re.sub(r"[ \t]", "", table) + "."
    for index in range(start + 1, end):
        line = lines[index]
        if line[:1] in "[ \t" and line.strip()[:1] == "[":
            found = _TABLE.fullmatch(line)
            if found is not None and (own is None or not re.sub(r"[ \t]", "", found.group(1)).startswith(own)):
                return index
    return end


def _hand_table(document: dict[str, Any]) -> dict[str, Any]:
    """The table of the document that holds ``variant`` (the document itself for a ``.phh``)."""
    fields: Any = document
    while isinstance(fields, dict) and "variant" not in fields and len(fields) == 1:
        (fields,) = fields.values()
    if not isinstance(fields, dict) or "variant" not in fields:
        raise ValueError("no `variant` in the hand's table")
    return fields


def _read(hand: Hand, fields: dict[str, Any]) -> None:
    """Fill ``hand`` from the PHH fields of one hand."""
    variant = fields["variant"]
    if not isinstance(variant, str):
        raise ValueError(f"variant is {variant!r}: not a string")
    limit = _LIMITS.get(variant)
    hand.game, hand.is_badugi, hand.limit = ("Badugi", True, limit) if limit else (variant, False, None)
    if limit is None:
        return
    _Replay(hand, fields).run()


def _list(fields: dict[str, Any], key: str, count: int | None, default: Any = None) -> list[Any]:
    """Field ``key``: an array of ``count`` entries (one per player), a single value for all, or ``default``."""
    value = fields.get(key, default)
    if value is None:
        raise ValueError(f"no `{key}`")
    if not isinstance(value, list):
        value = [value] * (count or 1)
    if count is not None and len(value) != count:
        raise ValueError(f"`{key}` has {len(value)} entries for {count} players")
    return value


def _cards(text: str) -> list[str | None]:
    """PHH cards (``As2h``, ``??`` for an unknown card) as card texts, None for the unknown ones."""
    if len(text) % 2:
        raise ValueError(f"cards {text!r}: each card is two characters")
    cards: list[str | None] = []
    for at in range(0, len(text), 2):
        chunk = text[at : at + 2]
        cards.append(None if chunk == "??" else card_str(parse_cards(chunk)[0]))
    return cards


def _number(text: str) -> int | Decimal:
    """A number written in an action (``cbr 0.50``), as TOML would read it.

    >>> _number("20"), _number("0.50")
    (20, Decimal('0.50'))
    """
    if text.isdigit():
        return int(text)
    try:
        return Decimal(text)
    except decimal.InvalidOperation:
        raise ValueError(f"not a number: {text!r}") from None


def _known(cards: list[str | None]) -> tuple[str, ...] | None:
    """The cards when every one is known, else None."""
    return None if None in cards else tuple(card for card in cards if card is not None)


class _Replay:
    """The actions of one Badugi hand played through: what each puts in, draws and shows."""

    def __init__(self, hand: Hand, fields: dict[str, Any]) -> None:
        self.hand = hand
        self.fields = fields
        stacks = _list(fields, "starting_stacks", None)
        self.count = count = len(stacks)
        if not 2 <= count <= 52:
            raise ValueError(f"{count} players: a hand has 2 or more (and not more than the deck can deal)")
        names = _list(fields, "players", count, [""] * count)
        self.names = [str(name) or f"p{number}" for number, name in enumerate(names, 1)]  # "": anonymous
        if len(set(self.names)) != count:
            raise ValueError("two players with the same name")
        seats = _list(fields, "seats", count, list(range(1, count + 1)))
        if any(isinstance(seat, bool) or not isinstance(seat, int) for seat in seats) or len(set(seats)) != count:
            raise ValueError("`seats` must be distinct whole numbers")
        self.money = [stacks, fields.get("antes"), fields.get("blinds_or_straddles")]
        hand.places = 2 if self._decimal() or fields.get("currency") else 0
        self.build = build = Builder(hand)
        self.left: list[int | None] = []  # chips behind; None: unknown (``inf``), never all in
        for seat, name, stack in zip(seats, self.names, stacks, strict=True):
            unknown = isinstance(stack, Decimal) and stack.is_infinite() and stack > 0
            chips = 0 if unknown else hundredths_of(stack, f"the starting stack of {name}")
            if not unknown and chips <= 0:
                raise ValueError(f"the starting stack of {name} is {stack}: not positive")
            build.seat(seat, name, chips)
            self.left.append(None if unknown else chips)
        hand.button = seats[-1]  # PHH's last player is in position: the button
        self.total = [0] * count  # each player's total in the betting round
        self.level = 0
        self.folded = [False] * count
        self.drawing = False  # a draw is under way (its discards and replacement cards)
        self.drawn: set[str] = set()  # who has drawn in it

    def _decimal(self) -> bool:
        """Whether any amount of the hand is written with decimals (money, not whole chips)."""
        values = [self.fields.get(key) for key in ("small_bet", "big_bet", "min_bet")]
        for entry in self.money:
            values += entry if isinstance(entry, list) else [entry]
        return any(isinstance(value, Decimal) and value.is_finite() for value in values)

    def run(self) -> None:
        hand, fields = self.hand, self.fields
        self._forced_bets()
        self._stakes()
        actions = fields.get("actions")
        if not isinstance(actions, list) or not all(isinstance(action, str) for action in actions):
            raise ValueError("`actions` must be an array of strings")
        for number, action in enumerate(actions, 1):
            words = action.partition("#")[0].split()
            if words:
                try:
                    self._action(words)
                except (ValueError, IndexError) as error:
                    raise ValueError(f"action {number} ({action!r}): {error}") from None
        self._outcome()
        self._facts()
        hand.showdown = hand.showdown and self.folded.count(False) >= 2

    def _forced_bets(self) -> None:
        """Antes, then blinds and posts (heads-up, PHH gives the first player the second entry)."""
        count = self.count
        antes = _list(self.fields, "antes", count, 0)
        blinds = _list(self.fields, "blinds_or_straddles", count, 0)
        if count == 2:
            antes, blinds = antes[::-1], blinds[::-1]
        for player, ante in enumerate(antes):
            chips = self._take(player, hundredths_of(ante, "an ante"))
            if chips < 0:
                raise ValueError(f"a negative ante: {ante}")
            if chips:
                self.build.ante(self.names[player], chips, self.left[player] == 0)
        for player, blind in enumerate(blinds):
            chips = self._take(player, abs(hundredths_of(blind, "a blind")))
            if chips:
                self.build.post(self.names[player], chips, self.left[player] == 0)
                self.total[player] = chips
        self.level = max(self.total)

    def _take(self, player: int, chips: int) -> int:
        """What the player can put in of ``chips`` (all they have when they have less), taken off their stack."""
        left = self.left[player]
        if left is not None:
            chips = min(chips, left)
            self.left[player] = left - chips
        return chips

    def _stakes(self) -> None:
        fields = self.fields
        if self.hand.limit == "fixed":
            small, big = (hundredths_of(fields.get(key), f"`{key}`") for key in ("small_bet", "big_bet"))
            self.hand.stakes = (small, big)
        elif "min_bet" in fields:
            big = hundredths_of(fields["min_bet"], "`min_bet`")
            self.hand.stakes = (min((chips for chips in self.total if chips), default=big), big)

    def _player(self, label: str) -> int:
        if label[:1] != "p" or not label[1:].isdigit() or not 1 <= int(label[1:]) <= self.count:
            raise ValueError(f"no player {label!r}")
        return int(label[1:]) - 1

    def _action(self, words: list[str]) -> None:
        if words[0] == "d":
            if words[1] != "dh":
                raise ValueError("Badugi deals no board cards" if words[1] == "db" else f"unknown deal {words[1]!r}")
            self._deal(self._player(words[2]), _cards(words[3]))
            return
        player = self._player(words[0])
        verb = words[1]
        if verb == "sd":
            self._discard(player, _cards(words[2]) if len(words) > 2 else [])
        elif verb == "sm":
            self._show(player, words[2] if len(words) > 2 else None)
        elif verb in ("cc", "cbr", "f"):
            if self.folded[player]:
                raise ValueError("the player has folded")
            self.drawing = False
            if verb == "f":
                self.folded[player] = True
                self.build.put(self.names[player], "fold", 0)
            elif verb == "cc":
                self._call(player)
            else:
                self._raise(player, _number(words[2]))
        else:
            raise ValueError(f"unknown action {verb!r}" + (" (Badugi has no bring-in)" if verb == "pb" else ""))

    def _deal(self, player: int, cards: list[str | None]) -> None:
        """Hole cards: the first four, or the replacement cards of the player's draw."""
        name = self.names[player]
        known = _known(cards)
        hand = self.hand
        draw = next((draw for draw in reversed(hand.draws) if draw.player == name), None)
        if draw is None or draw.street != self.build.street:  # the first deal
            if len(cards) != 4:
                raise ValueError(f"{len(cards)} hole cards dealt: Badugi deals four")
            if known is not None:
                self.build.dealt(name, known)
            return
        if len(cards) != draw.discarded:
            raise ValueError(f"{len(cards)} cards dealt for {draw.discarded} discarded")
        held = hand.cards.get(name)
        if known is None or draw.thrown is None or held is None:
            hand.cards.pop(name, None)  # some of the player's cards are unknown now
            return
        draw.new_cards = known
        self.build.dealt(name, tuple(card for card in held if card not in draw.thrown) + known)

    def _discard(self, player: int, cards: list[str | None]) -> None:
        if self.folded[player]:
            raise ValueError("the player has folded")
        name = self.names[player]
        if not self.drawing or name in self.drawn:  # the next draw starts (after betting, or with all in)
            if self.build.street == 3:
                raise ValueError("a fourth draw")
            self.build.new_street(self.build.street + 1)
            self.total = [0] * self.count
            self.level = 0
            self.drawing = True
            self.drawn = set()
        self.drawn.add(name)
        self.build.draw(name, len(cards))
        thrown = _known(cards)
        held = self.hand.cards.get(name)
        if thrown is not None and held is not None and all(card in held for card in thrown):
            self.hand.draws[-1].thrown = thrown
        if not cards and held is not None:
            self.hand.draws[-1].thrown = self.hand.draws[-1].new_cards = ()

    def _call(self, player: int) -> None:
        owed = self.level - self.total[player]
        chips = self._take(player, owed)
        self.total[player] += chips
        self.build.put(self.names[player], "call" if chips else "check", chips, bool(chips) and self.left[player] == 0)

    def _raise(self, player: int, to: int | Decimal) -> None:
        total = hundredths_of(to, "the amount")
        increment = total - self.total[player]
        if total <= self.level:
            raise ValueError(f"a raise to {to} is not above the bet")
        left = self.left[player]
        if left is not None and increment > left:
            raise ValueError(f"a raise to {to} is more than the player has")
        self._take(player, increment)
        kind: ActionKind = "raise" if self.level else "bet"
        self.total[player], self.level = total, total
        self.build.put(self.names[player], kind, increment, self.left[player] == 0)

    def _show(self, player: int, cards: str | None) -> None:
        """``sm`` at the showdown: cards shown (``-``: the known ones), or none: a muck."""
        hand = self.hand
        name = self.names[player]
        hand.showdown = True
        if cards is None:
            self.build.muck(name)
            return
        known = hand.cards.get(name) if cards == "-" else _known(_cards(cards))
        if known is not None and len(known) == 4:
            self.build.show(name, known)

    def _outcome(self) -> None:
        """What each player was paid: ``winnings``, or what ``finishing_stacks`` imply; and ``_rake``."""
        hand, fields, names = self.hand, self.fields, self.names
        rake = fields.get("_rake")
        hand.rake = None if rake is None else hundredths_of(rake, "`_rake`")
        if "winnings" in fields:
            for name, won in zip(names, _list(fields, "winnings", self.count), strict=True):
                chips = hundredths_of(won, f"the winnings of {name}")
                if chips:
                    self.build.collect(name, chips)
        elif "finishing_stacks" in fields and None not in self.left:
            put_in = dict.fromkeys(names, 0)
            for action in hand.actions:
                put_in[action.player] += action.amount
            for seat, final in zip(hand.seats, _list(fields, "finishing_stacks", self.count), strict=True):
                chips = hundredths_of(final, f"the finishing stack of {seat.name}") - seat.stack + put_in[seat.name]
                if chips:
                    self.build.collect(seat.name, chips)
            hand.collected_includes_uncalled = True  # a stack gets back its own uncalled bet too
        else:
            hand.paid_recorded = False
            hand.rake = hand.rake or 0

    def _facts(self) -> None:
        """Table, currency, date and time."""
        hand, fields = self.hand, self.fields
        if isinstance(fields.get("table"), str | int):
            hand.table = str(fields["table"])
        for key in ("currency", "currency_symbol", "time_zone"):
            if isinstance(fields.get(key), str):
                setattr(hand, key, fields[key])
        year, month, day, time = (fields.get(key) for key in ("year", "month", "day", "time"))
        if (
            isinstance(year, int)
            and isinstance(month, int)
            and isinstance(day, int)
            and isinstance(time, datetime.time)
        ):
            with contextlib.suppress(ValueError):  # not a date: left out, as a field PHH does not require
                hand.started = datetime.datetime.combine(datetime.date(year, month, day), time)


#: PHH, as ``formats.registry`` lists it: read as one more site, and written (``badugi convert``).
FORMAT = TextFormat(SITE, _HEADER_PREFIX, _HEADER_LINE, parse_hand, LEAD_LINES, "phh", table_text)
