"""``s3://`` against a real S3-compatible server: moto's, started here on the loopback address (a free port), with
credential checks on, reached through s3fs as a user reaches a store: its address and the credentials in the
environment (``AWS_ENDPOINT_URL``, ``AWS_ACCESS_KEY_ID``...; docs/dask.md). Histories read from a bucket give the
records of the same files on disk (a folder, a zip and a tar archive; one process, ``--jobs``, a real Dask
``LocalCluster``), Parquet written to the bucket reads back as the JSON Lines, ``stats`` reads the bucket, and a
missing bucket or key or refused credentials end in a one-line error with the status of a missing local file.

Skipped where moto or s3fs is missing, except under CI (``CI`` set), which has the test extra: there it fails."""

from __future__ import annotations

import gzip
import io
import json
import logging
import os
import subprocess
import sys
import tarfile
import urllib.request
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from badugi_fast.cli import main
from badugi_fast.formats.pokerstars.writer import write_histories
from badugi_fast.game import TableRules, simulate
from badugi_fast.history.sources import SAMPLES


def _needed(module: str) -> Any:
    """``module``, imported; the test is skipped without it, but fails under CI, which must run these tests."""
    try:
        return pytest.importorskip(module, reason=f"{module} (of the test extra) is not installed")
    except pytest.skip.Exception:
        if os.environ.get("CI"):
            pytest.fail(f"{module} is missing, and CI is set: CI runs the S3 tests", pytrace=False)
        raise


moto_server = _needed("moto.server")
s3fs = _needed("s3fs")
boto3 = _needed("boto3")
pq = _needed("pyarrow.parquet")
distributed = _needed("distributed")

from typed_records import typed_record  # noqa: E402  # the test extra's pyarrow, checked above

BUCKET = "histories"


@pytest.fixture(scope="module")
def store() -> Iterator[dict[str, str]]:
    """A moto server on 127.0.0.1 for the module, an IAM user whose key may do anything, credential checks on
    from then on, and the environment a user sets to reach it (worker processes inherit it). Yields that
    environment."""
    werkzeug = logging.getLogger("werkzeug")
    level = werkzeug.level
    werkzeug.setLevel(logging.ERROR)  # no line per request on stderr, where the summaries are read
    server = moto_server.ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    try:
        host, port = server.get_host_and_port()
        endpoint = f"http://{host}:{port}"
        iam = boto3.client(
            "iam", endpoint_url=endpoint, region_name="us-east-1", aws_access_key_id="x", aws_secret_access_key="x"
        )
        iam.create_user(UserName="player")
        policy = {"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Action": "*", "Resource": "*"}]}
        iam.put_user_policy(UserName="player", PolicyName="all", PolicyDocument=json.dumps(policy))
        key = iam.create_access_key(UserName="player")["AccessKey"]
        _post(f"{endpoint}/moto-api/reset-auth", b"0")  # every request from now on is checked
        environment = {
            "AWS_ENDPOINT_URL": endpoint,
            "AWS_ACCESS_KEY_ID": key["AccessKeyId"],
            "AWS_SECRET_ACCESS_KEY": key["SecretAccessKey"],
            "AWS_DEFAULT_REGION": "us-east-1",
            # nothing of this machine's own AWS set-up is read
            "AWS_CONFIG_FILE": os.devnull,
            "AWS_SHARED_CREDENTIALS_FILE": os.devnull,
        }
        with pytest.MonkeyPatch.context() as patch:
            for name in ("AWS_PROFILE", "AWS_SESSION_TOKEN", "AWS_ENDPOINT_URL_S3"):
                patch.delenv(name, raising=False)
            for name, value in environment.items():
                patch.setenv(name, value)
            s3fs.S3FileSystem.clear_instance_cache()
            yield environment
    finally:
        s3fs.S3FileSystem.clear_instance_cache()
        server.stop()
        werkzeug.setLevel(level)


def _post(url: str, data: bytes) -> None:
    request = urllib.request.Request(url, data=data, method="POST", headers={"Content-Type": "text/plain"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        assert answer.status == 200


@pytest.fixture(scope="module")
def local(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The files the tests put in the bucket, on disk: a folder of histories (the samples; in a subfolder simulated
    PokerStars text plain and gzipped, a damaged gzip and a zip; a hidden file that is left out), and the folder as
    a zip and a .tar.gz archive (where the inner zip is refused)."""
    top = tmp_path_factory.mktemp("s3-local")
    folder = top / "folder"
    (folder / "more").mkdir(parents=True)
    for sample in sorted(SAMPLES.iterdir()):
        (folder / sample.name).write_bytes(sample.read_bytes())
    out = io.StringIO()
    write_histories(simulate(700, 6, TableRules(10, 20, "fixed"), seed=3), out, "USD")
    (folder / "more" / "simulated.txt").write_text(out.getvalue(), encoding="utf-8")
    (folder / "more" / "simulated.txt.gz").write_bytes(gzip.compress(out.getvalue().encode()[:200_000]))
    (folder / ".hidden.txt").write_text(out.getvalue(), encoding="utf-8")
    (folder / "more" / "damaged.gz").write_bytes(gzip.compress(out.getvalue().encode())[:30_000])  # error records
    with zipfile.ZipFile(folder / "more" / "inner.zip", "w") as archive:  # read in the folder, refused in archives
        archive.write(SAMPLES / "merge.xml", "merge.xml")
        archive.write(SAMPLES / "pokerstars-tournament.txt.gz", "tournament.txt.gz")
    files = sorted(path for path in folder.rglob("*") if path.is_file() and not path.name.startswith("."))
    with zipfile.ZipFile(top / "hands.zip", "w") as archive:
        for path in files:
            archive.write(path, path.relative_to(folder).as_posix())
    with tarfile.open(top / "hands.tar.gz", "w:gz") as archive:
        for path in files:
            archive.add(path, path.relative_to(folder).as_posix())
    return top


@pytest.fixture(scope="module")
def bucket(store: dict[str, str], local: Path) -> str:
    """The bucket, holding ``local``'s files under the same names; its URL."""
    filesystem = s3fs.S3FileSystem()
    filesystem.mkdir(BUCKET)
    for path in sorted(local.rglob("*")):
        if path.is_file():
            filesystem.put_file(str(path), f"{BUCKET}/{path.relative_to(local).as_posix()}")
    return f"s3://{BUCKET}"


@pytest.fixture(scope="module")
def cluster(store: dict[str, str]) -> Iterator[str]:
    """A real LocalCluster of two worker processes for the module, started in the store's environment (the
    workers inherit it, as workers started by a user do); yields the scheduler's address."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as started:
        yield str(started.scheduler_address)


def score(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    """``badugi score`` in this process: exit status, records, summary without the rate."""
    status = main(["score", *arguments])
    out, err = capsys.readouterr()
    return status, out, err.rpartition(";")[0]


def in_bucket(records: str, local: Path, url: str) -> str:
    """The records of files on disk as they read when the files are in the bucket: only the names differ."""
    return records.replace(json.dumps(str(local))[1:-1], url)


def _records(lines: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in lines.splitlines()]


@pytest.mark.parametrize("name", ["folder", "folder/", "hands.zip", "hands.tar.gz", "folder/more/simulated.txt"])
def test_a_bucket_gives_the_records_of_the_same_files_on_disk(
    name: str, bucket: str, local: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, records, summary = score(capsys, str(local / name))
    assert len(_records(records)) >= 700, "too few records to compare"
    expected = (status, in_bucket(records, local, bucket), summary)
    assert score(capsys, f"{bucket}/{name}") == expected
    assert score(capsys, f"{bucket}/{name}", "--jobs", "2") == expected


def test_hidden_files_are_left_out_and_every_file_is_read_once(bucket: str, capsys: pytest.CaptureFixture[str]) -> None:
    _, records, summary = score(capsys, f"{bucket}/folder")
    files = {str(record["file"]) for record in _records(records)}
    assert f"{bucket}/folder/more/simulated.txt.gz" in files
    assert not any(".hidden" in file for file in files)
    assert summary.startswith(f"badugi score: {len(files)} files, ")


def test_the_bucket_gives_the_error_records_of_the_same_files_on_disk(
    bucket: str, local: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Not a vacuous comparison: the folder and the archives hold what gives error records."""
    for name, reason in [
        ("folder/more/damaged.gz", "Compressed file ended"),
        ("hands.zip/more/inner.zip", "an archive inside an archive is not read"),
        ("hands.tar.gz/more/inner.zip", "an archive inside an archive is not read"),
    ]:
        archive = name.partition(".zip/")[0] + ".zip" if name.startswith("hands.zip") else name.split("/more")[0]
        status, records, _ = score(capsys, f"{bucket}/{archive}")
        errors = [record for record in _records(records) if record["file"] == f"{bucket}/{name}"]
        assert status == 1
        assert errors[-1]["status"] == "error", name  # after the hands read before the damage, if any
        assert reason in str(errors[-1]["reason"]), name


def test_a_local_cluster_reads_the_bucket(
    bucket: str, cluster: str, local: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each worker cuts files and reads its own byte ranges from the bucket, a zip's members too."""
    status, records, summary = score(capsys, str(local / "folder"), str(local / "hands.zip"))
    expected = (status, in_bucket(records, local, bucket), summary)
    paths = [f"{bucket}/folder", f"{bucket}/hands.zip"]
    assert score(capsys, *paths, "--dask", cluster) == expected


def test_parquet_written_to_the_bucket_reads_back_as_the_json_lines(
    bucket: str, cluster: str, capsys: pytest.CaptureFixture[str]
) -> None:
    filesystem = s3fs.S3FileSystem()
    status, records, summary = score(capsys, f"{bucket}/folder")
    expected = [typed_record(record) for record in _records(records)]
    assert score(capsys, f"{bucket}/folder", "--format", "parquet", "-o", f"{bucket}/out/records.parquet") == (
        status,
        "",
        summary,
    )
    assert pq.read_table(f"{BUCKET}/out/records.parquet", filesystem=filesystem).to_pylist() == expected
    folder = f"{bucket}/out/parts/"
    options = ["--dask", cluster, "--format", "parquet", "-o", folder]
    assert score(capsys, f"{bucket}/folder", *options) == (status, "", summary)
    assert pq.read_table(f"{BUCKET}/out/parts", filesystem=filesystem).to_pylist() == expected
    many = len(filesystem.ls(f"{BUCKET}/out/parts"))
    # a second run writes fewer parts: the folder holds its files only, none of the first run's left over
    small = f"{bucket}/folder/pokerstars-cash.txt"
    _, fewer, _ = score(capsys, small)
    assert score(capsys, small, *options)[0] == 0
    assert pq.read_table(f"{BUCKET}/out/parts", filesystem=filesystem).to_pylist() == [
        typed_record(record) for record in _records(fewer)
    ]
    assert len(filesystem.ls(f"{BUCKET}/out/parts")) < many
    assert not [name for name in filesystem.ls(f"{BUCKET}/out") if ".partial" in name]
    # a folder holding other files is refused, and they stay
    filesystem.pipe(f"{BUCKET}/out/parts/mine.txt", b"keep me")
    assert score(capsys, small, *options)[0] == 2
    assert filesystem.cat(f"{BUCKET}/out/parts/mine.txt") == b"keep me"


def test_json_lines_written_to_the_bucket_and_nothing_when_the_run_fails(
    bucket: str, local: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    filesystem = s3fs.S3FileSystem()
    status, records, summary = score(capsys, f"{bucket}/hands.tar.gz")
    assert score(capsys, f"{bucket}/hands.tar.gz", "-o", f"{bucket}/out/records.jsonl") == (status, "", summary)
    assert filesystem.cat(f"{BUCKET}/out/records.jsonl").decode() == records
    filesystem.pipe(f"{BUCKET}/notes/readme.md", b"no hands here\n")
    assert score(capsys, f"{bucket}/notes/", "-o", f"{bucket}/out/none.jsonl")[0] == 2  # no hand: no output
    assert not filesystem.exists(f"{BUCKET}/out/none.jsonl")


def test_stats_reads_histories_and_records_in_the_bucket(
    bucket: str, local: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["stats", str(local / "folder")])
    expected = capsys.readouterr()
    assert len(expected.out.splitlines()) > 5
    for form in ("jsonl", "parquet"):
        assert score(capsys, f"{bucket}/folder", "--format", form, "-o", f"{bucket}/stats/records.{form}")[0] == 1
    s3fs.S3FileSystem().copy(f"{BUCKET}/stats/records.parquet", f"{BUCKET}/stats/parts/part-000000.parquet")
    for path in ("folder", "stats/records.jsonl", "stats/records.parquet", "stats/parts/"):
        assert main(["stats", f"{bucket}/{path}"]) == status
        got = capsys.readouterr()
        assert got.out == expected.out, path
        assert got.err == expected.err, path


def test_other_commands_read_and_write_the_bucket(
    bucket: str, local: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    filesystem = s3fs.S3FileSystem()
    assert main(["convert", str(local / "folder" / "merge.xml"), "-o", str(tmp_path / "merge.phh")]) == 0
    assert main(["convert", f"{bucket}/folder/merge.xml", "-o", f"{bucket}/out/merge.phh"]) == 0
    assert filesystem.cat(f"{BUCKET}/out/merge.phh") == (tmp_path / "merge.phh").read_bytes()
    options = ["simulate", "--hands", "300", "--seed", "5"]
    assert main([*options, "-o", str(tmp_path / "simulated.txt")]) == 0
    assert main([*options, "-o", f"{bucket}/out/simulated.txt"]) == 0
    assert filesystem.cat(f"{BUCKET}/out/simulated.txt") == (tmp_path / "simulated.txt").read_bytes()
    assert main(["report", f"{bucket}/folder/pokerstars-cash.txt", "-o", f"{bucket}/out/report.html"]) == 0
    assert filesystem.cat(f"{BUCKET}/out/report.html").startswith(b"<!DOCTYPE html>")
    capsys.readouterr()


def test_without_s3fs_a_url_says_what_to_install(store: dict[str, str], bucket: str) -> None:
    """s3fs hidden from a process (as where the s3 extra is not installed): one line naming the extra."""
    code = "import sys; sys.modules['s3fs'] = None; from badugi_fast.cli import main; sys.exit(main(sys.argv[1:]))"
    done = subprocess.run(
        [sys.executable, "-c", code, "score", f"{bucket}/folder/"],
        capture_output=True,
        text=True,
        env={**os.environ, **store},
        check=False,
        timeout=300,
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.splitlines() == [
        f"badugi score: error: {bucket}/folder/ needs s3fs, which is not installed: pip install 'badugi-fast[s3]'"
    ]


def badugi(environment: dict[str, str], *arguments: str) -> subprocess.CompletedProcess[str]:
    """``badugi`` in a process of its own, in ``environment`` (the store's, changed as a test needs)."""
    return subprocess.run(
        [sys.executable, "-m", "badugi_fast", *arguments],
        capture_output=True,
        text=True,
        env={**os.environ, **environment},
        check=False,
        timeout=300,
    )


@pytest.mark.parametrize(
    ("case", "path", "change", "said"),
    [
        ("missing bucket", "s3://no-such-bucket/hands/", {}, "The specified bucket does not exist"),
        ("missing key", "s3://{bucket}/folder/no-such-file.txt", {}, "no such file or folder"),
        ("unknown key id", "s3://{bucket}/folder/", {"AWS_ACCESS_KEY_ID": "AKIANOSUCHKEY0000000"}, "access refused"),
        ("wrong secret", "s3://{bucket}/folder/", {"AWS_SECRET_ACCESS_KEY": "not-the-secret"}, "access refused"),
        ("unknown fsspec option", "s3://{bucket}/folder/", {"FSSPEC_S3_NO_SUCH_OPTION": "1"}, "FSSPEC_S3_* settings"),
    ],
)
def test_a_store_that_cannot_be_read_is_a_one_line_error(
    case: str,
    path: str,
    change: dict[str, str],
    said: str,
    store: dict[str, str],
    bucket: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    url = path.format(bucket=BUCKET)
    missing_locally = main(["score", str(tmp_path / "no-such-folder")])
    assert "no such file or folder" in capsys.readouterr().err
    for command in ("score", "stats"):
        done = badugi({**store, **change}, command, url)
        assert (done.returncode, done.stdout) == (missing_locally, ""), case
        assert done.returncode == 2
        lines = done.stderr.splitlines()
        assert len(lines) == 1, done.stderr
        assert lines[0].startswith(f"badugi {command}: error: ")
        assert url in lines[0]
        assert said.lower() in lines[0].lower()


def test_the_endpoint_given_by_fsspec_configuration(store: dict[str, str], bucket: str) -> None:
    """fsspec's own configuration (``FSSPEC_S3_ENDPOINT_URL``) names the store, ahead of ``AWS_ENDPOINT_URL``: here
    an address where nothing answers, which alone is a one-line error too."""
    url = f"{bucket}/folder/merge.xml"
    by_aws = badugi(store, "score", url)
    assert by_aws.returncode == 0
    nowhere = {**store, "AWS_ENDPOINT_URL": "http://127.0.0.1:1", "AWS_MAX_ATTEMPTS": "1"}  # nothing listens there
    by_fsspec = badugi({**nowhere, "FSSPEC_S3_ENDPOINT_URL": store["AWS_ENDPOINT_URL"]}, "score", url)
    assert (by_fsspec.returncode, by_fsspec.stdout) == (0, by_aws.stdout)
    unreachable = badugi(nowhere, "score", url)
    assert (unreachable.returncode, unreachable.stdout) == (2, "")
    assert unreachable.stderr.splitlines() == [
        f'badugi score: error: {url}: Could not connect to the endpoint URL: "http://127.0.0.1:1/{BUCKET}/folder/merge.xml"'
    ]
