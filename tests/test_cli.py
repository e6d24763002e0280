"""The badugi command line: eval output, the showdown line, and bad input as a one-line error with status 2."""

from __future__ import annotations

import subprocess
import sys

import pytest

from badugi_fast.cli import main


def test_eval_prints_rank_cards_and_description(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "3d 8c Ks Kc"]) == 0
    out = capsys.readouterr().out
    # K-8-3: 715 four-card values, then 220 three-card values topped by Q or lower, 21 by K-7 or lower, 2 by K-8-2 or
    # K-8-A: the 244th three-card value, 715 + 244 = 959.
    assert out.split() == ["3d", "8c", "Ks", "Kc", "rank", "959", "plays", "Ks", "8c", "3d", "3-card", "K-8-3"]


def test_eval_names_the_winner(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "Ks Qh Jd Tc", "As 2h 3d 4d"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "hand 1 wins"


def test_eval_reports_a_split(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "As2h3d4c", "Kc Kd Kh Ks", "A♠2♥3♦4♣"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "hands 1, 3 split the pot"


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        (["As2h3d"], "hand 1 ('As2h3d'): a hand has exactly 4 cards, got 3"),
        (["As2h3d4c", "As As 2h 3d"], "hand 2 ('As As 2h 3d'): duplicate card As"),
        (["Xx2h3d4c"], "expected a rank"),
    ],
)
def test_bad_hand_is_one_line_and_status_2(capsys: pytest.CaptureFixture[str], hands: list[str], message: str) -> None:
    assert main(["eval", *hands]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert message in captured.err


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in ([], ["eval"], ["nonsense"]):
        with pytest.raises(SystemExit) as stopped:
            main(argv)
        assert stopped.value.code == 2
    capsys.readouterr()


def test_python_dash_m_and_console_script_agree() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "badugi_fast", "eval", "As2h3d4c"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert "4-card badugi 4-3-2-A" in result.stdout


def test_a_closed_pipe_ends_the_command_quietly() -> None:
    """`badugi simulate ... | head -1`: no traceback and no error line when the reader stops early."""
    command = f"{sys.executable} -m badugi_fast simulate --hands 3000 --seed 1 | head -1"
    result = subprocess.run(["bash", "-o", "pipefail", "-c", command], capture_output=True, text=True, check=False)
    assert result.stdout.startswith("PokerStars")
    assert result.stderr == ""
    assert result.returncode == 141
