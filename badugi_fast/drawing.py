"""Drawing policies: which cards a player throws, given its four cards and how many draws are still to come.

Each policy has one definition, ``options(hand, draws_left, opponents)``: the ways it may draw, as
``((thrown cards, probability), ...)``. ``draws_left`` counts the draw being made (3 at the first draw of triple
draw, 1 at the last). The game (``badugi_fast.game.BasicPolicy``) asks a policy for one choice with ``draw``; the
odds (``badugi_fast.odds``) compile it once into a discard table (``badugi_fast.odds.policy_table``) that the C
loops read.

Built in, by name:

- ``"usable"`` (the default): keep exactly ``best_cards(hand)`` (its tie rule decides between equal subsets) and
  throw the rest; a four-card badugi stands pat.
- ``"pat:B"``, ``Pat(bound)``: stand pat on a badugi at or better than the bound (``pat:9``: any badugi nine-high
  or better, that is at or better than 9-8-7-6; see ``rank_bound``), break a worse badugi by throwing its highest
  card, and draw to the usable cards otherwise. Every draw is one where draws remain, so it breaks at every draw.
- ``"snow"``: stand pat whatever the cards.
- ``"basic"``: the simulator's rule. Keep the usable cards and throw the rest; with two or more draws to come (this
  one included), a badugi or three-card hand with a jack or worse on top also throws that top card half of the
  time. The only built-in policy that is randomized.

A user policy is a ``DrawingPolicy`` subclass, or a plain function ``f(hand, draws_left)`` returning the cards to
throw (card codes or text); ``resolve_policy`` accepts either, or a name.
"""

from __future__ import annotations

import operator
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import ClassVar

from badugi_fast._backend import backend
from badugi_fast.cards import RANK_CHARS, hand_codes, parse_cards
from badugi_fast.ranks import WORST_BADUGI, rank_number, rank_values

__all__ = [
    "BASIC",
    "SNOW",
    "USABLE",
    "Basic",
    "DrawingPolicy",
    "FunctionPolicy",
    "Option",
    "Pat",
    "PolicySpec",
    "Snow",
    "Usable",
    "rank_bound",
    "resolve_policy",
]

#: One way to draw: the cards thrown (codes, in the order the game throws them) and how likely it is.
Option = tuple[tuple[int, ...], float]

_usable4 = backend.usable4
_rank4 = backend.rank4
#: usable-card mask (bit i = card i plays) -> positions of the cards that do not play
_UNUSED = tuple(tuple(i for i in range(4) if not mask >> i & 1) for mask in range(16))


def _picker(positions: tuple[int, ...]) -> Callable[[Sequence[int]], tuple[int, ...]]:
    """A function taking the cards at ``positions`` from a hand, as a tuple in hand order."""
    if len(positions) > 1:
        getter: Callable[[Sequence[int]], tuple[int, ...]] = itemgetter(*positions)
        return getter
    if positions:
        return lambda hand, i=positions[0]: (hand[i],)  # type: ignore[misc]  # i is bound once, as a default
    return lambda hand: ()


#: usable-card mask -> the cards that do not play, taken from a hand
_PICK_UNUSED = tuple(_picker(unused) for unused in _UNUSED)
#: usable-card mask -> the cards that play, taken from a hand
_PICK_USED = tuple(_picker(tuple(i for i in range(4) if mask >> i & 1)) for mask in range(16))
_JACK = 10  # rank index of the jack in a card code (code >> 2)


class DrawingPolicy(ABC):
    """Which cards to throw. Subclasses define ``name`` and ``options``; ``draw`` picks one option for the game.

    ``uses_opponents`` says whether ``options`` looks at the number of opponents: the odds compile such a policy
    once per number of opponents, the others once.
    """

    uses_opponents: ClassVar[bool] = False

    @property
    @abstractmethod
    def name(self) -> str:
        """The policy's name, as results and the command line show it."""

    @abstractmethod
    def options(self, hand: Sequence[int], draws_left: int, opponents: int = 1) -> tuple[Option, ...]:
        """The ways to draw from ``hand`` (four card codes) with ``draws_left`` draws to come (1-3, this one
        included) against ``opponents`` players: ``((thrown, probability), ...)``, one or two options whose
        probabilities add up to 1. Thrown cards come from ``hand``; none thrown is standing pat."""

    def most_thrown(self, draws_left: int) -> int:
        """The most cards ``options`` may throw at once with ``draws_left`` to come: 4 unless a policy knows
        better (it bounds the stub a spot needs; the tests check the built-in bounds against their tables)."""
        return 4

    def draw(self, hand: Sequence[int], draws_left: int, rng: random.Random, opponents: int = 1) -> list[int]:
        """The cards to throw now: the only option, or one chosen with a single ``rng.random()`` (an option is taken
        when the number falls below the probabilities up to and including it).

        >>> BASIC.draw([51, 5, 10, 1], 3, random.Random(1))   # Ks 2d 3h Ad: 2d does not play; the king is broken
        [5, 51]
        """
        choices = self.options(hand, draws_left, opponents)
        if len(choices) == 1:
            return list(choices[0][0])
        roll = rng.random()
        for thrown, probability in choices:
            if roll < probability:
                return list(thrown)
            roll -= probability
        return list(choices[-1][0])


def _unused(hand: Sequence[int]) -> tuple[int, ...]:
    """The cards of ``hand`` that do not play (``best_cards``' choice), in hand order."""
    mask: int = _usable4(hand[0], hand[1], hand[2], hand[3])
    return _PICK_UNUSED[mask](hand)


@dataclass(frozen=True)
class Usable(DrawingPolicy):
    """Keep exactly the usable cards (``best_cards``) and throw the rest. C mirror: badugi_policy_table
    (csrc/odds.c), as for every built-in policy.

    >>> USABLE.options((0, 5, 10, 14), 1)   # Ac 2d 3h 4h: the higher heart does not play
    (((14,), 1.0),)
    """

    @property
    def name(self) -> str:
        return "usable"

    def options(self, hand: Sequence[int], draws_left: int, opponents: int = 1) -> tuple[Option, ...]:
        return ((_unused(hand), 1.0),)

    def most_thrown(self, draws_left: int) -> int:
        return 3  # at least one card always plays


@dataclass(frozen=True)
class Snow(DrawingPolicy):
    """Stand pat whatever the cards (a snow). C mirror: badugi_policy_table (csrc/odds.c)."""

    @property
    def name(self) -> str:
        return "snow"

    def options(self, hand: Sequence[int], draws_left: int, opponents: int = 1) -> tuple[Option, ...]:
        return (((), 1.0),)

    def most_thrown(self, draws_left: int) -> int:
        return 0


@dataclass(frozen=True)
class Pat(DrawingPolicy):
    """Stand pat on a badugi at or better than ``bound`` (a rank number; ``rank_bound`` reads "9", "9-6-4-2" or a
    hand), break a worse badugi by throwing its highest card, else keep the usable cards. C mirror:
    badugi_policy_table (csrc/odds.c).

    >>> Pat(rank_bound("9")).options((3, 22, 33, 40), 1)   # As 6h 9d Jc: a jack, worse than a nine: break it
    (((40,), 1.0),)
    """

    bound: int

    def __post_init__(self) -> None:
        if isinstance(self.bound, bool) or not isinstance(self.bound, int) or not 1 <= self.bound <= WORST_BADUGI:
            raise ValueError(f"pat needs a badugi to stand pat on (rank 1..{WORST_BADUGI}), not {self.bound!r}")

    @property
    def name(self) -> str:
        return f"pat:{bound_text(self.bound)}"

    def options(self, hand: Sequence[int], draws_left: int, opponents: int = 1) -> tuple[Option, ...]:
        rank = _rank4(hand[0], hand[1], hand[2], hand[3])
        if rank > WORST_BADUGI:
            return ((_unused(hand), 1.0),)
        if rank <= self.bound:
            return (((), 1.0),)
        return (((max(hand),), 1.0),)  # the highest code has the highest rank

    def most_thrown(self, draws_left: int) -> int:
        return 3  # the cards that do not play, or one


@dataclass(frozen=True)
class Basic(DrawingPolicy):
    """The simulator's rule (``badugi_fast.game.BasicPolicy`` draws with it). C mirror: badugi_policy_table
    (csrc/odds.c).

    Throws the cards that do not play, in hand order; with two or more draws to come, a hand with at most one such
    card and a jack or worse on top also throws the top card with probability 1/2 (listed first, so that the game's
    ``rng.random() < 0.5`` breaks it).

    >>> BASIC.options((51, 5, 10, 1), 3)   # Ks 2d 3h Ad
    (((5, 51), 0.5), ((5,), 0.5))
    >>> BASIC.options((51, 5, 10, 1), 1)
    (((5,), 1.0),)
    """

    @property
    def name(self) -> str:
        return "basic"

    def options(self, hand: Sequence[int], draws_left: int, opponents: int = 1) -> tuple[Option, ...]:
        thrown, broken = _basic_rule(hand, draws_left)
        if broken is None:
            return ((thrown, 1.0),)
        return (((*thrown, broken), 0.5), (thrown, 0.5))

    def draw(self, hand: Sequence[int], draws_left: int, rng: random.Random, opponents: int = 1) -> list[int]:
        """``DrawingPolicy.draw`` of ``options``, without building them: the simulator asks at every draw."""
        thrown, broken = _basic_rule(hand, draws_left)
        if broken is not None and rng.random() < 0.5:
            return [*thrown, broken]
        return list(thrown)

    def most_thrown(self, draws_left: int) -> int:
        return 3  # three cards that do not play, or at most one and the top card


def _basic_rule(hand: Sequence[int], draws_left: int) -> tuple[tuple[int, ...], int | None]:
    """``Basic``'s rule itself: the cards that do not play, and the top card thrown too half of the time (or None).
    A module function, not a static method: the simulator asks it at every draw, and a global is found faster."""
    mask = _usable4(*hand)
    thrown = _PICK_UNUSED[mask](hand)
    if draws_left < 2 or len(thrown) > 1:
        return thrown, None
    top = max(_PICK_USED[mask](hand))  # three or four usable cards; the highest code has the highest rank
    return thrown, (top if top >> 2 >= _JACK else None)


@dataclass(frozen=True)
class FunctionPolicy(DrawingPolicy):
    """A policy written as a plain function ``function(hand, draws_left)`` returning the cards to throw (codes or
    card text); ``hand`` is four card codes. Deterministic: one option."""

    function: Callable[[tuple[int, int, int, int], int], Iterable[int] | str]

    @property
    def name(self) -> str:
        return getattr(self.function, "__name__", "function")

    def options(self, hand: Sequence[int], draws_left: int, opponents: int = 1) -> tuple[Option, ...]:
        thrown = self.function((hand[0], hand[1], hand[2], hand[3]), draws_left)
        return ((self._codes(thrown), 1.0),)

    def _codes(self, thrown: object) -> tuple[int, ...]:
        """The function's answer as card codes: card text, or int codes (a float is refused, not truncated; so is
        anything that is not a sequence of cards, such as None or a lone int)."""
        if isinstance(thrown, str):
            return tuple(parse_cards(thrown))
        if isinstance(thrown, (bytes, bytearray)) or not isinstance(thrown, Iterable):
            raise ValueError(
                f"policy {self.name} returned {thrown!r}: the cards to throw are card text or a sequence of int codes"
            )
        codes = []
        for code in thrown:
            if isinstance(code, bool) or not hasattr(code, "__index__"):
                raise ValueError(
                    f"policy {self.name} returned {code!r} among the cards to throw: a card is an int code"
                )
            codes.append(operator.index(code))
        return tuple(codes)


USABLE = Usable()
SNOW = Snow()
BASIC = Basic()

#: What ``policy=`` accepts: a name ("usable", "snow", "basic", "pat:9"), a policy, or a function.
PolicySpec = str | DrawingPolicy | Callable[[tuple[int, int, int, int], int], Iterable[int] | str]

_NAMED: dict[str, DrawingPolicy] = {"usable": USABLE, "snow": SNOW, "basic": BASIC}


def resolve_policy(spec: PolicySpec) -> DrawingPolicy:
    """The policy a ``policy=`` argument names.

    >>> resolve_policy("usable") is USABLE, resolve_policy("pat:9").name
    (True, 'pat:9')
    >>> resolve_policy("cautious")
    Traceback (most recent call last):
    ...
    ValueError: unknown policy 'cautious': use usable, snow, basic, pat:BOUND (e.g. pat:9), or a DrawingPolicy
    """
    if isinstance(spec, DrawingPolicy):
        return spec
    if isinstance(spec, str):
        name = spec.strip().lower()
        if name in _NAMED:
            return _NAMED[name]
        if name.startswith("pat:"):
            return Pat(rank_bound(spec.strip()[4:]))
        raise ValueError(
            f"unknown policy {spec!r}: use usable, snow, basic, pat:BOUND (e.g. pat:9), or a DrawingPolicy"
        )
    if callable(spec):
        return FunctionPolicy(spec)
    raise ValueError(f"a policy is a name, a DrawingPolicy or a function, not {type(spec).__name__}")


def rank_bound(spec: int | str) -> int:
    """The rank number a bound names: a rank number; a top card (``"9"``: the worst nine-high badugi, 9-8-7-6, so
    "at or better" means any badugi nine-high or better); ranks highest first (``"9-6-4-2"``, ``"K-8-3"``); or a
    hand (``"9s 6h 4d 2c"``).

    >>> rank_bound(19), rank_bound("9"), rank_bound("T"), rank_bound("9-6-4-2") == rank_bound("9s 6h 4d 2c")
    (19, 126, 210, True)
    >>> rank_bound("3")
    Traceback (most recent call last):
    ...
    ValueError: no badugi is 3-high: a top card bound is 4 (4-3-2-A) to K
    """
    if isinstance(spec, bool):
        raise ValueError("a bound is a rank number, a top card such as '9', ranks such as '9-6-4-2', or a hand")
    if isinstance(spec, int):
        rank_values(spec)  # checks the range
        return spec
    if not isinstance(spec, str):
        raise ValueError(f"a bound is a rank number or text, not {type(spec).__name__}")
    text = spec.strip().upper().replace("10", "T")
    if len(text) == 1 and text in RANK_CHARS:
        top = RANK_CHARS.index(text) + 1
        if top < 4:
            raise ValueError(f"no badugi is {spec.strip()}-high: a top card bound is 4 (4-3-2-A) to K")
        return rank_number((top, top - 1, top - 2, top - 3))
    if "-" in text and all(len(part) == 1 and part in RANK_CHARS for part in text.split("-")):
        values = tuple(RANK_CHARS.index(part) + 1 for part in text.split("-"))
        if list(values) != sorted(values, reverse=True) or len(set(values)) != len(values):
            raise ValueError(f"bound {spec!r}: write the ranks highest first, each once (e.g. 9-6-4-2)")
        return rank_number(values)
    try:
        rank: int = _rank4(*hand_codes(spec))
    except ValueError as error:
        raise ValueError(
            f"bound {spec!r} is not a rank number, a top card (e.g. '9'), ranks (e.g. '9-6-4-2') or a hand: {error}"
        ) from None
    return rank


def bound_text(rank: int) -> str:
    """How a bound is written back: its top card when it is the worst badugi with that top card, else its ranks.

    >>> bound_text(rank_bound("9")), bound_text(1), bound_text(rank_bound("K-8-3"))
    ('9', '4', 'K-8-3')
    """
    values = rank_values(rank)
    top = values[0]
    if len(values) == 4 and values == (top, top - 1, top - 2, top - 3):
        return RANK_CHARS[top - 1]
    return "-".join(RANK_CHARS[value - 1] for value in values)
