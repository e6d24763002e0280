"""pytest-benchmark timings of hand-history scoring on the shipped PokerStars samples: the C fast path against the
Python reader (no timing assertions: run with --benchmark-enable; scripts/bench_histories.py measures at scale)."""

from __future__ import annotations

import gzip
from collections.abc import Callable

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from badugi_fast.history import read
from badugi_fast.history.cut import Run
from badugi_fast.history.record import Result
from badugi_fast.history.score import score
from badugi_fast.history.sites import headers_in
from badugi_fast.history.sources import SAMPLES, decode

TEXT = "\n\n".join(
    decode(gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes())
    for path in sorted(SAMPLES.glob("pokerstars-*"))
)
RUN = Run("samples", "PokerStars", 0, 0, tuple(headers_in(TEXT.encode(), 0, len(TEXT.encode())).lines), TEXT.encode())


def python_path(run: Run) -> list[Result]:
    return [score(hand) for hand in read.hands_of(run)]


def fast_path(run: Run) -> list[Result]:
    return list(read.results(run))


PATHS = [
    pytest.param(python_path, id="python"),
    pytest.param(fast_path, id="c", marks=pytest.mark.skipif(not read.C_READER, reason="the C extension is not built")),
]


@pytest.mark.parametrize("path", PATHS)
def test_bench_score_stars_samples(benchmark: BenchmarkFixture, path: Callable[[Run], list[Result]]) -> None:
    results = benchmark(path, RUN)
    assert len(results) >= 50
    assert {result.status for result in results} >= {"verified", "no_showdown"}
