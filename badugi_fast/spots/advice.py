"""What ``best_discard`` and ``best_draw`` return (from either ``badugi_fast`` or ``badugi_fast.reference``): every
distinct discard of a hand, standing pat included, each with how good it is, best first."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Generic, TypeVar

from badugi_fast.cards import card_str
from badugi_fast.drawing import bound_text, rank_bound
from badugi_fast.spots.result import DrawOdds, EquityResult
from badugi_fast.spots.spot import PAT, Spot

__all__ = [
    "DiscardAdvice",
    "DiscardOption",
    "DrawAdvice",
    "DrawOption",
    "discard_option",
    "discards_of",
    "draw_advice",
    "option_spot",
]

#: An option of advice: a DiscardOption or a DrawOption.
Option = TypeVar("Option")


def discards_of(spot: Spot) -> list[tuple[int, ...]]:
    """Every distinct discard of the first player's hand (four known cards), in hand order: standing pat, each
    card, each pair, each three, all four; less those the stub could not serve (more cards than it may ever hold)."""
    hand = spot.holdings[0].known
    if hand is None:
        raise ValueError(f"advice needs every card of the hand known, not {spot.holdings[0].text!r}")
    room = 52 - 4 * len(spot.holdings) - len(spot.dead)
    return [thrown for size in range(min(4, room) + 1) for thrown in combinations(hand, size)]


def option_spot(spot: Spot, thrown: tuple[int, ...]) -> Spot:
    """The spot in which the first player throws ``thrown`` at the next draw."""
    return dataclasses.replace(spot, first=(thrown, *spot.first[1:]))


def _throw_text(thrown: Sequence[int]) -> str:
    """The cards thrown as text; standing pat is ``PAT``."""
    return " ".join(map(card_str, thrown)) or PAT


def _thrown_count(throw: str) -> int:
    return 0 if throw == PAT else len(throw.split())


def _best_first(options: Sequence[Any], value: str) -> tuple[Any, ...]:
    """Options sorted by ``value``, highest first; among equal values the smaller discard, then the earlier one."""
    order = sorted(
        range(len(options)),
        key=lambda i: (-getattr(options[i], value), _thrown_count(options[i].throw), i),
    )
    return tuple(options[i] for i in order)


@dataclass(frozen=True)
class DiscardOption:
    """One discard: ``throw`` (the cards thrown, ``"pat"`` to stand pat), the hand's ``equity`` (its expected share of
    the pot), ``win`` (alone), ``tie`` (split), the standard error of the equity (0 when ``exact``)."""

    throw: str
    equity: float
    win: float
    tie: float
    stderr: float
    exact: bool

    @staticmethod
    def of(thrown: Sequence[int], equity: float, win: float, tie: float, stderr: float, exact: bool) -> DiscardOption:
        return DiscardOption(_throw_text(thrown), equity, win, tie, stderr, exact)


class _Advice(Generic[Option]):
    """What both kinds of advice offer: the best option, whether all were exact, a JSON-ready copy."""

    options: tuple[Option, ...]

    @property
    def best(self) -> Option:
        """The first option: the best one."""
        return self.options[0]

    @property
    def exact(self) -> bool:
        """Whether every option was computed exactly."""
        return all(option.exact for option in self.options)  # type: ignore[attr-defined]  # both option types

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready copy: every field, tuples as lists, options as dicts."""
        return {name: _plain(value) for name, value in dataclasses.asdict(self).items()}  # type: ignore[call-overload]


def _plain(value: object) -> object:
    if isinstance(value, (tuple, list)):
        return [_plain(item) for item in value]
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    return value


@dataclass(frozen=True)
class DiscardAdvice(_Advice[DiscardOption]):
    """Every distinct discard of ``hand`` against ``against`` (hands, partial hands or ranges, as given), best
    first: ``options`` (``DiscardOption``), ``best`` the first. Sampled options played ``samples`` trials each from
    ``seed`` (both 0 and None when every option is exact)."""

    hand: str
    against: tuple[str, ...]
    draws: int
    policies: tuple[str, ...]
    options: tuple[DiscardOption, ...]
    samples: int
    seed: int | None

    @staticmethod
    def of(spot: Spot, options: Sequence[DiscardOption], samples: int, seed: int | None) -> DiscardAdvice:
        """The advice of a spot (``advice_spot``'s), its options best first."""
        sampled = any(not option.exact for option in options)
        return DiscardAdvice(
            spot.holdings[0].text,
            tuple(holding.text for holding in spot.holdings[1:]),
            spot.draws,
            tuple(policy.name for policy in spot.policies),
            _best_first(options, "equity"),
            samples if sampled else 0,
            seed if sampled else None,
        )


@dataclass(frozen=True)
class DrawOption:
    """One discard: ``throw`` (``"pat"`` to stand pat) and the ``chance`` of ending at or better than the goal, with its
    standard error (0 when ``exact``)."""

    throw: str
    chance: float
    stderr: float
    exact: bool

    @staticmethod
    def of(thrown: Sequence[int], chance: float, stderr: float, exact: bool) -> DrawOption:
        return DrawOption(_throw_text(thrown), chance, stderr, exact)


@dataclass(frozen=True)
class DrawAdvice(_Advice[DrawOption]):
    """Every distinct discard of ``hand``, the one most likely to end at or better than ``goal`` first: ``options``
    (``DrawOption``), ``best`` the first. Sampled options played ``samples`` trials each from ``seed``."""

    hand: str
    goal: str
    draws: int
    policy: str
    options: tuple[DrawOption, ...]
    samples: int
    seed: int | None

    @staticmethod
    def of(spot: Spot, goal: str, options: Sequence[DrawOption], samples: int, seed: int | None) -> DrawAdvice:
        """The advice of a ``draw_odds_spot``, its options best first."""
        sampled = any(not option.exact for option in options)
        return DrawAdvice(
            spot.holdings[0].text,
            goal,
            spot.draws,
            spot.policies[0].name,
            _best_first(options, "chance"),
            samples if sampled else 0,
            seed if sampled else None,
        )


def discard_option(thrown: Sequence[int], result: EquityResult) -> DiscardOption:
    """The first hand's option from the answer of the spot in which it throws ``thrown``."""
    return DiscardOption.of(thrown, result.equity[0], result.win[0], result.tie[0], result.stderr[0], result.exact)


def draw_advice(spot: Spot, goal: int | str, answer: Callable[[Spot], DrawOdds]) -> DrawAdvice:
    """``best_draw`` of a ``draw_odds_spot`` whose hand is four known cards: ``answer`` gives the draw odds of each
    discard's spot (from either backend, with one seed for every sampled option)."""
    bound = rank_bound(goal)
    options, samples, seed = [], 0, None
    for thrown in discards_of(spot):
        odds = answer(option_spot(spot, thrown))
        chance = odds.p_at_or_better(bound)
        options.append(DrawOption.of(thrown, chance, odds.stderr(chance), odds.exact))
        if not odds.exact:
            samples, seed = odds.samples, odds.seed
    return DrawAdvice.of(spot, bound_text(bound), options, samples, seed)
