"""Issue 17, part 2: files joined together in different encodings lose no hand (UTF-16 then UTF-8, UTF-8 then
UTF-16, UTF-16 LE then BE, a stray byte between two UTF-16 files): each file's hands read as when it is alone."""

from __future__ import annotations

import gzip
import io

import pytest

from badugi_fast.history import sources
from badugi_fast.history.pipeline import score_file
from badugi_fast.history.sources import SAMPLES, decode


def _text(name: str) -> str:
    data = (SAMPLES / name).read_bytes()
    data = gzip.decompress(data) if name.endswith(".gz") else data
    return decode(data)


FIRST, SECOND = _text("pokerstars-cash.txt"), _text("pokerstars-tournament.txt.gz")
KINGS, TILT = _text("kingsclub.txt"), _text("fulltilt-utf16.txt")


def encoded(text: str, how: str) -> bytes:
    """``text`` in encoding ``how``: utf-8, utf-8-bom, utf-16-le, utf-16-be (with their BOM), or le-nobom."""
    if how == "utf-8-bom":
        return b"\xef\xbb\xbf" + text.encode()
    if how == "le-nobom":
        return text.encode("utf-16-le")
    bom = {"utf-16-le": b"\xff\xfe", "utf-16-be": b"\xfe\xff"}.get(how, b"")
    return bom + text.replace("\n", "\r\n" if bom else "\n").encode(how)


def outline(data: bytes) -> list[tuple[str, str, str]]:
    return [(result.hand_id, result.site, result.status) for result in score_file(io.BytesIO(data))]


def alone(*texts: str) -> list[tuple[str, str, str]]:
    return [record for text in texts for record in outline(text.encode())]


JOINS = [
    ("utf-16-le", "utf-8"),
    ("utf-16-le", "utf-8-bom"),
    ("utf-8", "utf-16-le"),
    ("utf-8", "le-nobom"),
    ("utf-8", "utf-16-be"),
    ("utf-16-le", "utf-16-be"),
    ("utf-16-be", "utf-16-le"),
    ("utf-16-be", "utf-8"),
]


@pytest.mark.parametrize(("first", "second"), JOINS)
@pytest.mark.parametrize("block", [1 << 20, 37])  # a change of encoding across blocks too
def test_joined_files_give_every_hand(first: str, second: str, block: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sources, "BLOCK_BYTES", block)
    joined = encoded(FIRST, first) + encoded(SECOND, second)
    assert outline(joined) == alone(FIRST, SECOND)


@pytest.mark.parametrize("stray", [b"\n", b" ", b"\0"])
@pytest.mark.parametrize("how", ["utf-16-le", "utf-16-be"])
def test_a_stray_byte_between_two_utf16_files(stray: bytes, how: str) -> None:
    assert outline(encoded(FIRST, how) + stray + encoded(SECOND, how)) == alone(FIRST, SECOND)


def test_a_stray_byte_before_a_utf16_file_without_bom() -> None:
    joined = encoded(FIRST, "utf-16-le") + b"\n" + SECOND.encode("utf-16-le")
    assert outline(joined) == alone(FIRST, SECOND)


def test_other_sites_joined_in_other_encodings() -> None:
    joined = encoded(KINGS, "utf-8") + encoded(TILT, "utf-16-le") + encoded(KINGS, "utf-16-be") + TILT.encode()
    assert outline(joined) == alone(KINGS, TILT, KINGS, TILT)


def test_text_of_one_encoding_is_not_cut_where_it_holds_no_change() -> None:
    """Hand headers inside a UTF-16 line, and Latin-1 bytes that are UTF-16 BOMs, change nothing."""
    latin = "Seat 1: þÿ ($1)\n".encode("latin-1")
    assert decode(latin + FIRST.encode()) == decode(latin) + FIRST
    quoted = "chat: PokerStars Hand #1: x #2: Limit Badugi - 1/2\n" + FIRST
    assert decode(encoded(quoted, "utf-16-le")) == quoted
