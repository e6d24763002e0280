"""PHH both ways without pokerkit: ``badugi convert`` (what is written, what is refused and said, the output file),
``badugi simulate --format phh``, the PHH reader as a site of ``badugi score``, and its header in C and Python.

The PHH files are checked by reading them with the standard library's TOML reader and by the rules of the PHH
format (discards before the cards that replace them, one entry per player); pokerkit's replay of them is in
tests/test_history_phh_pokerkit.py.
"""

from __future__ import annotations

import io
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from badugi_fast import _backend, money
from badugi_fast.cli import main
from badugi_fast.formats import phh, registry
from badugi_fast.formats.model import Hand
from badugi_fast.formats.phh import reader, toml, toml_reader
from badugi_fast.game import TableRules
from badugi_fast.game.played import hand_of as recorded_hand
from badugi_fast.game.played import hands_of as recorded_hands
from badugi_fast.game.simulate import simulate
from badugi_fast.history import parse, score_file, sites
from badugi_fast.history.score import score
from badugi_fast.history.sources import SAMPLES

if sys.version_info >= (3, 11):
    import tomllib
else:  # the backport, a dependency on 3.10
    import tomli as tomllib


def tables(text: str) -> list[dict[str, Any]]:
    """The hands of a .phhs text, read by the standard library (exact decimals)."""
    return list(tomllib.loads(text, parse_float=Decimal).values())


def convert(*args: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(["convert", *args])
    out, err = capsys.readouterr()
    return status, out, err


# ---- convert -------------------------------------------------------------------------------------------------


def test_samples_convert_with_the_fields_of_phh(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = convert(str(SAMPLES), capsys=capsys)
    assert status == 0
    hands = tables(out)
    assert len(hands) == 55  # every Badugi hand of the samples
    assert "58 hands read, 55 written as PHH (1 with a non-standard variant), 3 of other games" in err
    for hand in hands:
        count = len(hand["starting_stacks"])
        for key in ("antes", "blinds_or_straddles", "players", "seats", "finishing_stacks", "winnings"):
            assert len(hand[key]) == count, key
        assert hand["variant"] in ("FB", "_PB")
        assert ("small_bet" in hand) == (hand["variant"] == "FB") != ("min_bet" in hand)
        assert sum(hand["starting_stacks"]) == sum(hand["finishing_stacks"]) + hand["_rake"]
        assert hand["venue"] in ("PokerStars", "Full Tilt", "Merge", "KingsClub")


def test_discards_come_before_the_cards_that_replace_them(capsys: pytest.CaptureFixture[str]) -> None:
    # PokerStars writes the hero's new cards right after the hero's discards, before the next player's discards.
    text = (SAMPLES / "pokerstars-cash.txt").read_text(encoding="utf-8-sig")
    assert "Dealt to Hero [" in text
    assert "] [" in text
    _, out, _ = convert(str(SAMPLES / "pokerstars-cash.txt"), capsys=capsys)
    draws = 0
    for hand in tables(out):
        actions = [action.split() for action in hand["actions"]]
        deals = [k for k, words in enumerate(actions) if words[:2] == ["d", "dh"]][len(hand["players"]) :]
        for k in deals:  # every replacement deal belongs to the draw whose discards all came just before
            discards = [words for words in actions[:k] if words[1:2] == ["sd"]]
            assert discards
            assert actions[k - 1][1] in ("sd", "dh")
            draws += 1
        for k, words in enumerate(actions):
            if words[1:2] == ["sd"] and k + 1 < len(actions):
                assert actions[k + 1][1] in ("sd", "dh", "cc", "cbr", "f", "sm")
    assert draws > 50


def test_the_heros_cards_are_known_and_everyone_elses_unknown(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = convert(str(SAMPLES / "pokerstars-cash.txt"), capsys=capsys)
    hand = tables(out)[0]
    hero = hand["players"].index("Hero") + 1
    first = [action for action in hand["actions"] if action.startswith("d dh")][: len(hand["players"])]
    assert all(("????????" in action) == (not action.startswith(f"d dh p{hero} ")) for action in first)
    known = [action for action in hand["actions"] if action.startswith(f"p{hero} sd ")]
    assert all("?" not in action for action in known)


def test_big_bet_games_get_our_codes_and_a_warning(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = convert(str(SAMPLES / "merge.xml"), capsys=capsys)
    assert status == 0
    (hand,) = tables(out)
    assert hand["variant"] == "_PB"
    assert hand["min_bet"] == Decimal("0.20")
    assert "strict PHH readers (pokerkit among them) refuse them" in err
    assert phh.VARIANTS == {"fixed": "FB", "pot": "_PB", "half-pot": "_HPB", "no": "_NB"}


@pytest.mark.parametrize("limit", ["pot", "half-pot", "no"])
def test_a_big_bet_hand_is_never_written_as_fb(limit: str) -> None:
    played = next(simulate(1, 3, TableRules(10, 20, limit), seed=4))
    (line,) = [line for line in phh.hand_lines(recorded_hand(played)) if line.startswith("variant")]
    assert line == f'variant = "{phh.VARIANTS[limit]}"'
    assert "FB" not in line


def test_fail_on_skip_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "out.phhs"
    target.write_text("before", encoding="utf-8")
    status, _, err = convert(str(SAMPLES / "kingsclub.txt"), "--fail-on-skip", "-o", str(target), capsys=capsys)
    assert status == 1
    assert "stopped at the first hand left out" in err
    assert target.read_text(encoding="utf-8") == "before"
    assert list(tmp_path.iterdir()) == [target]


def test_the_output_cannot_be_an_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "hands.txt"
    source.write_bytes((SAMPLES / "kingsclub.txt").read_bytes())
    status, _, err = convert(str(tmp_path), "-o", str(source), capsys=capsys)
    assert status == 2
    assert "is also an input" in err
    assert source.read_bytes() == (SAMPLES / "kingsclub.txt").read_bytes()


def test_unreadable_and_other_games_are_reported(capsys: pytest.CaptureFixture[str]) -> None:
    text = (SAMPLES / "pokerstars-cash.txt").read_text(encoding="utf-8-sig")
    first = text.split("\n\n\n")[0]
    broken = first.replace("*** SUMMARY ***", "")  # a hand cut before its summary
    razz = first.replace("Badugi Limit", "Razz Limit")
    hands = list(parse("\n\n".join([first, broken, razz])))
    out = io.StringIO()
    done = list(phh.write(hands, out))
    assert [type(item).__name__ for item in done] == ["Hand", "Skipped", "Skipped"]
    assert [item.badugi for item in done if isinstance(item, phh.Skipped)] == [False, False]
    reasons = [item.reason for item in done if isinstance(item, phh.Skipped)]
    assert reasons[0].startswith("unreadable: line")
    assert "summary" in reasons[0]
    assert reasons[1] == "not Badugi: Razz Limit"
    assert len(tables(out.getvalue())) == 1


def test_hands_are_written_as_they_come() -> None:
    out = io.StringIO()
    seen = []

    def hands() -> Any:
        for played in simulate(3, 3, TableRules(10, 20), seed=2):
            seen.append(out.getvalue().count("variant ="))  # what was written before this hand was made
            yield recorded_hand(played)

    assert sum(1 for _ in phh.write(hands(), out)) == 3
    assert seen == [0, 1, 2]


def test_shared_files_convert_but_one_hand_with_its_reason(
    shared_histories: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = shared_histories
    status, out, err = convert(str(folder), capsys=capsys)
    assert status == 0
    assert len(tables(out)) == 122
    assert "199 hands read, 122 written as PHH (2 with a non-standard variant), 76 of other games" in err
    assert "#52589452703 (PokerStars) not converted: Player3 folds with nothing behind (all in)" in err


# ---- simulate --format phh ---------------------------------------------------------------------------------


def test_simulate_writes_phh_with_every_card_and_the_engines_stacks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "sim.phhs"
    args = ["--hands", "60", "--players", "4", "--stakes", "0.10/0.25", "--rake", "5", "--seed", "9"]
    assert main(["simulate", *args, "--format", "phh", "-o", str(target)]) == 0
    hands = tables(target.read_text(encoding="utf-8"))
    played = list(simulate(60, 4, TableRules(10, 25, rake_percent=5), seed=9))
    assert len(hands) == 60
    for hand, truth in zip(hands, played, strict=True):
        final = dict(zip(truth.names, truth.state.stacks, strict=True))
        assert hand["finishing_stacks"] == [Decimal(final[name]) / 100 for name in hand["players"]]
        assert "?" not in "".join(hand["actions"])
    results = score_file(target)
    assert {result.status for result in results} <= {"verified", "no_showdown"}
    assert sum(result.status == "verified" for result in results) > 10


# ---- reading PHH ------------------------------------------------------------------------------------------------


def test_converted_hands_score_as_their_originals(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = convert(str(SAMPLES), capsys=capsys)
    back = score_file(out)
    originals = [score(hand) for hand in parse(SAMPLES) if hand.is_badugi]
    assert len(back) == len(originals) == 55
    for record, original in zip(back, originals, strict=True):
        assert (record.site, record.hand_id, record.status) == ("PHH", original.hand_id, original.status)
        ours = {player.name: player for player in record.players}
        for player in original.players:
            if player.collected not in ("0", "0.00") or player.expected not in ("0", "0.00"):
                assert (ours[player.name].collected, ours[player.name].expected) == (player.collected, player.expected)
            if player.name in ours and ours[player.name].rank is not None:  # PHH keeps no cards of a muck
                assert ours[player.name].rank == player.rank


#: pokerkit's own PHH of the Badugi hand on Wikipedia (from pokerkit's tests: it records no outcome)
WIKIPEDIA = (Path(__file__).with_name("data") / "wikipedia-badugi.phh").read_text(encoding="utf-8")


def test_a_phh_without_its_outcome_has_nothing_to_verify_and_says_so() -> None:
    (result,) = score_file(WIKIPEDIA)
    assert (result.site, result.game, result.limit, result.status) == ("PHH", "Badugi", "fixed", "unverified")
    assert result.reason == (
        "nothing to verify: the history does not record what each player won (expected: as the rules pay)"
    )
    paid = {player.name: (player.cards, player.collected, player.expected) for player in result.players}
    assert paid == {
        "Bob": (None, None, "0"),
        "Carol": ("3s 5d 7c 8h", None, "36"),
        "Alice": ("2s 4c 6d 9h", None, "0"),
        "Ted": (None, None, "0"),  # dealt in, folded: every player dealt in has an entry
    }


def test_a_wrong_payout_in_phh_is_a_mismatch() -> None:
    text = WIKIPEDIA + "winnings = [0, 0, 0, 36]\n"
    (result,) = score_file(text)
    assert result.status == "mismatch"
    assert "Carol collected 0, expected 36" in (result.reason or "")


def test_finishing_stacks_say_the_payouts() -> None:
    right = WIKIPEDIA + "finishing_stacks = [196, 220, 200, 184]\n"
    assert [result.status for result in score_file(right)] == ["verified"]
    wrong = WIKIPEDIA + "finishing_stacks = [196, 200, 200, 204]\n"
    assert [result.status for result in score_file(wrong)] == ["mismatch"]


def test_heads_up_posts_and_unknown_stacks() -> None:
    heads_up = """\
variant = "FB"
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [inf, 10]
actions = ["d dh p1 ????????", "d dh p2 ????????", "p2 cbr 4", "p1 f"]
players = ["Big", "Button"]
winnings = [0, 4]
"""
    (hand,) = parse(heads_up)
    assert [(action.player, action.kind, action.amount) for action in hand.actions] == [
        ("Big", "post", 200),  # heads-up, the first player posts the second blind
        ("Button", "post", 100),
        ("Button", "raise", 300),
        ("Big", "fold", 0),
    ]
    assert hand.seats[0].stack == 0
    assert hand.button == 2
    assert score(hand).status == "no_showdown"


def test_a_negative_blind_is_a_post() -> None:
    text = WIKIPEDIA.replace("blinds_or_straddles = [1, 2, 0, 0]", "blinds_or_straddles = [1, 2, 0, -2]")
    (hand,) = parse(text)
    assert [(action.player, action.amount) for action in hand.actions if action.kind == "post"] == [
        ("Bob", 100),
        ("Carol", 200),
        ("Alice", 200),
    ]
    alice = [action for action in hand.actions if action.player == "Alice"]
    assert (alice[1].kind, alice[1].amount) == ("check", 0)  # her post is live: nothing to call


@pytest.mark.parametrize(
    ("change", "status", "reason"),
    [
        (('variant = "FB"', 'variant = "NT"'), "skipped", "not Badugi: NT"),
        (('"p4 cbr 4"', '"p4 cbr 4.125"'), "error", "at most two decimals"),
        (('"p3 f"', '"d db AsKsQs"'), "error", "Badugi deals no board cards"),
        (('"p4 cbr 8"', '"p4 cbr 4"'), "mismatch", "line 16: Alice cannot raise to 4: the raise must be to exactly 8"),
        (("actions = [", "actions = [[[["), "error", "bad TOML"),
    ],
)
def test_bad_phh_is_an_error_record_not_a_crash(change: tuple[str, str], status: str, reason: str) -> None:
    (result,) = score_file(WIKIPEDIA.replace(*change))
    assert result.status == status
    assert reason in (result.reason or "")


def test_the_line_of_a_toml_error_is_the_files() -> None:
    (result,) = score_file(WIKIPEDIA.replace("big_bet = 4", "big_bet = = 4"))
    assert result.status == "error"
    assert (result.reason or "").startswith("line 8: bad TOML")


def test_a_phhs_of_several_hands_and_keys_before_variant() -> None:
    body = WIKIPEDIA.split("\n", 2)[2].replace('variant = "FB"\n', "")
    text = f'[one]\n_note = "x"\nvariant = "FB"\n{body}\n[two]\nvariant = "NT"\n\n[three]\nvariant = "FB"\n{body}'
    results = score_file(text)
    assert [result.status for result in results] == ["unverified", "skipped", "unverified"]
    assert [result.index for result in results] == [0, 1, 2]


def test_two_hands_at_the_top_level_are_refused() -> None:
    results = score_file(WIKIPEDIA + "\n" + WIKIPEDIA.split("\n", 2)[2])
    assert [result.status for result in results] == ["unverified", "error"]
    assert "a table of its own" in (results[1].reason or "")


def test_round_trip_keeps_what_phh_holds() -> None:
    played = list(simulate(40, 5, TableRules(10, 20, "no"), seed=3))
    hands = list(recorded_hands(played))
    out = io.StringIO()
    assert sum(isinstance(done, Hand) for done in phh.write(hands, out)) == 40
    again = io.StringIO()
    assert sum(isinstance(done, Hand) for done in phh.write(parse(out.getvalue()), again)) == 40
    first, second = tables(out.getvalue()), tables(again.getvalue())
    for one, two in zip(first, second, strict=True):
        one.pop("venue"), two.pop("venue")
        assert one == two


# ---- TOML ----------------------------------------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(st.text(st.characters(exclude_categories=["Cs"])))
def test_names_are_written_as_toml_reads_them(name: str) -> None:
    assert tomllib.loads(f"name = {toml.string(name)}")["name"] == name


@settings(max_examples=300, deadline=None)
@given(st.integers(-(10**20), 10**20), st.sampled_from([0, 2]))
def test_amounts_are_exact(hundredths: int, places: int) -> None:
    value = tomllib.loads(f"x = {money.amount_text(hundredths, places)}", parse_float=Decimal)["x"]
    assert money.hundredths_of(value, "x") == hundredths


def test_floats_are_never_read_as_floats() -> None:
    assert toml_reader.loads("x = 0.1")["x"] + toml_reader.loads("y = 0.2")["y"] == Decimal("0.3")
    with pytest.raises(ValueError, match="not a finite number"):
        money.hundredths_of(Decimal("nan"), "x")
    with pytest.raises(ValueError, match="not a number"):
        money.hundredths_of(True, "x")


# ---- the header, in Python and in C ------------------------------------------------------------------------------

LINES = [
    'variant = "FB"',
    "variant\t=\t'NT'",
    "variant=",
    "variant  =  1",
    "variants = 1",
    "variant",
    "variant x = 1",
    " variant = 1",
    '"variant" = "FB"',
    "\t 'variant'\t= 'FB'",
    '  "variant"=1',
    '"variant = 1"',
    "'variant\" = 1",
    '"variants" = 1',
    "  variant x = 1",
    "  ",
    "\tactions = []",
    "FullTiltPoker Game #1: x",
    "[1]",
    "# variant = 1",
    "PokerStars Hand #1: x",
    "#7: Limit Badugi - 30/60",
    "<game id='1'>",
    "variant =\u00a0",
    "variant\u00a0= 1",
]


def is_variant_line(line: str) -> bool:
    """Whether TOML reads ``line`` as the key ``variant`` (indented or not, bare or quoted) and an ``=``."""
    rest = line.lstrip(" \t")
    key = next((key for key in ("variant", '"variant"', "'variant'") if rest.startswith(key)), None)
    return key is not None and rest[len(key) :].lstrip(" \t").startswith("=")


@pytest.mark.parametrize("line", LINES)
def test_the_phh_header_is_one_line(line: str) -> None:
    expected = is_variant_line(line)
    assert reader.FORMAT.is_header(line) is expected
    assert (registry.header_site(line) is reader.FORMAT) is expected


@pytest.mark.skipif(_backend.history_fast_paths is None, reason="the C extension is not in use")
@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([*LINES, "", "x", "variant = \u00e9"]), max_size=12))
def test_c_and_python_find_the_same_headers(lines: list[str]) -> None:
    data = "\n".join(lines).encode()
    assert sites.find_headers(data, 0, len(data)) == sites.headers_in(data, 0, len(data))


def test_prefixes_never_begin_one_another() -> None:
    """No prefix of one format begins a prefix of another (nor another of its own)."""
    prefixes = [prefix for form in registry.FORMATS for prefix in form.header_prefixes]
    assert len(prefixes) > len(registry.FORMATS)
    assert not any(i != j and a.startswith(b) for i, a in enumerate(prefixes) for j, b in enumerate(prefixes))


def test_variant_after_many_keys_in_every_hand_of_a_long_phhs() -> None:
    """A hand's keys may all come before its ``variant``: across the runs a long file is cut into (1,000 hands
    each), every hand still has them all (they were cut off after 20 lines)."""
    out = io.StringIO()
    list(phh.write(recorded_hands(simulate(1200, 3, TableRules(10, 20), seed=5)), out))
    tables = out.getvalue().split("\n\n")
    moved = []
    for table in tables:
        lines = table.strip("\n").split("\n")
        variant = next(line for line in lines if line.startswith("variant"))
        notes = [f'_note_{k} = "a key before the variant"' for k in range(25)]
        moved.append("\n".join([lines[0], *notes, *(line for line in lines[1:] if line != variant), variant]))
    results = score_file("\n\n".join(moved) + "\n")
    assert len(results) == 1200
    assert {result.status for result in results} <= {"verified", "no_showdown"}


def test_a_header_looking_line_in_a_multi_line_string_does_not_split_a_hand() -> None:
    """A multi-line string may hold a line that starts like a hand: the hand it is in is read whole, and that line
    gives an error record saying what it is (the cutter, which finds hands line by line, took it for a header)."""
    out = io.StringIO()
    list(phh.write(recorded_hands(simulate(2, 3, TableRules(10, 20), seed=6)), out))
    first, second = out.getvalue().split("\n\n")
    noted = first.rstrip("\n") + '\n_notes = """\nvariant = "FB"\nsaid at the table\n"""\n'
    results = score_file(noted + "\n" + second)
    assert results[0].status in ("verified", "no_showdown")
    assert results[1].status == "error"
    assert "inside a multi-line string of the hand above" in (results[1].reason or "")
    assert results[2].status in ("verified", "no_showdown")
    assert score_file(first + "\n" + second)[0].hand_id == results[0].hand_id


def test_a_negative_rake_is_an_error_not_no_rake(tmp_path: Path) -> None:
    """A PHH hand paid exactly its pot with ``_rake = -1`` read as raked nothing and came out ``no_showdown``: a
    rake below zero cannot be, so the hand is unreadable (its line said), in Python and in C alike."""
    target = tmp_path / "one.phhs"
    assert main(["simulate", "-q", "--hands", "1", "--players", "2", "--format", "phh", "-o", str(target)]) == 0
    text = target.read_text(encoding="utf-8").replace("_rake = 0", "_rake = -1")
    assert "_rake = -1" in text
    (result,) = score_file(text)
    assert result.status == "error"
    assert "`_rake` is -1: a rake is not negative" in (result.reason or "")
