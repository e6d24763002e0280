"""``badugi bench``: runs on a few hands, prints the machine and every figure, refuses an evaluator that disagrees
(not timing it), and reports peers that are not installed."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from badugi_fast import cli, reference
from badugi_fast.bench import report as bench_report
from badugi_fast.bench.evaluators import BATCH, Evaluator, Hands, available_evaluators, measure_evaluators

ROOT = Path(__file__).resolve().parents[1]
SMALL = ["--hands", "400", "--repeat", "1", "--slow-hands", "60", "--game-hands", "4"]
HAS_POKERKIT = importlib.util.find_spec("pokerkit") is not None
HAS_POKER_EQUITY = importlib.util.find_spec("poker_equity") is not None


def _bench(capsys: pytest.CaptureFixture[str], *options: str) -> str:
    """What ``badugi bench OPTIONS`` prints (it must succeed)."""
    status = cli.main(["bench", *options])
    out, err = capsys.readouterr()
    assert status == 0, err
    return out


def _check_schema(report: dict[str, Any]) -> None:
    """The JSON report's shape: what a user's script may rely on."""
    assert set(report) == {
        "machine",
        "settings",
        "rows",
        "skipped",
        "refused",
        "failed",
        "pokerkit game",
        "summary",
        "load average after",
    }
    machine = report["machine"]
    for key in ("cpu", "architecture", "os", "python", "badugi-fast", "backend", "numpy", "pokerkit", "poker-equity"):
        assert isinstance(machine[key], str), key
    assert isinstance(machine["cores"], int)
    assert machine["cores"] >= 1
    assert machine["load average"] is None or len(machine["load average"]) == 3
    assert set(report["settings"]) == {"hands", "repeat", "seed", "slow hands"}
    for row in report["rows"]:
        assert set(row) == {"group", "name", "hands", "ns_per_hand", "hands_per_second", "ratio"}
        assert row["group"] in ("per hand", "batch")
        assert row["ns_per_hand"] > 0
        assert row["hands_per_second"] > 0
    for group in ("per hand", "batch"):
        first = next(row for row in report["rows"] if row["group"] == group)
        assert first["name"].startswith("badugi_fast.")
        assert first["ratio"] == 1
    assert all(isinstance(reason, str) for reason in {**report["skipped"], **report["refused"]}.values())
    assert all(value is None or isinstance(value, float) for value in report["summary"].values())


def test_json_report_on_a_few_hands(capsys: pytest.CaptureFixture[str]) -> None:
    report = json.loads(_bench(capsys, *SMALL, "--json"))
    _check_schema(report)
    assert report["settings"] == {"hands": 400, "repeat": 1, "seed": 2026, "slow hands": 60}
    assert report["refused"] == {}
    assert report["failed"] == {}
    names = {row["name"]: row for row in report["rows"]}
    assert names["badugi_fast.evaluate(text)"]["hands"] == 400
    assert names["badugi_fast.reference.evaluate(text)"]["hands"] == 60
    assert "floor: numpy take(table, int64 indices)" in names
    for module in ("pokerkit", "badugi_fast.pokerkit"):
        for kind in ("text", "pokerkit cards"):
            assert (f"{module} BadugiHand.from_game({kind})" in names) == HAS_POKERKIT
    assert ("poker-equity score_batch('badugi', text)" in names) == HAS_POKER_EQUITY
    game = report["pokerkit game"]
    if HAS_POKERKIT:
        assert game["hands"] == 4
        assert set(game["hands per second"]) == {"pokerkit.BadugiHand", "badugi_fast.pokerkit.BadugiHand"}
        assert game["ratio"] > 0
    else:
        assert game is None
        assert "pokerkit game" in report["skipped"]


def test_text_report_describes_the_machine(capsys: pytest.CaptureFixture[str]) -> None:
    out = _bench(capsys, *SMALL, "--game-hands", "0")
    for line in ("cpu: ", "cores: ", "python: ", "numpy: ", "pokerkit: ", "poker-equity: ", "load average: "):
        assert f"\n{line}" in out
    assert "| badugi_fast.evaluate(text) " in out
    assert "load average after: " in out


def test_an_evaluator_that_disagrees_is_refused_and_not_timed() -> None:
    hands = Hands.random(300, seed=1)
    calls = {"off by one": 0, "scrambled order": 0}

    def counted(name: str, answers: Any) -> Evaluator:
        def prepare(given: Hands) -> Any:
            def work() -> Any:
                calls[name] += 1
                return answers(given)

            return work

        return Evaluator(BATCH, name, prepare, order_only=name != "off by one")

    evaluators = [
        Evaluator(BATCH, "ranks", lambda given: lambda: given.ranks),
        counted("off by one", lambda given: given.ranks + 1),
        counted("scrambled order", lambda given: (given.ranks.astype(np.int64) * 7919) % 1093),
        Evaluator(BATCH, "reversed order", lambda given: lambda: [-int(rank) for rank in given.ranks], order_only=True),
    ]
    rows, refused = measure_evaluators(evaluators, hands, slow_hands=300, repeat=3)
    assert [row.name for row in rows] == ["ranks", "reversed order"]
    assert set(refused) == {"off by one", "scrambled order"}
    assert "where badugi_fast says" in refused["off by one"]
    assert calls == {"off by one": 1, "scrambled order": 1}  # the check only, never timed


def test_a_wrong_evaluator_in_a_real_run_is_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(reference, "evaluate", lambda hand: 1)
    assert cli.main(["bench", *SMALL, "--game-hands", "0"]) == 1
    out = capsys.readouterr().out
    assert "REFUSED badugi_fast.reference.evaluate(text) (not timed):" in out
    assert "| badugi_fast.reference.evaluate(text) " not in out


def test_a_stage_that_fails_after_the_measures_keeps_them(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A failure after the evaluators were measured is reported beside their figures (exit 1), which are kept."""

    def broken(*arguments: object) -> None:
        raise RuntimeError("the summary broke")

    monkeypatch.setattr(bench_report, "_summary", broken)
    assert cli.main(["bench", *SMALL, "--game-hands", "0"]) == 1
    out = capsys.readouterr().out
    assert "| badugi_fast.evaluate(text) " in out
    assert "FAILED summary: RuntimeError: the summary broke" in out


def test_run_from_a_folder_holding_an_unbuilt_source_tree(tmp_path: Path) -> None:
    """``badugi bench`` started in a checkout after ``pip install .`` (the working directory holds a badugi_fast
    that cannot be imported): the fresh interpreter that times the import imports the package the command runs."""
    shadow = tmp_path / "checkout" / "badugi_fast"
    shadow.mkdir(parents=True)
    (shadow / "__init__.py").write_text("raise ImportError('the unbuilt source tree')\n")
    script = tmp_path / "badugi"
    script.write_text("import sys\nfrom badugi_fast.cli import main\nsys.exit(main())\n")
    command = [sys.executable, str(script), "bench", *SMALL, "--game-hands", "0", "--json"]
    result = subprocess.run(command, cwd=shadow.parent, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["summary"]["import badugi_fast ms"] > 0


def test_missing_peers_are_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pokerkit", None)  # what importing them does where they are not installed
    monkeypatch.setitem(sys.modules, "poker_equity", None)
    evaluators, skipped = available_evaluators(cores=2)
    names = {evaluator.name for evaluator in evaluators}
    assert not any("pokerkit" in name or "poker-equity" in name for name in names)
    expected = "pokerkit needs Python 3.11+" if sys.version_info < (3, 11) else "not installed"
    for module in ("pokerkit", "badugi_fast.pokerkit"):
        for kind in ("text", "pokerkit cards"):
            assert skipped[f"{module} BadugiHand.from_game({kind})"].startswith(expected)
    assert skipped["poker-equity score_batch('badugi', text)"] == 'not installed (pip install "badugi-fast[bench]")'


@pytest.mark.parametrize("option", ["--hands", "--repeat", "--slow-hands", "--game-hands"])
def test_bad_options_are_usage_errors(option: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["bench", option, "-1"]) == 2
    assert f"badugi bench: error: {option} must be" in capsys.readouterr().err


def test_the_script_is_the_command_plus_the_table_build() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "bench.py"), *SMALL, "--game-hands", "0", "--skip-build", "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    _check_schema(json.loads(result.stdout))
