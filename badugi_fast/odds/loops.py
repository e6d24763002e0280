"""A spot (``badugi_fast.spots``) handed to the C loops (csrc/odds.c, through ``_backend.odds_loops``): the
question's arrays and policy tables, and sampled runs played in pieces of ``PIECE`` trials a thread, so that Ctrl-C
(or any signal Python handles) stops a long run between two pieces, within a fraction of a second. Trial i draws
its random numbers from (seed, i) alone, so the pieces add up to the answer of one run.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ParamSpec, TypeVar, cast

import numpy as np
from numpy.typing import NDArray

from badugi_fast._backend import OddsLoops, odds_loops
from badugi_fast.drawing import DrawingPolicy
from badugi_fast.odds.policy_table import compile_policy
from badugi_fast.parallel import SAMPLED_THREADS_FROM, cores
from badugi_fast.spots.holdings import hand_table
from badugi_fast.spots.spot import Spot

if TYPE_CHECKING:
    from badugi_fast._native import OddsQuestion

__all__ = ["PIECE", "loops", "or_reference", "question", "sample", "threads_for"]

#: Trials a thread plays in one call into C: a tenth of a second or so.
PIECE = 1 << 17

_Parameters = ParamSpec("_Parameters")
_Answer = TypeVar("_Answer")


def or_reference(function: Callable[_Parameters, _Answer]) -> Callable[_Parameters, _Answer]:
    """``function`` when the C loops are there; without the C extension, the function of the same name in
    ``badugi_fast.reference.odds``, which takes the same arguments and gives the same exact answers."""
    if odds_loops is not None:
        return function
    from badugi_fast.reference import odds as reference_odds

    return cast(Callable[_Parameters, _Answer], getattr(reference_odds, function.__name__))


def loops() -> OddsLoops:
    """The C loops (the callers use them only when the extension is there)."""
    if odds_loops is None:
        raise RuntimeError("the C odds loops are not available")
    return odds_loops


def question(spot: Spot) -> OddsQuestion:
    """The C form of a spot: every player's cards (-1 where unknown), first discard, policy table and range."""
    masks, first, policy_of = _tables(spot)
    cards, discards, begin, end = [], [], [], []
    hands: list[NDArray[np.uint8]] = []
    weights: list[NDArray[np.float64]] = []
    at = 0
    for holding, thrown in zip(spot.holdings, spot.first, strict=True):
        cards += [-1 if code is None else code for code in holding.cards]
        known = holding.known
        if thrown is None:
            discards.append(-1)
        else:
            discards.append(sum(1 << known.index(code) for code in thrown) if known else 0)
        begin.append(at)
        if holding.is_range:
            hands.append(hand_table()[np.asarray(holding.hands, dtype=np.intp)])
            weights.append(np.cumsum(np.asarray(holding.weights, dtype=np.float64)))
            at += len(holding.hands)
        end.append(at)
    range_cards = np.ascontiguousarray(np.concatenate(hands)).reshape(-1) if hands else None
    range_weights = np.concatenate(weights) if weights else None
    return loops().OddsQuestion(
        len(spot.holdings),
        spot.draws,
        cards,
        discards,
        policy_of,
        begin,
        end,
        sum(1 << code for code in spot.dead),
        range_cards,
        range_weights,
        masks,
        first,
    )


def sample(
    run: Callable[[int, int, int, NDArray[np.uint64]], None], size: int, samples: int, threads: int | None
) -> NDArray[np.uint64]:
    """The sums of ``samples`` trials of ``run(first_trial, trials, threads, out)`` (``size`` uint64 sums), in
    pieces; KeyboardInterrupt between two pieces stops it."""
    used = threads_for(threads, samples)
    total = np.zeros(size, dtype=np.uint64)
    part = np.zeros(size, dtype=np.uint64)
    step = PIECE * used
    for first in range(0, samples, step):
        run(first, min(step, samples - first), used, part)
        total += part
    return total


def threads_for(threads: int | None, trials: int) -> int:
    """Threads for ``trials`` samples: as asked, else every core for a run worth splitting."""
    if threads is not None:
        return threads
    return cores() if trials >= SAMPLED_THREADS_FROM else 1


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
