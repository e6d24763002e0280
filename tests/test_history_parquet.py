"""``badugi score --format parquet`` in one process (and ``--jobs``): the JSON Lines records, typed, streamed in
row groups; and the core package, which imports none of the dask extra's packages."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from badugi_fast.cli import main
from badugi_fast.formats.pokerstars.writer import write_histories
from badugi_fast.game import TableRules, simulate
from badugi_fast.history.sources import SAMPLES

EXTRA_PACKAGES = ("dask", "distributed", "pyarrow", "pandas", "fsspec")


def test_the_core_imports_no_package_of_the_dask_extra() -> None:
    code = (
        "import sys, badugi_fast, badugi_fast.history, badugi_fast.cli, badugi_fast.cli.score; "
        f"print([name for name in {EXTRA_PACKAGES!r} if name in sys.modules])"
    )
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout == "[]\n"


def test_parquet_without_pyarrow_names_the_extra(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "pyarrow", None)  # import pyarrow now fails, as when it is not installed
    monkeypatch.delitem(sys.modules, "badugi_fast.history.parquet", raising=False)
    assert main(["score", "--format", "parquet", "-o", str(tmp_path / "out.parquet")]) == 2
    assert 'pip install "badugi-fast[dask]"' in capsys.readouterr().err
    assert not (tmp_path / "out.parquet").exists()


pq = pytest.importorskip("pyarrow.parquet", reason="the dask extra is not installed")
pd = pytest.importorskip("pandas", reason="the dask extra is not installed")


@pytest.fixture(scope="module")
def histories(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Simulated hands (two files, pot limit in dollars and fixed limit in chips) beside the shipped samples."""
    folder = tmp_path_factory.mktemp("histories")
    for seed, (rules, currency) in enumerate([(TableRules(25, 50, "pot"), "USD"), (TableRules(10, 20), None)]):
        with open(folder / f"table-{seed}.txt", "w", encoding="utf-8") as out:
            write_histories(simulate(2500, 6, rules, seed=seed), out, currency)
    return folder


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_parquet_holds_the_json_lines_records(
    jobs: str, histories: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from badugi_fast.history import parquet

    monkeypatch.setattr(parquet, "ROW_GROUP_ROWS", 2000)  # several row groups from these few thousand hands
    paths = [str(histories), str(SAMPLES)]
    assert main(["score", "-j", jobs, "-o", str(tmp_path / "out.jsonl"), *paths]) == 0
    summary = capsys.readouterr().err.rpartition(";")[0]
    assert main(["score", "-j", jobs, "--format", "parquet", "-o", str(tmp_path / "out.parquet"), *paths]) == 0
    assert capsys.readouterr().err.rpartition(";")[0] == summary
    lines = (tmp_path / "out.jsonl").read_text(encoding="utf-8").splitlines()
    records = [json.loads(line) for line in lines]
    table = pq.read_table(tmp_path / "out.parquet")
    assert table.to_pylist() == records
    assert pq.ParquetFile(tmp_path / "out.parquet").num_row_groups >= 3
    player = table.schema.field("players").type.value_type
    assert str(player.field("collected").type) == "string"  # exact, never a float
    assert str(player.field("rank").type) == "int16"
    assert str(table.schema.field("index").type) == "int64"
    assert {record["players"][0]["collected"] for record in records if record["players"]} >= {"0", "0.00"}
    assert len(pd.read_parquet(tmp_path / "out.parquet")) == len(records)


def test_parquet_stops_at_the_first_failure_and_needs_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    damaged = tmp_path / "damaged.txt"
    sample = (SAMPLES / "pokerstars-cash.txt").read_text(encoding="utf-8")
    damaged.write_text(sample.replace("*** SUMMARY ***", "*** SUMMERY ***", 2), encoding="utf-8")
    options = ["score", "--fail-on-mismatch", str(damaged)]
    assert main([*options, "-o", str(tmp_path / "out.jsonl")]) == 1
    assert main([*options, "--format", "parquet", "-o", str(tmp_path / "out.parquet")]) == 1
    lines = (tmp_path / "out.jsonl").read_text(encoding="utf-8").splitlines()
    assert pq.read_table(tmp_path / "out.parquet").to_pylist() == [json.loads(line) for line in lines]
    assert main(["score", "--format", "parquet", str(damaged)]) == 2
    assert "give --output" in capsys.readouterr().err
