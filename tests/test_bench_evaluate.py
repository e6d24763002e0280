"""pytest-benchmark timings of single-hand evaluation (no timing assertions: run with --benchmark-enable)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

import badugi_fast
from badugi_fast import reference
from badugi_fast.cards import Hand

EVALUATORS = [pytest.param(badugi_fast.evaluate, id="fast"), pytest.param(reference.evaluate, id="reference")]
HANDS: list[Hand] = [pytest.param("As2h3d4c", id="text"), pytest.param([3, 6, 9, 12], id="codes")]  # type: ignore[list-item]


@pytest.mark.parametrize("evaluate", EVALUATORS)
@pytest.mark.parametrize("hand", HANDS)
def test_bench_evaluate(benchmark: BenchmarkFixture, evaluate: Callable[[Hand], int], hand: Hand) -> None:
    assert benchmark(evaluate, hand) == 1
