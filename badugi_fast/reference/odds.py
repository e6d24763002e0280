"""``draw_odds``, ``equity``, ``best_discard`` and ``best_draw`` in plain Python: the specification the C loops of
csrc/odds.c are held to.

Exact answers walk every deal one by one: every hand a player with unknown cards or a range may hold (weighted as
``badugi_fast.spots.holdings`` says), then every draw (one draw only, and at most ``REFERENCE_DEALS`` deals in all).
Everything else is played out trial by trial with ``random.Random(seed)``, following the model of
``badugi_fast.spots.spot`` step by step: the unknown cards dealt (a range's hand by weight, all of them again when two
meet), the policies' own ``draw``, the engine's reshuffle, ``reference.evaluate``. Slow and obviously correct.
``badugi_fast.reference`` exposes these; ``badugi_fast.odds`` answers with them when the C extension is missing.
"""

from __future__ import annotations

import math
import random
import secrets
from collections.abc import Iterator, Sequence
from itertools import accumulate, combinations
from math import comb

from badugi_fast.drawing import PolicySpec
from badugi_fast.ranks import RANK_COUNT
from badugi_fast.reference.hands import evaluate
from badugi_fast.spots.advice import (
    DiscardAdvice,
    DrawAdvice,
    discard_option,
    discards_of,
    draw_advice,
    option_spot,
)
from badugi_fast.spots.holdings import Holding, HoldingText, hand_codes_of
from badugi_fast.spots.result import DrawOdds, EquityResult
from badugi_fast.spots.spot import (
    DEFAULT_SAMPLES,
    Cards,
    Spot,
    advice_spot,
    draw_odds_spot,
    equity_spot,
    run_options,
)

__all__ = ["REFERENCE_DEALS", "best_discard", "best_draw", "draw_odds", "equity"]

#: The most deals an exact answer walks here (about a second or two in plain Python); bigger spots are sampled.
REFERENCE_DEALS = 500_000
#: How many times a trial deals the ranges before giving up: they are dealt again whenever two meet.
_DEAL_ATTEMPTS = 100_000

Hand = list[int]


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
    """The distribution of the final hand: exact for up to one draw (every hand it may be, every draw from the
    stub), else sampled. ``threads`` is checked but has no effect here."""
    spot = draw_odds_spot(hand, discard, draws, dead, policy)
    run_options(samples, seed, threads)
    return _odds_of(spot, samples, seed)


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
    """Each hand's share of the pot: exact (every deal walked) for up to one draw when each first discard is known
    and the deals are few enough, else sampled. ``threads`` is checked but has no effect here."""
    spot = equity_spot(hands, draws, discards, dead, policy)
    run_options(samples, seed, threads)
    return _equity_of(spot, samples, seed)


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
    """Every distinct discard of the hand with its equity, each answered as ``equity`` answers it (one seed for
    every sampled option), best first. ``threads`` is checked but has no effect here."""
    spot = advice_spot(hand, against, draws, against_discards, dead, policy)
    run_options(samples, seed, threads)
    seed = secrets.randbits(64) if seed is None else seed
    options = [
        discard_option(thrown, _equity_of(option_spot(spot, thrown), samples, seed)) for thrown in discards_of(spot)
    ]
    return DiscardAdvice.of(spot, options, DEFAULT_SAMPLES if samples is None else samples, seed)


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
    """Every distinct discard of the hand with its chance of ending at or better than ``goal``, each answered as
    ``draw_odds`` answers it, likeliest first. ``threads`` is checked but has no effect here."""
    spot = draw_odds_spot(hand, None, draws, dead, policy)
    run_options(samples, seed, threads)
    seed = secrets.randbits(64) if seed is None else seed
    return draw_advice(spot, goal, lambda option: _odds_of(option, samples, seed))


def _odds_of(spot: Spot, samples: int | None, seed: int | None) -> DrawOdds:
    if samples is None and spot.draws <= 1:
        exact = _exact_odds(spot)
        if exact is not None:
            return exact
    seed = secrets.randbits(64) if seed is None else seed
    rng = random.Random(seed)
    counts = [0] * (RANK_COUNT + 1)
    for _ in range(DEFAULT_SAMPLES if samples is None else samples):
        counts[_play(spot, rng)[0]] += 1
    return DrawOdds.from_counts(spot, counts, seed)


def _equity_of(spot: Spot, samples: int | None, seed: int | None) -> EquityResult:
    if samples is None and spot.draws <= 1:
        exact = _exact_equity(spot)
        if exact is not None:
            return exact
    seed = secrets.randbits(64) if seed is None else seed
    rng = random.Random(seed)
    count = DEFAULT_SAMPLES if samples is None else samples
    sums = [[0, 0, 0, 0] for _ in spot.holdings]
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


def _hands_of(holding: Holding, stub: Sequence[int], taken: set[int]) -> Iterator[tuple[Hand, float]]:
    """Every hand a player may hold that avoids ``taken``, with its weight: its four cards; a range's hands; or
    every completion of its known cards from the stub (the unknown positions filled in order)."""
    if holding.is_range:
        for index, weight in zip(holding.hands, holding.weights, strict=True):
            hand = list(hand_codes_of(index))
            if not taken.intersection(hand):
                yield hand, weight
        return
    unknown = [i for i, code in enumerate(holding.cards) if code is None]
    for drawn in combinations([code for code in stub if code not in taken], len(unknown)):
        hand = [code if code is not None else 0 for code in holding.cards]
        for i, code in zip(unknown, drawn, strict=True):
            hand[i] = code
        yield hand, 1.0


def _deals(spot: Spot) -> Iterator[tuple[list[Hand], float]]:
    """Every deal of the players' unknown cards (every player's hand, no card in two places), with its weight."""
    stub = spot.stub

    def deal(player: int, taken: set[int], hands: list[Hand], weight: float) -> Iterator[tuple[list[Hand], float]]:
        if player == len(spot.holdings):
            yield hands, weight
            return
        for hand, more in _hands_of(spot.holdings[player], stub, taken):
            yield from deal(player + 1, taken.union(hand), [*hands, hand], weight * more)

    yield from deal(0, set(), [], 1.0)


def _how_many_hands(holding: Holding, stub: Sequence[int]) -> int:
    """An upper bound of how many hands a player may hold."""
    if holding.is_range:
        return len(holding.hands)
    return comb(len(stub), holding.cards.count(None))


def _first_options(spot: Spot, player: int, hand: Hand) -> list[tuple[tuple[int, ...], float]]:
    """What ``player`` holding ``hand`` may throw at the next draw, with probabilities."""
    if spot.draws == 0:
        return [((), 1.0)]
    thrown = spot.first[player]
    if thrown is not None:
        return [(thrown, 1.0)]
    return list(spot.policies[player].options(tuple(hand), spot.draws, spot.opponents))


def _too_big(spot: Spot) -> bool:
    """Whether the hands of the unknown cards alone are more than an exact walk takes."""
    return math.prod(_how_many_hands(holding, spot.stub) for holding in spot.holdings) > REFERENCE_DEALS


def _exact_odds(spot: Spot) -> DrawOdds | None:
    """Every hand of the player and every draw of each option from the stub, weighted equally within the option;
    None with more than REFERENCE_DEALS deals."""
    if _too_big(spot):
        return None
    stub = spot.stub
    probabilities = [0.0] * (RANK_COUNT + 1)
    deals, total = 0, 0.0
    hands = list(_deals(spot))
    for (hand,), weight in hands:
        rest = [code for code in stub if code not in hand]
        for thrown, probability in _first_options(spot, 0, hand):
            kept = [code for code in hand if code not in thrown]
            ways = comb(len(rest), len(thrown))
            deals += ways
            if deals > REFERENCE_DEALS:
                return None
            for drawn in combinations(rest, len(thrown)):
                probabilities[evaluate([*kept, *drawn])] += weight * probability / ways
        total += weight
    return DrawOdds.from_probabilities(spot, [p / total for p in probabilities], deals)


def _exact_equity(spot: Spot) -> EquityResult | None:
    """Walk every deal of the unknown cards, and in each every deal of one draw: each player's draw in turn from
    what the players before it left. None when a first discard is a random choice, the draws need a reshuffle, or
    there are more than REFERENCE_DEALS deals."""
    if _too_big(spot):
        return None
    stub = spot.stub
    chances = [[0.0] * 7 for _ in spot.holdings]
    deals, total = 0, 0.0
    for hands, weight in _deals(spot):
        kept, sizes = [], []
        for player, hand in enumerate(hands):
            options = _first_options(spot, player, hand)
            if len(options) != 1:
                return None
            kept.append([code for code in hand if code not in options[0][0]])
            sizes.append(len(options[0][0]))
        left = [code for code in stub if not any(code in hand for hand in hands)]
        if sum(sizes) > len(left):
            return None
        count = math.prod(comb(len(left) - sum(sizes[:i]), size) for i, size in enumerate(sizes))
        deals += count
        if deals > REFERENCE_DEALS:
            return None
        for row, tally in zip(chances, _tally(_finals(kept, sizes, left), len(sizes)), strict=True):
            for k in range(7):
                row[k] += weight * tally[k] / count
        total += weight
    return EquityResult.from_chances(spot, [[value / total for value in row] for row in chances], deals)


def _finals(kept: list[Hand], sizes: list[int], left: list[int]) -> list[list[int]]:
    """The final ranks of every deal of the draws: each player in turn draws from what the ones before it left."""
    finals: list[list[int]] = []

    def deal(player: int, available: tuple[int, ...], ranks: list[int]) -> None:
        if player == len(sizes):
            finals.append(ranks)
            return
        for drawn in combinations(available, sizes[player]):
            rest = tuple(code for code in available if code not in drawn)
            deal(player + 1, rest, [*ranks, evaluate([*kept[player], *drawn])])

    deal(0, tuple(left), [])
    return finals


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


def _deal_at_random(spot: Spot, rng: random.Random) -> tuple[list[Hand], list[int]]:
    """One trial's hands: each range's hand by weight (all again whenever two meet), then the unknown cards, in
    order, from the stub; and the stub left."""
    stub = list(spot.stub)
    for _ in range(_DEAL_ATTEMPTS):
        hands: list[Hand] = []
        taken: set[int] = set()
        for holding in spot.holdings:
            if holding.is_range:
                (index,) = rng.choices(holding.hands, cum_weights=list(accumulate(holding.weights)))
                hand = list(hand_codes_of(index))
                if taken.intersection(hand):
                    break
                taken.update(hand)
            else:
                hand = [code if code is not None else -1 for code in holding.cards]
            hands.append(hand)
        else:
            left = [code for code in stub if code not in taken]
            for hand in hands:
                for i, code in enumerate(hand):
                    if code < 0:
                        hand[i] = left.pop(rng.randrange(len(left)))
            return hands, left
    raise ValueError("the ranges and the known cards leave (almost) no deal")


def _play(spot: Spot, rng: random.Random) -> list[int]:
    """One trial: the deal, every draw of every player in order, then each final hand's rank number."""
    hands, stub = _deal_at_random(spot, rng)
    muck: list[int] = []
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
