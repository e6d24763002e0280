"""What every site parser reads the same way: cards, game names, stakes, dates and hand numbers, and the error a
parser raises for a line it cannot read. Amounts are read by ``badugi_fast.money``."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from badugi_fast.cards import find_cards
from badugi_fast.money import parse_amount
from badugi_fast.patterns import pattern
from badugi_fast.rules.limits import FIXED, HALF_POT, NO_LIMIT, POT

if TYPE_CHECKING:
    import datetime

__all__ = ["ParseError", "Stakes", "cards_in", "game_info", "hand_id_of", "stakes_in", "when"]


class ParseError(ValueError):
    """A line the parser cannot make sense of; ``index`` is its 0-based position in the file's lines."""

    def __init__(self, message: str, index: int) -> None:
        super().__init__(message)
        self.index = index


#: The longest text the cards cache keeps: real cards texts are short, and a hostile file of long lines must not
#: fill the cache with them (65,536 cards texts of 40 KB would be 2.6 GB).
_KEY_LENGTH = 64


def cards_in(text: str) -> tuple[str, ...]:
    """The cards written in ``text`` (``[As 3h] [5h Ks]``, ``Jh,3h,2s,10s``), as written, remembered: hole cards,
    draws and shown hands repeat across the hands of a file. Hidden cards (KingsClub's ``[X X X X]``) are no cards.
    Anything else is a damaged card: ValueError naming it (the line is unreadable; a card is never dropped).
    Mirrored in csrc/stars.c: cards_in().

    >>> cards_in("[As 3h] [5h Ks]"), cards_in("[X X X X]")
    (('As', '3h', '5h', 'Ks'), ())
    >>> cards_in("[6x 2c 3d 4h]")
    Traceback (most recent call last):
    ...
    ValueError: not a card: '6x' in '[6x 2c 3d 4h]'
    """
    known = _CARDS.get(text)
    if known is None:
        tokens = [token for token in _SEPARATORS.split(text) if token]
        known = find_cards(text)
        if len(known) != len(tokens):
            hidden = [token for token in tokens if token in _HIDDEN]
            if len(hidden) != len(tokens):
                bad = next(token for token in tokens if token not in _HIDDEN and not _ONE_CARD.fullmatch(token))
                raise ValueError(f"not a card: {bad!r} in {text if len(text) <= 60 else text[:60] + '…'!r}")
            known = ()
        if len(text) <= _KEY_LENGTH:
            if len(_CARDS) >= _CARDS_KEPT:
                _CARDS.clear()
            _CARDS[text] = known
    return known


#: What separates the cards of a card text, and a hidden card.
_SEPARATORS = pattern(r"[\s,\[\]]+")
_HIDDEN = frozenset({"X", "x"})
#: One card, as ``cards.find_cards`` finds them.
_ONE_CARD = pattern(r"(?:10|[2-9TJQKAtjqka])[cdhs♣♦♥♠]")


#: Card texts already read: hole cards, draws and shown hands repeat across the hands of a file (a speed-up).
_CARDS: dict[str, tuple[str, ...]] = {}
_CARDS_KEPT = 65536


_LIMIT = pattern(r"\b(half[ -]pot limit|hpl|pot limit|no limit|fixed limit|limit|fl|pl|nl)\b", re.IGNORECASE)
_LIMIT_NAMES = {
    "half pot limit": HALF_POT,
    "half-pot limit": HALF_POT,
    "hpl": HALF_POT,
    "pot limit": POT,
    "pl": POT,
    "no limit": NO_LIMIT,
    "nl": NO_LIMIT,
    "fixed limit": FIXED,
    "limit": FIXED,
    "fl": FIXED,
}
_BADUGI = pattern(r"\bbadugi\b", re.IGNORECASE)


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


_HAND_ID = pattern(r'#(\d+)|\bid="([^"]*)"')


def hand_id_of(header: str) -> str:
    """The hand number in a header line, for error records (empty when there is none).

    >>> hand_id_of("PokerStars Game #49164202872:  Badugi"), hand_id_of('<game id="31274465-32" x="1">')
    ('49164202872', '31274465-32')
    """
    found = _HAND_ID.search(header)
    return (found.group(1) or found.group(2)) if found else ""


#: The stakes a site writes (``$0.25/$0.50 USD``, ``30/60``), as hundredths, with their currency sign and code.
Stakes = tuple[tuple[int, int], str | None, str | None]
_STAKES = pattern(r"([$€£]?)(\d[\d,]*(?:\.\d+)?)/[$€£]?(\d[\d,]*(?:\.\d+)?)(?: ([A-Z]{3})\b)?")


def stakes_in(text: str) -> Stakes | None:
    """The first stakes written in ``text``: ``((low, high), sign, code)``, or None.

    >>> stakes_in("Badugi Limit ($0.25/$0.50 USD)"), stakes_in("Level I (20/40)")
    (((25, 50), '$', 'USD'), ((2000, 4000), None, None))
    """
    found = _STAKES.search(text)
    if found is None:
        return None
    try:
        low, high = parse_amount(found.group(2)), parse_amount(found.group(3))
    except ValueError:
        return None
    return (low, high), found.group(1) or None, found.group(4)


_WHEN = pattern(
    r"(?:(\d{4})[/-](\d{1,2})[/-](\d{1,2}) (\d{1,2}):(\d{2}):(\d{2})(?: ([A-Za-z]+))?"
    r"|(\d{1,2}):(\d{2}):(\d{2}) ([A-Za-z]+) - (\d{4})/(\d{1,2})/(\d{1,2}))"
)


def when(text: str) -> tuple[datetime.datetime | None, str | None]:
    """The first date and time written in ``text`` (``2010/09/05 10:32:15 ET``, Full Tilt's ``03:02:56 ET -
    2010/11/07``, KingsClub's ``2020-10-30 19:53:19``) and its time zone's abbreviation; Nones when there is none.
    Its C mirror, ``csrc/stars.c: when_of()``, reads PokerStars headers by the first pattern.

    >>> when("Badugi - 2010/09/05 10:32:15 ET"), when("x - 03:02:56 ET - 2010/11/07")[0]
    ((datetime.datetime(2010, 9, 5, 10, 32, 15), 'ET'), datetime.datetime(2010, 11, 7, 3, 2, 56))
    """
    found = _WHEN.search(text)
    if found is None:
        return None, None
    parts = found.groups()
    date, clock, zone = (parts[:3], parts[3:6], parts[6]) if parts[0] else (parts[11:14], parts[7:10], parts[10])
    year, month, day = map(int, date)
    hour, minute, second = map(int, clock)
    import datetime  # only for a hand read in Python: not imported by every start

    try:
        return datetime.datetime(year, month, day, hour, minute, second), zone
    except ValueError:  # not a real date
        return None, None
