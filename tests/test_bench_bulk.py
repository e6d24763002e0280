"""pytest-benchmark timings of the bulk paths and of their floor (no timing assertions: --benchmark-enable)."""

from __future__ import annotations

import numpy as np
import pytest
from numpy.typing import NDArray
from pytest_benchmark.fixture import BenchmarkFixture

import badugi_fast
from badugi_fast.cards import card_str
from badugi_fast.perfect_hash import HAND_COUNT, all_hands

COUNT = 100_000


@pytest.fixture(scope="module")
def codes() -> NDArray[np.uint8]:
    rng = np.random.default_rng(11)
    return np.argsort(rng.random((COUNT, 52)), axis=1)[:, :4].astype(np.uint8)


@pytest.mark.parametrize("threads", [1, 2])
def test_bench_evaluate_many_codes(benchmark: BenchmarkFixture, codes: NDArray[np.uint8], threads: int) -> None:
    ranks = benchmark(badugi_fast.evaluate_many, codes, threads=threads)
    assert len(ranks) == COUNT
    assert ranks.min() >= 1


@pytest.mark.parametrize("threads", [1, 2])
def test_bench_evaluate_many_text(benchmark: BenchmarkFixture, codes: NDArray[np.uint8], threads: int) -> None:
    texts = ["".join(card_str(code) for code in row) for row in codes.tolist()]
    ranks = benchmark(badugi_fast.evaluate_many, texts, threads=threads)
    assert np.array_equal(ranks, badugi_fast.evaluate_many(codes))


def test_bench_showdown_many(benchmark: BenchmarkFixture, codes: NDArray[np.uint8]) -> None:
    deals = codes.reshape(COUNT // 4, 4, 4)
    winners = benchmark(badugi_fast.showdown_many, deals)
    assert winners.any(axis=1).all()


@pytest.mark.parametrize("check_duplicates", [False, True])
def test_bench_showdown_many_six_seats(benchmark: BenchmarkFixture, check_duplicates: bool) -> None:
    """Six-seat deals from shuffled decks, with and without the check that no card is dealt twice."""
    rng = np.random.default_rng(13)
    deals = np.argsort(rng.random((COUNT // 6, 52)), axis=1)[:, :24].reshape(-1, 6, 4).astype(np.uint8)
    winners = benchmark(badugi_fast.showdown_many, deals, check_duplicates=check_duplicates)
    assert winners.any(axis=1).all()


def test_bench_floor_numpy_take(benchmark: BenchmarkFixture, codes: NDArray[np.uint8]) -> None:
    """What reading the table at precomputed indices costs numpy: the floor evaluate_many is compared with."""
    table = badugi_fast.evaluate_many(np.array(list(all_hands()), dtype=np.uint8))  # rank by perfect-hash index
    indices = np.random.default_rng(5).integers(0, HAND_COUNT, COUNT)
    assert len(benchmark(table.take, indices)) == COUNT
