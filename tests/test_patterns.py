"""``patterns.pattern`` behaves as the compiled pattern it stands for, and compiles it only when first used."""

from __future__ import annotations

import copy
import pickle
import re

import pytest

from badugi_fast.formats import common, lines
from badugi_fast.patterns import pattern

TEXTS = ["Seat 3: Ann (1,500 in chips)", "seat 10: x", "", "Seat 1: a\nSeat 2: b"]


@pytest.mark.parametrize(("text", "flags"), [(r"Seat (\d+): (\S+)", 0), (r"seat (?P<n>\d+)", re.IGNORECASE)])
def test_a_pattern_answers_as_the_compiled_one(text: str, flags: int) -> None:
    lazy, compiled = pattern(text, flags), re.compile(text, flags)
    assert (lazy.pattern, lazy.flags, lazy.groups, lazy.groupindex) == (
        compiled.pattern,
        compiled.flags,
        compiled.groups,
        compiled.groupindex,
    )
    for line in TEXTS:
        assert [found.groups() for found in lazy.finditer(line)] == [
            found.groups() for found in compiled.finditer(line)
        ]
        assert _span(lazy.match(line)) == _span(compiled.match(line))
        assert _span(lazy.fullmatch(line)) == _span(compiled.fullmatch(line))
        assert lazy.sub("#", line) == compiled.sub("#", line)
        assert lazy.split(line) == compiled.split(line)


def _span(found: re.Match[str] | None) -> tuple[int, int] | None:
    return None if found is None else found.span()


def test_it_is_compiled_on_first_use_only() -> None:
    seat = pattern(r"Seat (\d+)")
    assert "match" not in vars(seat)  # not compiled yet
    assert seat.search("x Seat 4") is not None
    assert vars(seat)["match"].__self__ is re.compile(r"Seat (\d+)")  # the compiled pattern's own method, once
    with pytest.raises(AttributeError):
        getattr(seat, "no_such_attribute")  # noqa: B009  # what a compiled pattern lacks, it lacks too


def test_copies_and_pickles_answer_the_same() -> None:
    unused, used = pattern(r"Seat (\d+)"), pattern(r"Seat (\d+)")
    assert used.match("Seat 1") is not None
    for seat in (unused, used):
        for other in (copy.copy(seat), copy.deepcopy(seat), pickle.loads(pickle.dumps(seat))):
            assert _span(other.match("Seat 12 x")) == (0, 7)


def test_the_readers_patterns_work_as_before() -> None:
    assert common.hand_id_of("PokerStars Hand #123: x") == "123"
    assert common.stakes_in("($0.25/$0.50 USD)") == ((25, 50), "$", "USD")
    seat = lines._SEAT.match("Seat 3: Ann (1,500 in chips)")  # noqa: SLF001  # a reader's own pattern
    assert seat is not None
    assert seat.groups()[:3] == ("3", "Ann", "1,500")
