"""What a player holds, as a question about draws to come knows it: four known cards, a hand with unknown cards
(``"As 2h ? ?"``, ``"random"``), or a range of hands written in the words draw-game players use.

The grammar (case and extra spaces do not matter)::

    holding  = hand | range
    hand     = four cards, any of them "?" for a card not known ("As 2h ? ?"); "random" (or "any") is "? ? ? ?"
    range    = part ("," part)*
    part     = item [":" weight]             the weight is the part's share of the range (default 1)
    item     = hand
             | ("pat" | "badugi") [bound] ["or better"]               a badugi at or better than the bound
             | ("3-card" | "2-card" | "1-card") [bound] ["draw"] ["or better"]
                                                                      exactly that many usable cards, at or better
    bound    = a top card, "9" or "9-high" (the worst such hand: 9-8-7-6, or 9-8-7 for three cards), or ranks
               highest first, "9-6-4-2" (as many as the item's cards); none: any hand of that kind

For example ``"pat 9"``, ``"badugi 9-high or better"``, ``"3-card 7 draw"``, ``"2-card draw"``,
``"pat 8: 0.5, 3-card 6 draw: 0.5"``, ``"As 2h 3d 4c, Ks Qh Jd Tc"``. A text that is four cards (commas allowed) is a
hand, otherwise commas separate the parts of a range.

Unknown cards come out of the stub, as the draws do: every completion of a hand with unknown cards is equally
likely. A range's parts are as likely as their weights say, and within a part every hand that the cards known to
the question allow (the other players' known cards and the dead cards) is equally likely; so a hand's chance is its
parts' weights, each shared among the part's allowed hands. When several players hold ranges or unknown cards, a
deal is as likely as the product of their chances, among the deals where no card is in two places.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from math import comb

import numpy as np
from numpy.typing import NDArray

from badugi_fast._backend import backend
from badugi_fast.cards import RANK_CHARS, card_str, parse_cards, rank_value
from badugi_fast.perfect_hash import HAND_COUNT
from badugi_fast.ranks import WORST_BADUGI, WORST_THREE_CARD, WORST_TWO_CARD, rank_number, rank_values

__all__ = ["Holding", "HoldingSpec", "HoldingText", "hand_codes_of", "hand_table", "parse_holding", "resolve"]

#: What a player's cards may be given as: text (a hand, a partial hand, a range) or four cards, each a card string,
#: an int code, or None (or "?") for a card not known.
HoldingText = str | Iterable[str | int | None]

#: A position of a hand: a card code, or None for a card dealt at random.
Position = int | None

_UNKNOWN_WORDS = ("random", "any")
_SIZE_WORD = re.compile(r"([1-4])-card")


@dataclass(frozen=True)
class Part:
    """One part of a range: the hands that contain ``cards``' known cards (a hand item), or the hands with exactly
    ``size`` usable cards ranked ``bound`` or better; and its weight."""

    text: str
    weight: float
    cards: tuple[Position, ...] | None = None
    size: int = 0
    bound: int = 0


@dataclass(frozen=True)
class HoldingSpec:
    """A holding as written, not yet checked against the other players' cards: its parts (one hand part for a hand
    or a partial hand)."""

    text: str
    parts: tuple[Part, ...]

    @property
    def cards(self) -> tuple[Position, ...] | None:
        """The four positions of a hand or partial hand, or None for a range."""
        if len(self.parts) == 1 and self.parts[0].cards is not None:
            return self.parts[0].cards
        return None


@dataclass(frozen=True)
class Holding:
    """What one player holds: ``cards`` are its four positions (a code, or None for a card dealt at random from the
    stub; all None for a range); a range's ``hands`` are the perfect-hash indices (``perfect_hash.hand_index``) of
    the hands it may hold, with their chances ``weights`` adding up to 1."""

    text: str
    cards: tuple[Position, Position, Position, Position]
    hands: tuple[int, ...] = ()
    weights: tuple[float, ...] = ()

    @property
    def known(self) -> tuple[int, int, int, int] | None:
        """The four cards when every one is known, else None."""
        if None in self.cards:
            return None
        return self.cards  # type: ignore[return-value]  # no None in it

    @property
    def fixed(self) -> tuple[int, ...]:
        """The known cards."""
        return tuple(code for code in self.cards if code is not None)

    @property
    def is_range(self) -> bool:
        return bool(self.hands)


def parse_holding(spec: object, what: str) -> HoldingSpec:
    """Read a holding (see the module's grammar); ValueError naming ``what`` and where the text is wrong.

    >>> parse_holding("As 2h ? ?", "hand 2").cards
    (3, 6, None, None)
    >>> [part.text for part in parse_holding("pat 8: 0.5, 3-card 6-high draw: 0.5", "hand 2").parts]
    ['pat 8', '3-card 6 draw']
    >>> parse_holding("pat 9, 3-crad 7 draw", "hand 2")
    Traceback (most recent call last):
    ...
    ValueError: hand 2: part 2 of 'pat 9, 3-crad 7 draw' (at character 8): '3-crad 7 draw' is not a hand, 'random', \
'pat BOUND', 'badugi BOUND' or 'N-card BOUND draw'
    """
    if isinstance(spec, str):
        return _parse_text(spec, what)
    if isinstance(spec, (bytes, bytearray)) or not isinstance(spec, Iterable):
        raise ValueError(f"{what}: a hand is text or a sequence of four cards, not {type(spec).__name__}")
    cards = tuple(_position(item, number, what) for number, item in enumerate(spec, 1))
    if len(cards) != 4:
        raise ValueError(f"{what}: a hand has exactly 4 cards, got {len(cards)}")
    _distinct(cards, what)
    return HoldingSpec(_cards_text(cards), (Part(_cards_text(cards), 1.0, cards),))


def resolve(spec: HoldingSpec, blocked: int, what: str) -> Holding:
    """The holding, with a range's hands that meet ``blocked`` (a 52-bit set: the dead cards and the other players'
    known cards) left out and the chances of the others. ValueError when nothing is left."""
    cards = spec.cards
    if cards is not None:
        return Holding(spec.text, (cards[0], cards[1], cards[2], cards[3]))
    weights = np.zeros(HAND_COUNT, dtype=np.float64)
    for part in spec.parts:
        hands = _part_hands(part)
        allowed = hands[_masks()[hands] & np.uint64(blocked) == 0]
        if len(allowed):
            weights[allowed] += part.weight / len(allowed)  # indices are distinct within a part
    held = np.flatnonzero(weights)
    if not len(held):
        raise ValueError(f"{what}: the range {spec.text!r} holds no hand that the known and dead cards allow")
    chances = weights[held] / math.fsum(weights[held].tolist())
    return Holding(spec.text, (None, None, None, None), tuple(held.tolist()), tuple(chances.tolist()))


def hand_codes_of(index: int) -> tuple[int, int, int, int]:
    """The four codes (ascending) of the hand of perfect-hash index ``index``."""
    a, b, c, d = hand_table()[index].tolist()
    return a, b, c, d


@functools.cache
def hand_table() -> NDArray[np.uint8]:
    """Every hand's four codes, ascending, in perfect-hash order (row i is the hand of index i), read-only."""
    table = np.arange(52, dtype=np.uint8).reshape(-1, 1)  # the one-card sets, in colexicographic order
    for size in (2, 3, 4):  # the sets of `size` whose largest card is d: those of size - 1 below d, then d
        table = np.concatenate(
            [
                np.column_stack([table[: comb(d, size - 1)], np.full(comb(d, size - 1), d, dtype=np.uint8)])
                for d in range(size - 1, 52)
            ]
        )
    table.flags.writeable = False
    return table


@functools.cache
def _masks() -> NDArray[np.uint64]:
    """Every hand's cards as a 52-bit set, in perfect-hash order."""
    masks: NDArray[np.uint64] = np.bitwise_or.reduce(
        np.left_shift(np.uint64(1), hand_table().astype(np.uint64)), axis=1
    )
    return masks


@functools.cache
def _ranks() -> NDArray[np.uint16]:
    """Every hand's rank number, in perfect-hash order."""
    ranks = np.empty(HAND_COUNT, dtype=np.uint16)
    backend.rank_codes_many(hand_table(), ranks, 1)
    return ranks


@functools.lru_cache(maxsize=64)
def _part_hands(part: Part) -> NDArray[np.intp]:
    """The perfect-hash indices of every hand of a part, before any card is known."""
    if part.cards is not None:
        need = np.uint64(sum(1 << code for code in part.cards if code is not None))
        return np.flatnonzero(_masks() & need == need)
    ranks = _ranks()
    return np.flatnonzero((ranks >= _FIRST_RANK[part.size]) & (ranks <= part.bound))


#: The best rank number of each hand size (rank numbers run by size: badugis first).
_FIRST_RANK = {4: 1, 3: WORST_BADUGI + 1, 2: WORST_THREE_CARD + 1, 1: WORST_TWO_CARD + 1}


def _parse_text(text: str, what: str) -> HoldingSpec:
    """A hand (when the whole text is four positions) or a range."""
    stripped = " ".join(text.split())
    if not stripped:
        raise ValueError(f"{what}: no cards and no range in {text!r}")
    try:
        cards = _hand_positions(stripped)
    except ValueError:
        cards = None
    if cards is not None and (len(cards) == 4 or "," not in text):  # cards alone: a hand, or a wrong one
        if len(cards) != 4:
            raise ValueError(f"{what}: a hand has exactly 4 cards, got {len(cards)} in {text!r}")
        _distinct(cards, what)
        return HoldingSpec(_cards_text(cards), (Part(_cards_text(cards), 1.0, tuple(cards)),))
    parts = []
    at = 0
    pieces = text.split(",")
    for number, piece in enumerate(pieces, 1):
        where = f"part {number} of {text!r} (at character {at + len(piece) - len(piece.lstrip()) + 1})"
        if len(pieces) == 1:
            where = f"{text!r}"
        parts.append(_part(piece, f"{what}: {where}"))
        at += len(piece) + 1
    if len(parts) == 1 and parts[0].cards is not None:  # a partial hand with a weight: the weight means nothing
        part = parts[0]
        return HoldingSpec(_cards_text(part.cards or ()), (Part(_cards_text(part.cards or ()), 1.0, part.cards),))
    shown = ", ".join(part.text if part.weight == 1 else f"{part.text}: {part.weight:g}" for part in parts)
    return HoldingSpec(shown, tuple(parts))


def _part(piece: str, where: str) -> Part:
    """One part: an item and its weight."""
    item, colon, weight_text = piece.rpartition(":")
    if not colon:
        item, weight = piece, 1.0
    else:
        try:
            weight = float(weight_text)
        except ValueError:
            weight = math.nan
        if not (math.isfinite(weight) and weight > 0):
            raise ValueError(f"{where}: the weight {weight_text.strip()!r} is not a positive number")
    words = item.lower().split()
    if not words:
        raise ValueError(f"{where}: an empty part")
    if words in ([word] for word in _UNKNOWN_WORDS):
        return Part("random", weight, (None, None, None, None))
    size_word = _SIZE_WORD.fullmatch(words[0])
    if words[0] in ("pat", "badugi") or size_word:
        size = 4 if size_word is None else int(size_word.group(1))
        bound, text = _kind_bound(words, size, where)
        return Part(text, weight, None, size, bound)
    try:
        cards = _hand_positions(" ".join(item.split()))
    except ValueError:
        raise ValueError(
            f"{where}: {' '.join(item.split())!r} is not a hand, 'random', 'pat BOUND', 'badugi BOUND' or "
            "'N-card BOUND draw'"
        ) from None
    if len(cards) != 4:
        raise ValueError(f"{where}: a hand has exactly 4 cards (or '?'), got {len(cards)}")
    _distinct(cards, where)
    return Part(_cards_text(cards), weight, tuple(cards))


def _kind_bound(words: list[str], size: int, where: str) -> tuple[int, str]:
    """The worst rank number of a "pat"/"badugi"/"N-card" item, and the item written back."""
    rest = words[1:]
    if rest[-2:] == ["or", "better"]:
        rest = rest[:-2]
    if size < 4 and rest[-1:] == ["draw"]:
        rest = rest[:-1]
    head = "pat" if size == 4 else f"{size}-card"
    tail = "" if size == 4 else " draw"
    if not rest:
        return rank_number(tuple(range(13, 13 - size, -1))), f"{head}{tail}" if size < 4 else "pat"
    if len(rest) > 1:
        raise ValueError(f"{where}: expected one bound after {words[0]!r}, got {' '.join(rest)!r}")
    word = rest[0].removesuffix("-high")
    try:
        values = tuple(rank_value(token.upper() if token != "10" else token) for token in word.split("-"))
    except ValueError:
        raise ValueError(
            f"{where}: the bound {rest[0]!r} is not a top card (e.g. '9') or ranks highest first (e.g. '9-6-4-2')"
        ) from None
    if len(values) == 1:
        top = values[0]
        if top < size:
            raise ValueError(f"{where}: no {size}-card hand is {RANK_CHARS[top - 1]}-high")
        values = tuple(range(top, top - size, -1))
    elif len(values) != size or list(values) != sorted(set(values), reverse=True):
        raise ValueError(f"{where}: the bound {rest[0]!r} needs {size} different ranks, highest first")
    bound = rank_number(values)
    return bound, f"{head} {_bound_text(bound)}{tail}"


def _bound_text(rank: int) -> str:
    """A bound written back: its top card when it is the worst hand with that top card, else its ranks."""
    values = rank_values(rank)
    top = values[0]
    if values == tuple(range(top, top - len(values), -1)):
        return RANK_CHARS[top - 1]
    return "-".join(RANK_CHARS[value - 1] for value in values)


def _hand_positions(text: str) -> list[Position]:
    """The positions of a hand written with cards and "?" (or "random"/"any": four unknown)."""
    if text.lower() in _UNKNOWN_WORDS:
        return [None, None, None, None]
    positions: list[Position] = []
    for piece in re.split(r"(\?)", text):
        if piece == "?":
            positions.append(None)
        elif piece.strip(" ,\t"):
            positions.extend(parse_cards(piece))
    return positions


def _position(item: object, number: int, what: str) -> Position:
    """One element of a card sequence: a one-card string, an int code, or None / "?" for an unknown card."""
    if item is None or item == "?":
        return None
    if isinstance(item, str):
        codes = parse_cards(item)
        if len(codes) != 1:
            raise ValueError(f"{what}: card {number} must be one card (or '?'), got {item!r}")
        return codes[0]
    if isinstance(item, bool) or not hasattr(item, "__index__"):
        raise ValueError(f"{what}: card {number} must be a card string, an int code or None, not {type(item).__name__}")
    code = int(item.__index__())
    if not 0 <= code <= 51:
        raise ValueError(f"{what}: card {number} is {code}, out of range 0..51")
    return code


def _distinct(cards: Sequence[Position], what: str) -> None:
    known = [code for code in cards if code is not None]
    for code in known:
        if known.count(code) > 1:
            raise ValueError(f"{what}: duplicate card {card_str(code)} in hand ({_cards_text(cards)})")


def _cards_text(cards: Sequence[Position]) -> str:
    if all(code is None for code in cards):
        return "random"
    return " ".join("?" if code is None else card_str(code) for code in cards)
