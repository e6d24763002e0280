"""Text cut into runs of hands (``history.cut``): the same hands, numbers and line numbers however it is cut, and
``--jobs 2`` on one big file writes exactly what ``--jobs 1`` writes."""

from __future__ import annotations

import dataclasses
import gzip
import io
import re
from pathlib import Path

import pytest

from badugi_fast.cli import main
from badugi_fast.history.cut import RUN_HANDS, Run, Unit, Unreadable, cut
from badugi_fast.history.inputs import Source
from badugi_fast.history.read import hands_of, results
from badugi_fast.history.score import score
from badugi_fast.history.sources import SAMPLES, decode


def runs(data: bytes, size: int = 10**9, name: str = "f.txt") -> list[Unit]:
    """``data`` (a file's bytes) cut into runs of ``size`` hands."""
    return list(cut(Source(name, lambda: io.BytesIO(data)), run_hands=size))


def sample_text(name: str) -> str:
    data = (SAMPLES / name).read_bytes()
    return decode(gzip.decompress(data) if name.endswith(".gz") else data)


def damaged(text: str) -> str:
    """``text`` with hands that cannot be read: a bad amount and a hand cut before its summary."""
    text = text.replace(": calls $0.25", ": calls $0.2x5", 3)
    cut = text.find("*** SUMMARY ***", len(text) // 2)
    return text[:cut] + text[text.find("\nPokerStars ", cut) + 1 :] if cut > 0 else text


TEXTS = {
    "stars": sample_text("pokerstars-cash.txt"),
    "stars-damaged": damaged(sample_text("pokerstars-cash.txt")),
    "stars-tournament": sample_text("pokerstars-tournament.txt.gz"),
    "fulltilt": "\n".join([sample_text("fulltilt-utf16.txt")] * 4),
    "kingsclub": "\n\n".join([sample_text("kingsclub.txt")] * 5),
    "preamble": "notes before the first hand\n" + sample_text("pokerstars-cash.txt"),
    "stars-crlf": sample_text("pokerstars-cash.txt").replace("\n", "\r\n"),
    "stars-bom": "\ufeff" + sample_text("pokerstars-cash.txt").replace("Hero", "Jörg"),
}


@pytest.mark.parametrize("name", TEXTS)
@pytest.mark.parametrize("size", [1, 2, 7])
def test_runs_give_the_hands_of_the_whole_file(name: str, size: int) -> None:
    data = TEXTS[name].encode("utf-8")
    (whole,) = runs(data)
    assert isinstance(whole, Run)
    hands = [dataclasses.asdict(hand) for hand in hands_of(whole)]
    units = runs(data, size)
    assert len(units) == -(-len(hands) // size) > 1
    assert all(isinstance(unit, Run) for unit in units)
    assert [dataclasses.asdict(hand) for unit in units for hand in hands_of(unit)] == hands


@pytest.mark.parametrize("encoding", ["utf-8", "latin-1"])
@pytest.mark.parametrize("name", TEXTS)
def test_runs_score_as_the_whole_file(name: str, encoding: str) -> None:
    """Scored by runs (PokerStars by the C fast path) or whole, every record is the one Python gives for the whole
    file."""
    data = TEXTS[name].encode(encoding, errors="replace")
    (whole,) = runs(data)
    python = [score(hand).as_dict() for hand in hands_of(whole)]
    assert [result.as_dict() for result in results(whole)] == python
    assert [result.as_dict() for unit in runs(data, 3) for result in results(unit)] == python


def test_merge_runs_carry_the_description_before_their_first_hand() -> None:
    one = (SAMPLES / "merge.xml").read_bytes()
    data = b"\n".join([one.replace(b'id="5550001-1"', f'id="5550001-{n}"'.encode()) for n in range(1, 4)])
    (whole,) = runs(data)
    hands = [dataclasses.asdict(hand) for hand in hands_of(whole)]
    assert len(hands) == 3
    assert {hand["limit"] for hand in hands} == {"pot"}  # from each game's <description>
    assert [dataclasses.asdict(hand) for unit in runs(data, 1) for hand in hands_of(unit)] == hands


def test_unknown_and_unreadable_files_give_one_error() -> None:
    (unknown,) = runs(b"not a hand history")
    assert isinstance(unknown, Unreadable)
    assert unknown.reason == "no hand history of a known site in this file"
    assert list(cut(Source("n.txt", lambda: io.BytesIO(b"notes"), strict=False))) == []
    (broken,) = runs(b"", name="b.gz")
    assert isinstance(broken, Unreadable)
    (bad_gzip,) = list(cut(Source("b.gz", lambda: gzip.GzipFile(fileobj=io.BytesIO(b"\x1f\x8b not gzip")))))
    assert isinstance(bad_gzip, Unreadable)
    assert bad_gzip.reason.startswith("cannot decompress:")


def test_jobs_on_one_big_file_write_what_one_job_writes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hands = re.split(r"\n(?=PokerStars )", TEXTS["stars-damaged"].strip("\n"))
    copies = -(-(RUN_HANDS * 2 + 1) // len(hands))
    text = "\n\n".join(hands * copies) + "\n"
    assert len(hands) * copies > 2 * RUN_HANDS  # three runs at least
    big = tmp_path / "big.txt"
    big.write_text(text, encoding="utf-8")
    assert main(["score", str(big), "--format", "jsonl"]) == 1  # the damaged hands
    one = capsys.readouterr().out
    assert main(["score", str(big), "--format", "jsonl", "--jobs", "2"]) == 1
    two = capsys.readouterr()
    assert two.out == one
    assert f"1 files, {len(hands) * copies} hands" in two.err
    assert '"reason": "line ' in one
