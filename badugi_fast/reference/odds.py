"""``draw_odds`` and ``equity`` in plain Python: the specification the C loops of csrc/odds.c are held to.

Exact answers walk every deal one by one (one draw only, and at most ``REFERENCE_DEALS`` deals); everything else is
played out trial by trial with ``random.Random(seed)``, following the model of ``badugi_fast.odds.spot`` step by step:
the policies' own ``draw``, the engine's reshuffle, ``reference.evaluate``. Slow and obviously correct.
``badugi_fast.reference`` exposes these; ``badugi_fast.odds`` answers with them when the C extension is missing.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from itertools import combinations
from math import comb

from badugi_fast.cards import Hand
from badugi_fast.drawing import PolicySpec
from badugi_fast.odds.result import DrawOdds, EquityResult
from badugi_fast.odds.spot import DEFAULT_SAMPLES, Cards, Spot, draw_odds_spot, equity_spot, run_options
from badugi_fast.ranks import RANK_COUNT
from badugi_fast.reference.hands import evaluate

__all__ = ["REFERENCE_DEALS", "draw_odds", "equity"]

#: The most deals an exact answer walks here (about a second or two in plain Python); bigger spots are sampled.
REFERENCE_DEALS = 500_000


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
    """The distribution of the final hand: exact for up to one draw (every draw from the stub), else sampled.
    ``threads`` is checked but has no effect here."""
    spot = draw_odds_spot(hand, discard, draws, dead, policy)
    run_options(samples, seed, threads)
    if draws == 0:
        return _exact_odds(spot, [((), 1.0)])
    if samples is None and draws == 1:
        return _exact_odds(spot, _first_options(spot, 0))
    seed = secrets.randbits(64) if seed is None else seed
    rng = random.Random(seed)
    counts = [0] * (RANK_COUNT + 1)
    for _ in range(DEFAULT_SAMPLES if samples is None else samples):
        counts[_play(spot, rng)[0]] += 1
    return DrawOdds.from_counts(spot, counts, seed)


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
    """Each hand's share of the pot: exact (every deal walked) for up to one draw when each first discard is known
    and the deals are few enough, else sampled. ``threads`` is checked but has no effect here."""
    spot = equity_spot(hands, draws, discards, dead, policy)
    run_options(samples, seed, threads)
    if draws == 0:
        return EquityResult.from_showdown(spot, [evaluate(hand) for hand in spot.hands])
    if samples is None and draws == 1:
        exact = _exact_equity(spot)
        if exact is not None:
            return exact
    seed = secrets.randbits(64) if seed is None else seed
    rng = random.Random(seed)
    count = DEFAULT_SAMPLES if samples is None else samples
    sums = [[0, 0, 0, 0] for _ in spot.hands]
    for _ in range(count):
        ranks = _play(spot, rng)
        best = min(ranks)
        ways = ranks.count(best)
        for p, rank in enumerate(ranks):
            if rank == best:
                sums[p][0 if ways == 1 else 1] += 1
                sums[p][2] += 60 // ways
                sums[p][3] += (60 // ways) ** 2
    return EquityResult.from_samples(spot, sums, count, seed)


def _first_options(spot: Spot, player: int) -> list[tuple[tuple[int, ...], float]]:
    """What ``player`` may throw at the next draw, with probabilities."""
    thrown = spot.first[player]
    if thrown is not None:
        return [(thrown, 1.0)]
    return list(spot.policies[player].options(spot.hands[player], spot.draws, spot.opponents))


def _exact_odds(spot: Spot, options: list[tuple[tuple[int, ...], float]]) -> DrawOdds:
    """Every draw of each option from the stub, weighted equally within the option."""
    hand, stub = spot.hands[0], spot.stub
    probabilities = [0.0] * (RANK_COUNT + 1)
    deals = 0
    for thrown, probability in options:
        kept = [code for code in hand if code not in thrown]
        ways = comb(len(stub), len(thrown))
        deals += ways
        for drawn in combinations(stub, len(thrown)):
            probabilities[evaluate([*kept, *drawn])] += probability / ways
    return DrawOdds.from_probabilities(spot, probabilities, deals)


def _exact_equity(spot: Spot) -> EquityResult | None:
    """Walk every deal of one draw: each player's draw in turn from what the players before it left. None when a
    first discard is a random choice, the draws need a reshuffle, or there are more than REFERENCE_DEALS deals."""
    kept, sizes = [], []
    for player, hand in enumerate(spot.hands):
        options = _first_options(spot, player)
        if len(options) != 1:
            return None
        kept.append([code for code in hand if code not in options[0][0]])
        sizes.append(len(options[0][0]))
    stub = spot.stub
    if sum(sizes) > len(stub):
        return None
    deals, left = 1, len(stub)
    for size in sizes:
        deals *= comb(left, size)
        left -= size
    if deals > REFERENCE_DEALS:
        return None
    finals: list[list[int]] = []

    def deal(player: int, available: tuple[int, ...], ranks: list[int]) -> None:
        if player == len(sizes):
            finals.append(ranks)
            return
        for drawn in combinations(available, sizes[player]):
            rest = tuple(code for code in available if code not in drawn)
            deal(player + 1, rest, [*ranks, evaluate([*kept[player], *drawn])])

    deal(0, stub, [])
    return EquityResult.from_exact(spot, _tally(finals, len(sizes)), deals)


def _tally(finals: list[list[int]], players: int) -> list[list[int]]:
    """Per player: deals won alone, then deals split k ways at index k."""
    counts = [[0] * 7 for _ in range(players)]
    for ranks in finals:
        best = min(ranks)
        ways = ranks.count(best)
        for p, rank in enumerate(ranks):
            if rank == best:
                counts[p][0 if ways == 1 else ways] += 1
    return counts


def _play(spot: Spot, rng: random.Random) -> list[int]:
    """One trial: every draw of every player in order, then each final hand's rank number."""
    stub = list(spot.stub)
    muck: list[int] = []
    hands = [list(hand) for hand in spot.hands]
    for left in range(spot.draws, 0, -1):
        for player, hand in enumerate(hands):
            given = spot.first[player]
            if left == spot.draws and given is not None:
                thrown = list(given)
            else:
                thrown = spot.policies[player].draw(hand, left, rng, spot.opponents)
            new = []
            for _ in thrown:
                if not stub:  # the engine's reshuffle: this player's discards are not in the muck yet
                    stub, muck = muck, []
                new.append(stub.pop(rng.randrange(len(stub))))
            hands[player] = [code for code in hand if code not in thrown] + new
            muck.extend(thrown)
    return [evaluate(hand) for hand in hands]
