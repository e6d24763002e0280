"""Who is ahead with draws to come: the distribution of a hand after its draws (``draw_odds``) and each hand's
share of the pot (``equity``), with the drawing policy an explicit, named input (``badugi_fast.drawing``) and any
player's cards possibly unknown or a range (``badugi_fast.spots.holdings``).

The model is written out in ``badugi_fast.spots.spot``; ``badugi_fast.reference.odds`` is its plain-Python
specification, and the loops here (csrc/odds.c) are held to it. What is exact:

- ``draw_odds``: computed exactly when at most ``EXACT_PATHS`` draw sequences lead to the last draw (every one-draw
  and most two-draw questions, many three-draw ones), the last draw counted by inclusion-exclusion rather than
  walked; a hand with unknown cards or a range is each of its hands in turn (one draw, or up to 64 hands);
  otherwise, or with ``samples=``, sampled.
- ``equity``: exact with one draw to come (or none) when every first discard is known (given, or a policy's sure
  choice), no reshuffle is needed and the count takes at most ``EXACT_WORK`` steps: every deal of the unknown
  cards and ranges, each counted as a question of known hands is; otherwise, or with ``samples=``, or with two or
  three draws to come, sampled.

Sampled answers play ``samples`` trials (default 2**18: every standard error below 0.001; at most
``spots.spot.MAX_SAMPLES``), in pieces that Ctrl-C stops between; trial i draws its random numbers from (seed, i)
alone, so a seed gives the same answer with any number of ``threads``. Without the C extension the functions
answer from ``badugi_fast.reference.odds`` (exact for one draw and small spots, sampled in plain Python otherwise:
the same exact answers, other samples, much more slowly).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from badugi_fast.drawing import PolicySpec
from badugi_fast.evaluator import evaluate
from badugi_fast.odds import loops
from badugi_fast.parallel import EXACT_THREADS_FROM, cores
from badugi_fast.spots.holdings import HoldingText
from badugi_fast.spots.result import DrawOdds, EquityResult
from badugi_fast.spots.spot import DEFAULT_SAMPLES, Cards, Spot, draw_odds_spot, equity_spot, run_options

__all__ = ["EXACT_PATHS", "EXACT_WORK", "DrawOdds", "EquityResult", "draw_odds", "equity", "equity_of", "odds_of"]

#: draw_odds is exact when at most this many draw sequences lead to the last draw (about a second of work), and
#: (unknown cards, ranges) the completions of the last draw take at most EXACT_WORK steps.
EXACT_PATHS = 4_000_000
#: equity with one draw is exact when its count takes at most this many steps (each a table read, or the step of
#: a walk: a second or so).
EXACT_WORK = 150_000_000


@loops.or_reference
def draw_odds(
    hand: HoldingText,
    discard: Cards | None = None,
    *,
    draws: int = 1,
    dead: Cards = (),
    policy: PolicySpec = "usable",
    samples: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
) -> DrawOdds:
    """The distribution of ``hand``'s final value when it throws ``discard`` now (None: the policy's choice) and
    follows ``policy`` on later draws, with ``draws`` draws to come (0-3) and ``dead`` cards out of play. ``hand``
    may have unknown cards (``"As 2h ? ?"``) or be a range (``"3-card 7 draw"``): then its policy draws.

    >>> odds = draw_odds("As 2h 3d 3c", "3c")           # one card to a 3-2-A: 48 cards can come
    >>> odds.exact, odds.deals, round(odds.p_badugi, 4), round(odds.p_at_or_better("5"), 4)
    (True, 48, 0.2083, 0.0417)
    >>> odds = draw_odds("As 2h 3d 3c", draws=3)        # triple draw, the policy choosing every discard
    >>> odds.exact, round(odds.p_badugi, 4), round(odds.p_at_or_better("7"), 4), round(odds.p_sizes[3], 4)
    (True, 0.5121, 0.2048, 0.4879)
    >>> round(draw_odds("3-card 7 draw").p_at_or_better("7"), 4)   # any hand drawing one to a seven
    0.0833
    >>> draw_odds("As 2h 3d 3c", "Qs")
    Traceback (most recent call last):
    ...
    ValueError: discard Qs is not in the hand (As 2h 3d 3c)
    """
    spot = draw_odds_spot(hand, discard, draws, dead, policy)
    run_options(samples, seed, threads)
    return odds_of(spot, samples, seed, threads)


@loops.or_reference
def equity(
    hands: Sequence[HoldingText],
    *,
    draws: int = 1,
    discards: Sequence[Cards | None] | None = None,
    dead: Cards = (),
    policy: PolicySpec | Sequence[PolicySpec] = "usable",
    samples: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
) -> EquityResult:
    """Each hand's share of the pot (ties split) with ``draws`` draws to come (0-3): 2 to 6 hands, each four cards,
    a hand with unknown cards (``"As 2h ? ?"``, ``"random"``) or a range (``"pat 9"``, ``"3-card 7 draw"``: see
    ``badugi_fast.spots.holdings``); ``discards`` gives each hand's cards thrown at the next draw (None, or None for
    a hand: the policy's choice; ``"pat"``: stand pat); ``policy`` is one policy or one per hand; ``dead`` cards are out
    of play.

    >>> result = equity(["As 2h 3d 3c", "4s 5h 6d 6c"])   # each throws its paired card: 44 x 43 deals
    >>> result.exact, result.deals, [round(share, 4) for share in result.equity]
    (True, 1892, [0.8161, 0.1839])
    >>> result = equity(["As 2h 3d Kd", "pat 9"])          # a three-card wheel draw against any pat nine or better
    >>> result.exact, [round(share, 4) for share in result.equity]
    (True, [0.1007, 0.8993])
    >>> equity(["As 2h 3d 3c", "3c 5h 6d Qc"])
    Traceback (most recent call last):
    ...
    ValueError: card 3c is in hand 1 and hand 2
    """
    spot = equity_spot(hands, draws, discards, dead, policy)
    run_options(samples, seed, threads)
    return equity_of(spot, samples, seed, threads)


def odds_of(spot: Spot, samples: int | None, seed: int | None, threads: int | None) -> DrawOdds:
    """``draw_odds`` of a checked spot."""
    c = loops.loops()
    q = loops.question(spot)
    if samples is None:
        probabilities = np.zeros(c.ODDS_BINS, dtype=np.float64)
        deals = c.draw_odds_exact(q, EXACT_PATHS, EXACT_WORK, probabilities)
        if deals is not None:
            return DrawOdds.from_probabilities(spot, probabilities.tolist(), round(deals))
    seed = secrets.randbits(64) if seed is None else seed
    trials = DEFAULT_SAMPLES if samples is None else samples

    def run(first: int, count: int, used: int, out: NDArray[np.uint64]) -> None:
        c.draw_odds_sample(q, seed, first, count, used, out)

    counts = loops.sample(run, c.ODDS_BINS, trials, threads)
    return DrawOdds.from_counts(spot, counts.tolist(), seed)


def equity_of(
    spot: Spot, samples: int | None, seed: int | None, threads: int | None, max_work: float = EXACT_WORK
) -> EquityResult:
    """``equity`` of a checked spot: exact when it fits ``max_work`` steps, else sampled."""
    if spot.draws == 0 and spot.known:
        return EquityResult.from_showdown(spot, [evaluate(list(hand)) for hand in spot.hands])
    exact = exact_equity(spot, threads, max_work) if samples is None else None
    if exact is not None:
        return exact[0]
    return sampled_equity(spot, samples, seed, threads)


def exact_equity(spot: Spot, threads: int | None, max_work: float) -> tuple[EquityResult, float] | None:
    """The exact answer of a spot with at most one draw to come and the steps it took, or None when it cannot be
    counted within ``max_work`` steps (or at all: a reshuffle, a randomized first discard)."""
    if spot.draws > 1:
        return None
    c = loops.loops()
    players = len(spot.holdings)
    chances = np.zeros(players * c.EQUITY_EXACT_FIELDS, dtype=np.float64)
    counted = c.equity_exact(loops.question(spot), max_work, EXACT_THREADS_FROM, threads or cores(), chances)
    if counted is None:
        return None
    deals, steps = counted
    return EquityResult.from_chances(spot, chances.reshape(players, -1).tolist(), round(deals)), steps


def sampled_equity(spot: Spot, samples: int | None, seed: int | None, threads: int | None) -> EquityResult:
    """``samples`` trials of a spot (default DEFAULT_SAMPLES), from ``seed`` (default: a random one)."""
    c = loops.loops()
    q = loops.question(spot)
    seed = secrets.randbits(64) if seed is None else seed
    trials = DEFAULT_SAMPLES if samples is None else samples
    players = len(spot.holdings)

    def run(first: int, count: int, used: int, out: NDArray[np.uint64]) -> None:
        c.equity_sample(q, seed, first, count, used, out)

    sums = loops.sample(run, players * c.EQUITY_SAMPLE_FIELDS, trials, threads)
    return EquityResult.from_samples(spot, sums.reshape(players, -1).tolist(), trials, seed)
