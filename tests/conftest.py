"""Fixtures shared by the evaluator tests: every hand, and its reference rank (computed once per session)."""

from __future__ import annotations

from pathlib import Path

import pytest

from badugi_fast import reference
from badugi_fast.perfect_hash import all_hands

SHARED = Path(__file__).resolve().parents[1].parent / "shared"


@pytest.fixture(scope="session")
def every_hand() -> list[tuple[int, int, int, int]]:
    """All 270,725 hands as ascending codes, in perfect-hash index order."""
    return list(all_hands())


@pytest.fixture(scope="session")
def reference_ranks(every_hand: list[tuple[int, int, int, int]]) -> list[int]:
    """The reference rank number of every hand, in index order (the slow part: a few seconds)."""
    return [reference.evaluate(hand) for hand in every_hand]
