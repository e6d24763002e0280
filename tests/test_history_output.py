"""The JSON Lines writer is hand-written for speed: it must write exactly what ``json.dumps`` writes. The table
escapes what would act on a terminal, and CSV defuses cells a spreadsheet would run as formulas."""

from __future__ import annotations

import csv
import io
import json
import unicodedata

import pytest

from badugi_fast.history import PlayerResult, Result, parse, score, score_files
from badugi_fast.history.output import _player_text, renderer
from badugi_fast.history.sources import SAMPLES, decode

ODD_TEXT = ['quote " and backslash \\', "tab\tnew\nline \x00\x1f", "é ♠ \u2028 😀", "", "null"]


def dumped(result: Result) -> str:
    return json.dumps(result.as_dict(), ensure_ascii=False) + "\n"


def test_every_sample_record_is_what_json_dumps_writes() -> None:
    render = renderer("jsonl")
    results = list(score_files([SAMPLES]))
    assert len(results) > 50
    for result in results:
        assert render(result) == dumped(result)


@pytest.mark.parametrize("text", ODD_TEXT)
def test_odd_strings_and_missing_fields(text: str) -> None:
    players = [
        PlayerResult(text, text, 7, text, text, text, text),
        PlayerResult(text),
        PlayerResult("x", None, 0, None, None, "0.00", "-1.50"),
    ]
    for result in (
        Result(text, 12, text, text, text, text, text, text, players),
        Result("f", 0, "", "PokerStars", "Badugi", None, "error", None, []),
    ):
        assert renderer("jsonl")(result) == dumped(result)
        assert json.loads(renderer("jsonl")(result)) == result.as_dict()


# ---- hostile names: the table escapes controls, CSV defuses formulas, JSON Lines stays exact --------------------

#: Bidirectional formatting characters, by their Unicode bidi class, plus the marks that act like them.
_BIDI_CLASSES = {"LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"}
_BIDI_MARKS = {"\u200e", "\u200f", "\u061c"}


def acts_on_a_terminal(char: str) -> bool:
    """A character a terminal acts on or that reorders the text around it, from the Unicode database."""
    return (
        unicodedata.category(char) in ("Cc", "Zl", "Zp")
        or unicodedata.bidirectional(char) in _BIDI_CLASSES
        or char in _BIDI_MARKS
    )


def test_the_table_shows_every_control_character_as_an_escape() -> None:
    """Every such character of the Basic Multilingual Plane (where all of them are), and no other."""
    render = renderer("table")
    for point in range(0x10000):
        char = chr(point)
        if 0xD800 <= point < 0xE000:
            continue  # surrogates are not characters
        name = f"a{char}b"
        line = render(Result("f", 0, "1", "PokerStars", "Badugi", None, "verified", None, [_paid(name)]))
        if acts_on_a_terminal(char):
            assert char not in line[:-1], hex(point)
            assert char.encode("unicode_escape").decode() in line, hex(point)
        else:
            assert name in line, hex(point)


def _paid(name: str) -> PlayerResult:
    return PlayerResult(name, "As 2h 3d 4c", 1, "4-card badugi 4-3-2-A", None, "1.00", "1.00")


def test_the_table_escapes_every_text_from_a_file() -> None:
    evil = "\x1b]0;owned\x07\x1b[2J\r\n\u202e\x9b"
    result = Result(f"dir/{evil}.txt", 3, evil, evil, evil, None, "mismatch", f"{evil} collected 1.00", [_paid(evil)])
    table = renderer("table")(result)
    assert table.count("\n") == 2  # the two lines of a mismatch with a payment, and no other line break
    assert not any(acts_on_a_terminal(char) for char in table.replace("\n", ""))
    assert "\\x1b]0;owned\\x07\\x1b[2J\\r\\n\\u202e\\x9b" in table
    assert json.loads(renderer("jsonl")(result)) == result.as_dict()  # JSON Lines: the exact data


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r"])
def test_csv_cells_that_a_spreadsheet_would_run_get_a_quote(start: str) -> None:
    formula = f'{start}HYPERLINK("http://evil.example","x")'
    result = Result(formula, 0, formula, formula, formula, formula, "error", formula, [_paid(formula)])
    (row,) = csv.reader(io.StringIO(renderer("csv")(result)))
    assert row[0] == row[2] == row[3] == row[4] == row[5] == row[7] == "'" + formula
    assert row[8] == "'" + _player_text(_paid(formula))
    assert (row[1], row[6]) == ("0", "error")


def test_csv_cells_of_real_hands_are_unchanged_unless_they_start_a_formula() -> None:
    """A real hand with a player called ``=cmd|...``: only the cell that starts with it is quoted."""
    text = decode((SAMPLES / "pokerstars-cash.txt").read_bytes())
    hand = text[: text.index("PokerStars", 10)].replace("Alice", "=cmd|' /C calc'!A0").replace("Hero", "-Hero")
    (result,) = (score(h) for h in parse(hand))
    assert result.status == "verified"
    (row,) = csv.reader(io.StringIO(renderer("csv")(result)))
    assert row[8] == "'" + "; ".join(_player_text(player) for player in result.players)
    assert row[8].startswith("'-Hero [")
    assert "=cmd|' /C calc'!A0 [5c 2s 3h 6d]" in row[8]
    assert row[:8] == [result.file, "0", result.hand_id, "PokerStars", "Badugi", "fixed", "verified", ""]
