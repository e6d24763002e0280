"""``badugi import`` and ``badugi stats --db`` with real DuckDB files and real processes: the same statistics as from
the files under every filter, each hand once, grown files read on, SIGKILL then a re-run, ``--watch`` beside a
reader, a foreign or damaged file refused and left as it was, and the Parquet export and import."""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

duckdb = pytest.importorskip("duckdb", reason="the db extra is not installed")
pq = pytest.importorskip("pyarrow.parquet", reason="the db extra is not installed")

from badugi_fast.cli import main  # noqa: E402  # after the skips
from badugi_fast.formats.pokerstars.writer import write_histories  # noqa: E402
from badugi_fast.game import TableRules, simulate  # noqa: E402
from badugi_fast.history.sources import SAMPLES, expand  # noqa: E402
from conftest import SHARED  # noqa: E402

FILTERS = [
    [],
    ["--player", "Player1", "--player", "Player3"],
    ["--site", "PokerStars"],
    ["--site", "Full Tilt"],
    ["--game", "Badugi"],
    ["--limit", "fixed"],
    ["--limit", "pot"],
    ["--stakes", "0.25/0.50"],
    ["--stakes", "20/40"],
    ["--stakes", "2.50/5.00"],
    ["--since", "2026-01-02"],
    ["--until", "2026-01-01"],
    ["--since", "2011-01-01", "--until", "2019-12-31"],
    ["--by", "position"],
    ["--by", "stakes"],
    ["--by", "month"],
    ["--by", "session"],
    ["--by", "position", "--player", "Player2", "--limit", "pot"],
    ["--by", "session", "--site", "PokerStars", "--since", "2011-01-01"],
    ["--by", "stakes", "--until", "2026-01-01"],
]


def _histories(folder: Path, hands: int, seed: int = 0) -> Path:
    """Simulated hands in two files: pot limit in dollars and fixed limit in chips."""
    folder.mkdir(parents=True, exist_ok=True)
    for number, (rules, currency) in enumerate([(TableRules(25, 50, "pot"), "USD"), (TableRules(10, 20), None)]):
        with open(folder / f"table-{number}.txt", "w", encoding="utf-8") as out:
            write_histories(simulate(hands // 2, 6, rules, seed=seed + number), out, currency)
    return folder


def _stats(capsys: pytest.CaptureFixture[str], *arguments: str) -> str:
    assert main(["stats", "--format", "jsonl", *arguments]) == 0
    return capsys.readouterr().out


def _same(database_rows: str, file_rows: str) -> bool:
    """The same rows of statistics: every count, name and money sum equal; the ratios made of float sums
    (``net_bb`` is a float sum, and floats added in another order may round the last written digit otherwise)
    within one unit of their last digit."""
    ours = [json.loads(line) for line in database_rows.splitlines()]
    theirs = [json.loads(line) for line in file_rows.splitlines()]
    assert [list(row) for row in ours] == [list(row) for row in theirs]
    for mine, other in zip(ours, theirs, strict=True):
        for name, value in mine.items():
            if isinstance(value, float):
                assert value == pytest.approx(other[name], abs=0.0101), name
            else:
                assert value == other[name], name
    return True


def _import(capsys: pytest.CaptureFixture[str], *arguments: str) -> str:
    assert main(["import", *arguments]) == 0
    return capsys.readouterr().err


def _count(database: Path, query: str = "SELECT count(*) FROM hands") -> int:
    with duckdb.connect(str(database), read_only=True) as connection:
        found = connection.execute(query).fetchall()
    return int(found[0][0])


@pytest.fixture(scope="module")
def simulated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _histories(tmp_path_factory.mktemp("simulated"), 6000)


@pytest.fixture(scope="module")
def inputs(simulated: Path) -> list[str]:
    """The simulated hands, and the shared real histories when they are here (``conftest.SHARED``)."""
    shared = SHARED / "hand-histories"
    return [str(simulated), *([str(shared)] if shared.is_dir() else [])]


@pytest.mark.parametrize("chosen", FILTERS, ids=lambda chosen: " ".join(chosen) or "all")
def test_stats_from_the_database_are_those_of_the_files(
    chosen: list[str], inputs: list[str], tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path_factory.getbasetemp() / "parity.duckdb"
    if not database.exists():
        _import(capsys, *inputs, "--db", str(database))
    from_files = _stats(capsys, *inputs, *chosen)
    assert _same(_stats(capsys, "--db", str(database), *chosen), from_files)
    if not chosen:
        assert from_files.count("\n") >= 12  # six players in two currencies


@pytest.mark.parametrize(
    "chosen",
    [[], ["--by", "position", "--player", "Player2", "--limit", "pot"], ["--by", "session", "--since", "2011-01-01"]],
    ids=lambda chosen: " ".join(chosen) or "all",
)
def test_partial_sums_made_by_other_definitions_are_not_read_and_an_import_makes_them_again(
    chosen: list[str], inputs: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A database whose partial sums (``db.sums``) were made by other definitions of the statistics is answered
    from the players' rows, the same; the next import makes them again, as they are made batch by batch."""
    from badugi_fast.db.sums import SIGNATURE

    database = tmp_path / "old.duckdb"
    assert "new" in _import(capsys, *inputs, "--db", str(database), "--batch", "700")  # partial sums of 10 batches
    summed = _stats(capsys, "--db", str(database), *chosen)
    with duckdb.connect(str(database)) as connection:
        made = connection.execute("SELECT * FROM sums_day ORDER BY ALL").fetchall()
        connection.execute("UPDATE badugi_meta SET value = 'other' WHERE name = 'sums'")
        connection.execute("UPDATE sums_day SET hands = hands + 1")  # were they read, the answers would change
    assert _same(_stats(capsys, "--db", str(database), *chosen), summed)
    assert _same(summed, _stats(capsys, *inputs, *chosen))
    assert "0 hands read" in _import(capsys, *inputs, "--db", str(database))
    with duckdb.connect(str(database), read_only=True) as connection:
        assert connection.execute("SELECT value FROM badugi_meta WHERE name = 'sums'").fetchall() == [(SIGNATURE,)]
        remade = connection.execute("SELECT * FROM sums_day ORDER BY ALL").fetchall()
    assert len(remade) < len(made)  # made again at once: one row where each batch made its own
    assert _same(_stats(capsys, "--db", str(database), *chosen), summed)


def test_each_hand_once_and_a_grown_file_read_on(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _histories(tmp_path / "hands", 400)
    database = tmp_path / "hands.duckdb"
    summary = _import(capsys, str(folder), "--db", str(database))
    assert "400 hands read: 400 new, 0 already there, 0 errors" in summary
    assert "0 hands read: 0 new" in _import(capsys, str(folder), "--db", str(database))
    assert _count(database) == 400
    more = tmp_path / "more.txt"
    with open(more, "w", encoding="utf-8") as out:
        write_histories(simulate(50, 6, TableRules(25, 50, "pot"), seed=99), out, "USD")
    grown = folder / "table-0.txt"
    with open(grown, "a", encoding="utf-8") as out:
        out.write("\n\n" + more.read_text(encoding="utf-8"))
    assert "50 hands read: 50 new, 0 already there" in _import(capsys, str(folder), "--db", str(database))
    assert _count(database) == 450
    indexes = f"SELECT max(\"index\") FROM hands WHERE file = '{grown}'"
    assert _count(database, indexes) == 249  # numbered on, as in the whole file
    assert _same(_stats(capsys, "--db", str(database)), _stats(capsys, str(folder)))
    # the same hands in a copy (another file), and a file whose beginning changed: read whole, nothing twice
    (folder / "copy.txt").write_bytes(more.read_bytes())
    grown.write_text(grown.read_text(encoding="utf-8").replace("Player1", "Player7", 1))
    assert "0 new, 300 already there" in _import(capsys, str(folder), "--db", str(database))
    assert _count(database) == 450


def test_saved_records_import_and_the_tables_export(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _histories(tmp_path / "hands", 300)
    records = tmp_path / "records.parquet"
    assert main(["score", "--format", "parquet", "-o", str(records), str(folder)]) == 0
    database = tmp_path / "hands.duckdb"
    assert "300 new" in _import(capsys, str(records), "--db", str(database))
    assert "0 new, 300 already there" in _import(capsys, str(folder), "--db", str(database))
    import pyarrow.json as pa_json

    from badugi_fast.history.parquet import TEXT_SCHEMA

    assert main(["score", "-o", str(tmp_path / "records.jsonl"), str(folder)]) == 0
    old = tmp_path / "old.parquet"  # written before the amounts were typed: their text
    options = pa_json.ParseOptions(explicit_schema=TEXT_SCHEMA)
    pq.write_table(pa_json.read_json(tmp_path / "records.jsonl", parse_options=options), old)
    other = tmp_path / "other.duckdb"
    assert "300 new" in _import(capsys, str(old), "--db", str(other))
    assert "300 new" in _import(capsys, str(tmp_path / "records.jsonl"), "--db", str(tmp_path / "third.duckdb"))
    assert _stats(capsys, "--db", str(other)) == _stats(capsys, "--db", str(database))
    exported = tmp_path / "exported.parquet"
    _import(capsys, "--db", str(database), "--export", str(exported))
    assert pq.read_table(exported).equals(pq.read_table(records))
    assert _stats(capsys, str(exported)) == _stats(capsys, "--db", str(database))
    assert _same(_stats(capsys, "--db", str(database)), _stats(capsys, str(folder)))


@pytest.mark.parametrize("kind", ["damaged", "foreign"])
def test_a_file_not_ours_is_refused_in_one_line_and_left_as_it_is(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "other.duckdb"
    if kind == "damaged":
        database.write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 40)
    else:
        with duckdb.connect(str(database)) as connection:
            connection.execute("CREATE TABLE accounts (name VARCHAR, balance DECIMAL(18, 2))")
    before = database.read_bytes()
    for command in (["import", "--db", str(database), str(tmp_path)], ["stats", "--db", str(database)]):
        assert main(command) == 2
        error = capsys.readouterr().err
        assert error.count("\n") == 1, error
        assert str(database) in error
    assert database.read_bytes() == before
    assert sorted(path.name for path in tmp_path.iterdir()) == ["other.duckdb"]


def test_a_missing_database_is_an_error_for_stats(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--db", str(tmp_path / "none.duckdb")]) == 2
    assert "no database at" in capsys.readouterr().err
    assert not (tmp_path / "none.duckdb").exists()


def _environment(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path), "BADUGI_DB": str(tmp_path / "env.duckdb")}


@pytest.mark.parametrize("stop", [signal.SIGKILL, signal.SIGINT], ids=["sigkill", "ctrl-c"])
def test_a_stopped_import_loses_nothing_reported_and_a_rerun_completes(
    stop: signal.Signals, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An import killed (or interrupted) once it has committed a batch (its line on stderr); the database opens,
    holds every hand reported, and a second import completes it without duplicates. Ctrl-C ends with 130. The
    default file is ``$BADUGI_DB``."""
    folder = _histories(tmp_path / "hands", 4000)
    env = _environment(tmp_path)
    command = [sys.executable, "-m", "badugi_fast", "import", "--batch", "500", str(folder)]
    with subprocess.Popen(command, env=env, stderr=subprocess.PIPE, text=True) as process:
        assert process.stderr is not None
        reported = process.stderr.readline()  # a batch committed: wait for it, not for a time
        process.send_signal(stop)
        assert process.wait() == (130 if stop == signal.SIGINT else -signal.SIGKILL)
    database = tmp_path / "env.duckdb"
    held = _count(database)
    assert "new" in reported
    assert held >= int(reported.split(" new")[0].rsplit(" ", 1)[-1])
    subprocess.run(
        [sys.executable, "-m", "badugi_fast", "import", str(folder)], env=env, check=True, capture_output=True
    )
    assert _count(database) == 4000
    assert _count(database, "SELECT count(*) FROM (SELECT DISTINCT site, hand_key FROM hands)") == 4000
    assert not list(tmp_path.glob(".badugi-import-*"))  # no batch's spool left behind by the killed import
    assert _same(_stats(capsys, "--db", str(database)), _stats(capsys, str(folder)))


def test_watch_imports_while_a_reader_asks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``import --watch`` in one process, ``stats --db`` in others while it runs: each answer is whole, and grows
    as files appear and grow; Ctrl-C ends the watcher cleanly."""
    folder = tmp_path / "live"
    folder.mkdir()
    database = tmp_path / "live.duckdb"
    env = _environment(tmp_path)
    with subprocess.Popen(
        [
            sys.executable,
            "-m",
            "badugi_fast",
            "import",
            "--watch",
            str(folder),
            "--every",
            "0.1",
            "--db",
            str(database),
        ],
        env=env,
        stderr=subprocess.PIPE,
        text=True,
    ) as watcher:
        try:
            _follow(watcher, folder, tmp_path, database, env)
        finally:
            watcher.send_signal(signal.SIGINT)
            assert watcher.wait() == 130
    assert _count(database) == 300
    assert _same(_stats(capsys, "--db", str(database)), _stats(capsys, str(tmp_path / "source" / "table-0.txt")))


def _follow(watcher: subprocess.Popen[str], folder: Path, tmp_path: Path, database: Path, env: dict[str, str]) -> None:
    """A file appears in ``folder`` and grows; after each, the watcher says it committed, and a reader in
    another process sees the hands."""
    assert watcher.stderr is not None
    assert "watching" in watcher.stderr.readline()
    source = _histories(tmp_path / "source", 600)
    text = (source / "table-0.txt").read_text(encoding="utf-8")
    hands = [hand + "\n\n\n\n" for hand in text.split("\n\n\n\n") if hand.strip()]
    (folder / "a.txt").write_text("".join(hands[:100]), encoding="utf-8")
    assert "100 new" in watcher.stderr.readline()  # the watcher says when it has committed
    reader = ["stats", "--db", str(database), "--format", "jsonl"]
    first = subprocess.run([sys.executable, "-m", "badugi_fast", *reader], env=env, capture_output=True, text=True)
    assert first.returncode == 0, first.stderr
    assert "100 hands" in first.stderr
    with open(folder / "a.txt", "a", encoding="utf-8") as out:
        out.write("".join(hands[100:]))
    assert f"{len(hands) - 100} new" in watcher.stderr.readline()
    second = subprocess.run([sys.executable, "-m", "badugi_fast", *reader], env=env, capture_output=True, text=True)
    assert f"{len(hands)} hands" in second.stderr


@pytest.mark.parametrize("chosen", [[], ["--player", "Player2", "--limit", "pot"], ["--stakes", "20/40"]])
def test_report_from_the_database_is_that_of_the_files(
    chosen: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """What the report gathers from the database is what it gathers from the files: the tally, every hand that
    went wrong (without its text, which the database does not keep), the followed player's hands; and the page is
    written."""
    pytest.importorskip("jinja2", reason="the report extra is not installed")
    from badugi_fast.cli.report import _from_database
    from badugi_fast.cli.stats import selection
    from badugi_fast.report.gather import gather

    folder = _histories(tmp_path / "hands", 400)
    sample = (SAMPLES / "pokerstars-cash.txt").read_text(encoding="utf-8")
    (folder / "damaged.txt").write_text(sample.replace("*** SUMMARY ***", "*** SUMMERY ***", 2), encoding="utf-8")
    database = tmp_path / "hands.duckdb"
    _import(capsys, str(folder), "--db", str(database))
    args = _report_arguments(["--db", str(database), *chosen])
    filters = selection(args)
    player = args.player[0] if args.player else None
    ours = _from_database(args, filters, player)
    theirs = gather(expand([str(folder)]), filters, player)
    assert ours.played == theirs.played
    assert ours.played or chosen == ["--stakes", "20/40"]
    assert [dataclasses.replace(wrong, text=None) for wrong in theirs.wrong] == ours.wrong
    assert ours.wrong
    assert ours.tally.statuses == theirs.tally.statuses
    assert sorted(ours.tally.rows) == sorted(theirs.tally.rows)
    page = tmp_path / "report.html"
    assert main(["report", "--db", str(database), "-o", str(page), *chosen]) == 1  # as score: hands went wrong
    assert "mismatch" in page.read_text(encoding="utf-8")


def _report_arguments(arguments: list[str]) -> argparse.Namespace:
    from badugi_fast.cli import report

    parser = argparse.ArgumentParser()
    report.add_arguments(parser)
    return parser.parse_args([*arguments, "-o", "unused.html"])


def test_a_grown_utf16_file_is_read_on_in_its_encoding(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A file written in UTF-16 with a byte order mark (as some sites write) grows: what it adds is read with the
    mark its beginning gave."""
    source = _histories(tmp_path / "source", 200)
    hands = [hand + "\n\n\n\n" for hand in (source / "table-0.txt").read_text(encoding="utf-8").split("\n\n\n\n")]
    hands = [hand for hand in hands if hand.strip()]
    grown = tmp_path / "hands" / "utf16.txt"
    grown.parent.mkdir()
    grown.write_bytes("".join(hands[:40]).encode("utf-16"))  # a BOM, then UTF-16 in this machine's byte order
    database = tmp_path / "hands.duckdb"
    assert "40 new" in _import(capsys, str(grown.parent), "--db", str(database))
    with open(grown, "ab") as out:
        out.write("".join(hands[40:]).encode("utf-16-le" if grown.read_bytes()[:2] == b"\xff\xfe" else "utf-16-be"))
    assert f"{len(hands) - 40} hands read: {len(hands) - 40} new, 0 already there, 0 errors" in _import(
        capsys, str(grown.parent), "--db", str(database)
    )
    assert _same(_stats(capsys, "--db", str(database)), _stats(capsys, str(source / "table-0.txt")))


def test_hands_without_ids_are_keyed_by_their_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A record without a hand id is keyed by a digest of its record (file and position left out): stored once,
    though read twice in a file and again in a second import."""
    folder = _histories(tmp_path / "hands", 20)
    scored = tmp_path / "scored.jsonl"
    assert main(["score", "-o", str(scored), str(folder)]) == 0
    records = [json.loads(line) for line in scored.read_text(encoding="utf-8").splitlines()]
    for record in records:
        record["hand_id"] = None
    records.append({**records[0], "index": 99})
    anonymous = tmp_path / "anonymous.jsonl"
    anonymous.write_text("".join(json.dumps(record) + "\n" for record in records), encoding="utf-8")
    database = tmp_path / "hands.duckdb"
    assert "21 hands read: 20 new, 1 already there" in _import(capsys, str(anonymous), "--db", str(database))
    assert "0 new, 21 already there" in _import(capsys, str(anonymous), "--db", str(database))
    keys = "SELECT count(DISTINCT hand_key) FROM hands WHERE hand_key LIKE 'sha256:%' AND hand_id IS NULL"
    assert _count(database, keys) == 20
    assert _keys(database) == _digests(anonymous)


def test_a_scored_hand_without_an_id_is_keyed_as_saved_ones(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Records of a scoring run without hand ids (spooled and read by DuckDB, not Arrow) are keyed by the same
    digests of their typed records as saved records, and as the databases made before: each hand stored once."""
    from badugi_fast.db import load
    from badugi_fast.db.store import connect
    from badugi_fast.history.rendered import Records, Rendered

    folder = _histories(tmp_path / "hands", 20)
    scored = tmp_path / "scored.jsonl"
    assert main(["score", "-o", str(scored), str(folder)]) == 0
    records = [{**json.loads(line), "hand_id": None} for line in scored.read_text(encoding="utf-8").splitlines()]
    anonymous = tmp_path / "anonymous.jsonl"
    anonymous.write_text("".join(json.dumps(record) + "\n" for record in records), encoding="utf-8")
    database = tmp_path / "hands.duckdb"
    with connect(database, write=True):  # made, as an import makes it before its first batch
        pass
    batch = load.Batch(str(tmp_path))
    texts = Records.of(json.dumps(record, ensure_ascii=False) + "\n" for record in records)
    load.add_run(batch, Rendered("run", texts, [record["status"] for record in records], [False] * len(records)))
    counts = load.write(database, batch)
    assert (counts.hands, counts.new, counts.already) == (20, 20, 0)
    assert _keys(database) == _digests(anonymous)
    assert "0 new, 20 already there" in _import(capsys, str(anonymous), "--db", str(database))


def test_importing_histories_imports_no_arrow(tmp_path: Path) -> None:
    """DuckDB reads the scored records itself: importing histories loads neither pyarrow nor numpy (their import
    was a large part of an import's start), and the hands are stored."""
    folder = _histories(tmp_path / "hands", 40)
    database = tmp_path / "hands.duckdb"
    program = (
        "import sys\n"
        "from badugi_fast.cli import main\n"
        f"assert main(['import', {str(folder)!r}, '--db', {str(database)!r}, '-q']) == 0\n"
        "print(sorted(name for name in ('pyarrow', 'numpy', 'pandas') if name in sys.modules))\n"
    )
    found = subprocess.run(
        [sys.executable, "-c", program], env=_environment(tmp_path), check=True, capture_output=True, text=True
    )
    assert found.stdout.strip() == "[]"
    assert _count(database) == 40


def _keys(database: Path) -> set[str]:
    with duckdb.connect(str(database), read_only=True) as connection:
        return {row[0] for row in connection.execute("SELECT hand_key FROM hands WHERE hand_id IS NULL").fetchall()}


def _digests(records: Path) -> set[str]:
    """The keys of the records in ``records`` (JSON Lines): the SHA-256 of each record typed by Arrow
    (``history.parquet.typed``: amounts ``Decimal``, ``started`` a ``datetime``) without its file and position, in
    sorted JSON: how the first databases keyed them."""
    import hashlib

    import pyarrow.json as pa_json

    from badugi_fast.history.parquet import TEXT_SCHEMA, typed

    table = typed(pa_json.read_json(records, parse_options=pa_json.ParseOptions(explicit_schema=TEXT_SCHEMA)))
    found = set()
    for record in table.to_pylist():
        del record["file"], record["index"]
        text = json.dumps(record, ensure_ascii=False, default=str, sort_keys=True)
        found.add("sha256:" + hashlib.sha256(text.encode()).hexdigest())
    return found


def test_a_named_file_with_no_hand_history_is_left_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A README named beside hand histories is not a hand: a note on stderr, as ``badugi score`` says it, and no
    ``error`` hand stored for it (there was one before); the database answers as the histories alone do."""
    readme = tmp_path / "README.md"
    readme.write_text("# My hands\n\nThe histories are in the folder beside this file.\n", encoding="utf-8")
    sample = str(SAMPLES / "pokerstars-cash.txt")
    database = tmp_path / "hands.duckdb"
    summary = _import(capsys, str(readme), sample, "--db", str(database))
    assert summary.splitlines()[0] == (
        f"badugi import: {readme}: no hand history of a known site in this file (left out: not a hand)"
    )
    assert _count(database, "SELECT count(*) FROM hands WHERE status = 'error'") == 0
    assert _count(database) == _count(database, "SELECT count(*) FROM hands WHERE file LIKE '%pokerstars-cash.txt'")
    assert _same(_stats(capsys, "--db", str(database)), _stats(capsys, sample))
