"""pokerkit's Badugi, ranked by badugi-fast: switch a pokerkit program with one import.

    from badugi_fast.pokerkit import BadugiHand, FixedLimitBadugi    # was: from pokerkit import ...

``BadugiHand`` is a ``pokerkit.BadugiHand`` (same constructor, ``from_game``, ``from_game_or_none``, ``cards``,
``entry``, ordering, equality, hashing, ``repr`` and ``str``, same errors) whose values come from badugi-fast's
rank numbers instead of pokerkit's combination search: a four-card ``from_game`` is one table lookup in C. Its
``entry.index`` is the rank number minus one, which is exactly the index pokerkit's own lookup gives, so hands
compare, hash and print as pokerkit's do (tests/test_pokerkit_dropin.py checks every one of the 270,725 hands).
``FixedLimitBadugi`` plays with it, ``BadugiLookup`` is the lookup behind it and ``HandHistory`` replays PHH
``FB`` hands with it. Comparing one of these hands with a ``pokerkit.BadugiHand`` raises ``TypeError``, as
pokerkit does for any two different hand types.

pokerkit (Python 3.11+) is an optional dependency: ``pip install "badugi-fast[pokerkit]"``.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from types import GeneratorType
from typing import Any, cast

try:
    import pokerkit
except ImportError as error:  # pragma: no cover - exercised on installs without the extra
    raise ImportError(
        f'badugi_fast.pokerkit needs pokerkit, which needs Python 3.11+: pip install "badugi-fast[pokerkit]" ({error})'
    ) from error
from pokerkit import Card, CardsLike, Entry, Label, Rank, Suit

from badugi_fast.cards import RANK_CHARS, SUIT_CHARS
from badugi_fast.evaluator import evaluate
from badugi_fast.ranks import RANK_COUNT, rank_number, rank_values

__all__ = ["BadugiHand", "BadugiLookup", "FixedLimitBadugi", "HandHistory"]

#: pokerkit rank -> our rank value (ace = 1 ... king = 13); pokerkit's unknown rank is missing on purpose
_VALUE = {Rank(char): value for value, char in enumerate(RANK_CHARS, 1)}
#: pokerkit suit -> our suit index (c d h s); the unknown suit is missing on purpose
_SUIT = {Suit(char): index for index, char in enumerate(SUIT_CHARS)}
#: the entry of rank number r is _ENTRIES[r - 1]: index r - 1, as pokerkit's own BadugiLookup numbers that value
_ENTRIES = tuple(Entry(index, Label("High card")) for index in range(RANK_COUNT))  # Label.HIGH_CARD
_LAST_BADUGI = 715  # rank numbers 1 ... 715 are the four-card hands


#: iterables that pokerkit's states pass, cleaned by ``tuple`` alone (what Card.clean does with them)
_PLAIN_ITERABLES = (tuple, list, filter, GeneratorType)


def _clean(values: CardsLike) -> tuple[Card, ...]:
    """``pokerkit.Card.clean``, without its slow abstract-class checks for the tuples and iterators pokerkit's
    states pass."""
    if type(values) in _PLAIN_ITERABLES:
        return tuple(cast("Iterable[Card]", values))  # a tuple is returned as it is
    cleaned: tuple[Card, ...] = Card.clean(values)
    return cleaned


def _rank(cards: tuple[Card, ...]) -> int | None:
    """The rank number of exactly these cards as a Badugi hand, or None when they do not form one (none, more than
    four, or two of a rank). As pokerkit's lookup: ValueError when two share a suit, KeyError for an unknown rank."""
    suits = [card.suit for card in cards]
    if len(set(suits)) != len(suits):
        raise ValueError(f"Badugi hands must be rainbow (i.e., of distinct suits) but the cards {cards!r} are not.")
    values = tuple(sorted((_VALUE[card.rank] for card in cards), reverse=True))
    try:
        return rank_number(values)
    except ValueError:
        return None


class BadugiLookup(pokerkit.BadugiLookup):
    """pokerkit's Badugi lookup answered from badugi-fast's rank numbers (entry index = rank number - 1)."""

    def _add_entries(self) -> None:
        """Nothing to build: every entry comes from badugi-fast's ranks."""

    def has_entry(self, cards: CardsLike) -> bool:
        try:
            return _rank(Card.clean(cards)) is not None
        except ValueError:
            return False

    def get_entry(self, cards: CardsLike) -> Entry:
        rank = _rank(Card.clean(cards))
        if rank is None:
            raise ValueError(f"The cards {cards!r} form an invalid hand.")
        return _ENTRIES[rank - 1]

    def get_entry_or_none(self, cards: CardsLike) -> Entry | None:
        rank = _rank(Card.clean(cards))
        return None if rank is None else _ENTRIES[rank - 1]


class BadugiHand(pokerkit.BadugiHand):
    """A ``pokerkit.BadugiHand`` valued by badugi-fast's table. ``rank`` is badugi-fast's rank number (1 best)."""

    lookup = BadugiLookup()
    _cards: tuple[Card, ...]
    _rank: int

    def __init__(self, cards: CardsLike) -> None:
        cleaned = Card.clean(cards)
        try:
            rank = _rank(cleaned)
        except ValueError:
            rank = None
        if rank is None:
            raise ValueError(f"The cards {cards!r} form an invalid {type(self).__qualname__} hand.")
        self._cards = cleaned
        self._rank = rank

    @classmethod
    def _made(cls, cards: tuple[Card, ...], rank: int) -> BadugiHand:
        """A hand of cards already known to play as rank number ``rank``."""
        hand = cls.__new__(cls)
        hand._cards = cards  # noqa: SLF001 - a new instance of this class, filled without checking again
        hand._rank = rank  # noqa: SLF001
        return hand

    @classmethod
    def from_game(cls, hole_cards: CardsLike, board_cards: CardsLike = ()) -> BadugiHand:
        """The best hand in the cards, with the cards pokerkit's ``from_game`` picks among equal choices (the first
        in ``itertools.combinations`` order). Four known, distinct cards (every Badugi showdown) take one lookup in
        badugi-fast's table; anything else is searched as pokerkit searches it."""
        cards, board = _clean(hole_cards), _clean(board_cards)
        if board:
            cards += board
        if len(cards) == 4:
            try:
                codes = [4 * _VALUE[card.rank] - 4 + _SUIT[card.suit] for card in cards]
                rank = evaluate(codes)
            except (KeyError, AttributeError, ValueError):
                pass  # an unknown card, something that is not a card, or a card twice: the search below decides
            else:
                return cls._made(cards if rank <= _LAST_BADUGI else _first_playing(cards, codes, rank), rank)
        return cls._searched(cards)

    @classmethod
    def _searched(cls, cards: tuple[Card, ...]) -> BadugiHand:
        """pokerkit's ``from_game`` search (largest subsets first, the first best one kept), with our ranks."""
        for count in range(4, 0, -1):
            best: tuple[tuple[Card, ...], int] | None = None
            for combination in combinations(cards, count):
                try:
                    rank = _rank(combination)
                except ValueError:
                    continue
                if rank is not None and (best is None or rank < best[1]):
                    best = combination, rank
            if best is not None:
                return cls._made(*best)
        raise ValueError(f"No valid {cls.__qualname__} hand can be formed from the hole and board cards.")

    @property
    def cards(self) -> tuple[Card, ...]:
        return self._cards

    @property
    def entry(self) -> Entry:
        return _ENTRIES[self._rank - 1]

    @property
    def rank(self) -> int:
        """badugi-fast's rank number of the hand: 1 (4-3-2-A badugi) ... 1092 (a lone king)."""
        return self._rank

    def __eq__(self, other: Any) -> bool:
        if type(self) is not type(other):
            return NotImplemented
        return bool(self._rank == other._rank)

    def __hash__(self) -> int:
        return hash(self.entry)

    def __lt__(self, other: pokerkit.Hand) -> bool:
        if type(self) is not type(other):
            return NotImplemented
        return bool(self._rank > other._rank)


def _first_playing(cards: tuple[Card, ...], codes: list[int], rank: int) -> tuple[Card, ...]:
    """The first combination of ``cards`` (``itertools.combinations`` order) that plays as rank number ``rank``:
    the one pokerkit keeps when several subsets are equally good (``As 2h 3d 3c``: ``As 2h 3d``)."""
    values = list(rank_values(rank))
    for positions in combinations(range(4), len(values)):
        picked = [codes[i] for i in positions]
        if (
            len({code & 3 for code in picked}) == len(picked)
            and sorted(((code >> 2) + 1 for code in picked), reverse=True) == values
        ):
            return tuple(cards[i] for i in positions)
    raise AssertionError(f"no subset of {cards!r} plays as rank {rank}")  # the table and the ranks disagree


class FixedLimitBadugi(pokerkit.FixedLimitBadugi):
    """pokerkit's fixed-limit Badugi, with hands valued by badugi-fast (``create_state`` and calls as pokerkit's)."""

    hand_types = (BadugiHand,)


class HandHistory(pokerkit.HandHistory):
    """pokerkit's PHH hand history, playing variant ``FB`` with badugi-fast's ``FixedLimitBadugi``."""

    game_types = pokerkit.HandHistory.game_types | {"FB": FixedLimitBadugi}
    variants = pokerkit.HandHistory.variants | {FixedLimitBadugi: "FB"}
