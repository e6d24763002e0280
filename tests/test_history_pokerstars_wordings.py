"""The PokerStars wordings are defined once (``history.pokerstars.wordings``) and every reader follows them: the
Python reader reads each one back without the writer's help, and the C fast path spells each one it reads, so
that changing a wording fails here until ``csrc/stars.c`` follows."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from badugi_fast.formats.builder import Builder
from badugi_fast.formats.lines import marker, player_action, split_all_in, summary_line
from badugi_fast.formats.model import Hand
from badugi_fast.formats.pokerstars import reader, wordings
from badugi_fast.game import LIMITS
from badugi_fast.history.score import agrees, site_values
from badugi_fast.ranks import rank_values

#: The C PokerStars reader: csrc/stars.c and the span helpers it shares with csrc/phh_write.c.
STARS_C = [Path(__file__).resolve().parents[1] / "csrc" / name for name in ("stars.c", "spans.h")]

#: Every wording csrc/stars.c looks for (the others are only written, or read by Python alone).
READ_IN_C = {
    "HEADER_PREFIX": wordings.HEADER_PREFIX,
    **{f"HAND_NUMBERS[{k}]": words for k, words in enumerate(wordings.HAND_NUMBERS)},
    "MARKER": wordings.MARKER,
    **{f"DRAWS[{k}]": words for k, words in enumerate(wordings.DRAWS)},
    "SHOW_DOWN": wordings.SHOW_DOWN,
    "SUMMARY": wordings.SUMMARY,
    "SEAT": wordings.SEAT,
    "IN_CHIPS": wordings.IN_CHIPS,
    "IS_THE_BUTTON": wordings.IS_THE_BUTTON,
    "POSTS": wordings.POSTS,
    'BLINDS["big"]': wordings.BLINDS["big"],
    "FOLDS": wordings.FOLDS,
    "CALLS": wordings.CALLS,
    "BETS": wordings.BETS,
    "RAISES": wordings.RAISES,
    "ALL_IN": wordings.ALL_IN,
    "DISCARDS": wordings.DISCARDS,
    "STANDS": wordings.STANDS,
    "SHOWS": wordings.SHOWS,
    "MUCKS": wordings.MUCKS,
    "DEALT_TO": wordings.DEALT_TO,
    "UNCALLED": wordings.UNCALLED,
    "RETURNED_TO": wordings.RETURNED_TO,
    "COLLECTED": wordings.COLLECTED,
    "TOTAL_POT": wordings.TOTAL_POT,
    "FEES": wordings.FEES,
    "RAKE": wordings.RAKE,
    "SHOWED": wordings.SHOWED,
    "MUCKED": wordings.MUCKED,
    "WITH_A": wordings.WITH_A,
}


@pytest.mark.parametrize(("name", "words"), READ_IN_C.items(), ids=list(READ_IN_C))
def test_the_c_reader_spells_each_wording_it_reads(name: str, words: str) -> None:
    text = "".join(path.read_text(encoding="utf-8") for path in STARS_C)
    literals = set(re.findall(r'"((?:[^"\\]|\\.)*)"', text))
    assert words in literals, f"csrc/stars.c has no string {words!r} (wordings.{name}): does it read the old one?"


def test_markers_are_read_back() -> None:
    for words in (wordings.DEALING, *wordings.DRAWS, wordings.SHOW_DOWN, wordings.SUMMARY):
        assert marker(wordings.marker_line(words)) == words


def test_the_header_is_recognised_with_each_hand_number_and_betting_structure() -> None:
    assert set(wordings.LIMITS) == set(LIMITS)
    for number in wordings.HAND_NUMBERS:
        assert reader.FORMAT.is_header(f"{wordings.HEADER_PREFIX}{number}12:  {wordings.GAME} Limit ($1/$2 USD) - x")
    for limit, words in wordings.LIMITS.items():
        assert reader.game_of(f"{wordings.GAME} {words} ($0.10/$0.25 USD)") == ("Badugi", True, limit, False, 2)


def test_actions_are_read_back() -> None:
    build = Builder(Hand("x"))
    build.seat(1, "Al", 1000)
    build.seat(2, "Bo", 1000)
    big = f"{wordings.POSTS} {wordings.BLINDS['big']} $0.25"
    player_action(build, "Al", f"{wordings.POSTS} {wordings.BLINDS['small']} $0.10")
    player_action(build, "Bo", big)
    player_action(build, "Al", f"{wordings.RAISES} $0.40{wordings.TO}$0.50")
    player_action(build, "Bo", f"{wordings.CALLS} $0.25{wordings.ALL_IN}")
    assert build.big_blind == 25
    assert [(a.kind, a.amount, a.to, a.all_in) for a in build.hand.actions] == [
        ("post", 10, None, False),
        ("post", 25, None, False),
        ("raise", 0, 50, False),  # "raises $0.40 to $0.50": the total, which the replay turns into chips
        ("call", 25, None, True),
    ]
    assert split_all_in(f"$3{wordings.ALL_IN}") == ("$3", True)


@pytest.mark.parametrize("count", range(1, 11))
def test_the_pots_of_a_summary_are_read_back(count: int) -> None:
    names = wordings.pot_names(count)
    pots = "".join(f" {name.capitalize()} ${number}." for number, name in enumerate(names, 1)) if count > 1 else ""
    build = Builder(Hand("x"))
    summary_line(build, f"{wordings.TOTAL_POT}$99{pots}{wordings.FEES}{wordings.RAKE}$2")
    assert (build.hand.total_pot, build.hand.rake) == (9900, 200)
    assert build.hand.pots == ([100 * number for number in range(1, count + 1)] if count > 1 else None)


def test_every_hand_description_is_read_back_as_its_own_ranks() -> None:
    for rank in range(1, 1093):
        words = wordings.description(rank)
        assert site_values(words) == rank_values(rank), words
        assert agrees(words, rank)
    assert not agrees(wordings.description(1), 2)
