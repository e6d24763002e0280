"""pytest-benchmark timings of hand-history scoring on the shipped PokerStars samples: the C fast path against the
Python reader (no timing assertions: run with --benchmark-enable; scripts/bench_histories.py measures at scale)."""

from __future__ import annotations

import gzip
from collections.abc import Callable

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from badugi_fast.history import fast_stars
from badugi_fast.history.command import SAMPLES
from badugi_fast.history.detect import decode, parse_hands
from badugi_fast.history.pokerstars import reader
from badugi_fast.history.score import Result, score

TEXT = "\n\n".join(
    decode(gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes())
    for path in sorted(SAMPLES.glob("pokerstars-*"))
)


def python_path(text: str) -> list[Result]:
    return [score(hand) for hand in parse_hands(reader, text, "samples")]


def fast_path(text: str) -> list[Result]:
    return list(fast_stars.stars_results(text, "samples"))


PATHS = [
    pytest.param(python_path, id="python"),
    pytest.param(
        fast_path, id="c", marks=pytest.mark.skipif(not fast_stars.AVAILABLE, reason="the C extension is not built")
    ),
]


@pytest.mark.parametrize("path", PATHS)
def test_bench_score_stars_samples(benchmark: BenchmarkFixture, path: Callable[[str], list[Result]]) -> None:
    results = benchmark(path, TEXT)
    assert len(results) >= 50
    assert {result.status for result in results} >= {"verified", "no_showdown"}
