"""badugi-fast and its peers on the same random hands: each evaluator's answers are checked against badugi_fast
on every hand it is given, and only an evaluator that agrees is timed.

Peers (pokerkit, poker-equity) are measured when installed and listed as skipped, with the reason, when not.
Their answers are not rank numbers, so for them the order is checked: equal values exactly for equal ranks, and
sorted by our rank their values strictly rising or strictly falling.
"""

from __future__ import annotations

import importlib
import importlib.util
import itertools
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import comb
from typing import Any

import numpy as np
from numpy.typing import NDArray

import badugi_fast
from badugi_fast import reference
from badugi_fast.cards import card_str
from badugi_fast.perfect_hash import all_hands

__all__ = [
    "Evaluator",
    "Hands",
    "Row",
    "available_evaluators",
    "disagreement",
    "measure_evaluators",
    "missing_reason",
    "seconds_per",
]

#: One timed run over the hands, returning one answer per hand.
Work = Callable[[], Any]

PER_HAND = "per hand"
BATCH = "batch"


@dataclass(frozen=True)
class Hands:
    """The benchmark's hands in each form the evaluators take, with badugi_fast's rank of each."""

    codes: NDArray[np.uint8]  # (N, 4) card codes
    texts: list[str]  # "As2h3d4c"
    code_lists: list[list[int]]
    ranks: NDArray[np.uint16]

    @classmethod
    def random(cls, count: int, seed: int) -> Hands:
        """``count`` uniformly random hands, the same ones for a given seed."""
        rng = np.random.default_rng(seed)
        codes = np.argsort(rng.random((count, 52)), axis=1)[:, :4].astype(np.uint8)
        texts = ["".join(card_str(code) for code in row) for row in codes.tolist()]
        return cls(codes, texts, codes.tolist(), badugi_fast.evaluate_many(codes, threads=1))

    def first(self, count: int) -> Hands:
        """The first ``count`` hands."""
        return Hands(self.codes[:count], self.texts[:count], self.code_lists[:count], self.ranks[:count])


@dataclass(frozen=True)
class Evaluator:
    """One way of evaluating hands: ``prepare(hands)`` does the set-up that is not timed and returns the work that
    is. ``slow`` ones (pure Python) get the first hands only; ``order_only`` ones give values that are not our rank
    numbers, so only their order is checked."""

    group: str  # PER_HAND or BATCH
    name: str
    prepare: Callable[[Hands], Work]
    slow: bool = False
    order_only: bool = False


@dataclass
class Row:
    """One evaluator's figures: the median of the timed runs."""

    group: str
    name: str
    hands: int
    ns_per_hand: float
    hands_per_second: float
    ratio: float = 1.0  # ns per hand / ns per hand of the group's first row (badugi_fast)


def seconds_per(work: Work, repeat: int) -> float:
    """The median wall time of ``repeat`` runs of ``work``."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def disagreement(evaluator: Evaluator, hands: Hands, answers: Sequence[Any]) -> str | None:
    """Why ``answers`` are not badugi_fast's for these hands, or None when they agree on every hand."""
    if len(answers) != len(hands.ranks):
        return f"{len(answers)} answers for {len(hands.ranks)} hands"
    if evaluator.order_only:
        return _order_disagreement(hands, answers)
    wrong = np.flatnonzero(np.asarray(answers) != hands.ranks)
    if wrong.size:
        first = int(wrong[0])
        return (
            f"{wrong.size} of {len(hands.ranks)} hands differ, the first {hands.texts[first]}: "
            f"{answers[first]!r} where badugi_fast says {hands.ranks[first]}"
        )
    return None


def _order_disagreement(hands: Hands, answers: Sequence[Any]) -> str | None:
    """Equal values exactly for equal rank numbers, and the values of rising ranks all rising or all falling."""
    value_of_rank: dict[int, Any] = {}
    for text, rank, value in zip(hands.texts, hands.ranks.tolist(), answers, strict=True):
        if value_of_rank.setdefault(rank, value) != value:
            return f"two hands of rank {rank} get different values ({value_of_rank[rank]!r}, {value!r} for {text})"
    values = [value_of_rank[rank] for rank in sorted(value_of_rank)]
    if all(a < b for a, b in itertools.pairwise(values)) or all(a > b for a, b in itertools.pairwise(values)):
        return None
    return "the values do not order the hands as badugi_fast's rank numbers do"


def measure_evaluators(
    evaluators: Sequence[Evaluator],
    hands: Hands,
    slow_hands: int,
    repeat: int,
    progress: Callable[[str], None] = lambda message: None,
) -> tuple[list[Row], dict[str, str]]:
    """Check every evaluator, then time the ones that agree: (rows, {refused evaluator: why})."""
    rows: list[Row] = []
    refused: dict[str, str] = {}
    for evaluator in evaluators:
        progress(evaluator.name)
        given = hands.first(slow_hands) if evaluator.slow else hands
        work = evaluator.prepare(given)
        reason = disagreement(evaluator, given, work())  # the check is also the warm-up run
        if reason is not None:
            refused[evaluator.name] = reason
            continue
        count = len(given.ranks)
        seconds = seconds_per(work, repeat)
        rows.append(Row(evaluator.group, evaluator.name, count, seconds / count * 1e9, count / seconds))
    for group in (PER_HAND, BATCH):
        in_group = [row for row in rows if row.group == group]
        for row in in_group:
            row.ratio = row.ns_per_hand / in_group[0].ns_per_hand
    return rows, refused


def _per_hand(
    name: str, function: Callable[[Any], Any], form: Callable[[Hands], Sequence[Any]], **options: bool
) -> Evaluator:
    """``function`` called once per hand on ``form(hands)`` (texts or code lists), the loop included."""

    def prepare(hands: Hands) -> Work:
        inputs = form(hands)
        return lambda: [function(hand) for hand in inputs]

    return Evaluator(PER_HAND, name, prepare, **options)


def _texts(hands: Hands) -> list[str]:
    return hands.texts


def _code_lists(hands: Hands) -> list[list[int]]:
    return hands.code_lists


def _pokerkit_cards(hands: Hands) -> list[tuple[Any, ...]]:
    """Each hand as a tuple of pokerkit cards, the form pokerkit's game states pass to ``from_game``."""
    import pokerkit

    return [tuple(pokerkit.Card.parse(text)) for text in hands.texts]


def _floor(hands: Hands) -> Work:
    """What numpy needs to read the rank table at precomputed indices: no parsing, hashing or checking."""
    table = badugi_fast.evaluate_many(np.array(list(all_hands()), dtype=np.uint8), threads=1)  # in index order
    ascending = np.sort(hands.codes, axis=1).astype(np.int64)
    binomials = [np.array([comb(n, k) for n in range(52)], dtype=np.int64) for k in range(5)]
    indices = sum(binomials[k + 1][ascending[:, k]] for k in range(4))
    return lambda: table.take(indices)


def missing_reason(module: str) -> str | None:
    """Why a peer cannot be measured here, or None when it can."""
    if module == "pokerkit" and sys.version_info < (3, 11):
        return "pokerkit needs Python 3.11+"
    if importlib.util.find_spec(module) is None:
        return 'not installed (pip install "badugi-fast[bench]")'
    return None


def available_evaluators(cores: int) -> tuple[list[Evaluator], dict[str, str]]:
    """Every evaluator this installation can run, badugi_fast's first in each group; and the skipped ones, with the
    reason."""
    skipped: dict[str, str] = {}
    per_hand = [
        _per_hand("badugi_fast.evaluate(text)", badugi_fast.evaluate, _texts),
        _per_hand("badugi_fast.evaluate(codes list)", badugi_fast.evaluate, _code_lists),
        _per_hand("badugi_fast.reference.evaluate(text)", reference.evaluate, _texts, slow=True),
    ]
    pokerkit_rows = [
        (f"{module} BadugiHand.from_game({kind})", module, form)
        for kind, form in (("text", _texts), ("pokerkit cards", _pokerkit_cards))
        for module in ("pokerkit", "badugi_fast.pokerkit")
    ]
    reason = missing_reason("pokerkit")
    for name, module, form in pokerkit_rows:
        if reason is None:
            from_game = importlib.import_module(module).BadugiHand.from_game
            per_hand.append(_per_hand(name, from_game, form, slow=True, order_only=True))
        else:
            skipped[name] = reason
    batch = [
        Evaluator(BATCH, f"badugi_fast.evaluate_many({kind}, threads={threads})", prepare)
        for kind, form in (("uint8", "codes"), ("text", "texts"))
        for threads in sorted({1, cores})
        for prepare in [_batch_of(form, threads)]
    ]
    name = "poker-equity score_batch('badugi', text)"
    reason = missing_reason("poker_equity")
    if reason is None:
        score_batch = importlib.import_module("poker_equity").score_batch
        batch.append(Evaluator(BATCH, name, lambda hands: lambda: score_batch("badugi", hands.texts), order_only=True))
    else:
        skipped[name] = reason
    batch.append(Evaluator(BATCH, "floor: numpy take(table, int64 indices)", _floor))
    return per_hand + batch, skipped


def _batch_of(form: str, threads: int) -> Callable[[Hands], Work]:
    """evaluate_many on the hands' ``form`` attribute (codes or texts) with ``threads`` threads."""

    def prepare(hands: Hands) -> Work:
        batch = getattr(hands, form)
        return lambda: badugi_fast.evaluate_many(batch, threads=threads)

    return prepare
