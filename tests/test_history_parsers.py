"""Parsing and scoring on the package's own samples and small texts written here: formats, decoding, archives,
sources, descriptions, and the verdicts on tampered hands."""

from __future__ import annotations

import bz2
import gzip
import io
import zipfile
from pathlib import Path

import pytest

from badugi_fast.history import Hand, parse, score, score_files
from badugi_fast.history.score import site_values
from badugi_fast.history.sources import SAMPLES, decode
from badugi_fast.money import MOST_DIGITS, amount_text, parse_amount

STARS = SAMPLES / "pokerstars-cash.txt"

SPLIT_HAND = "71000000901"


def stars_text() -> str:
    return decode(STARS.read_bytes())


def one_hand(text: str, hand_id: str) -> str:
    """The text of one Stars hand of ``text``."""
    start = text.index(f"PokerStars Game #{hand_id}")
    end = text.find("PokerStars ", start + 10)
    return text[start : end if end > 0 else len(text)]


def test_samples_all_verify() -> None:
    results = list(score_files([SAMPLES]))
    statuses = {r.status for r in results}
    assert statuses == {"verified", "no_showdown", "skipped"}
    assert {r.site for r in results} == {"PokerStars", "Full Tilt", "Merge", "KingsClub"}
    assert [r.game for r in results if r.status == "skipped"] == ["Limit Razz", "Limit Badacey", "Hold'em No Limit"]


def test_split_pot_odd_chip_goes_left_of_the_button() -> None:
    (hand,) = parse(one_hand(stars_text(), SPLIT_HAND))
    result = score(hand)
    assert result.status == "verified"
    assert [(p.name, p.rank, p.collected, p.expected) for p in result.players if p.collected != "0.00"] == [
        ("Hero", 16, "1.23", "1.23"),
        ("Alice", 16, "1.22", "1.22"),
    ]


def test_a_wrong_payout_is_a_mismatch() -> None:
    text = one_hand(stars_text(), SPLIT_HAND).replace("Alice collected $1.22", "Alice collected $1.23")
    result = score(next(parse(text)))
    assert result.status == "mismatch"
    assert result.reason is not None
    assert "Alice collected 1.23, expected 1.22" in result.reason


@pytest.mark.parametrize(
    ("hand_id", "swaps", "reason"),
    [
        (  # the split pot's odd cent paid to the wrong one of the two winners
            SPLIT_HAND,
            [("Hero collected $1.23", "Alice collected $1.23"), ("Alice collected $1.22", "Hero collected $1.22")],
            "Hero collected 1.22, expected 1.23; Alice collected 1.23, expected 1.22",
        ),
        (  # the whole pot paid to a player who lost the showdown
            "71000000001",
            [("Alice collected $14.25", "Bob collected $14.25")],
            "Alice collected 0.00, expected 14.25; Bob collected 14.25, expected 0.00",
        ),
    ],
)
def test_the_same_total_paid_to_the_wrong_players_is_a_mismatch(
    hand_id: str, swaps: list[tuple[str, str]], reason: str
) -> None:
    text = one_hand(stars_text(), hand_id)
    for old, new in swaps:
        assert text.count(old) == 1
        text = text.replace(old, new)
    result = score(next(parse(text)))
    assert (result.status, result.reason) == ("mismatch", reason)


def test_a_wrong_description_is_a_mismatch() -> None:
    text = one_hand(stars_text(), SPLIT_HAND).replace("(Badugi: 7,3,2,A)", "(Badugi: 7,4,2,A)", 1)
    result = score(next(parse(text)))
    assert result.status == "mismatch"
    assert result.reason is not None
    assert "site says 'Badugi: 7,4,2,A'" in result.reason


def test_a_truncated_hand_is_an_error_with_its_line() -> None:
    text = stars_text()
    cut = text[: text.index("*** SUMMARY ***", text.index(f"#{SPLIT_HAND}"))]
    results = [score(hand) for hand in parse(cut)]
    last = results[-1]
    assert last.hand_id == SPLIT_HAND
    assert last.status == "error"
    assert last.reason is not None
    assert last.reason.startswith(f"line {cut.count(chr(10)) + 1}:")
    assert all(r.status != "error" for r in results[:-1])


def test_a_bad_amount_is_an_error_naming_the_line() -> None:
    text = one_hand(stars_text(), SPLIT_HAND).replace("Bob: calls $0.25", "Bob: calls $0.2x5", 1)
    result = score(next(parse(text)))
    assert result.status == "error"
    assert result.reason == "line 10: not an amount: '$0.2x5'"


def test_huge_amounts_are_exact_up_to_the_bound_and_refused_past_it() -> None:
    """Amounts of up to MOST_DIGITS digits are read exactly (Python ints: no float, no overflow) and written back
    exactly; past it, a clear error instead of Python's int <-> str limit or a float overflow."""
    hand = one_hand(stars_text(), SPLIT_HAND)
    huge = "9" * MOST_DIGITS
    assert parse_amount(f"${huge}.99") == int(huge + "99")
    assert amount_text(int(huge + "99") * 10**9) == f"{huge}99{'0' * 7}.00"  # a billion such lines: still exact
    assert parse_amount("0" * 40_000 + "1.5") == 150  # leading zeros do not count
    bets = hand.replace("Bob: calls $0.25", f"Bob: bets ${huge}\nBob: raises $0.25 to ${huge[2:]}", 1)
    result = score(next(parse(bets)))
    assert result.status == "mismatch"
    assert result.reason is not None
    assert result.reason.startswith(f"line 10: Bob cannot raise to {huge}.00: the raise must be to exactly 0.50;")
    assert f"ours Bob {huge[:-1]}8.75" in result.reason  # the part of it unmatched in its round (0.25), exactly
    below = hand.replace("Alice: checks", "Alice: raises $0.10 to $0.10", 1)
    result = score(next(parse(below)))
    assert (result.status, (result.reason or "").partition(";")[0]) == (
        "mismatch",
        "line 12: Alice brings their total for the round to 0.10, below the 0.25 they already put in",
    )
    too_big = hand.replace("Bob: calls $0.25", f"Bob: calls ${'1' * 5000}", 1)
    result = score(next(parse(too_big)))
    assert result.status == "error"
    assert result.reason is not None
    assert result.reason.startswith("line 10: amount too large: 5000 digits (at most 30) in '$111")


def test_unknown_text_is_one_error_record() -> None:
    (result,) = [score(hand) for hand in parse("hello\nworld\n")]
    assert (result.status, result.site) == ("error", "unknown")


@pytest.mark.parametrize(
    ("words", "values"),
    [
        ("Badugi: 8,4,3,A", (8, 4, 3, 1)),
        ("3-card: T,7,2", (10, 7, 2)),
        ("2-card: K,A", (13, 1)),
        ("a 3-Card: 5, 4, A", (5, 4, 1)),
        ("a Badugi: Q, 4, 3, 2", (12, 4, 3, 2)),
        ("Three Cards, 9-2-A", (9, 2, 1)),
        ("Two Cards, 4-A", (4, 1)),
        ("Badugi, K-7-2-A", (13, 7, 2, 1)),
        ("3-card: 10,7,2", (10, 7, 2)),
        ("Badugi: 8,4,3", None),
        ("a pair of Kings", None),
    ],
)
def test_site_descriptions(words: str, values: tuple[int, ...] | None) -> None:
    assert site_values(words) == values


def test_money_is_exact() -> None:
    assert [amount_text(1), amount_text(100, 0), amount_text(-250), amount_text(12345678)] == [
        "0.01",
        "1",
        "-2.50",
        "123456.78",
    ]


def test_decoding_boms_utf16_odd_length_and_newlines() -> None:
    text = "Full Tilt Poker Game #1: x\nline two\n"
    assert decode(b"\xef\xbb\xbf" + text.encode()) == text
    assert decode(b"\xff\xfe" + text.encode("utf-16-le") + b"\n") == text
    assert decode(b"\xfe\xff" + text.encode("utf-16-be")) == text
    assert decode(text.encode("utf-16-le")) == text  # no BOM
    assert decode(text.replace("\n", "\r\n").encode()) == text
    assert decode("Seat 1: Jos\u00e9 ($1)".encode("latin-1")) == "Seat 1: Jos\u00e9 ($1)"


def test_full_tilt_utf16_crlf_sample() -> None:
    hands = list(parse(SAMPLES / "fulltilt-utf16.txt"))
    assert [(h.site, h.hand_id, h.is_badugi) for h in hands] == [
        ("Full Tilt", "81000000001", True),
        ("Full Tilt", "81000000002", True),
        ("Full Tilt", "81000000003", False),
    ]
    first = hands[0]
    assert first.showdown
    assert first.shown == ["Ben"]
    assert first.mucked == ["Hero"]
    assert first.descriptions["Hero"] == ["Badugi: 9, 6, 4, 2"]
    assert first.rake == 25
    assert first.total_pot == 725
    assert first.button == 1


def test_model_of_a_stars_hand() -> None:
    hand: Hand = next(parse(one_hand(stars_text(), SPLIT_HAND)))
    assert (hand.site, hand.game, hand.limit, hand.places, hand.button, hand.table) == (
        "PokerStars",
        "Badugi",
        "fixed",
        2,
        3,
        "Sample Cash",
    )
    seats = [(s.number, s.name, s.stack) for s in hand.seats]
    assert seats == [(1, "Hero", 1000), (2, "Alice", 1000), (3, "Bob", 1000)]
    assert [(a.street, a.player, a.kind, a.amount) for a in hand.actions[:5]] == [
        (0, "Hero", "post", 10),
        (0, "Alice", "post", 25),
        (0, "Bob", "call", 25),
        (0, "Hero", "call", 15),
        (0, "Alice", "check", 0),
    ]
    assert [(d.street, d.player, d.discarded, d.new_cards) for d in hand.draws[:2]] == [
        (1, "Hero", 1, ("7c",)),
        (1, "Alice", 1, None),
    ]
    assert hand.collected == {"Hero": 123, "Alice": 122}
    assert hand.uncalled == {}


def test_kingsclub_round_total_calls_and_hero_draws() -> None:
    hand = next(parse(SAMPLES / "kingsclub.txt"))
    calls = [(a.player, a.amount) for a in hand.actions if a.kind == "call"]
    assert calls == [("Ben", 1000), ("Hero", 1000), ("Hero", 2000), ("Hero", 2000)]  # hundredths
    assert hand.cards["Hero"] == ("2c", "5d", "9h", "7s")
    assert hand.showdown
    assert hand.rake == 200


def test_sources_path_text_file_objects_and_archives(tmp_path: Path) -> None:
    data = STARS.read_bytes()
    expected = [h.hand_id for h in parse(STARS)]
    assert [h.hand_id for h in parse(str(STARS))] == expected
    assert [h.hand_id for h in parse(data.decode("utf-8-sig"))] == expected
    assert [h.hand_id for h in parse(io.BytesIO(data))] == expected
    assert [h.hand_id for h in parse(io.StringIO(data.decode("utf-8-sig")))] == expected
    (tmp_path / "a.txt.gz").write_bytes(gzip.compress(data))
    (tmp_path / "deeper").mkdir()
    (tmp_path / "deeper" / "b.txt.bz2").write_bytes(bz2.compress(data))
    with zipfile.ZipFile(tmp_path / "c.zip", "w") as archive:
        archive.writestr("one.txt", data)
        archive.writestr("two.txt", data)
    (tmp_path / "notes.md").write_text("not a hand history")
    files = [r.file for r in score_files([tmp_path])]
    assert len(files) == 4 * len(expected)
    assert sorted(set(files)) == sorted(
        [
            str(tmp_path / "a.txt.gz"),
            str(tmp_path / "c.zip") + "/one.txt",
            str(tmp_path / "c.zip") + "/two.txt",
            str(tmp_path / "deeper" / "b.txt.bz2"),
        ]
    )


def test_a_corrupt_archive_is_an_error_record(tmp_path: Path) -> None:
    (tmp_path / "bad.gz").write_bytes(b"not gzip at all")
    (result,) = score_files([tmp_path / "bad.gz"])
    assert result.status == "error"
    assert result.reason is not None
    assert "cannot decompress" in result.reason


def test_a_missing_file_is_an_os_error(tmp_path: Path) -> None:
    with pytest.raises(OSError, match="no such file"):
        list(score_files([tmp_path / "missing.txt"]))


@pytest.mark.parametrize(
    ("header", "badugi", "limit", "places"),
    [
        ("PokerStars Hand #71000000901:  Badugi Limit ($0.25/$0.50 USD)", True, "fixed", 2),
        ("PokerStars Game #71000000901: 8-Game (Badugi Limit, $0.25/$0.50 USD)", True, "fixed", 2),
        ("PokerStars Game #71000000901: 8-Game (Razz Limit, $0.25/$0.50 USD)", False, "fixed", 2),
        ("PokerStars Home Game #71000000901: {Club} Badugi Limit ($0.25/$0.50 USD) - 2026/11/29 ET", True, "fixed", 2),
        ("PokerStars Game #71000000901:  Badugi Limit (25/50)", True, "fixed", 0),
        (
            "PokerStars Home Game #71000000901: {Club} Tournament #5, 100+10 Badugi Limit - Level I (25/50)",
            True,
            "fixed",
            0,
        ),
    ],
)
def test_stars_header_variants(header: str, badugi: bool, limit: str, places: int) -> None:
    # A hand with one winner: under a chips header, a pot split to the cent would rightly be a mismatch.
    text = one_hand(stars_text(), "71000000001")
    hand = next(parse(header + text[text.index("\n") :]))
    assert (hand.hand_id, hand.is_badugi, hand.limit, hand.places) == ("71000000901", badugi, limit, places)
    assert score(hand).status == ("verified" if badugi else "skipped")


def test_stars_dead_small_blind_does_not_count_towards_calling() -> None:
    text = one_hand(stars_text(), SPLIT_HAND)
    text = text.replace("Seat 3: Bob ($10 in chips)\n", "Seat 3: Bob ($10 in chips)\nSeat 4: Dan ($10 in chips)\n")
    text = text.replace("*** DEALING HANDS ***\n", "Dan: posts small & big blinds $0.35\n*** DEALING HANDS ***\n")
    text = text.replace("Hero: calls $0.15\n", "Hero: calls $0.15\nDan: raises $0.25 to $0.50\nBob: folds\n")
    hand = next(parse(text))
    # The live big blind is Dan's post, the dead small blind an ante (dead money) of his: PHH writes them so.
    assert [(a.kind, a.amount) for a in hand.actions if a.player == "Dan"] == [
        ("post", 25),
        ("ante", 10),
        ("raise", 25),
    ]


def test_stdin(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO((SAMPLES / "kingsclub.txt").read_bytes())))
    assert [(r.file, r.status) for r in score_files(["-"])] == [("<stdin>", "verified"), ("<stdin>", "skipped")]


TOURNAMENT_SPLIT = """\
PokerStars Game #72000000099: Tournament #900000001, $2.00+$0.20 USD Badugi Limit - Level III (30/60) - \
2026/11/29 12:30:00 ET
Table '900000001 1' 9-max Seat #1 is the button
Seat 1: Ann (1500 in chips)
Seat 2: Ben (1500 in chips)
Seat 3: Cal (1500 in chips)
Ben: posts small blind 15
Cal: posts big blind 30
*** DEALING HANDS ***
Ann: calls 30
Ben: folds
Cal: checks
*** FIRST DRAW ***
Cal: stands pat
Ann: stands pat
Cal: checks
Ann: checks
*** SECOND DRAW ***
Cal: stands pat
Ann: stands pat
Cal: checks
Ann: checks
*** THIRD DRAW ***
Cal: stands pat
Ann: stands pat
Cal: checks
Ann: checks
*** SHOW DOWN ***
Cal: shows [As 2h 3d 4c] (Badugi: 4,3,2,A)
Ann: shows [Ac 2d 3h 4s] (Badugi: 4,3,2,A)
Cal collected {cal} from pot
Ann collected {ann} from pot
*** SUMMARY ***
Total pot 75 | Rake 0
Seat 1: Ann (button) showed [Ac 2d 3h 4s] and won ({ann}) with a Badugi: 4,3,2,A
Seat 2: Ben (small blind) folded before the Draw
Seat 3: Cal (big blind) showed [As 2h 3d 4c] and won ({cal}) with a Badugi: 4,3,2,A
"""


def test_tournament_odd_chip_is_one_whole_chip() -> None:
    """A 75-chip pot split two ways is 38 + 37 chips (the odd chip to Cal, first left of the button), never
    37.50 each: chips do not split."""
    (result,) = map(score, parse(TOURNAMENT_SPLIT.format(cal=38, ann=37)))
    assert (result.status, result.reason) == ("verified", None)
    assert {p.name: p.expected for p in result.players} == {"Ann": "37", "Ben": "0", "Cal": "38"}
    (wrong,) = map(score, parse(TOURNAMENT_SPLIT.format(cal=37, ann=38)))
    assert wrong.status == "mismatch"
