"""pytest-benchmark timings of PHH's TOML: the standard library's ``tomllib`` against ``toml_reader`` on the same
simulated hands (no timing assertions: run with --benchmark-enable; scripts/bench_phh.py measures at scale, with
``badugi score`` beside PokerStars text)."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable
from decimal import Decimal
from typing import Any

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from badugi_fast.formats import phh
from badugi_fast.formats.phh.toml_reader import loads
from badugi_fast.game import TableRules
from badugi_fast.game.played import hands_of as recorded_hands
from badugi_fast.game.simulate import simulate

if sys.version_info >= (3, 11):
    import tomllib
else:  # the backport, a dependency on 3.10
    import tomli as tomllib


def standard(text: str) -> dict[str, Any]:
    return tomllib.loads(text, parse_float=Decimal)


def _hands() -> list[str]:
    """200 simulated hands of six players, one TOML table each, as the PHH reader reads them."""
    out = io.StringIO()
    list(phh.write(recorded_hands(simulate(200, 6, TableRules(10, 20), seed=1)), out))
    return ["[" + table for table in ("\n" + out.getvalue()).split("\n[")[1:]]


HANDS = _hands()


@pytest.mark.parametrize("read", [pytest.param(standard, id="tomllib"), pytest.param(loads, id="toml_reader")])
def test_bench_phh_toml(benchmark: BenchmarkFixture, read: Callable[[str], Any]) -> None:
    documents = benchmark(lambda: [read(hand) for hand in HANDS])
    assert len(documents) == 200
    assert documents == [standard(hand) for hand in HANDS]
