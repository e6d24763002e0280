"""``badugi score``: default run on the shipped samples, formats, --output, --jobs, exit statuses."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from badugi_fast.cli import main
from badugi_fast.history.sources import SAMPLES

RECORD_KEYS = ["file", "index", "hand_id", "site", "game", "limit", "status", "reason", "players", "started"]
RECORD_KEYS += ["time_zone", "currency", "stakes", "big_blind"]
PLAYER_KEYS = ["name", "cards", "rank", "description", "site_description", "collected", "expected", "position", "hero"]
PLAYER_KEYS += ["put_in", "net", "vpip", "pfr", "three_bet", "three_bet_chance", "bets", "raises", "calls"]
PLAYER_KEYS += ["drew_1", "drew_2", "drew_3", "showdown", "won"]


def records(text: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in text.splitlines()]


def test_default_run_scores_the_samples(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score"]) == 0
    out, err = capsys.readouterr()
    rows = records(out)
    assert len(rows) == 58
    assert all(list(row) == RECORD_KEYS for row in rows)
    assert all(list(player) == PLAYER_KEYS for row in rows for player in row["players"])  # type: ignore[attr-defined]
    assert {row["status"] for row in rows} == {"verified", "no_showdown", "skipped"}
    assert "5 files, 58 hands, 55 Badugi hands, 48 showdowns, 48 verified, 0 mismatches, 0 errors" in err
    assert "hands/s" in err


def test_jobs_give_the_same_records_in_the_same_order(capsys: pytest.CaptureFixture[str]) -> None:
    main(["score", str(SAMPLES)])
    one = capsys.readouterr().out
    main(["score", str(SAMPLES), "--jobs", "2"])
    assert capsys.readouterr().out == one


def test_csv_and_table_and_output_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "out.csv"
    assert main(["score", str(SAMPLES / "kingsclub.txt"), "--format", "csv", "--output", str(target)]) == 0
    with open(target, encoding="utf-8", newline="") as stream:
        rows = list(csv.DictReader(stream))
    assert [(row["hand_id"], row["status"]) for row in rows] == [("91000001", "verified"), ("91000002", "skipped")]
    assert main(["score", str(SAMPLES / "kingsclub.txt"), "--format", "table"]) == 0
    table = capsys.readouterr().out.splitlines()
    assert len(table) == 3
    assert "verified" in table[1]
    assert "Ben [3d 4c 6h 8s]" in table[1]


def tampered(tmp_path: Path) -> Path:
    text = (SAMPLES / "kingsclub.txt").read_text(encoding="utf-8")
    target = tmp_path / "tampered.txt"
    target.write_text(text.replace("Ben wins pot (163)", "Ben wins pot (165)") + text, encoding="utf-8")
    return target


def test_a_mismatch_exits_1_and_the_run_goes_on(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", str(tampered(tmp_path))]) == 1
    rows = records(capsys.readouterr().out)
    assert [row["status"] for row in rows] == ["mismatch", "skipped", "verified", "skipped"]
    assert rows[0]["reason"] == "Ben collected 165.00, expected 163.00"


def test_fail_on_mismatch_stops_at_the_first(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", str(tampered(tmp_path)), "--fail-on-mismatch"]) == 1
    out, err = capsys.readouterr()
    assert len(records(out)) == 1
    assert "stopped at the first mismatch" in err


def test_usage_errors_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", str(tmp_path / "missing.txt")]) == 2
    assert "no such file" in capsys.readouterr().err
    assert main(["score", "--jobs", "-1"]) == 2
    with pytest.raises(SystemExit) as stop:
        main(["score", "--format", "xml"])
    assert stop.value.code == 2
