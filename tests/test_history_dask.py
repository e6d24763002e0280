"""Scoring and simulating on a real Dask cluster (``badugi_fast.history.dask``): a ``LocalCluster`` of two worker
processes, shared by the tests of this module, gives exactly the records, summary and files of one process; a
worker killed in the middle of a run changes nothing."""

from __future__ import annotations

import bz2
import gzip
import io
import json
import os
import signal
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

dask_module = pytest.importorskip("badugi_fast.history.dask", reason="the dask extra is not installed")
distributed = pytest.importorskip("distributed")
pq = pytest.importorskip("pyarrow.parquet")
pd = pytest.importorskip("pandas")
pa = pytest.importorskip("pyarrow")

from distributed import Client  # noqa: E402  # after the skips
from typed_records import typed_record  # noqa: E402

from badugi_fast.cli import main  # noqa: E402
from badugi_fast.formats.pokerstars.writer import write_histories  # noqa: E402
from badugi_fast.game import TableRules, simulate  # noqa: E402
from badugi_fast.history.inputs import Source  # noqa: E402
from badugi_fast.history.pipeline import render_sources  # noqa: E402
from badugi_fast.history.sources import SAMPLES, expand, sources_of  # noqa: E402


@pytest.fixture(scope="module")
def client() -> Iterator[Client]:
    """One cluster of two worker processes for the whole module (starting one takes a few seconds)."""
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster,
        distributed.Client(cluster) as connected,
    ):
        yield connected


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A simulated archive in every form a folder can hold: plain text (LF, and CRLF, which cannot be read back by
    byte range), gzip, bzip2, a zip of two members, a damaged gzip (error records) and a file that is no history."""
    folder = tmp_path_factory.mktemp("archive")
    texts = []
    for seed, (limit, stakes) in enumerate([("fixed", (10, 20)), ("pot", (25, 50)), ("no", (5, 10))]):
        out = io.StringIO()
        write_histories(simulate(900, 6, TableRules(*stakes, limit), seed=seed), out, "USD" if seed == 1 else None)
        texts.append(out.getvalue())
    (folder / "a-plain.txt").write_text(texts[0], encoding="utf-8")
    (folder / "b-crlf.txt").write_bytes(texts[1][: len(texts[1]) // 3].replace("\n", "\r\n").encode())
    (folder / "c-zipped.gz").write_bytes(gzip.compress(texts[1].encode()))
    (folder / "d-zipped.bz2").write_bytes(bz2.compress(texts[2][: len(texts[2]) // 2].encode()))
    with zipfile.ZipFile(folder / "e-members.zip", "w") as zipped:
        zipped.writestr("first.txt", texts[2])
        zipped.writestr("second.txt", texts[0][: len(texts[0]) // 4])
    (folder / "f-damaged.gz").write_bytes(gzip.compress(texts[0].encode())[:20_000])
    (folder / "g-notes.md").write_text("not a hand history\n", encoding="utf-8")
    return folder


def one_process(paths: list[str], capsys: pytest.CaptureFixture[str], *options: str) -> tuple[int, str, str]:
    """``badugi score`` in this process: exit status, records, summary without the rate."""
    status = main(["score", *options, *paths])
    out, err = capsys.readouterr()
    return status, out, _without_rate(err)


def _address(client: Client) -> str:
    """The scheduler's address, for ``--dask``."""
    return str(client.scheduler_info()["address"])


def _without_rate(summary: str) -> str:
    return summary.rpartition(";")[0]


def _records(lines: str) -> list[dict[str, object]]:
    """The JSON Lines records ``lines`` as the typed Parquet records hold them."""
    return [typed_record(json.loads(line)) for line in lines.splitlines()]


@pytest.mark.parametrize("which", ["shared", "samples", "archive"])
def test_cluster_gives_the_records_and_summary_of_one_process(
    which: str, client: Client, archive: Path, capsys: pytest.CaptureFixture[str], request: pytest.FixtureRequest
) -> None:
    if which == "shared":
        paths = [str(request.getfixturevalue("shared_histories"))]  # skipped without them, a failure under CI
    else:
        paths = [str({"samples": SAMPLES, "archive": archive}[which])]
    expected = one_process(paths, capsys)
    assert _records(expected[1]), "no records to compare"
    assert one_process(paths, capsys, "--dask", _address(client)) == expected
    assert one_process(paths, capsys, "--dask", _address(client), "--format", "csv") == one_process(
        paths, capsys, "--format", "csv"
    )


def test_small_parts_and_stdin_give_the_same_runs(client: Client, archive: Path) -> None:
    """Many parts of a few runs each, and a stream only the client can read, cut by the client."""
    stream = (archive / "a-plain.txt").read_bytes()

    def sources() -> list[Source]:  # a stream is read once
        return [*expand([str(archive), str(SAMPLES)]), *sources_of(io.BytesIO(stream))]

    expected = list(render_sources(sources(), "jsonl"))
    assert len(list(dask_module.parts(client, sources(), part_hands=300))) >= 8
    assert list(dask_module.render_parts(client, sources(), "jsonl", part_hands=300)) == expected


def test_fsspec_url_gives_the_records_of_one_process(
    client: Client, archive: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = archive.as_uri()
    status, records, summary = one_process([url], capsys)
    local = one_process([str(archive)], capsys)
    assert (status, summary) == local[::2]
    assert records == local[1].replace(json.dumps(str(archive))[1:-1], url)  # only the names differ
    assert one_process([url], capsys, "--dask", _address(client)) == (status, records, summary)


def test_dataframe_and_summary(client: Client, archive: Path, capsys: pytest.CaptureFixture[str]) -> None:
    paths = [str(archive), str(SAMPLES)]
    _, records, summary = one_process(paths, capsys)
    frame = dask_module.score(paths, client, part_hands=500)
    assert frame.npartitions > 5
    computed = frame.compute()
    table = pa.Table.from_pandas(computed, preserve_index=False)
    assert table.drop_columns(["showdown"]).to_pylist() == _records(records)
    totals = dask_module.summary(frame)
    assert summary == (
        f"badugi score: {totals['files']} files, {totals['hands']} hands, {totals['badugi']} Badugi hands, "
        f"{totals['showdowns']} showdowns, {totals['verified']} verified, {totals['mismatch']} mismatches, "
        f"{totals['error']} errors, {totals['skipped']} skipped, {totals['no_showdown']} without showdown"
    )


def test_parquet_folder_reads_back_as_the_json_lines(
    client: Client, archive: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    paths = [str(archive), str(SAMPLES)]
    status, records, summary = one_process(paths, capsys)
    folder = tmp_path / "records"
    options = ["--dask", _address(client), "--format", "parquet", "-o", str(folder)]
    for _ in range(2):  # the second run replaces the folder the first wrote
        assert one_process(paths, capsys, *options) == (status, "", summary)
        assert pq.read_table(folder).to_pylist() == _records(records)
        assert len(pd.read_parquet(folder)) == len(_records(records))
    url = (tmp_path / "by-url").as_uri()  # written by the workers through fsspec
    assert one_process(paths, capsys, *options[:-1], url) == (status, "", summary)
    assert pq.read_table(tmp_path / "by-url").to_pylist() == _records(records)
    (folder / "mine.txt").write_text("keep me", encoding="utf-8")
    assert one_process(paths, capsys, *options)[0] == 2
    assert (folder / "mine.txt").read_text(encoding="utf-8") == "keep me"


def test_simulation_files_do_not_depend_on_the_workers(
    client: Client, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    options = ["simulate", "--hands", "1100", "--table-hands", "300", "--seed", "7", "--stakes", "0.10/0.25"]
    assert main([*options, "--dask", _address(client), "-o", str(tmp_path / "two")]) == 0
    assert main([*options, "--dask", "local", "--jobs", "1", "-o", str(tmp_path / "one")]) == 0
    capsys.readouterr()
    two = sorted(path.name for path in (tmp_path / "two").iterdir())
    assert two == [f"table-{n:06d}.txt" for n in range(4)]
    for name in two:
        assert (tmp_path / "two" / name).read_bytes() == (tmp_path / "one" / name).read_bytes()
    status, records, _ = one_process([str(tmp_path / "two")], capsys)
    found = _records(records)
    assert (status, len(found), len({record["hand_id"] for record in found})) == (0, 1100, 1100)
    first = (tmp_path / "two" / two[0]).read_text(encoding="utf-8")
    assert first != (tmp_path / "two" / two[1]).read_text(encoding="utf-8")


def test_a_worker_killed_in_the_middle_changes_nothing(client: Client, archive: Path) -> None:
    """Runs last: one worker process is killed once the first part is back, with parts in flight on it; its nanny
    starts it again."""
    sources = expand([str(archive), str(SAMPLES)])
    expected = list(render_sources(sources, "jsonl"))
    got = []
    victim = sorted(client.scheduler_info()["workers"])[0]
    process = client.run(os.getpid, workers=[victim])[victim]
    for number, rendered in enumerate(dask_module.render_parts(client, sources, "jsonl", part_hands=200)):
        if number == 0:
            os.kill(process, signal.SIGKILL)
        got.append(rendered)
    assert got == expected
    client.wait_for_workers(2, timeout=60)
    assert process not in client.run(os.getpid).values()  # it was killed, and started again


def test_simulation_as_phh_tables_holds_the_hands_of_the_pokerstars_tables(
    client: Client, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--format phh`` on the cluster: the writer is the registry's, a ``.phhs`` per table, and the same seed plays
    the same hands in either format (the same ids, statuses and each player's net)."""
    options = ["simulate", "--hands", "500", "--table-hands", "200", "--seed", "5", "--dask", _address(client)]
    assert main([*options, "--format", "phh", "-o", str(tmp_path / "phh")]) == 0
    assert main([*options, "-o", str(tmp_path / "stars")]) == 0
    capsys.readouterr()
    assert sorted(path.name for path in (tmp_path / "phh").iterdir()) == [f"table-{n:06d}.phhs" for n in range(3)]

    def outcomes(folder: str) -> list[tuple[object, ...]]:
        status, records, _ = one_process([str(tmp_path / folder)], capsys)
        assert status == 0
        return sorted(
            (record["hand_id"], record["status"], tuple((p["name"], p["net"]) for p in record["players"]))
            for record in map(json.loads, records.splitlines())
        )

    phh, stars = outcomes("phh"), outcomes("stars")
    assert len({hand[0] for hand in phh}) == 500
    assert phh == stars
