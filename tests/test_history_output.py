"""The JSON Lines writer is hand-written for speed: it must write exactly what ``json.dumps`` writes."""

from __future__ import annotations

import json

import pytest

from badugi_fast.history import PlayerResult, Result, score_files
from badugi_fast.history.command import SAMPLES
from badugi_fast.history.output import renderer

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
