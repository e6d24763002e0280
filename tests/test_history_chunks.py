"""Big files cut into runs of hands for the worker processes: the same hands, numbers and line numbers as the
whole file, and ``--jobs 2`` on one big file writes exactly what ``--jobs 1`` writes."""

from __future__ import annotations

import dataclasses
import gzip
import re
from pathlib import Path

import pytest

from badugi_fast.cli import main
from badugi_fast.history.batch import results_of
from badugi_fast.history.chunks import RUN_BYTES, RUN_HANDS, Run, hands_of, split
from badugi_fast.history.command import SAMPLES
from badugi_fast.history.detect import RawFile, decode, file_hands
from badugi_fast.history.score import score


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
    raw = RawFile("f.txt", TEXTS[name].encode("utf-8"))
    units = split(raw, hands=size, min_bytes=0)
    whole = [dataclasses.asdict(hand) for hand in file_hands(raw)]
    assert len(units) == -(-len(whole) // size) > 1
    assert all(isinstance(unit, Run) for unit in units)
    assert [dataclasses.asdict(hand) for unit in units for hand in hands_of(unit)] == whole


@pytest.mark.parametrize("encoding", ["utf-8", "latin-1"])
@pytest.mark.parametrize("name", TEXTS)
def test_runs_score_as_the_whole_file(name: str, encoding: str) -> None:
    """Scored by runs (PokerStars in clean UTF-8 is cut as bytes for the C fast path) or whole, every record is
    the one Python gives for the whole file."""
    raw = RawFile("f.txt", TEXTS[name].encode(encoding, errors="replace"))
    python = [score(hand).as_dict() for hand in file_hands(raw)]
    assert [result.as_dict() for result in results_of(raw)] == python
    runs = split(raw, hands=3, min_bytes=0)
    assert [result.as_dict() for unit in runs for result in results_of(unit)] == python


def test_small_unknown_and_merge_files_stay_whole() -> None:
    data = (SAMPLES / "merge.xml").read_bytes()
    assert split(RawFile("m.xml", data), hands=1, min_bytes=0) == [RawFile("m.xml", decode(data))]
    assert split(RawFile("n.txt", "not a hand history"), min_bytes=0) == [RawFile("n.txt", "not a hand history")]
    small = RawFile("s.txt", TEXTS["stars"])
    assert split(small) == [small]
    broken = RawFile("b.gz", b"", error="cannot decompress")
    assert split(broken, min_bytes=0) == [broken]


def test_jobs_on_one_big_file_write_what_one_job_writes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hands = re.split(r"\n(?=PokerStars )", TEXTS["stars-damaged"].strip("\n"))
    copies = -(-(RUN_HANDS * 2 + 1) // len(hands))
    text = "\n\n".join(hands * copies) + "\n"
    assert len(text.encode()) > RUN_BYTES
    big = tmp_path / "big.txt"
    big.write_text(text, encoding="utf-8")
    assert main(["score", str(big), "--format", "jsonl"]) == 1  # the damaged hands
    one = capsys.readouterr().out
    assert main(["score", str(big), "--format", "jsonl", "--jobs", "2"]) == 1
    two = capsys.readouterr()
    assert two.out == one
    assert f"1 files, {len(hands) * copies} hands" in two.err
    assert '"reason": "line ' in one
