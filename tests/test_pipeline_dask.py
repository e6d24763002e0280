"""Issue 17, parts 2 and 3, on a real Dask cluster: ``simulate --dask -o DIR`` treats its folder as
``score --format parquet --dask`` does; ``--dask`` pointed at something that is no scheduler (an HTTP server, a
server that says something else, ``tls://``, ``inproc://``) is a one-line error; file names that are not UTF-8
give their records on the cluster too."""

from __future__ import annotations

import http.server
import json
import os
import socket
import socketserver
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

distributed = pytest.importorskip("distributed", reason="the dask extra is not installed")
pq = pytest.importorskip("pyarrow.parquet")

from badugi_fast.cli import INTERRUPTED, main  # noqa: E402
from badugi_fast.history.sources import SAMPLES  # noqa: E402


@pytest.fixture(scope="module")
def address() -> Iterator[str]:
    """The tcp:// address of one real cluster of a worker process for the module."""
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster:
        yield str(cluster.scheduler_address)


SIMULATE = ["simulate", "--hands", "400", "--table-hands", "100", "--seed", "3", "--stakes", "0.10/0.25"]


def test_simulate_refuses_a_folder_holding_other_files(address: str, tmp_path: Path) -> None:
    (tmp_path / "table-000000.txt").write_text("a user's own file", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("keep me", encoding="utf-8")
    assert main([*SIMULATE, "--dask", address, "-o", str(tmp_path)]) == 2
    assert (tmp_path / "table-000000.txt").read_text(encoding="utf-8") == "a user's own file"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["notes.txt", "table-000000.txt"]


def test_simulate_replaces_the_tables_of_an_earlier_larger_run(
    address: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "tables"
    assert main([*SIMULATE[:2], "800", *SIMULATE[3:], "--dask", address, "-o", str(folder)]) == 0
    assert len(list(folder.iterdir())) == 8
    assert main([*SIMULATE, "--dask", address, "-o", str(folder)]) == 0
    capsys.readouterr()
    assert sorted(path.name for path in folder.iterdir()) == [f"table-{n:06d}.txt" for n in range(4)]
    assert sorted(path.name for path in tmp_path.iterdir()) == ["tables"]  # no temporary folder left


def test_an_interrupted_simulation_leaves_the_old_folder_whole(address: str, tmp_path: Path) -> None:
    folder = tmp_path / "tables"
    assert main([*SIMULATE, "--dask", address, "-o", str(folder)]) == 0
    before = {path.name: path.read_bytes() for path in folder.iterdir()}
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "badugi_fast",
            *SIMULATE[:2],
            "200000",
            *SIMULATE[3:],
            "--dask",
            address,
            "-o",
            str(folder),
        ],
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    # Ctrl-C when the new folder is being filled (its first table is written): an event, not a time
    deadline = time.monotonic() + 300  # only turns a hang into a failure
    while not any(tmp_path.glob(".tables.*.partial/table-*.txt")):
        assert process.poll() is None, f"ended before writing a table: {process.communicate()[1]}"
        if time.monotonic() > deadline:
            os.killpg(process.pid, 9)
            pytest.fail("no table written in 5 minutes")
        time.sleep(0.01)
    os.killpg(process.pid, 2)
    _, err = process.communicate(timeout=60)
    assert process.returncode == INTERRUPTED, err
    assert {path.name: path.read_bytes() for path in folder.iterdir()} == before
    assert sorted(path.name for path in tmp_path.iterdir()) == ["tables"]


@pytest.fixture
def http_server() -> Iterator[str]:
    with socketserver.TCPServer(("127.0.0.1", 0), http.server.SimpleHTTPRequestHandler) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        yield f"tcp://127.0.0.1:{server.server_address[1]}"
        server.shutdown()


@pytest.fixture
def chatty_server() -> Iterator[str]:
    """A server that greets with something that is no Dask handshake (an SMTP-like banner)."""
    listener = socket.create_server(("127.0.0.1", 0))

    def serve() -> None:
        while True:
            try:
                connection, _ = listener.accept()
            except OSError:
                return
            with connection:
                connection.sendall(b"220 mail.example ESMTP ready\r\n" * 4)

    threading.Thread(target=serve, daemon=True).start()
    yield f"127.0.0.1:{listener.getsockname()[1]}"
    listener.close()


@pytest.mark.parametrize("which", ["http", "chatty", "tls", "inproc", "closed", "nonsense"])
def test_dask_at_something_that_is_no_scheduler_is_a_one_line_error(
    which: str, http_server: str, chatty_server: str, capsys: pytest.CaptureFixture[str]
) -> None:
    closed = socket.create_server(("127.0.0.1", 0))
    port = closed.getsockname()[1]
    closed.close()
    target = {
        "http": http_server,
        "chatty": chatty_server,
        "tls": "tls://127.0.0.1:8786",
        "inproc": "inproc://127.0.0.1/1234/1",
        "closed": f"tcp://127.0.0.1:{port}",
        "nonsense": "tcp://no-port-here",
    }[which]
    assert main(["score", str(SAMPLES / "kingsclub.txt"), "--dask", target]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert len(err.splitlines()) == 1, err
    assert err.startswith(f"badugi score: error: --dask {target}: ")


def test_a_file_name_that_is_not_utf8_on_the_cluster(
    address: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    with open(os.fsencode(folder) + b"/\xff.txt", "wb") as named:
        named.write((SAMPLES / "kingsclub.txt").read_bytes())
    assert main(["score", str(folder), "--dask", address, "--format", "jsonl"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [record["file"] for record in records] == [f"{folder}/\\xff.txt"] * 2
    out = tmp_path / "parts"
    assert main(["score", str(folder), "--dask", address, "--format", "parquet", "-o", str(out)]) == 0
    assert pq.read_table(out).column("file").to_pylist() == [f"{folder}/\\xff.txt"] * 2
