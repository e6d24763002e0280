"""Fixtures shared by the tests: every hand and its reference rank (computed once per session), two user drawing
policies, the real hand histories of ../shared, which a clone does not have (skipped then) but CI does (absent
there, they fail), and Debian's chromium for the tests that open pages in a browser (the same: skipped, or failed in
CI)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

from badugi_fast import reference
from badugi_fast.drawing import DrawingPolicy, FunctionPolicy, Option
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


def throw_high(hand: tuple[int, int, int, int], draws_left: int) -> list[int]:
    """A user policy written as a plain function: throw every card eight or higher."""
    return [code for code in hand if code >> 2 >= 7]


@dataclass(frozen=True)
class KeepLowest(DrawingPolicy):
    """A user policy written as a class, randomized: keep the lowest two cards, except that at the last draw it
    keeps the lowest three one time in four (frozen, so equal instances share one compiled table)."""

    @property
    def name(self) -> str:
        return "keep-lowest"

    def options(self, hand: Sequence[int], draws_left: int, opponents: int = 1) -> tuple[Option, ...]:
        ordered = sorted(hand)
        if draws_left > 1:
            return ((tuple(ordered[2:]), 1.0),)
        return ((tuple(ordered[2:]), 0.75), (tuple(ordered[3:]), 0.25))


@pytest.fixture(scope="session")
def user_policies() -> tuple[DrawingPolicy, DrawingPolicy]:
    """Two user policies (a function and a randomized class), for the drawing and odds tests."""
    return FunctionPolicy(throw_high), KeepLowest()


@pytest.fixture(scope="session")
def chromium() -> str:
    """Debian's chromium (run headless by the browser tests). Absent, the test is skipped; failed when ``CI`` is set
    (``.ci/run`` installs it)."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        reason = "no chromium on PATH (Debian: apt-get install chromium)"
        if os.environ.get("CI"):
            pytest.fail(f"{reason}, and CI is set: .ci/run installs it", pytrace=False)
        pytest.skip(reason)
    return found
