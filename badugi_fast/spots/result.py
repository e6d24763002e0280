"""What ``draw_odds`` and ``equity`` return (from either ``badugi_fast`` or ``badugi_fast.reference``), and how
their counts become probabilities."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from badugi_fast.cards import card_str
from badugi_fast.drawing import rank_bound
from badugi_fast.ranks import RANK_COUNT, WORST_BADUGI, hand_size
from badugi_fast.spots.spot import PAT, Spot

__all__ = ["DrawOdds", "EquityResult", "sampled_share"]


def _text(cards: Sequence[int]) -> str:
    return " ".join(map(card_str, cards))


@dataclass(frozen=True)
class DrawOdds:
    """The distribution of a hand's value after its draws.

    ``hand`` is the hand as given (with ``?`` for unknown cards, or the range). ``probabilities[r]`` is the chance
    the final hand has rank number r (index 0 is unused). ``exact`` says whether it was computed (``deals``: how
    many draw sequences it averages over, over every hand it may be) or sampled (``samples`` trials from ``seed``;
    use ``stderr``).
    """

    hand: str
    discard: str | None
    draws: int
    policy: str
    probabilities: tuple[float, ...] = field(repr=False)
    exact: bool
    deals: int
    samples: int
    seed: int | None

    def probability(self, rank: int) -> float:
        """The chance of ending with rank number ``rank``."""
        return self.probabilities[rank] if 1 <= rank <= RANK_COUNT else 0.0

    @property
    def p_badugi(self) -> float:
        """The chance of ending with a four-card badugi."""
        return math.fsum(self.probabilities[1 : WORST_BADUGI + 1])

    def p_at_or_better(self, bound: int | str) -> float:
        """The chance of ending at or better than ``bound``: a rank number, a top card ("9": a badugi nine-high or
        better), ranks ("9-6-4-2") or a hand (see ``badugi_fast.drawing.rank_bound``)."""
        return math.fsum(self.probabilities[1 : rank_bound(bound) + 1])

    @property
    def p_sizes(self) -> dict[int, float]:
        """The chance of ending with 4, 3, 2 and 1 usable cards."""
        sizes = {4: [0.0], 3: [0.0], 2: [0.0], 1: [0.0]}
        for rank in range(1, RANK_COUNT + 1):
            sizes[hand_size(rank)].append(self.probabilities[rank])
        return {size: math.fsum(values) for size, values in sizes.items()}

    @property
    def expected_rank(self) -> float:
        """The mean final rank number (lower is better)."""
        return math.fsum(rank * p for rank, p in enumerate(self.probabilities))

    def stderr(self, probability: float) -> float:
        """The standard error of a sampled ``probability`` (0 when exact)."""
        if self.exact or not self.samples:
            return 0.0
        return math.sqrt(max(probability * (1 - probability), 0.0) / self.samples)

    @property
    def expected_rank_stderr(self) -> float:
        """The standard error of ``expected_rank`` (0 when exact)."""
        if self.exact or self.samples < 2:
            return 0.0
        mean = self.expected_rank
        variance = math.fsum(p * (rank - mean) ** 2 for rank, p in enumerate(self.probabilities))
        return math.sqrt(variance / (self.samples - 1))

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready summary: the question, the helpers, and the probability of every rank reached."""
        return {
            "hand": self.hand,
            "discard": self.discard,
            "draws": self.draws,
            "policy": self.policy,
            "exact": self.exact,
            "deals": self.deals,
            "samples": self.samples,
            "seed": self.seed,
            "p_badugi": self.p_badugi,
            "p_sizes": {str(size): p for size, p in self.p_sizes.items()},
            "expected_rank": self.expected_rank,
            "expected_rank_stderr": self.expected_rank_stderr,
            "probabilities": {str(rank): p for rank, p in enumerate(self.probabilities) if p},
        }

    @staticmethod
    def from_probabilities(spot: Spot, probabilities: Sequence[float], deals: int) -> DrawOdds:
        """An exact answer."""
        return DrawOdds(*_question(spot), tuple(float(p) for p in probabilities), True, deals, 0, None)

    @staticmethod
    def from_counts(spot: Spot, counts: Sequence[int], seed: int) -> DrawOdds:
        """A sampled answer: ``counts[r]`` trials ended with rank number r."""
        samples = sum(counts)
        probabilities = tuple(count / samples for count in counts)
        return DrawOdds(*_question(spot), probabilities, False, 0, samples, seed)


def _question(spot: Spot) -> tuple[str, str | None, int, str]:
    first = spot.first[0]
    discard = None if first is None else _text(first) or PAT
    return spot.holdings[0].text, discard, spot.draws, spot.policies[0].name


@dataclass(frozen=True)
class EquityResult:
    """Each hand's share of the pot with draws to come (ties split), in the order the hands were given (``hands``:
    as given, with ``?`` for unknown cards, or the range).

    ``win``: the chance of winning alone; ``tie``: of splitting; ``equity``: the expected share. Exact answers
    average over ``deals`` deals (over every deal of the unknown cards and ranges); sampled ones over ``samples``
    trials from ``seed``, with a standard error per hand in ``stderr`` (zeros when exact).
    """

    hands: tuple[str, ...]
    draws: int
    policies: tuple[str, ...]
    equity: tuple[float, ...]
    win: tuple[float, ...]
    tie: tuple[float, ...]
    exact: bool
    deals: int
    samples: int
    stderr: tuple[float, ...]
    seed: int | None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready copy."""
        return {
            "hands": list(self.hands),
            "draws": self.draws,
            "policies": list(self.policies),
            "equity": list(self.equity),
            "win": list(self.win),
            "tie": list(self.tie),
            "exact": self.exact,
            "deals": self.deals,
            "samples": self.samples,
            "stderr": list(self.stderr),
            "seed": self.seed,
        }

    @staticmethod
    def from_chances(spot: Spot, chances: Sequence[Sequence[float | Fraction]], deals: int) -> EquityResult:
        """An exact answer: ``chances[p][0]`` is hand p's chance of winning alone, ``chances[p][k]`` of splitting the
        pot k ways (k = 2..6), over ``deals`` deals."""
        equity, win, tie = [], [], []
        for row in chances:
            equity.append(float(row[0] + sum((row[k] / k for k in range(2, len(row))), Fraction(0))))
            win.append(float(row[0]))
            tie.append(float(sum(row[2:], Fraction(0))))
        zeros = (0.0,) * len(chances)
        return EquityResult(*_players(spot), tuple(equity), tuple(win), tuple(tie), True, deals, 0, zeros, None)

    @staticmethod
    def from_counts(spot: Spot, counts: Sequence[Sequence[int]], deals: int) -> EquityResult:
        """An exact answer from whole counts: ``counts[p][0]`` deals won alone by hand p, ``counts[p][k]`` split k
        ways."""
        return EquityResult.from_chances(spot, [[Fraction(count, deals) for count in row] for row in counts], deals)

    @staticmethod
    def from_showdown(spot: Spot, ranks: Sequence[int]) -> EquityResult:
        """The answer with no draw to come: one deal, the hands as they are (``ranks``: their rank numbers)."""
        best = min(ranks)
        ways = list(ranks).count(best)
        counts = [[0] * 7 for _ in ranks]
        for row, rank in zip(counts, ranks, strict=True):
            if rank == best:
                row[0 if ways == 1 else ways] = 1
        return EquityResult.from_counts(spot, counts, 1)

    @staticmethod
    def from_samples(spot: Spot, sums: Sequence[Sequence[int]], samples: int, seed: int) -> EquityResult:
        """A sampled answer: per hand, the sums of ``sampled_share``."""
        equity, win, tie, stderr = zip(*(sampled_share(row, samples) for row in sums), strict=True)
        return EquityResult(*_players(spot), equity, win, tie, False, 0, samples, stderr, seed)


def sampled_share(sums: Sequence[int], samples: int) -> tuple[float, float, float, float]:
    """A hand's sampled equity, its chances of winning alone and of splitting, and the standard error of the equity,
    from its four ``sums`` over ``samples`` trials: trials won alone, trials split, the sum of its share of the pot
    times 60 and the sum of that squared (every split of 2..6 ways is a whole number of sixtieths)."""
    wins, ties, share, square = sums
    mean = share / 60 / samples
    variance = (square / 3600 - samples * mean * mean) / (samples - 1) if samples > 1 else 0.0
    return mean, wins / samples, ties / samples, math.sqrt(max(variance, 0.0) / samples)


def _players(spot: Spot) -> tuple[tuple[str, ...], int, tuple[str, ...]]:
    texts = tuple(holding.text for holding in spot.holdings)
    return texts, spot.draws, tuple(policy.name for policy in spot.policies)
