"""Damaged input never escapes as an exception: truncations, deleted and duplicated lines, garbage bytes.

Whatever happens to a file, scoring it gives exactly one record per hand header found, in order.
"""

from __future__ import annotations

import gzip
import io
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from badugi_fast.history import score_file
from badugi_fast.history.sources import SAMPLES, decode


def _base(name: str) -> bytes:
    data = (SAMPLES / name).read_bytes()
    return gzip.decompress(data) if name.endswith(".gz") else data


def _first_hands(data: bytes, count: int) -> bytes:
    """The first ``count`` Stars hands of a sample: small inputs keep each example fast."""
    text = decode(data)
    cut = -1
    for _ in range(count + 1):
        cut = text.find("PokerStars Game #", cut + 1)
        if cut < 0:
            return text.encode()
    return text[:cut].encode()


BASES = {
    "stars": _first_hands(_base("pokerstars-cash.txt"), 4),
    "stars-tournament": _first_hands(_base("pokerstars-tournament.txt.gz"), 3),
    "fulltilt": _base("fulltilt-utf16.txt"),
    "kingsclub": _base("kingsclub.txt"),
    "merge": _base("merge.xml"),
}


#: What starts a hand in each format, written here from the formats (not taken from the parsers, so that a parser
#: that stops seeing a header, or sees one too many, is caught): a line that begins with the site's words and holds
#: the hand number. A hand starts at every header line, whichever site it belongs to.
HEADERS = (
    re.compile(r"PokerStars .*(?:Game|Hand) #"),  # PokerStars Game #49164202872:  Badugi Limit ...
    re.compile(r"Full Tilt Poker .*Game #"),  # Full Tilt Poker Game #32617272179: Table ...
    re.compile(r"<game(?: |\s*$)"),  # Merge: <game id="5550001-1" ...>, or <game alone on its line
    re.compile(r"#\d+: .* - "),  # KingsClub: #37732805: Limit Badugi - 30/60
)


def is_header(line: str) -> bool:
    return any(header.match(line) for header in HEADERS)


def hands_found(data: bytes) -> int:
    """How many hand headers the file holds (1 for a file in no known format: its error record)."""
    return sum(map(is_header, decode(data).split("\n"))) or 1


def check(data: bytes) -> None:
    results = score_file(io.BytesIO(data))
    assert len(results) == hands_found(data)
    assert [r.index for r in results] == list(range(len(results)))
    for result in results:
        assert result.status in ("verified", "mismatch", "no_showdown", "skipped", "error")
        if result.status == "error":
            assert result.reason is not None
            assert result.reason.startswith("line ")


FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("base", BASES)
@FUZZ
@given(data=st.data())
def test_truncated(base: str, data: st.DataObject) -> None:
    original = BASES[base]
    check(original[: data.draw(st.integers(0, len(original)))])


@pytest.mark.parametrize("base", BASES)
def test_cut_at_every_character_of_the_last_header(base: str) -> None:
    """Where the header patterns matter most, every time: a file that ends inside its last hand's header line."""
    lines = decode(BASES[base]).split("\n")
    last = max(number for number, line in enumerate(lines) if is_header(line))
    before = "".join(line + "\n" for line in lines[:last])
    for cut in range(len(lines[last]) + 1):
        check((before + lines[last][:cut]).encode())


@pytest.mark.parametrize("base", BASES)
@FUZZ
@given(data=st.data())
def test_lines_deleted_or_duplicated(base: str, data: st.DataObject) -> None:
    lines = BASES[base].split(b"\n")
    for _ in range(data.draw(st.integers(1, 6))):
        at = data.draw(st.integers(0, len(lines) - 1))
        if data.draw(st.booleans()):
            del lines[at]
        else:
            lines.insert(at, lines[at])
        if not lines:
            break
    check(b"\n".join(lines))


@pytest.mark.parametrize("base", BASES)
@FUZZ
@given(data=st.data())
def test_garbage_bytes(base: str, data: st.DataObject) -> None:
    damaged = bytearray(BASES[base])
    for _ in range(data.draw(st.integers(1, 8))):
        at = data.draw(st.integers(0, len(damaged)))
        damaged[at:at] = data.draw(st.binary(min_size=1, max_size=6))
    check(bytes(damaged))


@FUZZ
@given(st.binary(max_size=300))
def test_pure_garbage(garbage: bytes) -> None:
    check(garbage)
