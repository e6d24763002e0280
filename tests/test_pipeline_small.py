"""Issue 17, part 4, the pipeline's smaller cases: a folder of files that are no hand history, ``bench`` counts
bounded, ``-o`` naming a symbolic link, errors naming the output (never its temporary file), policies that answer
something else than a decision."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest

from badugi_fast.cli import main
from badugi_fast.formats import phh
from badugi_fast.game import TableRules, simulate
from badugi_fast.game.played import hands_of as recorded_hands
from badugi_fast.game.policies import BasicPolicy
from badugi_fast.history.pipeline import score_file
from badugi_fast.history.sources import SAMPLES
from badugi_fast.rules.engine import HandState


def test_a_folder_of_files_that_are_no_hand_history(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """It said "0 files" and exited 0."""
    for name in ("notes.md", "photo.jpg", "todo.txt", "z.csv"):
        (tmp_path / name).write_text("nothing to score\n", encoding="utf-8")
    output = tmp_path / "out" / "records.jsonl"
    output.parent.mkdir()
    assert main(["score", str(tmp_path), "-o", str(output)]) == 2
    err = capsys.readouterr().err.splitlines()[-1]
    assert err == (
        f"badugi score: error: no hand history of a known site in the 4 files looked at ({tmp_path}/notes.md, "
        f"{tmp_path}/photo.jpg, {tmp_path}/todo.txt and 1 more)"
    )
    assert not output.exists()
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["score", str(empty)]) == 2
    assert capsys.readouterr().err.endswith("no hand history of a known site in the paths given (no file in them)\n")


@pytest.mark.parametrize("option", ["--hands", "--repeat", "--slow-hands", "--game-hands"])
def test_bench_counts_are_bounded(option: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``--hands 10**12`` allocated up front and died with a traceback."""
    assert main(["bench", option, str(10**12)]) == 2
    assert "must be from" in capsys.readouterr().err


def test_output_through_a_symbolic_link_writes_its_target(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "records.jsonl"
    target.write_text("old\n", encoding="utf-8")
    link = tmp_path / "latest.jsonl"
    link.symlink_to(target)
    assert main(["score", str(SAMPLES / "kingsclub.txt"), "-o", str(link)]) == 0
    capsys.readouterr()
    assert link.is_symlink()
    assert target.read_text(encoding="utf-8").count("\n") == 2
    assert sorted(path.name for path in tmp_path.iterdir()) == ["latest.jsonl", "records.jsonl"]


def test_an_output_error_names_the_output_not_its_temporary_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    output = tmp_path / "missing" / "records.jsonl"
    assert main(["score", str(SAMPLES / "kingsclub.txt"), "-o", str(output)]) == 2
    err = capsys.readouterr().err
    assert str(output) in err
    assert ".partial" not in err


class _Answers(BasicPolicy):
    def __init__(self, answer: object, drawing: bool = False) -> None:
        super().__init__()
        self.answer = answer
        self.answers_draws = drawing

    def act(self, hand: HandState, player: int, rng: random.Random) -> tuple[str, int]:
        return self.answer if not self.answers_draws else super().act(hand, player, rng)  # type: ignore[return-value]

    def draw(self, hand: HandState, player: int, rng: random.Random) -> list[int]:
        return self.answer if self.answers_draws else super().draw(hand, player, rng)  # type: ignore[return-value]


@pytest.mark.parametrize(
    ("answer", "drawing"),
    [(None, False), (3, False), (("bet",), False), (("call", 0.0), False), (None, True), (7, True)],
)
def test_a_policy_answering_no_decision_is_a_value_error(answer: object, drawing: bool) -> None:
    """None or an int once raised TypeError (ValueError is documented)."""
    policy = _Answers(answer, drawing)
    with pytest.raises(ValueError, match="policy for player"):
        list(simulate(5, 2, TableRules(10, 20), seed=1, policies=[policy, policy]))


@pytest.mark.parametrize("stakes", ["1/1", "0.25/0.25"])
def test_simulate_refuses_stakes_its_scorer_would_reject(stakes: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Equal blinds were simulated, and every hand of them was then a mismatch or an error."""
    assert main(["simulate", "--hands", "3", "--stakes", stakes]) == 2
    assert "the small blind must be less than the big blind" in capsys.readouterr().err


def _phh_hand() -> str:
    played = simulate(1, 6, TableRules(10, 20), seed=1)
    out = io.StringIO()
    list(phh.write(recorded_hands(played, None), out))  # written as it is consumed
    return out.getvalue()


def test_phh_fields_out_of_range_and_foreign_digits_are_error_records_not_crashes() -> None:
    """``year = 99999999999999999`` was an OverflowError for the whole hand; ``cbr ٤٠`` was read as 40."""
    hand = _phh_hand()
    huge = hand.replace('variant = "FB"', 'variant = "FB"\nyear = 99999999999999999\nmonth = 1\nday = 1', 1)
    (result,) = score_file(huge)
    assert "Overflow" not in str(result.reason)
    assert result.status == score_file(hand)[0].status
    bet = re.search(r'"p\d cbr (\d+)"', hand)
    assert bet is not None
    foreign = hand[: bet.start(1)] + "٤٠" + hand[bet.end(1) :]
    (refused,) = score_file(foreign)
    assert refused.status == "error"
    assert "not a number" in str(refused.reason)
