"""pytest-benchmark timings of draw_odds and equity (no timing assertions: run with --benchmark-enable;
scripts/bench_odds.py measures them side by side with poker-equity)."""

from __future__ import annotations

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

import badugi_fast
from badugi_fast.evaluator import BACKEND

pytestmark = pytest.mark.skipif(BACKEND != "c", reason="the odds loops need the C extension")

#: A two-card draw against a three-card draw: 10,860,080 deals, counted exactly.
HEADS_UP = ["As 2h Kc Kd", "3c Qh Js Jc"]
DISCARDS = ["Kc Kd", "Qh Js Jc"]


def test_bench_exact_heads_up_equity(benchmark: BenchmarkFixture) -> None:
    result = benchmark(badugi_fast.equity, HEADS_UP, discards=DISCARDS, threads=1)
    assert result.deals == 10_860_080


def test_bench_sampled_three_draw_equity(benchmark: BenchmarkFixture) -> None:
    result = benchmark(badugi_fast.equity, HEADS_UP, discards=DISCARDS, draws=3, samples=100_000, seed=1, threads=1)
    assert result.samples == 100_000


@pytest.mark.parametrize("samples", [None, 1 << 18], ids=["exact", "sampled"])
def test_bench_three_draw_odds(benchmark: BenchmarkFixture, samples: int | None) -> None:
    odds = benchmark(badugi_fast.draw_odds, "As 2h Qd Qc", draws=3, samples=samples, seed=1, threads=1)
    assert odds.exact == (samples is None)


def test_bench_exact_advice_every_discard(benchmark: BenchmarkFixture) -> None:
    advice = benchmark(badugi_fast.best_discard, "As 2h 9d Kd", ["3c 4d Ts Jh"], against_discards=["Ts Jh"], threads=1)
    assert advice.exact


def test_bench_advice_against_random(benchmark: BenchmarkFixture) -> None:
    advice = benchmark(badugi_fast.best_discard, "As 2h 9d Kd", ["random"], seed=1, threads=1)
    assert max(option.stderr for option in advice.options) < 0.001
