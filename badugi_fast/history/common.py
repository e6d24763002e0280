"""Helpers every site parser shares: amounts, cards, game names, finding the actor of a line, and ``Builder``,
which turns betting verbs (``raises to``, round-total calls, ...) into the increments the model stores.

Keeping these in one place is what lets each site module be a short list of that site's wordings.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from badugi_fast.history.model import Action, Draw, Hand, Seat

__all__ = [
    "Builder",
    "ParseError",
    "amount",
    "cards_in",
    "dealt_line",
    "game_info",
    "hand_id_of",
    "marker",
    "split_all_in",
    "summary_line",
    "uncalled_line",
]


class ParseError(ValueError):
    """A line the parser cannot make sense of; ``index`` is its 0-based position in the file's lines."""

    def __init__(self, message: str, index: int) -> None:
        super().__init__(message)
        self.index = index


def amount(text: str) -> int:
    """Hundredths in a site's amount text: ``$`` and other currency signs, thousands separators, up to 2 decimals.

    >>> amount("$0.25"), amount("1,285"), amount("5.5"), amount("$5"), amount("€1.05")
    (25, 128500, 550, 500, 105)
    >>> amount("1.234")
    Traceback (most recent call last):
    ...
    ValueError: not an amount: '1.234'
    """
    known = _AMOUNTS.get(text)
    if known is not None:
        return known
    clean = text.strip().lstrip("$€£").replace(",", "")
    whole, dot, fraction = clean.partition(".")
    if not (whole.isdigit() or (dot and not whole)) or len(fraction) > 2 or (dot and not fraction.isdigit()):
        raise ValueError(f"not an amount: {text!r}")
    value = int(whole or "0") * 100 + int(fraction.ljust(2, "0") if dot else "0")
    if len(_AMOUNTS) >= _AMOUNTS_KEPT:
        _AMOUNTS.clear()
    _AMOUNTS[text] = value
    return value


#: Amounts already read: the same few dozen bets and blinds come back in every hand of a file (a speed-up).
_AMOUNTS: dict[str, int] = {}
_AMOUNTS_KEPT = 4096


_CARD = re.compile(r"(?:10|[2-9TJQKAtjqka])[cdhs♣♦♥♠]")


def cards_in(text: str) -> tuple[str, ...]:
    """Every card written in ``text``, in order (``[As 3h] [5h Ks]`` gives four); other text is ignored.

    >>> cards_in("[As 3h] [5h Ks]"), cards_in("Jh,3h,2s,3s")
    (('As', '3h', '5h', 'Ks'), ('Jh', '3h', '2s', '3s'))
    """
    return tuple(_CARD.findall(text))


_LIMIT = re.compile(r"\b(half[ -]pot limit|hpl|pot limit|no limit|fixed limit|limit|fl|pl|nl)\b", re.IGNORECASE)
_LIMIT_NAMES = {
    "half pot limit": "half-pot",
    "half-pot limit": "half-pot",
    "hpl": "half-pot",
    "pot limit": "pot",
    "pl": "pot",
    "no limit": "no",
    "nl": "no",
    "fixed limit": "fixed",
    "limit": "fixed",
    "fl": "fixed",
}
_BADUGI = re.compile(r"\bbadugi\b", re.IGNORECASE)


def game_info(text: str) -> tuple[str, bool, str | None]:
    """``(game, is_badugi, limit)`` from the words a site uses for the game.

    The game is ``"Badugi"`` for plain Badugi whatever the site calls it, else the site's own words; Badacey and
    Badeucey are not Badugi.

    >>> game_info("Badugi Limit"), game_info("Half Pot Limit"), game_info("Limit Badeucey")
    (('Badugi', True, 'fixed'), ('Half Pot Limit', False, 'half-pot'), ('Limit Badeucey', False, 'fixed'))
    """
    found = _LIMIT.search(text)
    limit = _LIMIT_NAMES[found.group(1).lower()] if found else None
    is_badugi = _BADUGI.search(text) is not None
    return ("Badugi" if is_badugi else text.strip()), is_badugi, limit


class Builder:
    """Builds a ``Hand`` line by line: the parsers call one method per thing a line says.

    It keeps the current street and each player's total for it, so that sites writing street totals ("raises to
    $5", KingsClub's "calls 90") can be turned into increments, and it knows the seated names so that lines can be
    attributed to a player even when names contain spaces.
    """

    __slots__ = ("_long_names", "_totals", "hand", "names", "street")

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.street = 0
        self._totals: dict[str, int] = {}
        self.names: set[str] = set()  # the seated players
        self._long_names: list[str] = []

    def seat(self, number: int, name: str, stack: int, sitting_out: bool = False) -> None:
        """A seated player."""
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
        """Betting on a new street starts: every player's street total is back to zero."""
        self.street = street
        self._totals.clear()

    def _put(self, name: str, kind: str, chips: int, all_in: bool, live: bool = True) -> None:
        self.hand.actions.append(Action(self.street, name, kind, chips, all_in))
        if live:
            self._totals[name] = self._totals.get(name, 0) + chips

    def post(self, name: str, chips: int, all_in: bool = False, live: int | None = None) -> None:
        """A blind; ``live`` is the part that counts towards calling (None: all of it), the rest is dead money."""
        self.hand.actions.append(Action(self.street, name, "post", chips, all_in))
        self._totals[name] = self._totals.get(name, 0) + (chips if live is None else live)

    def ante(self, name: str, chips: int, all_in: bool = False) -> None:
        """An ante: in the pot, but not part of anyone's bet on the street."""
        self._put(name, "ante", chips, all_in, live=False)

    def fold(self, name: str) -> None:
        self._put(name, "fold", 0, False)

    def check(self, name: str) -> None:
        self._put(name, "check", 0, False)

    def call(self, name: str, chips: int, all_in: bool = False) -> None:
        """A call of ``chips`` more."""
        self._put(name, "call", chips, all_in)

    def call_to(self, name: str, total: int, all_in: bool = False) -> None:
        """A call that brings the player's street total to ``total`` (KingsClub writes calls this way)."""
        self._put(name, "call", self._increment(name, total), all_in)

    def bet(self, name: str, chips: int, all_in: bool = False) -> None:
        self._put(name, "bet", chips, all_in)

    def raise_to(self, name: str, total: int, all_in: bool = False) -> None:
        """A raise that brings the player's street total to ``total``."""
        self._put(name, "raise", self._increment(name, total), all_in)

    def raise_by(self, name: str, chips: int, all_in: bool = False) -> None:
        """A raise that puts ``chips`` more in (Merge writes raises this way)."""
        self._put(name, "raise", chips, all_in)

    def _increment(self, name: str, total: int) -> int:
        increment = total - self._totals.get(name, 0)
        if increment < 0:
            raise ValueError(f"{name} brings their street total to {total / 100}, below what they already put in")
        return increment

    def draw(self, name: str, discarded: int, new_cards: tuple[str, ...] | None = None) -> None:
        self.hand.draws.append(Draw(self.street, name, discarded, new_cards))

    def dealt(self, name: str, cards: Iterable[str], description: str | None = None) -> None:
        """The player's whole hand is now ``cards`` (hole cards, or the kept and new cards after a draw), with the
        site's description of those cards if it gives one (earlier descriptions were of other cards)."""
        self.hand.cards[name] = tuple(cards)
        if description:
            self.hand.descriptions[name] = [description.strip()]
        else:
            self.hand.descriptions.pop(name, None)

    def replace(self, name: str, discarded: Iterable[str], drawn: Iterable[str]) -> None:
        """The player threw away ``discarded`` and got ``drawn`` (KingsClub shows the hero's draws this way)."""
        gone = set(discarded)
        self.hand.cards[name] = tuple(c for c in self.hand.cards.get(name, ()) if c not in gone) + tuple(drawn)

    def show(self, name: str, cards: tuple[str, ...], description: str | None = None) -> None:
        """The player shows ``cards``; at showdown (``hand.showdown`` already set) this counts as contesting."""
        self.hand.cards[name] = cards
        if self.hand.showdown and name not in self.hand.shown:
            self.hand.shown.append(name)
        if description:
            self.describe(name, description)

    def reveal(self, name: str, cards: tuple[str, ...], description: str | None = None) -> None:
        """Cards learnt from the summary (a hand mucked at showdown, or a repeat of a shown one)."""
        self.hand.cards[name] = cards
        if description:
            self.describe(name, description)

    def describe(self, name: str, description: str) -> None:
        """The site's own words for the player's hand."""
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


def marker(line: str) -> str:
    """The words of a ``*** FIRST DRAW *** (Pot: $0.20)`` street marker.

    >>> marker("*** FIRST DRAW *** (Pot: $0.20)"), marker("*** 1ST BETTING ROUND ***")
    ('FIRST DRAW', '1ST BETTING ROUND')
    """
    return line.split("***", 2)[1].strip() if line.count("***") >= 2 else ""


_ALL_IN_ENDINGS = (" and is all-in", ", and is all in", " and is all in", " (all-in)", " (all in)")


def split_all_in(text: str) -> tuple[str, bool]:
    """``text`` without the site's all-in ending, and whether it had one.

    >>> split_all_in("$0.20 and is all-in"), split_all_in("$1.25, and is all in"), split_all_in("$1")
    (('$0.20', True), ('$1.25', True), ('$1', False))
    """
    if "all" in text:
        for ending in _ALL_IN_ENDINGS:
            if text.endswith(ending):
                return text[: -len(ending)], True
    return text, False


def dealt_line(build: Builder, line: str) -> None:
    """``Dealt to Hero [As 3h 8h 6s]`` or, after a draw, ``Dealt to Hero [As 3h] [5h Ks]`` (kept, then new)."""
    name, _, cards = line[9:].partition(" [")
    name = name.rstrip(":")
    known = cards_in(cards)
    if not known:  # KingsClub's hidden hands: [X X X X]
        return
    build.dealt(name, known)
    if "] [" in cards:
        new = cards_in(cards.rpartition("[")[2])
        for draw in reversed(build.hand.draws):
            if draw.player == name:
                draw.new_cards = new
                break


def uncalled_line(build: Builder, line: str) -> None:
    """``Uncalled bet ($0.15) returned to X`` (PokerStars) or ``Uncalled bet of $2.50 returned to X`` (Full Tilt)."""
    chips, _, name = line[13:].partition(" returned to ")
    build.returned(name, amount(chips.strip("()").removeprefix("of ")))


_POTS = re.compile(r"(?:Main|Side) pot(?:-\d+)? (\S+?)\.(?:\s|$)")


def summary_line(build: Builder, line: str) -> None:
    """A summary line of PokerStars or Full Tilt: ``Total pot ...`` and seat lines revealing shown or mucked hands.

    >>> b = Builder(Hand("x")); summary_line(b, "Total pot $5.70 Main pot $2.90. Side pot $2.55. | Rake $0.25")
    >>> b.hand.total_pot, b.hand.pots, b.hand.rake
    (570, [290, 255], 25)
    >>> summary_line(b, "Seat 5: P5 (button) mucked [5s 4h Ad Js] - a 3-Card: 5, 4, A"); b.hand.descriptions
    {'P5': ['3-Card: 5, 4, A']}
    """
    hand = build.hand
    if line.startswith("Total pot "):
        pots, _, fees = line[10:].partition(" | ")
        hand.total_pot = amount(pots.partition(" ")[0])
        parts = _POTS.findall(pots)
        if parts:
            hand.pots = [amount(part) for part in parts]
        for fee in fees.split(" | "):
            if fee.startswith("Rake "):
                hand.rake = amount(fee[5:])
    elif line.startswith("Seat "):
        rest = line.partition(": ")[2]
        for word in (" showed [", " mucked ["):
            at = rest.find(word)
            if at > 0:
                name = _untagged(rest[:at])
                cards, _, tail = rest[at + len(word) :].partition("]")
                description = tail.partition(" with a ")[2] or tail.partition(" - a ")[2]
                build.reveal(name, cards_in(cards), description or None)
                return


def _untagged(name: str) -> str:
    """A summary name without its ``(button)``, ``(small blind)`` ... tags.

    >>> _untagged("Player3 (button) (small blind)")
    'Player3'
    """
    while name.endswith(")") and " (" in name:
        name = name[: name.rfind(" (")]
    return name


_HAND_ID = re.compile(r'#(\d+)|\bid="([^"]*)"')


def hand_id_of(header: str) -> str:
    """The hand number in a header line, for error records (empty when there is none).

    >>> hand_id_of("PokerStars Game #49164202872:  Badugi"), hand_id_of('<game id="31274465-32" x="1">')
    ('49164202872', '31274465-32')
    """
    found = _HAND_ID.search(header)
    return (found.group(1) or found.group(2)) if found else ""
