"""Careless and hostile input to ``badugi score``: nothing lost, nothing forged, bounded memory, no exception.

Each test is a case of issue 10 that once broke: the output file was one of the inputs; archives and big files were
read whole; a process per ``--jobs``; text before the first hand hid the site; files joined together (BOMs in the
middle, several sites) lost or swallowed hands; an encrypted zip member ended the run; the same file came twice.
Records are counted against a pattern written here, not against the parsers' own header tests.
"""

from __future__ import annotations

import bz2
import gzip
import io
import json
import os
import re
import subprocess
import sys
import threading
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from badugi_fast.cli import main
from badugi_fast.history import cut, read, score
from badugi_fast.history.inputs import Source
from badugi_fast.history.pipeline import units
from badugi_fast.history.sites import headers_in
from badugi_fast.history.sources import SAMPLES, sources_of
from badugi_fast.parallel import cores

#: Hand headers, written independently of the parsers: PokerStars and Full Tilt "...Game #" lines, a Merge
#: ``<game`` element and a KingsClub "#number: ... - " line, each at the start of a line.
HEADER = re.compile(
    r"^(?:PokerStars [^\n]*(?:Game|Hand) #|Full Tilt Poker [^\n]*Game #|<game(?: |\s*$)|#\d+: [^\n]* - )",
    re.MULTILINE,
)


def sample(name: str) -> bytes:
    data = (SAMPLES / name).read_bytes()
    return gzip.decompress(data) if name.endswith(".gz") else data


def text(name: str) -> str:
    """A sample's text, without BOM, CR or UTF-16."""
    data = sample(name)
    if data[:2] == b"\xff\xfe":
        return data[2:].decode("utf-16-le").replace("\r\n", "\n")
    return data.decode("utf-8-sig")


def headers(content: str) -> int:
    return len(HEADER.findall(content))


def score_records(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, list[dict[str, object]], str]:
    status = main(["score", "--format", "jsonl", *args])
    out, err = capsys.readouterr()
    return status, [json.loads(line) for line in out.splitlines()], err


# ---- the output file -----------------------------------------------------------------------------------------


def test_output_that_is_an_input_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    history = tmp_path / "stars.txt"
    history.write_bytes(sample("pokerstars-cash.txt"))
    before = history.read_bytes()
    assert main(["score", str(history), "-o", str(history)]) == 2
    assert "is also an input" in capsys.readouterr().err
    link = tmp_path / "same.txt"
    link.symlink_to(history)
    assert main(["score", str(tmp_path), "-o", str(link)]) == 2  # the same file, by another name, in a folder
    assert "is also an input" in capsys.readouterr().err
    assert history.read_bytes() == before


def test_an_interrupted_run_leaves_the_old_output_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    output = tmp_path / "out.jsonl"
    output.write_text("the previous results\n")
    real = read.results

    def interrupted(unit: cut.Unit) -> object:
        yield from real(unit)
        raise KeyboardInterrupt

    monkeypatch.setattr("badugi_fast.history.pipeline.results", interrupted)
    assert main(["score", str(SAMPLES), "-o", str(output)]) == 130
    assert output.read_text() == "the previous results\n"
    assert [path.name for path in tmp_path.iterdir()] == ["out.jsonl"]  # no half-written file left behind
    monkeypatch.undo()
    assert main(["score", str(SAMPLES), "-o", str(output)]) == 0
    assert len(output.read_text().splitlines()) == 58
    capsys.readouterr()


def test_simulate_replaces_its_output_only_when_done(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    output = tmp_path / "sim.txt"
    output.write_text("keep me\n")
    assert main(["simulate", "--hands", "5", "--players", "2", "-o", str(output)]) == 0
    assert headers(output.read_text()) == 5
    assert main(["simulate", "--hands", "5", "--players", "11", "-o", str(output)]) == 2
    assert headers(output.read_text()) == 5
    capsys.readouterr()


def test_output_to_a_device_is_written_directly(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", str(SAMPLES / "kingsclub.txt"), "-o", os.devnull]) == 0
    capsys.readouterr()


# ---- processes -------------------------------------------------------------------------------------------------


def test_jobs_are_capped_at_the_cores(capsys: pytest.CaptureFixture[str]) -> None:
    status, records, err = score_records([str(SAMPLES), "--jobs", "100000"], capsys)
    assert status == 0
    assert len(records) == 58
    assert f"--jobs 100000: using {cores()}, the number of cores" in err


# ---- where hands start, and how many --------------------------------------------------------------------------


def test_a_long_preamble_hides_no_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "histories"
    folder.mkdir()
    content = "".join(f"notes line {n}\n" for n in range(5000)) + text("pokerstars-cash.txt")
    (folder / "notes-then-hands.txt").write_text(content)
    status, records, _ = score_records([str(folder)], capsys)
    assert status == 0
    assert len(records) == headers(content) > 10
    assert records[0]["index"] == 0


def test_files_joined_together_give_every_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    stars = sample("pokerstars-cash.txt")
    assert stars.startswith(b"\xef\xbb\xbf")
    joined = tmp_path / "joined.txt"
    joined.write_bytes(stars + stars + b"\r\n" + stars)  # each with its BOM
    status, records, _ = score_records([str(joined)], capsys)
    assert status == 0
    assert len(records) == 3 * headers(text("pokerstars-cash.txt"))
    assert [record["index"] for record in records] == list(range(len(records)))


def test_several_sites_in_one_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    parts = [text("kingsclub.txt"), text("pokerstars-cash.txt"), text("merge.xml"), text("fulltilt-utf16.txt")]
    mixed = tmp_path / "mixed.txt"
    mixed.write_text("\n".join(parts + parts[:2]))
    status, records, _ = score_records([str(mixed)], capsys)
    assert status == 0
    sites = [record["site"] for record in records]
    expected = ["KingsClub", "PokerStars", "Merge", "Full Tilt", "KingsClub", "PokerStars"]
    assert [site for n, site in enumerate(sites) if n == 0 or site != sites[n - 1]] == expected
    assert len(records) == sum(headers(part) for part in parts + parts[:2])


def test_multi_member_gzip(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    stars = sample("pokerstars-cash.txt")
    archive = tmp_path / "two.txt.gz"
    archive.write_bytes(gzip.compress(stars) + gzip.compress(stars))
    status, records, _ = score_records([str(archive)], capsys)
    assert (status, len(records)) == (0, 2 * headers(text("pokerstars-cash.txt")))


# ---- archives and streams that cannot be read -----------------------------------------------------------------


def _zip_with_flags(path: Path, *, encrypted: bool = False, method: int | None = None) -> None:
    """A zip of the KingsClub sample, then a PokerStars sample; the first member's headers are patched to say it is
    encrypted, or compressed by a method Python does not have (zipfile writes neither)."""
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("a-kingsclub.txt", sample("kingsclub.txt"))
        archive.writestr("b-stars.txt", sample("pokerstars-cash.txt"))
    data = bytearray(path.read_bytes())
    for signature, flags_at, method_at in ((b"PK\x03\x04", 6, 8), (b"PK\x01\x02", 8, 10)):
        at = data.index(signature)  # the first member's local and central headers
        if encrypted:
            data[at + flags_at] |= 1
        if method is not None:
            data[at + method_at : at + method_at + 2] = method.to_bytes(2, "little")
    path.write_bytes(bytes(data))


@pytest.mark.parametrize(("kind", "reason"), [("encrypted", "encrypted"), ("method", "compression method")])
def test_an_unreadable_zip_member_is_an_error_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str, reason: str
) -> None:
    archive = tmp_path / "hands.zip"
    _zip_with_flags(archive, encrypted=kind == "encrypted", method=99 if kind == "method" else None)
    later = tmp_path / "later.txt"
    later.write_bytes(sample("kingsclub.txt"))
    status, records, _ = score_records([str(archive), str(later)], capsys)
    assert status == 1
    assert records[0]["file"] == f"{archive}/a-kingsclub.txt"
    assert records[0]["status"] == "error"
    assert reason in str(records[0]["reason"])
    stars_hands = headers(text("pokerstars-cash.txt"))
    assert [record["file"] for record in records[1:]] == [f"{archive}/b-stars.txt"] * stars_hands + [str(later)] * 2


@pytest.mark.parametrize("name", ["bad.gz", "bad.bz2", "bad.xz", "bad.zip"])
def test_a_damaged_archive_is_an_error_record(tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str) -> None:
    (tmp_path / name).write_bytes(b"this is not an archive at all")
    status, records, _ = score_records([str(tmp_path / name)], capsys)
    assert status == 1
    assert [record["status"] for record in records] == ["error"]
    assert str(records[0]["reason"]).startswith("line 1: cannot decompress: ")


def test_a_truncated_archive_keeps_the_hands_before_the_damage(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    content = text("pokerstars-cash.txt") * 200
    whole = bz2.compress(content.encode())
    archive = tmp_path / "cut.txt.bz2"
    archive.write_bytes(whole[: len(whole) * 3 // 4])
    status, records, _ = score_records([str(archive)], capsys)
    assert status == 1
    assert records[-1]["status"] == "error"
    assert "cannot decompress" in str(records[-1]["reason"])
    assert len(records) > headers(content) // 2  # the hands before the damage are all there


def test_a_compression_bomb_is_given_up_early(monkeypatch: pytest.MonkeyPatch) -> None:
    """No hand header in the first MAX_PREAMBLE_BYTES: an error record, and the rest is not decompressed."""
    monkeypatch.setattr(cut, "MAX_PREAMBLE_BYTES", 4 << 20)
    bomb = gzip.compress(b"\0" * (64 << 20), compresslevel=1)
    read_so_far = []

    class Counting(io.BytesIO):
        def read(self, size: int | None = -1) -> bytes:
            data = super().read(size)
            read_so_far.append(len(data))
            return data

    source = Source("bomb.gz", lambda: gzip.GzipFile(fileobj=Counting(bomb)))
    (unit,) = list(cut.cut(source))
    assert isinstance(unit, cut.Unreadable)
    assert unit.reason == "no hand header in the first 4 MiB"
    assert sum(read_so_far) < len(bomb) // 4


def test_a_hand_too_long_to_be_real_is_an_error_record(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cut, "MAX_HAND_BYTES", 1 << 16)
    hands = text("pokerstars-cash.txt").split("\n\n\n")
    bloated = hands[1].replace("*** SUMMARY ***", "chat\n" * 30000 + "*** SUMMARY ***")
    content = "\n\n\n".join([hands[0], bloated, *hands[2:]])
    results = [result for unit in units(sources_of(content)) for result in read.results(unit)]
    assert len(results) == headers(content)
    assert results[1].status == "error"
    assert "a hand longer than" in str(results[1].reason)
    assert [result.status for result in results[2:]] == [score(h).status for h in read.hands_of(_whole(hands[2:]))]


def _whole(hands: list[str]) -> cut.Run:
    data = "\n\n\n".join(hands).encode()
    return cut.Run("x", "PokerStars", 0, 0, tuple(headers_in(data, 0, len(data)).lines), data)


# ---- files reached twice, FIFOs, stdin ------------------------------------------------------------------------


def test_the_same_file_twice_is_read_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a.txt").write_bytes(sample("kingsclub.txt"))
    (tmp_path / "b.txt").symlink_to(tmp_path / "a.txt")
    status, records, err = score_records([str(tmp_path), str(tmp_path / "a.txt")], capsys)
    assert (status, len(records)) == (0, 2)
    assert err.count("is the same file as") == 2


def test_a_fifo_is_read_as_a_stream(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    writer = threading.Thread(target=lambda: fifo.write_bytes(sample("kingsclub.txt")))
    writer.start()
    status, records, _ = score_records([str(fifo)], capsys)
    writer.join()
    assert (status, len(records)) == (0, 2)
    folder_with_fifo = score_records([str(tmp_path)], capsys)  # inside a folder a FIFO is not opened (it could block)
    assert folder_with_fifo[:2] == (2, [])  # and so nothing was read: an error (issue 17)


def test_dev_stdin_and_dash() -> None:
    data = sample("kingsclub.txt")
    for path in ("-", "/dev/stdin"):
        result = subprocess.run(
            [sys.executable, "-m", "badugi_fast", "score", path], input=data, capture_output=True, check=False
        )
        assert result.returncode == 0, result.stderr
        assert len(result.stdout.splitlines()) == 2


# ---- streaming and memory ---------------------------------------------------------------------------------------


def test_records_come_out_while_the_input_still_streams() -> None:
    """The first run's records are written before the input ends (stdin kept open)."""
    hand = text("pokerstars-cash.txt").split("\n\n\n")[0]
    process = subprocess.Popen(
        [sys.executable, "-m", "badugi_fast", "score", "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    assert process.stdin is not None
    assert process.stdout is not None
    process.stdin.write(("\n\n\n".join([hand] * (cut.RUN_HANDS + 1)) + "\n\n\n").encode())
    process.stdin.flush()
    first = process.stdout.readline()  # would block forever if nothing were written before the end of the input
    assert json.loads(first)["index"] == 0
    process.stdin.close()
    rest = process.stdout.read().splitlines()
    process.stdout.close()
    assert process.wait() == 0
    assert len(rest) == cut.RUN_HANDS


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_memory_stays_bounded_on_a_big_file(tmp_path: Path, jobs: str) -> None:
    """A 64 MB file scored with a peak resident size far below the file's (the whole text once took 2.5x)."""
    hands = text("pokerstars-cash.txt")
    big = tmp_path / "big.txt"
    with open(big, "w", encoding="utf-8") as out:
        while out.tell() < 64 << 20:
            out.write(hands)
    # The peak of this process is its VmHWM (ru_maxrss would count pytest's, which it inherits across exec), and the
    # workers' is their ru_maxrss: both in KiB.
    script = (
        "import re, resource, sys; from pathlib import Path; from badugi_fast.cli import main; "
        "status = main(sys.argv[1:]); "
        "own = int(re.search(r'VmHWM:\\s+(\\d+)', Path('/proc/self/status').read_text()).group(1)); "
        "print(max(own, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss), file=sys.stderr); sys.exit(status)"
    )
    result = subprocess.run(
        [sys.executable, "-c", script, "score", str(big), "-o", os.devnull, "--jobs", jobs],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    peak_mib = int(result.stderr.split()[-1]) / 1024
    assert peak_mib < 120


# ---- anything at all -------------------------------------------------------------------------------------------

PIECES = [
    sample("pokerstars-cash.txt"),
    sample("kingsclub.txt"),
    sample("merge.xml"),
    sample("fulltilt-utf16.txt"),
    b"\xef\xbb\xbf",
    b"\r\n",
    b"\n",
    b"\xff\xfe",
    b"\0\0garbage \x80\x81 bytes\n",
]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(
    st.lists(
        st.one_of(
            st.sampled_from(PIECES),
            st.sampled_from(PIECES[:4]).flatmap(lambda piece: st.integers(0, len(piece)).map(lambda n: piece[:n])),
            st.binary(max_size=300),
        ),
        max_size=6,
    )
)
def test_any_bytes_give_one_record_per_header_and_c_agrees_with_python(pieces: list[bytes]) -> None:
    data = b"".join(pieces)
    found = list(units([Source("fuzz", lambda: io.BytesIO(data))]))
    records = [result.as_dict() for unit in found for result in read.results(unit)]
    python = [score(hand).as_dict() for unit in found for hand in read.hands_of(unit)]
    assert records == python
    assert [record["index"] for record in records] == list(range(len(records)))
    runs = [unit for unit in found if isinstance(unit, cut.Run)]
    assert sum(run.hands for run in runs) == len(records) - (len(found) - len(runs))
    decoded = b"".join(cut_text for cut_text in _normalised(data)).decode("utf-8", "replace")
    assert sum(run.hands for run in runs) == headers(decoded)


def _normalised(data: bytes) -> list[bytes]:
    from badugi_fast.history.sources import TextStream

    return list(TextStream(io.BytesIO(data)).blocks())
