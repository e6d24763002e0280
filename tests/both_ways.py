"""A run's records both ways, for the tests that hold the C fast path to its Python original: by Python alone
(``read.hands_of`` and ``score``), and by ``read.results`` (C first, Python for the hands whose C record says "not
mine"), with how many hands C answered itself. Every hand is decided once, by C: Python reads exactly the hands C
hands over, and refuses none that C answered (``read._c_result`` is watched for it)."""

from __future__ import annotations

from typing import Any

import pytest

from badugi_fast.history import read
from badugi_fast.history.cut import Run
from badugi_fast.history.score import score

Records = list[dict[str, Any]]


def both_ways(run: Run, monkeypatch: pytest.MonkeyPatch) -> tuple[Records, Records, int]:
    """The records of ``run`` by Python alone and by ``read.results``, and how many hands C answered for."""
    python = [score(hand).as_dict() for hand in read.hands_of(run)]
    by_python = []
    refused = []
    real = read.parse_one
    real_result = read._c_result  # noqa: SLF001 -- the one place a C record is accepted or refused, watched here

    def reading(*args: Any) -> Any:
        by_python.append(1)
        return real(*args)

    def deciding(data: bytes, record: Any, *args: Any) -> Any:
        from badugi_fast._native import HH_FALLBACK  # called only where the C extension is

        result = real_result(data, record, *args)
        if result is None and record.status != HH_FALLBACK:
            refused.append(data[record.id_start : record.id_end])
        return result

    with monkeypatch.context() as patch:
        patch.setattr(read, "parse_one", reading)
        patch.setattr(read, "_c_result", deciding)
        fast = [result.as_dict() for result in read.results(run)]
    assert refused == [], "Python refused hands that C answered"
    return python, fast, len(fast) - len(by_python)
