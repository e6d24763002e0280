"""Card codes <-> text: the one Python parser of card text.

A card code is ``4 * rank_index + suit_index`` with rank_index A=0, 2=1, ..., K=12 and suit_index c=0, d=1, h=2,
s=3 (see docs/rules.md). Text is ASCII (``As``), with ``10`` for ``T``, in either case, or with the suit symbols
``♣ ♦ ♥ ♠``. Cards may be run together or separated by spaces or commas.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable

from badugi_fast.patterns import pattern

__all__ = ["RANK_CHARS", "SUIT_CHARS", "Hand", "card_str", "find_cards", "hand_codes", "parse_cards", "rank_value"]

RANK_CHARS = "A23456789TJQK"
SUIT_CHARS = "cdhs"

_RANK_INDEX = {ch: i for i, ch in enumerate(RANK_CHARS)} | {ch.lower(): i for i, ch in enumerate(RANK_CHARS)}
_SUIT_INDEX = {ch: i for i, ch in enumerate(SUIT_CHARS)} | {ch.upper(): i for i, ch in enumerate(SUIT_CHARS)}
_SUIT_INDEX |= {"♣": 0, "♦": 1, "♥": 2, "♠": 3}
_SEPARATORS = frozenset(" \t\r\n,")

#: Everything ``evaluate`` accepts as one hand: text, or four cards as card strings or int codes (numpy ints too).
Hand = str | Iterable[str | int]


def card_str(code: int) -> str:
    """The two-character text of a card code.

    >>> card_str(0), card_str(3), card_str(51)
    ('Ac', 'As', 'Ks')
    >>> card_str(52)
    Traceback (most recent call last):
    ...
    ValueError: card code is 52, out of range 0..51
    """
    code = _card_code(code, "card code")
    return RANK_CHARS[code >> 2] + SUIT_CHARS[code & 3]


def parse_cards(text: str) -> list[int]:
    """Every card in ``text``, as codes in the order written (any number of cards; duplicates allowed).

    >>> parse_cards("As2h3d4c")
    [3, 6, 9, 12]
    >>> parse_cards("10s, j♥ Kc")
    [39, 42, 48]
    >>> parse_cards("As 1h")
    Traceback (most recent call last):
    ...
    ValueError: bad card text at character 4 of 'As 1h': expected a rank (A 2-9 T J Q K or 10), got '1h'
    """
    if not isinstance(text, str):
        raise ValueError(f"card text must be a str, not {type(text).__name__}")
    codes = []
    pos, end = 0, len(text)
    while pos < end:
        if text[pos] in _SEPARATORS:
            pos += 1
            continue
        if text.startswith("10", pos):
            rank, pos_suit = 9, pos + 2
        elif text[pos] in _RANK_INDEX:
            rank, pos_suit = _RANK_INDEX[text[pos]], pos + 1
        else:
            raise ValueError(
                f"bad card text at character {pos + 1} of {text!r}: "
                f"expected a rank (A 2-9 T J Q K or 10), got {text[pos : pos + 2]!r}"
            )
        if pos_suit >= end or text[pos_suit] not in _SUIT_INDEX:
            got = repr(text[pos_suit]) if pos_suit < end else "the end of the text"
            raise ValueError(
                f"bad card text at character {pos_suit + 1} of {text!r}: "
                f"expected a suit (c d h s or ♣ ♦ ♥ ♠), got {got}"
            )
        codes.append(4 * rank + _SUIT_INDEX[text[pos_suit]])
        pos = pos_suit + 1
    return codes


#: A card as the sites write one in running text: a rank (either case, ``10`` for ``T``), then a lower-case suit
#: letter or a suit symbol.
_CARD_IN_TEXT = pattern(r"(?:10|[2-9TJQKAtjqka])[cdhs♣♦♥♠]")


def find_cards(text: str) -> tuple[str, ...]:
    """Every card written in ``text``, as written, in order; other text is ignored (``[As 3h] [5h Ks]`` gives
    four).

    >>> find_cards("[As 3h] [5h Ks]"), find_cards("Jh,3h,2s,10s")
    (('As', '3h', '5h', 'Ks'), ('Jh', '3h', '2s', '10s'))
    """
    return tuple(_CARD_IN_TEXT.findall(text))


def rank_value(token: str) -> int:
    """The value of a rank written alone (``A``, ``2`` ... ``9``, ``T`` or ``10``, ``J``, ``Q``, ``K``, either
    case): ace = 1 ... king = 13, as ``ranks.rank_values`` counts.

    >>> rank_value("A"), rank_value("10"), rank_value("k")
    (1, 10, 13)
    """
    index = 9 if token == "10" else _RANK_INDEX.get(token) if len(token) == 1 else None
    if index is None:
        raise ValueError(f"not a rank: {token!r}")
    return index + 1


def hand_codes(hand: Hand) -> tuple[int, int, int, int]:
    """The four card codes of a hand given as text, four card strings or four codes; ValueError if it is not one.

    >>> hand_codes("As 2h 3d 4c")
    (3, 6, 9, 12)
    >>> hand_codes(["As", "2h", "3d", "4c"])
    (3, 6, 9, 12)
    >>> hand_codes([3, 6, 9, 3])
    Traceback (most recent call last):
    ...
    ValueError: duplicate card As in hand (As, 2h, 3d, As)
    """
    if isinstance(hand, str):
        codes = parse_cards(hand)
    elif isinstance(hand, (bytes, bytearray)) or not isinstance(hand, Iterable):
        raise ValueError(f"a hand must be a str or a sequence of four cards, not {type(hand).__name__}")
    else:
        codes = [_item_code(item, position) for position, item in enumerate(hand, 1)]
    if len(codes) != 4:
        raise ValueError(f"a hand has exactly 4 cards, got {len(codes)} in {hand!r}")
    if len(set(codes)) != 4:
        shown = ", ".join(card_str(code) for code in codes)
        duplicate = next(code for code in codes if codes.count(code) > 1)
        raise ValueError(f"duplicate card {card_str(duplicate)} in hand ({shown})")
    return codes[0], codes[1], codes[2], codes[3]


def _item_code(item: object, position: int) -> int:
    """One element of a card sequence: a one-card string or an int code."""
    if isinstance(item, str):
        codes = parse_cards(item)
        if len(codes) != 1:
            raise ValueError(f"card {position} must be one card, got {item!r}")
        return codes[0]
    return _card_code(item, f"card {position}")


def _card_code(value: object, what: str) -> int:
    """An int card code in 0..51 (bools and floats refused)."""
    if isinstance(value, bool):
        raise ValueError(f"{what} must be a card string or an int code, not bool")
    try:
        code = operator.index(value)  # type: ignore[arg-type]  # anything with __index__ (numpy ints too)
    except TypeError:
        raise ValueError(f"{what} must be a card string or an int code, not {type(value).__name__}") from None
    if not 0 <= code <= 51:
        raise ValueError(f"{what} is {code}, out of range 0..51")
    return code
