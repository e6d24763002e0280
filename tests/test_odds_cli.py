"""``badugi odds``, ``badugi equity`` and ``badugi advise``: the readable tables, --json, ranges and unknown cards,
and bad input as one line with status 2."""

from __future__ import annotations

import json

import pytest

import badugi_fast
from badugi_fast.cli import main
from badugi_fast.evaluator import BACKEND

pytestmark = pytest.mark.skipif(BACKEND != "c", reason="quick answers need the C extension")


def test_odds_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "As 2h 3d 3c", "--draws", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "As 2h 3d 3c: 3 draws to come, policy usable, first discard the policy's choice"
    assert lines[1] == "exact: 65,066 draw sequences"
    rows = [line for line in lines if line.startswith("badugi ") and "-high" in line]
    # The first club to come ends the drawing, whatever its rank 4 to K: each top card equally likely.
    assert len(rows) == 10
    assert all(row.split()[2] == "5.12%" for row in rows)
    assert rows[-1].split()[3] == "51.21%"
    assert "█" in rows[0]
    assert lines[-2] == "badugi 51.21%  3 cards 48.79%"
    assert lines[-1].startswith("expected rank 415.")


def test_odds_json_with_a_discard_and_dead_cards(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "As 2h 3d 3c", "--discard", "3c", "--dead", "4c 5c", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["exact"] is True
    assert data["deals"] == 46
    assert data["p_badugi"] == pytest.approx(8 / 46)  # 6c ... Kc
    assert data == badugi_fast.draw_odds("As 2h 3d 3c", "3c", dead="4c 5c").to_dict()


def test_odds_sampled_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "As 2h Qd Qc", "--draws", "2", "--samples", "20000", "--seed", "3", "--discard", "pat"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith("first discard pat")
    assert lines[1] == "sampled: 20,000 trials, seed 3, standard error at most 0.35%"
    assert "±" in lines[-1]


@pytest.mark.parametrize("old", ["-", ""])
def test_standing_pat_is_pat_and_the_old_spellings_are_read(old: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``pat`` in the API, on the command line and in every output; ``-`` and ``""`` still read as input."""
    assert main(["odds", "As 2h Qd Qc", "--discard", old]) == 0
    assert main(["odds", "As 2h Qd Qc", "--discard", "pat"]) == 0
    assert [line for line in capsys.readouterr().out.splitlines() if "first discard" in line] == [
        "As 2h Qd Qc: 1 draw to come, policy usable, first discard pat"
    ] * 2
    assert badugi_fast.draw_odds("As 2h Qd Qc", old) == badugi_fast.draw_odds("As 2h Qd Qc", "pat")
    assert badugi_fast.draw_odds("As 2h Qd Qc", old).discard == "pat"
    hands = ["As 2h 3d Kd", "4s 5h 6d 6c"]
    assert badugi_fast.equity(hands, discards=[old, None]) == badugi_fast.equity(hands, discards=["pat", None])
    assert main(["equity", *hands, "--discards", old or "pat", "auto"]) == 0
    assert capsys.readouterr().out.splitlines()[1].split()[4] == "pat"
    advice = badugi_fast.best_discard("As 2h 3d Kd", ["4s 5h 6d 6c"], against_discards=[old])
    assert advice == badugi_fast.best_discard("As 2h 3d Kd", ["4s 5h 6d 6c"], against_discards=["pat"])
    assert "pat" in [option.throw for option in advice.options]
    assert "" not in [option.throw for option in advice.options]


def test_equity_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "As 2h 3d 3c", "4s 5h 6d 6c", "--discards", "3c", "auto"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["hand", "throws", "policy", "equity", "win", "tie"]
    first, second = lines[1].split(), lines[2].split()
    assert first[:6] == ["As", "2h", "3d", "3c", "3c", "usable"]
    assert second[4] == "policy"
    result = badugi_fast.equity(["As 2h 3d 3c", "4s 5h 6d 6c"], discards=["3c", None])
    assert first[6] == f"{100 * result.equity[0]:.2f}%"
    assert lines[-1] == "exact: 1,892 deals, 1 draw to come"


def test_equity_json_sampled_with_policies_per_hand(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["equity", "As 2h Kd Kc", "3c 4c 5h 9s", "7d 8d Jh Qs", "--draws", "3", "--seed", "5", "--samples", "5000"]
    assert main([*argv, "--policy", "usable,basic,pat:9", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["policies"] == ["usable", "basic", "pat:9"]
    assert data["exact"] is False
    assert data["samples"] == 5000
    assert data["seed"] == 5
    assert sum(data["equity"]) == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["equity", "As 2h 3d 3c", "3c 5h 6d 6d"], "badugi equity: error: hand 2: duplicate card 6d"),
        (["equity", "As 2h 3d 3c", "3c 5h 6d 7d"], "badugi equity: error: card 3c is in hand 1 and hand 2"),
        (["equity", "As 2h 3d 3c 4c", "5h 6d 7d 8d"], "badugi equity: error: hand 1: a hand has exactly 4 cards"),
        (["equity", "As 2h 3d 3c"], "badugi equity: error: equity takes 2 to 6 hands, got 1"),
        (["equity", "As 2h 3d 3c", "5h 6d 7d 8d", "--policy", "nice"], "unknown policy 'nice'"),
        (["equity", "As 2h 3d 3c", "5h 6d 7d 8d", "--discards", "Kc", "-"], "discard Kc is not in hand 1"),
        (["odds", "As 2h 3d 3c", "--draws", "4"], "badugi odds: error: draws must be an int from 0 to 3, not 4"),
        (["odds", "As 2h 3d 3c", "--dead", "3c"], "card 3c is in the hand and the dead cards"),
        (["odds", "As 2h 3d 3c", "--policy", "pat:2"], "no badugi is 2-high"),
        (["equity", "As 2h 3d 3c", "pat 3"], "badugi equity: error: hand 2: 'pat 3': no 4-card hand is 3-high"),
        (["equity", "As 2h 3d 3c", "As ? ? ?"], "card As is in hand 1 and hand 2"),
        (["advise", "As 2h ? ?", "--against", "random"], "needs every card of the hand known"),
        (["advise", "As 2h 3d 3c", "--against", "pat 9, 3-crad 7"], "part 2 of 'pat 9, 3-crad 7' (at character 8)"),
        (["advise", "As 2h 3d 3c", "--goal", "9", "--against-discards", "-"], "--against-discards needs --against"),
        (["advise", "As 2h 3d 3c", "--goal", "9", "--policy", "usable,snow"], "--goal takes one policy"),
    ],
)
def test_bad_input_is_one_line_and_status_2(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert message in captured.err


def test_advise_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["advise", "As 2h 3d Kd", "--against", "4s 5h 6d 6c"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "As 2h 3d Kd against 4s 5h 6d 6c: 1 draw to come, policies usable, usable"
    assert lines[1].split() == ["throw", "equity", "win", "tie"]
    advice = badugi_fast.best_discard("As 2h 3d Kd", ["4s 5h 6d 6c"])
    rows = lines[2:-1]
    assert len(rows) == 16
    assert rows[0].split()[:2] == ["Kd", f"{100 * advice.best.equity:.2f}%"]
    assert rows[0].endswith("best")
    assert not any(row.endswith("best") for row in rows[1:])
    assert lines[3].split()[0] == "pat"  # standing pat, spelled as on the command line and in the API
    assert lines[-1] == "exact: every one of the 16 options counted"


def test_advise_against_a_range_sampled_and_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["advise", "As 2h 3d Kd", "--against", "random", "3-card 7 draw", "--samples", "3000", "--seed", "2"]
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["against"] == ["random", "3-card 7 draw"]
    assert data["samples"] == 3000
    assert data["seed"] == 2
    assert len(data["options"]) == 16
    assert data == badugi_fast.best_discard("As 2h 3d Kd", ["random", "3-card 7 draw"], samples=3000, seed=2).to_dict()
    assert main(argv) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("sampled: 3,000 trials each, seed 2")


def test_advise_toward_a_goal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["advise", "As 2h 6d Kc", "--goal", "7", "--draws", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "As 2h 6d Kc: 2 draws to come, policy usable, goal 7 or better"
    assert lines[2].split()[0] == "Kc"
    assert lines[2].endswith("best")
    assert lines[-1] == "exact: every one of the 16 options counted"


def test_odds_and_equity_take_ranges_and_unknown_cards(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "As 2h 3d Kd", "pat 9", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == badugi_fast.equity(["As 2h 3d Kd", "pat 9"]).to_dict()
    assert main(["odds", "As 2h ? ?", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hand"] == "As 2h ? ?"
    assert data["exact"] is True
    assert main(["equity", "As 2h 3d Kd", "random"]) == 0
    assert capsys.readouterr().out.splitlines()[2].split()[:2] == ["random", "policy"]
