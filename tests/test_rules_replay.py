"""``verified`` means played by the rules and paid right: every forgery of a hand that cannot have happened, in
PokerStars text (read by the C reader and the Python one, which must agree) and in PHH, is refused with the line
and the rule; honest hands of every kind still verify. The hypothesis test plays random legal hands through the
engine, breaks one rule in the written text, and holds both readers to refusing it."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from badugi_fast.cli import main
from badugi_fast.formats import phh
from badugi_fast.game import TableRules, simulate, write_histories
from badugi_fast.game.played import hands_of as recorded_hands
from badugi_fast.history import read, score_file
from badugi_fast.history.cut import Run
from badugi_fast.history.score import score
from badugi_fast.history.sites import headers_in

WIKIPEDIA = (Path(__file__).parent / "data" / "wikipedia-badugi.phh").read_text()

#: A legal fixed-limit hand: three players, the hero's draws shown, a showdown.
HONEST = """PokerStars Game #900:  Badugi Limit ($0.25/$0.50 USD) - 2026/11/29 12:00:00 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: Hero ($10 in chips)
Seat 2: Ann ($10 in chips)
Seat 3: Bob ($10 in chips)
Ann: posts small blind $0.10
Bob: posts big blind $0.25
*** DEALING HANDS ***
Dealt to Hero [As 2d 3h Kh]
Hero: raises $0.25 to $0.50
Ann: calls $0.40
Bob: calls $0.25
*** FIRST DRAW ***
Ann: discards 1 card
Bob: discards 2 cards
Hero: discards 1 card [Kh]
Dealt to Hero [As 2d 3h] [4c]
Ann: checks
Bob: bets $0.25
Hero: calls $0.25
Ann: folds
*** SECOND DRAW ***
Bob: stands pat
Hero: stands pat on [As 2d 3h 4c]
Bob: checks
Hero: bets $0.50
Bob: calls $0.50
*** THIRD DRAW ***
Bob: stands pat
Hero: stands pat on [As 2d 3h 4c]
Bob: checks
Hero: checks
*** SHOW DOWN ***
Bob: shows [5s 6h 7d 8c] (Badugi: 8,7,6,5)
Hero: shows [As 2d 3h 4c] (Badugi: 4,3,2,A)
Hero collected $3 from pot
*** SUMMARY ***
Total pot $3 | Rake $0
Seat 1: Hero (button) showed [As 2d 3h 4c] and won ($3) with a Badugi: 4,3,2,A
Seat 2: Ann (small blind) folded after the Draw
Seat 3: Bob (big blind) showed [5s 6h 7d 8c] and lost with a Badugi: 8,7,6,5
"""


def records(text: str) -> tuple[list[dict[str, object]], list[dict[str, object]]]:
    """The records of ``text`` by the C reader (where it vouches) and by the Python reader alone."""
    data = text.encode()
    run = Run("f", "PokerStars", 0, 0, tuple(headers_in(data, 0, len(data)).lines), data)
    return [r.as_dict() for r in read.results(run)], [score(hand).as_dict() for hand in read.hands_of(run)]


def line_of(text: str, piece: str) -> int:
    """The 1-based line of ``text`` where ``piece`` is first written."""
    return text[: text.index(piece)].count("\n") + 1


def test_the_honest_hand_verifies_on_both_readers() -> None:
    fast, python = records(HONEST)
    assert fast == python
    assert fast[0]["status"] == "verified"


#: (what is changed, into what, the rule the reason must name, the line of the change that breaks it)
FORGERIES = [
    ("Bob: shows [5s 6h", "Bob: shows [As 6h", "As is in the hands of Hero and Bob", "Bob: shows"),
    ("Bob: shows [5s 6h", "Bob: shows [5s 5s", "a Badugi hand is four cards", "Bob: shows"),
    ("Hero: shows [As 2d 3h 4c]", "Hero: shows [As 2d 3h 9c]", "not the cards they hold", "Hero: shows"),
    ("Bob: shows [5s 6h 7d 8c]", "Bob: shows [5s 6h 7d 8c 9s]", "a Badugi hand is four cards", "Bob: shows"),
    (
        "Bob (big blind) showed [5s 6h 7d 8c]",
        "Bob (big blind) showed [5s 6h 7d 9c]",
        "not the cards they hold",
        "Seat 3: Bob (big",
    ),
    ("Seat 3: Bob ($10 in", "Seat 3: Bob ($0.30 in", "Bob calls 0.25 where the call is 0.05", "Bob: calls $0.25"),
    (
        "Ann: calls $0.40\nBob: calls $0.25",
        "Bob: calls $0.25\nAnn: calls $0.40",
        "Bob cannot call: it is Ann's turn",
        "Bob: calls $0.25",
    ),
    ("Ann: folds\n", "Ann: folds\nAnn: checks\n", "Ann cannot check", "Ann: checks\n*** SECOND"),
    ("Bob: bets $0.25", "Bob: bets $0.40", "the bet must be to exactly 0.25", "Bob: bets"),
    (
        "Bob: checks\nHero: checks\n*** SHOW",
        "Bob: checks\nHero: bets $0.50\nBob: folds\n*** SHOW",
        "a showdown, but everyone but Hero folded",
        "Bob: folds",
    ),
    ("Ann: discards 1 card", "Ann: discards 5 cards", "a draw is 0 to 4 cards", "Ann: discards"),
    (
        "Bob: checks\nHero: checks\n",
        "Bob: checks\n",
        "the hand ends while Hero has still to act",
        "Bob: checks\n*** SHOW",
    ),
]


@pytest.mark.parametrize(("old", "new", "rule", "where"), FORGERIES)
def test_a_hand_that_breaks_a_rule_is_never_verified(old: str, new: str, rule: str, where: str) -> None:
    text = HONEST.replace(old, new, 1)
    assert text != HONEST
    fast, python = records(text)
    assert fast == python  # the C reader handed it to Python, or said the same
    assert fast[0]["status"] == "mismatch"
    reason = str(fast[0]["reason"])
    assert reason.startswith(f"line {line_of(text, where)}: ")
    assert rule in reason.partition(";")[0]


def test_a_damaged_card_is_an_unreadable_line() -> None:
    text = HONEST.replace("Bob: shows [5s 6h", "Bob: shows [5s 6x", 1)
    fast, python = records(text)
    assert fast == python
    assert (fast[0]["status"], fast[0]["reason"]) == (
        "error",
        f"line {line_of(text, 'Bob: shows')}: not a card: '6x' in '[5s 6x 7d 8c'",
    )


def test_a_blind_of_a_player_with_no_seat_is_not_left_out() -> None:
    text = HONEST.replace("Seat 2: Ann ($10 in chips)\n", "", 1)
    fast, python = records(text)
    assert fast == python
    assert fast[0]["status"] in ("mismatch", "error")
    assert "Ann plays without a seat line" in str(fast[0]["reason"])


def test_a_tournament_stack_cannot_put_in_more_than_it_has() -> None:
    chips = (
        HONEST.replace(
            "Badugi Limit ($0.25/$0.50 USD)", "Tournament #1, $1+$0.10 USD Badugi No Limit - Level I (10/20)"
        )
        .replace("($10 in chips)", "(1500 in chips)")
        .replace("$0.10", "10")
        .replace("Bob: posts big blind $0.25", "Bob: posts big blind 20")
        .replace("Hero: raises $0.25 to $0.50", "Hero: raises 2080 to 2100")
    )
    fast, python = records(chips)
    assert fast == python
    assert fast[0]["status"] == "mismatch"
    assert "Hero cannot raise to 2100: the raise must be to from 40 to 1500" in str(fast[0]["reason"])


# ---- PHH --------------------------------------------------------------------------------------------------------


def phh_result(text: str) -> tuple[str, str]:
    (result,) = score_file(text)
    return result.status, result.reason or ""


PHH_FORGERIES = [
    ('"p3 f", "p4 cc"', '"p4 cc", "p3 f"', "Alice cannot call: it is Ted's turn"),
    ('"p1 f", "p2 cc",', '"p1 f", "p1 cc", "p2 cc",', "Bob cannot call"),
    ('"p1 sd ????"', '"p1 sd ??????????"', "a draw is 0 to 4 cards"),
    ('"p1 sd ????"', '"p1 sd ' + "??" * 500_000 + '"', "a draw is 0 to 4 cards"),
    (
        '"d dh p1 ????????", "d dh p2',
        '"d dh p1 ????????", "d dh p1 ????????", "d dh p2',
        "Bob is dealt hole cards twice",
    ),
    ('"p2 cbr 2"', '"p2 cbr 3"', "the bet must be to exactly 2"),
    ('"p4 cbr 4", "p2 cc",', '"p4 cbr 4", "p2 f",', "a showdown, but everyone but Alice folded"),
    ('"p4 sm 2s4c6d9h"', '"p4 sm 2s4c6d"', "a Badugi hand is four cards"),
]


@pytest.mark.parametrize(("old", "new", "rule"), PHH_FORGERIES)
def test_phh_that_no_game_allows_is_a_mismatch(old: str, new: str, rule: str) -> None:
    text = WIKIPEDIA.replace(old, new, 1)
    assert text != WIKIPEDIA
    status, reason = phh_result(text)
    assert status == "mismatch"
    assert re.match(r"line \d+: ", reason)
    assert rule in reason


def test_phh_winnings_that_contradict_the_finishing_stacks_are_a_mismatch() -> None:
    outcome = "winnings = [0, 36, 0, 0]\nfinishing_stacks = [196, 220, 200, 184]\n"
    assert phh_result(WIKIPEDIA + outcome)[0] == "verified"
    status, reason = phh_result(WIKIPEDIA + outcome.replace("184", "194"))
    assert status == "mismatch"
    assert "the finishing stack of Alice is 194, where the winnings and the actions leave 184" in reason


def test_phh_with_no_outcome_has_nothing_to_verify() -> None:
    assert phh_result(WIKIPEDIA) == (
        "unverified",
        "nothing to verify: the history does not record what each player won (expected: as the rules pay)",
    )
    infinite = WIKIPEDIA.replace("starting_stacks = [200, 200, 200, 200]", "starting_stacks = [200, 200, 200, inf]")
    assert phh_result(infinite + "finishing_stacks = [196, 220, 200, inf]\n")[0] == "unverified"


# ---- random legal hands, one rule broken -------------------------------------------------------------------------


def _played_text(seed: int, limit: str) -> str:
    out = io.StringIO()
    write_histories(simulate(1, 4, TableRules(10, 25, limit, small_bet=25), seed=seed), out, "USD")
    return out.getvalue()


def _break(text: str, how: int, draw: st.DataObject) -> str | None:
    """``text`` with one rule of the game broken (None when the hand has nothing to break that way)."""
    lines = text.split("\n")
    actions = [i for i, line in enumerate(lines) if re.match(r"Player\d: (calls|bets|raises|checks|folds)", line)]
    if how == 0:  # an amount that is not what the rules allow: a call, or a fixed-limit bet or raise
        sized = "calls" if "No Limit" in text or "Pot Limit" in text else "calls|bets|raises"
        chosen = [i for i in actions if re.search(rf": ({sized}) \$", lines[i]) and not lines[i].endswith("all-in")]
        if not chosen:
            return None
        i = draw.draw(st.sampled_from(chosen))
        lines[i] = re.sub(r"\$(\d+(?:\.\d+)?)$", lambda m: f"${float(m.group(1)) + 0.05:.2f}", lines[i], count=1)
        return "\n".join(lines)
    if how == 1 and len(actions) >= 2:  # two players' actions in the wrong order
        k = draw.draw(st.integers(0, len(actions) - 2))
        a, b = actions[k], actions[k + 1]
        if (
            b != a + 1
            or lines[a].split(":")[0] == lines[b].split(":")[0]
            or lines[a].split(": ")[1] == lines[b].split(": ")[1]
        ):
            return None
        lines[a], lines[b] = lines[b], lines[a]
        return "\n".join(lines)
    if how == 2:  # a stack too small for what the player puts in
        put = [
            line.split(":")[0]
            for i, line in enumerate(lines)
            if i in actions and re.search(r"(calls|bets|raises)", line)
        ]
        if not put:
            return None
        name = draw.draw(st.sampled_from(put))
        return re.sub(rf"Seat (\d+): {name} \(\$[\d.]+ in chips\)", rf"Seat \1: {name} ($0.01 in chips)", text, count=1)
    if how == 3:  # a card shown by two players
        shows = re.findall(r"(Player\d): shows \[(\w\w) ", text)
        if len(shows) < 2:
            return None
        (_, card), (second, theirs) = shows[0], shows[1]
        return text.replace(f"{second}: shows [{theirs} ", f"{second}: shows [{card} ", 1)
    return None


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(
    seed=st.integers(0, 10_000),
    limit=st.sampled_from(["fixed", "pot", "half-pot", "no"]),
    how=st.integers(0, 3),
    data=st.data(),
)
def test_random_hands_with_a_rule_broken_are_never_verified(
    seed: int, limit: str, how: int, data: st.DataObject
) -> None:
    text = _played_text(seed, limit)
    fast, python = records(text)
    assert fast == python
    assert fast[0]["status"] in ("verified", "no_showdown")
    broken = _break(text, how, data)
    if broken is None:
        return
    fast, python = records(broken)
    assert fast == python
    assert fast[0]["status"] not in ("verified", "no_showdown"), (how, broken)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), limit=st.sampled_from(["fixed", "pot", "half-pot", "no"]), data=st.data())
def test_random_phh_hands_with_a_rule_broken_are_never_verified(seed: int, limit: str, data: st.DataObject) -> None:
    out = io.StringIO()
    list(phh.write(recorded_hands(simulate(1, 4, TableRules(10, 20, limit), seed=seed)), out))
    text = out.getvalue()
    assert phh_result(text)[0] in ("verified", "no_showdown")
    actions = re.findall(r'"(p\d (?:cc|f|cbr \d+))"', text)
    if len(actions) < 2:
        return
    k = data.draw(st.integers(0, len(actions) - 2))
    first, second = actions[k], actions[k + 1]
    if first.split()[0] == second.split()[0] or text.count(f'"{first}",\n  "{second}"') != 1:
        return
    swapped = text.replace(f'"{first}",\n  "{second}"', f'"{second}",\n  "{first}"', 1)
    assert phh_result(swapped)[0] not in ("verified", "no_showdown")


# ---- badugi convert writes only what the replay accepts -----------------------------------------------------------


def convert(text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[str, str]:
    source = tmp_path / "hands.txt"
    source.write_text(text)
    assert main(["convert", str(source)]) == 0
    captured = capsys.readouterr()
    return captured.out, captured.err


def test_convert_refuses_what_score_calls_a_mismatch(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, err = convert(HONEST.replace("Bob: bets $0.25", "Bob: bets $0.40", 1), tmp_path, capsys)
    assert out == ""
    assert "not converted: badugi score calls it a mismatch: line 19: Bob cannot bet to 0.40" in err


def test_convert_writes_a_fixed_limit_all_in_for_less(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A raise all in for less than the fixed size is a legal bet of another size: pokerkit plays it, so it is
    written (it was refused as "fixed-limit bets of several sizes"). Being at least half a raise, it reopens the
    betting, and the next raise completes it to a full raise over the big blind (PokerStars' rules for limit
    games): to $0.50, not $0.65."""
    short = HONEST.replace("Seat 1: Hero ($10 in", "Seat 1: Hero ($0.40 in").replace(
        "Hero: raises $0.25 to $0.50", "Hero: raises $0.15 to $0.40 and is all-in"
    )
    short = short[: short.index("Ann: calls $0.40")] + (
        "Ann: raises $0.10 to $0.50\nBob: folds\n*** FIRST DRAW ***\nAnn: discards 1 card\n"
        "Hero: discards 1 card [Kh]\nDealt to Hero [As 2d 3h] [4c]\n*** SECOND DRAW ***\nAnn: stands pat\n"
        "Hero: stands pat on [As 2d 3h 4c]\n*** THIRD DRAW ***\nAnn: stands pat\nHero: stands pat on [As 2d 3h 4c]\n"
        "Uncalled bet ($0.10) returned to Ann\n*** SHOW DOWN ***\nAnn: shows [5s 6h 7d 8c] (Badugi: 8,7,6,5)\n"
        "Hero: shows [As 2d 3h 4c] (Badugi: 4,3,2,A)\nHero collected $1.05 from pot\n*** SUMMARY ***\n"
        "Total pot $1.05 | Rake $0\n"
    )
    fast, python = records(short)
    assert fast == python
    assert fast[0]["status"] == "verified"
    out, err = convert(short, tmp_path, capsys)
    assert '"p1 cbr 0.40"' in out or "cbr 0.40" in out
    assert "not converted" not in err


def test_convert_says_what_the_phh_adds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    unnamed = HONEST.replace("Badugi Limit ($0.25/$0.50 USD)", "Badugi Limit", 1)
    assert records(unnamed)[0][0]["status"] == "verified"
    out, err = convert(unnamed, tmp_path, capsys)
    assert "small_bet = 0.25" in out
    assert "#900 (PokerStars): the history names no stakes: small_bet and big_bet taken from the big blind" in err
