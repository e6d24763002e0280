"""What to throw with draws to come: ``best_discard`` weighs every distinct discard of a hand by its equity against
the opponents (known hands, hands with unknown cards, ranges), ``best_draw`` by its chance of reaching a goal.

Each option is answered as ``equity`` or ``draw_odds`` would answer it, exact where it can be: with one draw to
come the options are counted one by one while their counts fit ``EXACT_WORK`` steps in all; the rest are sampled,
``samples`` trials each from one seed. With one draw and no reshuffle possible, the sampled options share their
trials (csrc/odds.c, badugi_advice_sample): each trial deals the unknown cards and the opponents' draws once and four
cards for the hand, of which each option takes as many as it throws, so that one trial answers every option.
Without the C extension both functions answer from ``badugi_fast.reference.odds``.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from badugi_fast.drawing import PolicySpec
from badugi_fast.odds import loops
from badugi_fast.odds.compute import EXACT_WORK, exact_equity, odds_of, sampled_equity
from badugi_fast.spots.advice import (
    DiscardAdvice,
    DiscardOption,
    DrawAdvice,
    discard_option,
    discards_of,
    draw_advice,
    option_spot,
)
from badugi_fast.spots.holdings import HoldingText
from badugi_fast.spots.result import sampled_share
from badugi_fast.spots.spot import DEFAULT_SAMPLES, Cards, Spot, advice_spot, draw_odds_spot, run_options

__all__ = ["best_discard", "best_draw"]


@loops.or_reference
def best_discard(
    hand: HoldingText,
    against: Sequence[HoldingText],
    *,
    draws: int = 1,
    against_discards: Sequence[Cards | None] | None = None,
    dead: Cards = (),
    policy: PolicySpec | Sequence[PolicySpec] = "usable",
    samples: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
) -> DiscardAdvice:
    """Every distinct discard of ``hand`` (four known cards), standing pat included, with its equity against
    ``against`` (a list of one to five opponents: hands, partial hands or ranges, as ``equity`` takes them), best
    first; a standing pat option's ``throw`` is ``"pat"``.
    ``against_discards`` gives what each opponent throws at this draw (None: its policy's choice); later draws follow
    ``policy`` (one, or one per player: the hand first). The hand draws first.

    >>> advice = best_discard("As 2h 3d Kd", ["4s 5h 6d 6c"])   # draw to the wheel, or stand pat on the king?
    >>> advice.best.throw, advice.exact, len(advice.options), round(advice.best.equity, 4)
    ('Kd', True, 16, 0.8377)
    >>> [(option.throw, round(option.equity, 4)) for option in advice.options[1:3]]
    [('pat', 0.8182), ('As Kd', 0.2249)]
    >>> round(best_discard("As 2h 3d Kd", ["pat 9"]).best.equity, 4)   # against any pat nine or better
    0.1007
    >>> best_discard("As 2h ? ?", ["random"])
    Traceback (most recent call last):
    ...
    ValueError: best_discard needs every card of the hand known, not 'As 2h ? ?'
    >>> best_discard("As 2h 3d Kd", "4s 5h 6d 6c")   # a text is no list: as equity, refused (not split up)
    Traceback (most recent call last):
    ...
    ValueError: best_discard takes the opponents as a list of hands (['4s 5h 6d 6c'] for one), not str
    """
    spot = advice_spot(hand, against, draws, against_discards, dead, policy)
    run_options(samples, seed, threads)
    throws = discards_of(spot)
    found: dict[tuple[int, ...], DiscardOption] = {}
    if samples is None and spot.draws == 1:
        budget = float(EXACT_WORK)
        for thrown in throws:
            counted = exact_equity(option_spot(spot, thrown), threads, budget)
            if counted is not None:
                found[thrown] = discard_option(thrown, counted[0])
                budget -= counted[1]
    rest = [thrown for thrown in throws if thrown not in found]
    seed = secrets.randbits(64) if seed is None else seed
    trials = DEFAULT_SAMPLES if samples is None else samples
    if rest and spot.draws == 1 and _no_reshuffle(spot):
        found.update(_shared_trials(spot, rest, trials, seed, threads))
    for thrown in rest:
        if thrown not in found:
            found[thrown] = discard_option(thrown, sampled_equity(option_spot(spot, thrown), trials, seed, threads))
    return DiscardAdvice.of(spot, [found[thrown] for thrown in throws], trials, seed)


@loops.or_reference
def best_draw(
    hand: HoldingText,
    goal: int | str,
    *,
    draws: int = 1,
    dead: Cards = (),
    policy: PolicySpec = "usable",
    samples: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
) -> DrawAdvice:
    """Every distinct discard of ``hand`` (four known cards), standing pat included, with its chance of ending at or
    better than ``goal`` (a bound as ``DrawOdds.p_at_or_better`` takes it: ``"8"`` is any badugi eight-high or
    better), likeliest first; later draws follow ``policy``.

    >>> advice = best_draw("As 2h 7d 7c", "7", draws=2)          # two draws to a seven-high badugi
    >>> advice.best.throw, round(advice.best.chance, 4), advice.exact
    ('7c', 0.1489, True)
    """
    spot = draw_odds_spot(hand, None, draws, dead, policy)
    run_options(samples, seed, threads)
    seed = secrets.randbits(64) if seed is None else seed
    return draw_advice(spot, goal, lambda option: odds_of(option, samples, seed, threads))


def _no_reshuffle(spot: Spot) -> bool:
    """Whether the opponents' first draws and four cards for the hand always fit in the stub left after the deal."""
    room = 52 - 4 * len(spot.holdings) - len(spot.dead)
    most = 4
    for holding, thrown, policy in zip(spot.holdings[1:], spot.first[1:], spot.policies[1:], strict=True):
        if thrown is not None:
            most += len(thrown)
        elif holding.known is not None:
            most += max(len(cards) for cards, _ in policy.options(holding.known, 1, spot.opponents))
        else:
            most += policy.most_thrown(1)
    return most <= room


def _shared_trials(
    spot: Spot, throws: list[tuple[int, ...]], trials: int, seed: int, threads: int | None
) -> dict[tuple[int, ...], DiscardOption]:
    """Every option of ``throws`` on the same ``trials`` (one draw, no reshuffle possible)."""
    c = loops.loops()
    hand = spot.holdings[0].known or ()
    found: dict[tuple[int, ...], DiscardOption] = {}
    for start in range(0, len(throws), c.ADVICE_MAX_OPTIONS):
        group = throws[start : start + c.ADVICE_MAX_OPTIONS]
        masks = [sum(1 << hand.index(code) for code in thrown) for thrown in group]
        q = loops.question(spot)

        def run(first: int, count: int, used: int, out: NDArray[np.uint64]) -> None:
            if not c.advice_sample(q, masks, seed, first, count, used, out):  # noqa: B023  # called right here
                raise AssertionError("badugi_advice_sample needed a reshuffle that _no_reshuffle ruled out")

        sums = loops.sample(run, len(group) * c.EQUITY_SAMPLE_FIELDS, trials, threads).reshape(len(group), -1)
        for thrown, row in zip(group, sums.tolist(), strict=True):
            found[thrown] = DiscardOption.of(thrown, *sampled_share(row, trials), exact=False)
    return found
