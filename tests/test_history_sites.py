"""Which site a header line belongs to: the C finder (csrc/sites.c) against the Python definition (sites.headers_in)
on lines made to sit on every edge of the header patterns, and each site's own ``is_header``."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from badugi_fast import _backend
from badugi_fast.formats import registry
from badugi_fast.formats.format import TextFormat
from badugi_fast.formats.model import Hand
from badugi_fast.history import read, sites

pytestmark = pytest.mark.skipif(not read.C_READER, reason="the C extension is not built or not chosen")

#: Pieces of lines near the edges of the five header patterns, and odd characters (Unicode digits and spaces).
PIECES = [
    "PokerStars ",
    "PokerStars",
    "Full Tilt Poker ",
    "Full Tilt Poker",
    "<game",
    "<game ",
    "<gamer",
    "#",
    "#12",
    "#١٢",
    ": ",
    ":",
    " - ",
    "-",
    "Game #",
    "Hand #",
    "Game#",
    "Badugi",
    "variant",  # PHH's header: "variant", spaces or tabs, "="
    "variants",
    "=",
    " ",
    "\t",
    "\x0b",
    "\x1f",
    "\u00a0",
    "\u2003",
    "\u3000",
    "x",
    "7",
    "é",
    "\ufffd",
]

lines = st.lists(st.sampled_from(PIECES), max_size=8).map("".join)


def python_and_c(data: bytes) -> tuple[object, object]:
    python = sites.headers_in(data, 0, len(data))
    c = sites.find_headers(data, 0, len(data))
    return (python.offsets, python.formats, python.lines, python.newlines), (c.offsets, c.formats, c.lines, c.newlines)


@settings(max_examples=1500, deadline=None)
@given(st.lists(lines, max_size=12), st.booleans())
def test_c_finds_the_headers_python_finds(text_lines: list[str], final_newline: bool) -> None:
    data = ("\n".join(text_lines) + ("\n" if final_newline else "")).encode()
    python, c = python_and_c(data)
    assert c == python


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=400))
def test_c_agrees_on_any_bytes(data: bytes) -> None:
    python, c = python_and_c(data)
    assert c == python


def test_ranges_and_more_headers_than_one_call_holds() -> None:
    block = b"PokerStars Hand #1: Badugi\nchat\n#3: Limit Badugi - 1/2\n<game id='1'>\n"
    data = block * 5000  # 15,000 headers: several calls into C
    python, c = python_and_c(data)
    assert c == python
    assert len(sites.find_headers(data, 0, len(data)).offsets) == 15000
    start, end = len(block) * 10, len(block) * 20
    assert sites.find_headers(data, start, end) == sites.headers_in(data, start, end)
    with pytest.raises(ValueError, match="is not a range"):
        sites.find_headers(data, 10, len(data) + 1)


@pytest.mark.parametrize(
    ("line", "site"),
    [
        ("PokerStars Game #49164202872:  Badugi Limit", "PokerStars"),
        ("PokerStars Home Game Hand #1: x", "PokerStars"),
        ("PokerStars says hi", None),
        ("Full Tilt Poker Game #29704107511: Table x", "Full Tilt"),
        ('<game id="31274465-32" starttime="1">', "Merge"),
        ("<game", "Merge"),
        ("<game\t ", "Merge"),
        ("<gamer>", None),
        ("#37732805: Limit Badugi - 30/60", "KingsClub"),
        ("#1: - x", None),
        ("# a comment - x", None),
    ],
)
def test_header_site(line: str, site: str | None) -> None:
    parser = registry.header_site(line)
    assert (parser.site if parser is not None else None) == site
    found = sites.find_headers(line.encode(), 0, len(line.encode()))
    assert [form.site for form in found.formats] == ([site] if site else [])


#: A format csrc/sites.c has no matcher for, as a new site would be before anyone writes one.
DEMO = TextFormat("Demo", "Demo Poker ", re.compile(r"\nDemo Poker Hand #\d"), lambda lines, start, end: Hand("Demo"))


def test_a_format_c_does_not_know_is_still_found() -> None:
    formats = (*registry.FORMATS, DEMO)
    data = b"Demo Poker Hand #1\nx\nPokerStars Hand #2: y\nDemo Poker Hand #x\nDemo Poker Hand #3\n"
    found = sites.find_headers(data, 0, len(data), formats)
    assert found == sites.headers_in(data, 0, len(data), formats)
    assert [form.site for form in found.formats] == ["Demo", "PokerStars", "Demo"]
    assert found.offsets == [0, 21, 62]


def test_every_c_matcher_named_is_one_c_has() -> None:
    if _backend.history_fast_paths is None:
        pytest.skip("the C extension is not in use")
    from badugi_fast._native import MATCHERS

    named = {form.c_matcher for form in registry.FORMATS}
    assert named <= set(MATCHERS)
    assert set(MATCHERS) == named  # a matcher no format uses is dead code in csrc/sites.c
