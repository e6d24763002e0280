"""The hand-history readers take time linear in the length of a line, whatever the line.

Three patterns backtracked quadratically (a 40 KB line took seconds, a 200 KB one minutes): the seat and table
lines of PokerStars and Full Tilt (``lines.seat_match``, ``lines.table_of``) and Merge's ``<description>``
(``merge.description_of``). Each is now found in linear time, and must find exactly what the original pattern
found: hypothesis compares each with the original regular expression (written here as the specification) on
random lines built from the pieces that matter to it. The summary's ``Hero (button) (small blind)`` tags were cut
off with one copy of the name per tag, quadratic too: now one cut.

Then a file with one pathological line of 200 KB for each pattern goes through ``badugi score`` in a subprocess
that is given 5 seconds (and 8 MB of tags go through the summary reader): the reader needs under a second, mostly
starting Python, where the quadratic code needed minutes (3 to 10 for these lines), so the test cannot fail by
chance on a slow machine and cannot pass with quadratic code. The other
patterns of the package were checked by hand to be linear (each try is bounded by a run of digits or spaces, or by
a stretch that no later try scans again) and timed on lines of 40 KB and 400 KB.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from badugi_fast.formats.lines import _untagged, seat_match, table_of
from badugi_fast.formats.merge import description_of
from badugi_fast.history.sources import SAMPLES, decode

SEAT = re.compile(r"Seat (\d+): (.+?) \(([$€£]?[\d,.]+)(?: in chips)?(?:,[^)]*)?\)(.*)")
TABLE = re.compile(r"Table '(.*)' .*?Seat #(\d+) is the button")
DESCRIPTION = re.compile(r'<description\s[^>]*?type="([^"]*)"[^>]*?stakes="([^"]*)"')


def lines_of(prefixes: list[str], pieces: list[str]) -> st.SearchStrategy[str]:
    """Lines made of one of ``prefixes`` and up to 30 of ``pieces``."""
    return st.builds(
        lambda prefix, parts: prefix + "".join(parts),
        st.sampled_from(prefixes),
        st.lists(st.sampled_from(pieces), max_size=30),
    )


@settings(max_examples=500, deadline=None)
@given(
    lines_of(
        ["Seat 1: ", "Seat 12: a", "Seat ", "Seat x: ", ""],
        [" (", "(", ")", ",", ".", "$", "€", "1", "٣", " in chips", " ", "x", ", ", "sitting out"],
    )
)
def test_seat_match_finds_what_the_pattern_finds(line: str) -> None:
    found, fast = SEAT.match(line), seat_match(line)
    assert (found is None) == (fast is None)
    if found is not None and fast is not None:
        assert fast.group(1, 2, 3) == found.group(1, 2, 3)
        assert line[fast.start(4) :] == found.group(4)


@settings(max_examples=500, deadline=None)
@given(
    lines_of(
        ["Table '", "Table ''", "Table", ""],
        ["'", " ", "' ", "Seat #", "1", "23", " is the button", "x", "Seat #4 is the button"],
    )
)
def test_table_of_finds_what_the_pattern_finds(line: str) -> None:
    found = TABLE.match(line)
    assert table_of(line) == (None if found is None else (found.group(1), int(found.group(2))))


@settings(max_examples=500, deadline=None)
@given(
    lines_of(
        ["<description ", "<description", "", "x"],
        ["<description", " ", "\t", 'type="', 'stakes="', '"', ">", "x", "/>", "<description "],
    )
)
def test_description_of_finds_what_the_pattern_finds(line: str) -> None:
    found = DESCRIPTION.search(line)
    assert description_of(line) == (None if found is None else found.groups())


def _untagged_as_it_was(name: str) -> str:
    while name.endswith(")") and " (" in name:  # a copy of the name per tag: quadratic
        name = name[: name.rfind(" (")]
    return name


@settings(max_examples=500, deadline=None)
@given(lines_of(["", "Hero", "Mr X"], [" (", "(", ")", " ", "x", " (button)", "()"]))
def test_untagged_cuts_what_the_loop_cut(name: str) -> None:
    assert _untagged(name) == _untagged_as_it_was(name)


def _stars_with(line: str, replacing: str | None = None) -> str:
    """The PokerStars cash sample with ``line`` added after its first seat line (or in place of ``replacing``),
    in a hand the site paid wrong: the C reader reads the line, finds the mismatch and hands the hand to Python,
    which reads the line too."""
    text = decode((SAMPLES / "pokerstars-cash.txt").read_bytes())
    text = text.replace("Alice collected $14.25 from pot", "Alice collected $14.26 from pot", 1)
    if replacing is not None:
        return text.replace(replacing, line, 1)
    return text.replace("Seat 1: Hero ($10 in chips)\n", f"Seat 1: Hero ($10 in chips)\n{line}\n", 1)


def _merge_with(line: str) -> str:
    """The Merge sample with ``line`` just before its first ``<game>``."""
    text = decode((SAMPLES / "merge.xml").read_bytes())
    at = text.index("<game")
    return f"{text[:at]}{line}\n{text[at:]}"


SIZE = 200_000
PATHOLOGICAL: dict[str, tuple[str, Callable[[], str]]] = {  # what each took before: see the README
    "seat: a run of commas and no ')'": ("txt", lambda: _stars_with("Seat 1: x (" + "," * SIZE)),
    "seat: many ' (1,' and no ')'": ("txt", lambda: _stars_with("Seat 1: x" + " (1," * (SIZE // 4))),
    "table: many quotes": ("txt", lambda: _stars_with("Table '" + "' " * (SIZE // 2), "Table 'Sample Cash' 6-max")),
    "description: many types": ("xml", lambda: _merge_with("<description " + 'type="" ' * (SIZE // 8))),
    "description: many tags": ("xml", lambda: _merge_with("<description " * (SIZE // 13))),
}


def _within_5_seconds(arguments: list[str], what: str) -> subprocess.CompletedProcess[str]:
    """Runs ``python arguments...``; fails the test if it takes more than 5 seconds."""
    try:
        return subprocess.run([sys.executable, *arguments], capture_output=True, text=True, timeout=5)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{what} is not read within 5 s (quadratic time?)")


def test_many_summary_tags_are_cut_in_linear_time() -> None:
    """An 8 MB summary line of ``(b)`` tags, read by the summary reader itself (``badugi score`` gives up on a
    hand past 1 MiB first): before, one copy of the name per tag, which would take hours; now about a second."""
    code = (
        "from badugi_fast.formats.builder import Builder\n"
        "from badugi_fast.formats.lines import summary_line\n"
        "from badugi_fast.formats.model import Hand\n"
        "build = Builder(Hand('x'))\n"
        "summary_line(build, 'Seat 2: Alice' + ' (b)' * 2_000_000 + ' showed [As 2h 3d 4c]')\n"
        "print(build.hand.cards)\n"
    )
    run = _within_5_seconds(["-c", code], "an 8 MB line of summary tags")
    assert run.stdout.strip() == "{'Alice': ('As', '2h', '3d', '4c')}", run.stderr


@pytest.mark.parametrize("case", list(PATHOLOGICAL))
def test_a_pathological_line_is_read_in_linear_time(case: str, tmp_path: Path) -> None:
    suffix, make = PATHOLOGICAL[case]
    text = make()
    path = tmp_path / f"hands.{suffix}"
    path.write_text(text, encoding="utf-8")
    run = _within_5_seconds(["-m", "badugi_fast", "score", str(path)], f"{case} (200 KB)")
    assert run.returncode in (0, 1), run.stderr
    headers = text.count("\nPokerStars ") + text.startswith("PokerStars ") if suffix == "txt" else text.count("<game ")
    assert len(run.stdout.splitlines()) == headers
    assert suffix == "xml" or '"status": "mismatch"' in run.stdout  # Python read the hand (C reads no mismatch)
