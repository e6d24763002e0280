"""Issue 17, parts 2 and 3: tar archives read member by member as zip archives are, archives inside archives said,
zip archives of thousands of members read in one opening, record amplification bounded, file names that are not
UTF-8 shown escaped. Archives are made on the fly from the samples."""

from __future__ import annotations

import dataclasses
import gzip
import io
import json
import lzma
import os
import tarfile
import zipfile
from pathlib import Path
from typing import Any

import pytest

from badugi_fast.cli import main
from badugi_fast.history import cut
from badugi_fast.history.pipeline import score_files
from badugi_fast.history.read import results as read_results
from badugi_fast.history.sources import SAMPLES, expand

NAMES = sorted(path.name for path in SAMPLES.iterdir() if path.is_file())


def outline(paths: list[Path]) -> list[tuple[str, str, str, int]]:
    return [(result.file, result.hand_id, result.status, result.index) for result in score_files(paths)]


def members_of(records: list[tuple[str, str, str, int]], archive: Path) -> list[tuple[str, str, str, int]]:
    """The records of an archive with their file named as in the samples folder."""
    return [(name.replace(str(archive), str(SAMPLES)), *rest) for name, *rest in records]  # type: ignore[misc]


@pytest.mark.parametrize("mode", ["w", "w:gz", "w:bz2", "w:xz"])
def test_a_tar_archive_gives_the_records_of_its_folder(tmp_path: Path, mode: str) -> None:
    archive = tmp_path / f"hands.tar{mode[1:].replace(':', '.')}"
    with tarfile.open(archive, mode) as tar:  # type: ignore[call-overload]  # one mode of four
        for name in NAMES:
            tar.add(SAMPLES / name, arcname=name)
    assert members_of(outline([archive]), archive) == outline([SAMPLES])


def test_a_tar_read_as_text_glued_hands_together(tmp_path: Path) -> None:
    """The tar headers between members once joined each member's first hand to the last one before it."""
    archive = tmp_path / "hands.tar"
    with tarfile.open(archive, "w") as tar:
        for copy in range(3):
            tar.add(SAMPLES / "pokerstars-cash.txt", arcname=f"copy-{copy}.txt")
    records = outline([archive])
    alone = outline([SAMPLES / "pokerstars-cash.txt"])
    assert [status for _, _, status, _ in records] == [status for _, _, status, _ in alone] * 3
    assert {name for name, *_ in records} == {f"{archive}/copy-{copy}.txt" for copy in range(3)}


def _zip(path: Path, members: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return path


def test_archives_inside_archives_are_said_and_compressed_members_read(tmp_path: Path) -> None:
    kings = (SAMPLES / "kingsclub.txt").read_bytes()
    inner = _zip(tmp_path / "inner.zip", {"a.txt": kings})
    tar_path = tmp_path / "outer.tar"
    with tarfile.open(tar_path, "w") as tar:
        tar.add(inner, arcname="inner.zip")
        info = tarfile.TarInfo("kings.txt.gz")
        packed = gzip.compress(kings)
        info.size = len(packed)
        tar.addfile(info, io.BytesIO(packed))
    outer = _zip(tmp_path / "outer.zip", {"inner.tar.gz": b"x", "kings.txt.xz": lzma.compress(kings)})
    for archive in (tar_path, outer):
        results = list(score_files([archive]))
        nested = [result for result in results if result.status == "error"]
        assert [result.reason for result in nested] == ["line 1: an archive inside an archive is not read: unpack it"]
        kings_alone = [result.status for result in score_files([SAMPLES / "kingsclub.txt"])]
        assert [result.status for result in results if result.status != "error"] == kings_alone


def test_a_bomb_in_a_tar_is_one_record_and_the_rest_is_not_decompressed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cut, "MAX_PREAMBLE_BYTES", 4 << 20)
    archive = tmp_path / "bomb.tar.gz"
    with gzip.open(archive, "wb", compresslevel=1) as packed, tarfile.open(fileobj=packed, mode="w|") as tar:
        info = tarfile.TarInfo("zeros.txt")
        info.size = 256 << 20
        tar.addfile(info, io.BytesIO(bytes(info.size)))
        tar.add(SAMPLES / "kingsclub.txt", arcname="after.txt")
    read: list[int] = []

    class Counted(io.FileIO):
        def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
            count = super().readinto(buffer)
            read.append(count)
            return count

    (source,) = expand([str(archive)])
    counted = dataclasses.replace(source, open=lambda: io.BufferedReader(Counted(archive)))
    results = [result for unit in cut.cut(counted) for result in read_results(unit)]
    assert [(result.file, result.reason) for result in results] == [
        (f"{archive}/zeros.txt", "line 1: no hand header in the first 4 MiB"),
        (str(archive), f"line 1: not read after {archive}/zeros.txt, given up"),
    ]
    assert sum(read) < os.path.getsize(archive) // 4


def test_a_zip_of_thousands_of_members_is_opened_once_to_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each member once reopened the archive (reading its whole directory again): time quadratic in the members."""
    hand = (SAMPLES / "kingsclub.txt").read_bytes()
    archive = _zip(tmp_path / "many.zip", {f"hands-{number:05}.txt": hand for number in range(3000)})
    opened: list[object] = []

    class Counted(zipfile.ZipFile):
        def __init__(self, file: str, *args: Any, **kwargs: Any) -> None:
            opened.append(file)
            super().__init__(file, *args, **kwargs)

    monkeypatch.setattr(zipfile, "ZipFile", Counted)
    results = list(score_files([archive]))
    assert len(results) == 3000 * 2
    assert len(opened) == 2  # listed once, read once


def test_record_amplification_is_bounded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Header lines compress to almost nothing: a few KB of gzip gave a record per line, millions of them."""
    monkeypatch.setattr(cut, "MIN_RECORDS", 1000)
    lines = 200_000
    packed = tmp_path / "headers.txt.gz"
    packed.write_bytes(gzip.compress(b"#1: Limit Badugi - 30/60\n" * lines))
    bound = cut.most_hands(os.path.getsize(packed))
    assert bound is not None
    results = list(score_files([packed]))
    assert bound < len(results) < lines // 2
    assert results[-1].reason is not None
    assert f"more than {bound:,} hands for the size of the file" in results[-1].reason


def test_real_histories_are_far_below_the_bound() -> None:
    """The most compressed sample gives fewer than a tenth of the records its size allows beyond the minimum."""
    packed = SAMPLES / "pokerstars-tournament.txt.gz"
    hands = len(list(score_files([packed])))
    assert hands * cut.BYTES_PER_RECORD * 10 < os.path.getsize(packed)


@pytest.mark.skipif(os.uname().sysname == "Darwin", reason="macOS refuses names that are not UTF-8")
def test_a_file_name_that_is_not_utf8_gets_its_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = os.fsencode(tmp_path)
    with open(folder + b"/caf\xe9.txt", "wb") as named:
        named.write((SAMPLES / "kingsclub.txt").read_bytes())
    (tmp_path / "z.txt").write_bytes((SAMPLES / "kingsclub.txt").read_bytes())
    assert [source.name for source in expand([str(tmp_path)])] == [f"{tmp_path}/caf\\xe9.txt", f"{tmp_path}/z.txt"]
    for form in ("jsonl", "csv", "table"):
        assert main(["score", str(tmp_path), "--format", form]) == 0
        out, _ = capsys.readouterr()
        out.encode("utf-8")  # valid UTF-8: no lone surrogates
        assert "caf" in out
    lines = [json.loads(line) for line in _score_jsonl(tmp_path, capsys)]
    assert [line["file"] for line in lines] == [f"{tmp_path}/caf\\xe9.txt"] * 2 + [f"{tmp_path}/z.txt"] * 2


def test_a_file_name_that_is_not_utf8_in_parquet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    folder = tmp_path / "in"
    folder.mkdir()
    with open(os.fsencode(folder) + b"/\xff.txt", "wb") as named:
        named.write((SAMPLES / "kingsclub.txt").read_bytes())
    out = tmp_path / "out.parquet"
    assert main(["score", str(folder), "--format", "parquet", "-o", str(out)]) == 0
    assert pq.read_table(out).column("file").to_pylist() == [f"{folder}/\\xff.txt"] * 2


def _score_jsonl(folder: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    assert main(["score", str(folder), "--format", "jsonl"]) == 0
    return capsys.readouterr().out.splitlines()
