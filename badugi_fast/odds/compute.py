"""Who is ahead with draws to come: the distribution of a hand after its draws (``draw_odds``) and each hand's
share of the pot (``equity``), with the drawing policy an explicit, named input (``badugi_fast.drawing``).

The model is written out in ``badugi_fast.odds.spot``; ``badugi_fast.reference.odds`` is its plain-Python
specification, and the loops here (csrc/odds.c) are held to it. What is exact:

- ``draw_odds``: computed exactly when at most ``EXACT_PATHS`` draw sequences lead to the last draw (every one-draw
  and most two-draw questions, many three-draw ones), the last draw counted by inclusion-exclusion rather than
  walked; otherwise, or with ``samples=``, sampled.
- ``equity``: exact with one draw to come when every first discard is known (given, or a policy's sure choice),
  no reshuffle is needed and the count takes at most ``EXACT_WORK`` steps; otherwise, or with ``samples=``, or
  with two or three draws to come, sampled.

Sampled answers play ``samples`` trials (default 2**18: every standard error below 0.001); trial i draws its
random numbers from (seed, i) alone, so a seed gives the same answer with any number of ``threads``. Without the C
extension both functions answer from ``badugi_fast.reference.odds`` (exact for one draw, sampled in plain Python
otherwise: the same exact answers, other samples, much more slowly).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from badugi_fast._backend import odds_loops
from badugi_fast.cards import Hand
from badugi_fast.drawing import DrawingPolicy, PolicySpec
from badugi_fast.evaluator import evaluate
from badugi_fast.odds.policy_table import compile_policy
from badugi_fast.odds.result import DrawOdds, EquityResult
from badugi_fast.odds.spot import DEFAULT_SAMPLES, Cards, Spot, draw_odds_spot, equity_spot, run_options
from badugi_fast.parallel import SAMPLED_THREADS_FROM, cores

__all__ = ["EXACT_PATHS", "EXACT_WORK", "DrawOdds", "EquityResult", "draw_odds", "equity"]

#: draw_odds is exact when at most this many draw sequences lead to the last draw (about a second of work).
EXACT_PATHS = 4_000_000
#: equity with one draw is exact when its count takes at most this many steps, each a table read or less.
EXACT_WORK = 1_000_000_000


def draw_odds(
    hand: Hand,
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
    follows ``policy`` on later draws, with ``draws`` draws to come (0-3) and ``dead`` cards out of play.

    >>> odds = draw_odds("As 2h 3d 3c", "3c")           # one card to a 3-2-A: 48 cards can come
    >>> odds.exact, odds.deals, round(odds.p_badugi, 4), round(odds.p_at_or_better("5"), 4)
    (True, 48, 0.2083, 0.0417)
    >>> odds = draw_odds("As 2h 3d 3c", draws=3)        # triple draw, the policy choosing every discard
    >>> odds.exact, round(odds.p_badugi, 4), round(odds.p_at_or_better("7"), 4), round(odds.p_sizes[3], 4)
    (True, 0.5121, 0.2048, 0.4879)
    >>> draw_odds("As 2h 3d 3c", "Qs")
    Traceback (most recent call last):
    ...
    ValueError: discard Qs is not in the hand (As 2h 3d 3c)
    """
    if odds_loops is None:
        from badugi_fast.reference import odds as reference_odds

        return reference_odds.draw_odds(
            hand, discard, draws=draws, dead=dead, policy=policy, samples=samples, seed=seed, threads=threads
        )
    spot = draw_odds_spot(hand, discard, draws, dead, policy)
    run_options(samples, seed, threads)
    table = compile_policy(spot.policies[0], spot.opponents)
    cards, thrown, dead_set = list(spot.hands[0]), _mask(spot.hands[0], spot.first[0]), _set(spot.dead)
    if samples is None:
        probabilities = np.zeros(odds_loops.ODDS_BINS, dtype=np.float64)
        deals = odds_loops.draw_odds_exact(
            cards, thrown, draws, dead_set, table.masks, table.first, EXACT_PATHS, probabilities
        )
        if deals is not None:
            return DrawOdds.from_probabilities(spot, probabilities.tolist(), round(deals))
    seed = secrets.randbits(64) if seed is None else seed
    trials = DEFAULT_SAMPLES if samples is None else samples
    counts = np.zeros(odds_loops.ODDS_BINS, dtype=np.uint64)
    odds_loops.draw_odds_sample(
        cards, thrown, draws, dead_set, table.masks, table.first, seed, trials, _threads(threads, trials), counts
    )
    return DrawOdds.from_counts(spot, counts.tolist(), seed)


def equity(
    hands: Sequence[Hand],
    *,
    draws: int = 1,
    discards: Sequence[Cards | None] | None = None,
    dead: Cards = (),
    policy: PolicySpec | Sequence[PolicySpec] = "usable",
    samples: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
) -> EquityResult:
    """Each hand's share of the pot (ties split) with ``draws`` draws to come (0-3): 2 to 6 hands; ``discards``
    gives each hand's cards thrown at the next draw (None, or None for a hand: the policy's choice); ``policy`` is
    one policy or one per hand; ``dead`` cards are out of play.

    >>> result = equity(["As 2h 3d 3c", "4s 5h 6d 6c"])   # each throws its paired card: 44 x 43 deals
    >>> result.exact, result.deals, [round(share, 4) for share in result.equity]
    (True, 1892, [0.8161, 0.1839])
    >>> equity(["As 2h 3d 3c", "3c 5h 6d Qc"])
    Traceback (most recent call last):
    ...
    ValueError: card 3c is in hand 1 and hand 2
    """
    if odds_loops is None:
        from badugi_fast.reference import odds as reference_odds

        return reference_odds.equity(
            hands,
            draws=draws,
            discards=discards,
            dead=dead,
            policy=policy,
            samples=samples,
            seed=seed,
            threads=threads,
        )
    spot = equity_spot(hands, draws, discards, dead, policy)
    run_options(samples, seed, threads)
    if draws == 0:
        return EquityResult.from_showdown(spot, [evaluate(list(hand)) for hand in spot.hands])
    masks, first, policy_of = _tables(spot)
    players = len(spot.hands)
    cards = [code for hand in spot.hands for code in hand]
    thrown = [_mask(hand, given) for hand, given in zip(spot.hands, spot.first, strict=True)]
    dead_set = _set(spot.dead)
    if samples is None and draws == 1:
        counts = np.zeros(players * odds_loops.EQUITY_EXACT_FIELDS, dtype=np.int64)
        deals = odds_loops.equity_exact(
            cards, thrown, dead_set, masks, first, policy_of, EXACT_WORK, threads or cores(), counts
        )
        if deals is not None:
            return EquityResult.from_exact(spot, counts.reshape(players, -1).tolist(), round(deals))
    seed = secrets.randbits(64) if seed is None else seed
    trials = DEFAULT_SAMPLES if samples is None else samples
    sums = np.zeros(players * odds_loops.EQUITY_SAMPLE_FIELDS, dtype=np.uint64)
    odds_loops.equity_sample(
        cards, thrown, draws, dead_set, masks, first, policy_of, seed, trials, _threads(threads, trials), sums
    )
    return EquityResult.from_samples(spot, sums.reshape(players, -1).tolist(), trials, seed)


def _tables(spot: Spot) -> tuple[NDArray[np.uint8], NDArray[np.float64] | None, list[int]]:
    """The compiled tables of the spot's distinct policies back to back, and which one each player follows."""
    distinct: list[DrawingPolicy] = []
    policy_of = []
    for policy in spot.policies:
        if policy not in distinct:
            distinct.append(policy)
        policy_of.append(distinct.index(policy))
    tables = [compile_policy(policy, spot.opponents) for policy in distinct]
    if len(tables) == 1:
        return tables[0].masks, tables[0].first, policy_of
    masks = np.concatenate([table.masks for table in tables])
    if all(table.first is None for table in tables):
        return masks, None, policy_of
    ones = np.ones_like(tables[0].masks, dtype=np.float64)
    return masks, np.concatenate([ones if table.first is None else table.first for table in tables]), policy_of


def _mask(hand: tuple[int, ...], thrown: tuple[int, ...] | None) -> int:
    """The positions of ``thrown`` in ``hand`` as a 4-bit mask, or -1 for "the policy's choice"."""
    if thrown is None:
        return -1
    return sum(1 << hand.index(code) for code in thrown)


def _set(cards: Sequence[int]) -> int:
    """Card codes as a 52-bit set."""
    return sum(1 << code for code in cards)


def _threads(threads: int | None, trials: int) -> int:
    """Threads for ``trials`` samples: as asked, else every core for a run worth splitting."""
    if threads is not None:
        return threads
    return cores() if trials >= SAMPLED_THREADS_FROM else 1
