"""PHH hand histories (``.phh``: one hand; ``.phhs``: one hand per TOML table) -> ``model.Hand``: one more site.

A PHH hand's header is its ``variant = ...`` line, the one key every hand has exactly once: a hand starts there,
whatever the file is called. The hand's other keys are the lines around it: back to its table header (``[12]``)
or to the start of the file, and on to the next table that is not one of its own (``[12.x]``). So a PHH reader
finds hands line by line as for every other site; ``variant`` is the first key of its line, as TOML allows it
(indented, bare or quoted: ``variant``, ``"variant"``, ``'variant'``), and a hand with no table of its own (a ``.phh``
file) must have it within its first ``LEAD_LINES`` lines.

The hand is replayed to know what each action puts in: ``cc`` calls what the round asks (less when the player has
less), ``cbr`` raises the player's round total to its amount, blinds and antes are posted as PHH says (heads-up in
reverse; a negative blind is a post), cards that are ``??`` are unknown. What the players were paid is the
``winnings`` field (after rake), or else what ``finishing_stacks`` imply; ``_rake`` (written by badugi-fast) is
the rake. A hand that records neither is paid as the rules pay, and its record says so. Variants other than
Badugi (``FB``, and badugi-fast's ``_PB``, ``_HPB``, ``_NB``) are read no further than their variant: ``skipped``.
"""

from __future__ import annotations

import contextlib
import functools
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from badugi_fast.cards import card_str, parse_cards
from badugi_fast.formats.builder import Builder
from badugi_fast.formats.common import ParseError
from badugi_fast.formats.format import TextFormat
from badugi_fast.formats.model import Draw, Hand
from badugi_fast.money import amount_text, hundredths_of
from badugi_fast.patterns import pattern
from badugi_fast.rules.limits import FIXED

if TYPE_CHECKING:
    from decimal import Decimal

    from badugi_fast.formats.replay import Recorder

__all__ = ["FORMAT", "LEAD_LINES", "SITE", "game_of", "parse_hand"]

SITE = "PHH"
_HEADER_PREFIX = "variant"
#: The other ways a ``variant`` line begins: quoted, or indented (by spaces or tabs).
_MORE_PREFIXES = ('"variant"', "'variant'", " ", "\t")
#: The lines before its ``variant`` line that a hand may use for its other keys (back to its table's header): as many
#: as a hand of many keys writes, and within the 64 KiB a run of hands carries from before its first header.
LEAD_LINES = 1000

#: A newline and the start of a line that starts a hand: the key ``variant`` as TOML writes it (mirrored in
#: csrc/sites.c: badugi_phh_header_line()).
_HEADER_LINE = pattern(r"""\n[ \t]*(?:variant|"variant"|'variant')[ \t]*=""")

#: A TOML key: bare, or a basic or literal string.
_KEY = r"""(?:[A-Za-z0-9_-]+|"(?:[^"\\\n]|\\.)*"|'[^'\n]*')"""
#: A line that is a TOML table header (``[1]``, ``["a b".c]``), the key path in group 1.
_TABLE = pattern(rf"[ \t]*\[[ \t]*({_KEY}(?:[ \t]*\.[ \t]*{_KEY})*)[ \t]*\][ \t]*(?:#.*)?")
_LINE_NUMBER = pattern(r"at line (\d+)")


def parse_hand(lines: Sequence[str], start: int, end: int) -> Hand:
    """The PHH hand whose ``variant`` line is ``lines[start]``, its keys from before it to its table's end (which may
    lie past ``end`` when the next "header" was a line of a multi-line string)."""
    first, table = _first_line(lines, start)
    opened, others = _strings(lines, first, start)
    if opened is not None:
        raise ParseError("a `variant` line inside a multi-line string of the hand above: part of it, not a hand", start)
    if others:
        raise ParseError("two PHH hands in one table: put each hand in a table of its own, as .phhs do", start)
    last = _last_line(lines, start, end, table)
    from badugi_fast.formats.phh.toml_reader import TOMLDecodeError, loads  # its patterns: compiled when a hand is

    try:
        document = loads("\n".join(lines[first:last]))
    except TOMLDecodeError as error:
        found = _LINE_NUMBER.search(str(error))
        raise ParseError(f"bad TOML: {error}", first + int(found.group(1)) - 1 if found else start) from None
    fields = _hand_table(document)
    hand = Hand(SITE, hand_id=str(fields.get("hand", "")), line=start + 1)
    try:
        _read(hand, fields, lines, first, last)
    except ParseError:
        raise
    except ValueError as error:
        raise ParseError(str(error), start) from None
    return hand


def _first_line(lines: Sequence[str], start: int) -> tuple[int, str | None]:
    """Where the hand's text starts, and its table's key path (None at the top level): its table header, or the
    first line when it has none."""
    for index in range(start - 1, -1, -1):
        table = _TABLE.fullmatch(lines[index])
        if table is not None:
            return index, table.group(1)
    if start >= LEAD_LINES:  # the lines before may be cut off: keys of this hand may be missing
        raise ParseError(
            f"a hand with no table of its own must have `variant` within its first {LEAD_LINES} lines", start
        )
    return 0, None


_DELIMITERS = ('"""', "'''")


def _strings(lines: Sequence[str], begin: int, stop: int, opened: str | None = None) -> tuple[str | None, int]:
    """The multi-line string still open after ``lines[begin:stop]`` (its delimiter; None when none is), and how many
    ``variant`` lines those lines hold outside such strings. Only lines with a delimiter are looked into."""
    headers = 0
    for index in range(begin, stop):
        line = lines[index]
        if opened is None and FORMAT.is_header(line):
            headers += 1
        if '"""' not in line and "'''" not in line:
            continue
        at = 0
        while True:
            if opened is None:
                found = [(line.find(mark, at), mark) for mark in _DELIMITERS if line.find(mark, at) >= 0]
                comment = line.find("#", at)
                if not found or (0 <= comment < min(found)[0]):
                    break
                at, opened = min(found)
                at += 3
            else:
                close = line.find(opened, at)
                if close < 0:
                    break
                at, opened = close + 3, None
    return opened, headers


def _last_line(lines: Sequence[str], start: int, end: int, table: str | None) -> int:
    """Where the hand's text ends: at the first table header after ``start`` that is not a table of the hand's,
    outside multi-line strings (past ``end`` only while one of them is open there)."""
    own = None if table is None else re.sub(r"[ \t]", "", table) + "."
    opened: str | None = None
    index = start + 1
    while index < len(lines) and (index < end or opened is not None):
        line = lines[index]
        if opened is None and line[:1] in "[ \t" and line.strip()[:1] == "[":
            found = _TABLE.fullmatch(line)
            if found is not None and (own is None or not re.sub(r"[ \t]", "", found.group(1)).startswith(own)):
                return index
        opened, _ = _strings(lines, index, index + 1, opened)
        index += 1
    return index


def _hand_table(document: dict[str, Any]) -> dict[str, Any]:
    """The table of the document that holds ``variant`` (the document itself for a ``.phh``)."""
    fields: Any = document
    while isinstance(fields, dict) and "variant" not in fields and len(fields) == 1:
        (fields,) = fields.values()
    if not isinstance(fields, dict) or "variant" not in fields:
        raise ValueError("no `variant` in the hand's table")
    return fields


def _read(hand: Hand, fields: dict[str, Any], lines: Sequence[str], first: int, last: int) -> None:
    """Fill ``hand`` from the PHH fields of one hand (written on ``lines[first:last]``)."""
    variant = fields["variant"]
    if not isinstance(variant, str):
        raise ValueError(f"variant is {variant!r}: not a string")
    hand.game, hand.is_badugi, hand.limit = game_of(variant)
    if hand.limit is None:
        return
    _Reader(hand, fields, lines, first, last).run()


def game_of(variant: str) -> tuple[str, bool, str | None]:
    """The game of a PHH variant code, whether it is Badugi, and its betting structure (None when not Badugi).

    >>> game_of("FB"), game_of("FT")
    (('Badugi', True, 'fixed'), ('FT', False, None))
    """
    limit = _limits().get(variant)
    return ("Badugi", True, limit) if limit else (variant, False, None)


@functools.cache
def _limits() -> dict[str, str]:
    """The betting structure of each Badugi variant code: the writer's ``VARIANTS`` the other way round, read when a
    hand first needs it (the writer is not imported by a command that only reads)."""
    from badugi_fast.formats.phh.writer import VARIANTS

    return {code: limit for limit, code in VARIANTS.items()}


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
        raise ValueError(f"cards {_clip(text)!r}: each card is two characters")
    cards: list[str | None] = []
    for at in range(0, len(text), 2):
        chunk = text[at : at + 2]
        cards.append(None if chunk == "??" else card_str(parse_cards(chunk)[0]))
    return cards


def _clip(text: str) -> str:
    return text if len(text) <= 40 else text[:40] + "…"


def _number(text: str) -> int | Decimal:
    """A number written in an action (``cbr 0.50``), as TOML would read it: ASCII digits only.

    >>> _number("20"), _number("0.50")
    (20, Decimal('0.50'))
    >>> _number("٤٠")
    Traceback (most recent call last):
    ...
    ValueError: not a number: '٤٠'
    """
    if not text.isascii():
        raise ValueError(f"not a number: {_clip(text)!r}")
    if text.isdigit():
        return int(text)
    import decimal  # only for a hand read in Python (its TOML reader's numbers): not imported by every start

    try:
        return decimal.Decimal(text)
    except decimal.InvalidOperation:
        raise ValueError(f"not a number: {_clip(text)!r}") from None


def _words(words: list[str], least: int, most: int) -> int:
    """How many words an action has, when its grammar allows ``least`` to ``most`` of them; else ValueError.

    >>> _words(["p3", "f", "999"], 2, 2)
    Traceback (most recent call last):
    ...
    ValueError: a word too many: '999'
    """
    if len(words) < least:
        raise ValueError(f"{least - len(words)} word(s) missing")
    if len(words) > most:
        extra = " ".join(words[most:])
        raise ValueError(f"{'a word' if len(words) == most + 1 else 'words'} too many: {_clip(extra)!r}")
    return len(words)


def _known(cards: list[str | None]) -> tuple[str, ...] | None:
    """The cards when every one is known, else None."""
    return None if None in cards else tuple(card for card in cards if card is not None)


class _Reader:
    """The fields of one Badugi hand read into the model through a ``Builder``, its actions replayed through the
    rules as they come (``formats.replay.Recorder``: PHH lists its players and forced bets first), which says what
    a ``cc`` calls, which street each action is on, and where the hand leaves the rules."""

    def __init__(self, hand: Hand, fields: dict[str, Any], lines: Sequence[str], first: int, last: int) -> None:
        self.hand = hand
        self.fields = fields
        self.lines = lines
        self.last = last
        self.first = first
        stacks = _list(fields, "starting_stacks", None)
        self.count = count = len(stacks)
        if not 2 <= count <= 52:
            raise ValueError(f"{count} players: a hand has 2 or more (and not more than the deck can deal)")
        names = _list(fields, "players", count, [""] * count)
        self.names = [str(name) or f"p{number}" for number, name in enumerate(names, 1)]  # "": anonymous
        seats = _list(fields, "seats", count, list(range(1, count + 1)))
        if any(isinstance(seat, bool) or not isinstance(seat, int) for seat in seats) or len(set(seats)) != count:
            raise ValueError("`seats` must be distinct whole numbers")
        self.money = [stacks, fields.get("antes"), fields.get("blinds_or_straddles")]
        hand.places = 2 if self._decimal() or fields.get("currency") else 0
        self.build = build = Builder(hand)
        self.unknown: set[str] = set()  # players whose stack PHH gives as ``inf``
        from decimal import Decimal  # as in ``_number``

        for seat, name, stack in zip(seats, self.names, stacks, strict=True):
            if isinstance(stack, Decimal) and stack.is_infinite() and stack > 0:
                self.unknown.add(name)
                chips = 0
            else:
                chips = hundredths_of(stack, f"the starting stack of {name}")
                if chips <= 0:
                    raise ValueError(f"the starting stack of {name} is {stack}: not positive")
            build.seat(seat, name, chips)
        hand.button = seats[-1]  # PHH's last player is in position: the button
        self.street = 0  # the model's street: the number of the draws begun
        self.drawing = False  # a draw is under way (its discards and replacement cards)
        self.drawn: set[int] = set()  # who has discarded in it
        self.pending: dict[int, Draw] = {}  # a draw whose replacement cards are still to be dealt, by player
        self.dealt: set[int] = set()  # who has been dealt hole cards
        self.recorder: Recorder | None = None

    def _decimal(self) -> bool:
        """Whether any amount of the hand is written with decimals (money, not whole chips)."""
        from decimal import Decimal  # as in ``_number``

        values = [self.fields.get(key) for key in ("small_bet", "big_bet", "min_bet")]
        for entry in self.money:
            values += entry if isinstance(entry, list) else [entry]
        return any(isinstance(value, Decimal) and value.is_finite() for value in values)

    def table(self) -> None:
        """What the hand says before its play: forced bets, stakes, table, currency, date and time."""
        self.build.line = self._key_line("blinds_or_straddles")
        self._forced_bets()
        self._stakes()
        self._facts()

    def run(self) -> None:
        hand, fields = self.hand, self.fields
        self.table()
        from badugi_fast.formats.replay import Recorder  # the rules engine: loaded for a hand Python reads

        self.recorder = Recorder.start(hand, list(hand.seats), self.unknown)
        actions = fields.get("actions")
        if not isinstance(actions, list) or not all(isinstance(action, str) for action in actions):
            raise ValueError("`actions` must be an array of strings")
        for number, (action, line) in enumerate(zip(actions, self._action_lines(actions), strict=True), 1):
            words = action.partition("#")[0].split()
            if words:
                self.build.line = line
                try:
                    self._action(words)
                except (ValueError, IndexError) as error:
                    raise ParseError(f"action {number} ({_clip(action)!r}): {error}", line) from None
        self._outcome()
        if self.recorder is not None:
            self.recorder.finish(self.build.line)
        hand.showdown = hand.showdown and sum(not folded for folded in self._folded()) >= 2

    def _folded(self) -> list[bool]:
        """Who folded (by seat)."""
        return self.recorder.engine.folded if self.recorder is not None else [False] * self.count

    def _key_line(self, key: str) -> int:
        """The line where ``key`` is written (the hand's first line when it is not found)."""
        for index in range(self.first, self.last):
            if self.lines[index].lstrip(" \t\"'").startswith(key):
                return index
        return self.first

    def _action_lines(self, actions: list[str]) -> list[int]:
        """The line of each action: where its text is next written from the ``actions`` key on, in order (searched
        once through the text: an action not found leaves the rest at the key's line)."""
        key = line = self._key_line("actions")
        column = 0
        found: list[int] = []
        for action in actions:
            while line < self.last and (at := self.lines[line].find(action, column)) < 0:
                line, column = line + 1, 0
            if line >= self.last:
                return found + [key] * (len(actions) - len(found))
            found.append(line)
            column = at + len(action)
        return found

    def _forced_bets(self) -> None:
        """Antes, then blinds and posts (heads-up, PHH gives the first player the second entry); a negative blind is
        a post (live, out of position)."""
        count = self.count
        antes = _list(self.fields, "antes", count, 0)
        blinds = _list(self.fields, "blinds_or_straddles", count, 0)
        if count == 2:
            antes, blinds = antes[::-1], blinds[::-1]
        for name, ante in zip(self.names, antes, strict=True):
            chips = hundredths_of(ante, "an ante")
            if chips < 0:
                raise ValueError(f"a negative ante: {ante}")
            if chips:
                self.build.ante(name, chips)
        for name, blind in zip(self.names, blinds, strict=True):
            chips = abs(hundredths_of(blind, "a blind"))
            if chips:
                self.build.post(name, chips)

    def _stakes(self) -> None:
        fields, hand = self.fields, self.hand
        if hand.limit == FIXED:
            small, big = (hundredths_of(fields.get(key), f"`{key}`") for key in ("small_bet", "big_bet"))
            hand.stakes = (small, big)
        elif "min_bet" in fields:
            big = hundredths_of(fields["min_bet"], "`min_bet`")
            posted = [action.amount for action in hand.actions if action.kind == "post"]
            hand.stakes = (min(posted, default=big), big)

    def _player(self, label: str) -> int:
        number = label[1:]
        if label[:1] != "p" or not (number.isdigit() and number.isascii()) or not 1 <= int(number) <= self.count:
            raise ValueError(f"no player {_clip(label)!r}")
        return int(label[1:]) - 1

    def _action(self, words: list[str]) -> None:
        """One action, its words checked against PHH's grammar (csrc/phh.c: action() mirrors it): ``d dh pN
        CARDS``, ``pN sd [CARDS]``, ``pN sm [CARDS]``, ``pN cc``, ``pN f``, ``pN cbr AMOUNT``; a word more is an
        error, never ignored (``p1 sd 4s 3h 2d`` would throw only the 4s)."""
        _words(words, 2, len(words))
        if words[0] == "d":
            if words[1] != "dh":
                raise ValueError("Badugi deals no board cards" if words[1] == "db" else f"unknown deal {words[1]!r}")
            _words(words, 4, 4)
            self._deal(self._player(words[2]), _cards(words[3]))
            return
        player = self._player(words[0])
        verb = words[1]
        if verb == "sd":
            self._discard(player, _cards(words[2]) if _words(words, 2, 3) > 2 else [])
        elif verb == "sm":
            self._show(player, words[2] if _words(words, 2, 3) > 2 else None)
        elif verb in ("cc", "cbr", "f"):
            _words(words, 3 if verb == "cbr" else 2, 3 if verb == "cbr" else 2)
            self._bet(player, verb, _number(words[2]) if verb == "cbr" else None)
        else:
            raise ValueError(f"unknown action {verb!r}" + (" (Badugi has no bring-in)" if verb == "pb" else ""))

    def _bet(self, player: int, verb: str, to: int | Decimal | None) -> None:
        """``cc`` (check or call: the rules say which, and how much), ``cbr`` (a bet or raise to ``to``), ``f``.
        Mirrored in csrc/phh.c: bet(), whose cc csrc/rules.c: badugi_rules_facts() resolves as ``decided`` does."""
        self.drawing = False
        name, recorder = self.names[player], self.recorder
        engine = recorder.engine if recorder is not None else None
        seat = recorder.index[name] if recorder is not None else player  # the engine numbers players by seat
        if verb == "f":
            self.build.put(name, "fold")
        elif verb == "cc":
            owed = engine.to_call(seat) if engine is not None else 0
            self.build.put(name, "call" if owed else "check")
        else:
            total = hundredths_of(to, "the amount")
            self.build.put(name, "raise" if engine is not None and engine.level else "bet", to=total)
        action = self.hand.actions[-1]
        if recorder is not None and engine is not None:
            recorder.act(action, decided=verb == "cc")
            action.all_in = action.kind not in ("fold", "check") and engine.stacks[seat] == 0

    def _deal(self, player: int, cards: list[str | None]) -> None:
        """Hole cards: the first four, or the replacement cards of the player's draw."""
        name, hand = self.names[player], self.hand
        known = _known(cards)
        draw = self.pending.pop(player, None)
        if draw is None:  # hole cards
            if player in self.dealt:
                return self._refuse(f"{name} is dealt hole cards twice")
            self.dealt.add(player)
            if len(cards) != 4:
                return self._refuse(f"{name} is dealt {len(cards)} hole cards: Badugi deals four")
            if known is not None:
                self.build.dealt(name, known)
            return None
        if len(cards) != draw.discarded:
            return self._refuse(f"{name} is dealt {len(cards)} cards for the {draw.discarded} they threw")
        held = hand.cards.get(name)
        if known is None or draw.thrown is None or held is None:
            hand.cards.pop(name, None)  # some of the player's cards are unknown now
            return None
        draw.new_cards = known
        self.build.dealt(name, tuple(card for card in held if card not in draw.thrown) + known)
        return None

    def _discard(self, player: int, cards: list[str | None]) -> None:
        name = self.names[player]
        if not self.drawing or player in self.drawn:  # the next draw starts (after betting, or with all in)
            self.street += 1
            self.build.new_street(self.street)
            self.drawing = True
            self.drawn = set()
        self.drawn.add(player)
        self.build.draw(name, len(cards))
        draw = self.hand.draws[-1]
        if cards:
            self.pending[player] = draw
        thrown = _known(cards)
        held = self.hand.cards.get(name)
        if thrown is not None and held is not None:
            draw.thrown = thrown
        if not cards and held is not None:
            draw.thrown = draw.new_cards = ()
        if self.recorder is not None:
            self.recorder.draw(draw)

    def _show(self, player: int, cards: str | None) -> None:
        """``sm`` at the showdown: cards shown (``-``: the known ones), or none: a muck. Not while a draw's new cards
        are still to be dealt: a show happens only at the showdown (csrc/phh.c: show() leaves such a hand to this
        code)."""
        hand = self.hand
        name = self.names[player]
        if self.pending:
            self._refuse(f"{name} shows down in the middle of a draw (before its new cards): not at the showdown")
        hand.showdown = True
        if cards is None:
            self.build.muck(name)
            return
        known = hand.cards.get(name) if cards == "-" else _known(_cards(cards))
        if known is not None:
            self.build.show(name, known)

    def _refuse(self, rule: str) -> None:
        """The hand leaves the rules at the action being read."""
        if self.recorder is not None:
            self.recorder.refuse(self.build.line, rule)
        elif self.hand.broken is None:
            self.hand.broken, self.hand.broken_line = rule, self.build.line

    def _outcome(self) -> None:
        """What each player was paid: ``winnings``, or what ``finishing_stacks`` imply (they must agree when both
        are given); and ``_rake``. Mirrored in csrc/phh.c: outcome(), whose finishing stacks csrc/verdict.c: pay()
        checks against the replay's account."""
        hand, fields, names = self.hand, self.fields, self.names
        rake = fields.get("_rake")
        hand.rake = None if rake is None else hundredths_of(rake, "`_rake`")
        if hand.rake is not None and hand.rake < 0:
            raise ValueError(f"`_rake` is {rake}: a rake is not negative")
        put_in = dict.fromkeys(names, 0)
        for action in hand.actions:
            put_in[action.player] += action.amount
        returned = self._returned()
        stacks: dict[str, int] | None = None
        if "finishing_stacks" in fields:
            finishing = _list(fields, "finishing_stacks", self.count)
            stacks = {}
            for seat, final in zip(hand.seats, finishing, strict=True):
                if seat.name not in self.unknown:
                    stacks[seat.name] = hundredths_of(final, f"the finishing stack of {seat.name}")
        if "winnings" in fields:
            won = [
                hundredths_of(chips, f"the winnings of {name}")
                for name, chips in zip(names, _list(fields, "winnings", self.count), strict=True)
            ]
            for name, chips in zip(names, won, strict=True):
                if chips:
                    self.build.collect(name, chips)
            for seat, chips in zip(hand.seats, won, strict=True):
                if stacks is not None and seat.name in stacks:
                    implied = seat.stack - put_in[seat.name] + returned.get(seat.name, 0) + chips
                    if stacks[seat.name] != implied:
                        self._refuse(
                            f"the finishing stack of {seat.name} is {amount_text(stacks[seat.name], hand.places)}, "
                            f"where the winnings and the actions leave {amount_text(implied, hand.places)}"
                        )
                        break
        elif stacks is not None and not self.unknown:
            for seat in hand.seats:
                chips = stacks[seat.name] - seat.stack + put_in[seat.name]
                if chips:
                    self.build.collect(seat.name, chips)
            hand.collected_includes_uncalled = True  # a stack gets back its own uncalled bet too
        else:
            hand.paid_recorded = False
            hand.rake = hand.rake or 0

    def _returned(self) -> dict[str, int]:
        """The uncalled bets the rules gave back, by player."""
        if self.recorder is None:
            return {}
        engine = self.recorder.engine
        returned: dict[str, int] = {}
        for event in engine.events:
            if event[0] == "uncalled":
                _, player, chips = event
                returned[engine.names[player]] = returned.get(engine.names[player], 0) + chips
        return returned

    def _facts(self) -> None:
        """Table, currency, date and time."""
        hand, fields = self.hand, self.fields
        if isinstance(fields.get("table"), str | int):
            hand.table = str(fields["table"])
        for key in ("currency", "currency_symbol", "time_zone"):
            if isinstance(fields.get(key), str):
                setattr(hand, key, fields[key])
        year, month, day, time = (fields.get(key) for key in ("year", "month", "day", "time"))
        import datetime  # as in ``_number``: its TOML reader made the time

        if (
            isinstance(year, int)
            and isinstance(month, int)
            and isinstance(day, int)
            and isinstance(time, datetime.time)
        ):
            with contextlib.suppress(ValueError, OverflowError):  # not a date: left out, as PHH does not require it
                hand.started = datetime.datetime.combine(datetime.date(year, month, day), time)


#: PHH, as ``formats.registry`` lists it: read as one more site, and written (``badugi convert``).
FORMAT = TextFormat(SITE, _HEADER_PREFIX, _HEADER_LINE, parse_hand, LEAD_LINES, "phh", _MORE_PREFIXES)
