"""``badugi score --format parquet`` in one process (and ``--jobs``): the JSON Lines records, typed, streamed in
row groups; and the core package, which imports none of the dask extra's packages."""

from __future__ import annotations

import json
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest
from typed_records import typed_record

from badugi_fast.cli import main
from badugi_fast.formats.pokerstars.writer import write_histories
from badugi_fast.game import TableRules, simulate
from badugi_fast.history.sources import SAMPLES

EXTRA_PACKAGES = ("dask", "distributed", "pyarrow", "pandas", "fsspec", "duckdb")


def test_the_core_imports_no_package_of_the_dask_extra() -> None:
    code = (
        "import sys, badugi_fast, badugi_fast.history, badugi_fast.cli, badugi_fast.cli.score, "
        "badugi_fast.cli.stats, badugi_fast.cli.importing; "
        f"print([name for name in {EXTRA_PACKAGES!r} if name in sys.modules])"
    )
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout == "[]\n"


def test_parquet_without_pyarrow_names_the_extra(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "pyarrow", None)  # import pyarrow now fails, as when it is not installed
    monkeypatch.delitem(sys.modules, "badugi_fast.history.parquet", raising=False)
    assert main(["score", "--format", "parquet", "-o", str(tmp_path / "out.parquet")]) == 2
    assert 'pip install "badugi-fast[parquet]"' in capsys.readouterr().err
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
    assert table.to_pylist() == [typed_record(record) for record in records]
    assert pq.ParquetFile(tmp_path / "out.parquet").num_row_groups >= 3
    player = table.schema.field("players").type.value_type
    for name in ("collected", "expected", "put_in", "net"):
        assert str(player.field(name).type) == "decimal128(38, 2)"  # exact, never a float
    assert str(table.schema.field("big_blind").type) == "decimal128(38, 2)"
    assert str(table.schema.field("started").type) == "timestamp[ms]"
    assert str(table.schema.field("stakes").type) == "string"  # a label, as the site writes it
    assert str(player.field("rank").type) == "int16"
    assert str(table.schema.field("index").type) == "int64"
    assert {record["players"][0]["collected"] for record in records if record["players"]} >= {"0", "0.00"}
    assert len(pd.read_parquet(tmp_path / "out.parquet")) == len(records)


def test_pandas_adds_up_parquet_money_exactly_without_converting(
    histories: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every player's net won, summed by pandas straight from the file, is the exact sum of the JSON Lines' text;
    a round trip through pandas and back to Parquet keeps every type and value."""
    assert main(["score", "-o", str(tmp_path / "out.jsonl"), str(histories)]) == 0
    assert main(["score", "--format", "parquet", "-o", str(tmp_path / "out.parquet"), str(histories)]) == 0
    capsys.readouterr()
    records = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text(encoding="utf-8").splitlines()]
    expected: dict[str, Decimal] = {}
    for record in records:
        for player in record["players"]:
            if player["net"] is not None:
                expected[player["name"]] = expected.get(player["name"], Decimal(0)) + Decimal(player["net"])
    frame = pd.read_parquet(tmp_path / "out.parquet").explode("players")
    players = pd.json_normalize(frame["players"].dropna().tolist())
    sums = players.groupby("name")["net"].sum()
    assert {name: sums[name] for name in expected} == expected
    assert all(isinstance(value, Decimal) for value in sums)
    hands = pd.read_parquet(tmp_path / "out.parquet", columns=["started", "big_blind"])
    assert str(hands["started"].dtype).startswith("datetime64")
    again = tmp_path / "again.parquet"
    pa = pytest.importorskip("pyarrow")
    from badugi_fast.history.parquet import SCHEMA

    frame = pd.read_parquet(tmp_path / "out.parquet")
    pq.write_table(pa.Table.from_pandas(frame, schema=SCHEMA, preserve_index=False), again)
    assert pq.read_table(again).equals(pq.read_table(tmp_path / "out.parquet"))


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


def test_stats_read_typed_and_text_parquet_alike(
    histories: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``badugi stats`` gives the same rows from the JSON Lines, the typed Parquet and a Parquet file written before
    amounts were typed (their text), with a stakes and a date filter too."""
    import pyarrow.json as pa_json

    from badugi_fast.history.parquet import TEXT_SCHEMA

    assert main(["score", "-o", str(tmp_path / "out.jsonl"), str(histories)]) == 0
    assert main(["score", "--format", "parquet", "-o", str(tmp_path / "out.parquet"), str(histories)]) == 0
    options = pa_json.ParseOptions(explicit_schema=TEXT_SCHEMA)
    pq.write_table(pa_json.read_json(tmp_path / "out.jsonl", parse_options=options), tmp_path / "old.parquet")
    assert pq.read_table(tmp_path / "old.parquet").schema.field("stakes").type == "string"
    capsys.readouterr()
    for chosen in ([], ["--stakes", "0.25/0.50", "--since", "2000-01-01"], ["--stakes", "20/40"], ["--stakes", "x"]):
        outputs = []
        for name in ("out.jsonl", "out.parquet", "old.parquet"):
            assert main(["stats", "--format", "jsonl", str(tmp_path / name), *chosen]) == (chosen == ["--stakes", "x"])
            outputs.append(capsys.readouterr().out)
        assert outputs[0] == outputs[1] == outputs[2]
        assert bool(outputs[0]) == (chosen != ["--stakes", "x"])
