"""Fixtures shared by the tests: every hand and its reference rank (computed once per session), and the real hand
histories of ../shared, which a clone does not have (skipped then) but CI does (absent there, they fail)."""

from __future__ import annotations

import os
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


@pytest.fixture(scope="session")
def shared_histories() -> Path:
    """``../shared/hand-histories``. Absent, the test is skipped; but when the environment variable ``CI`` is set
    (``.ci/run`` sets it) it fails instead, so that CI, which has the folder, never passes by skipping."""
    folder = SHARED / "hand-histories"
    if not folder.is_dir():
        reason = f"the shared hand histories are absent: no folder {folder}"
        if os.environ.get("CI"):
            pytest.fail(f"{reason}, and CI is set: CI must have them", pytrace=False)
        pytest.skip(f"{reason} (it is not part of a clone)")
    return folder
