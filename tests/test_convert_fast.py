"""The PHH tables C writes for ``badugi convert`` (csrc/phh_write.c, through ``history.converted``) are the bytes of
``formats.phh.writer.table_text`` (the definition) of the hand the site parser reads, hand by hand: on the samples,
the shared files, simulated PokerStars hands of every betting structure with 2 to 10 players, in chips and dollars,
raked, and hands made hostile (names and tables TOML must escape, non-ASCII, hero draws shown otherwise, a fold with
nothing behind, a hand paid wrong). The number of hands C writes is asserted too, so that a writer that gives up every
hand fails; and ``badugi convert``'s whole output is held to what it writes with no C at all."""

from __future__ import annotations

import contextlib
import io
import random
import re
import subprocess
from collections import Counter
from pathlib import Path

import pytest
from badugi_fast._badugi import ffi, lib
from sanitized import sanitized_harness

from badugi_fast import _native
from badugi_fast.cli import main as badugi
from badugi_fast.formats.phh import NotConvertible, table_text
from badugi_fast.history import converted, read
from badugi_fast.history.converted import Written
from badugi_fast.history.cut import Run, Unit
from badugi_fast.history.pipeline import units
from badugi_fast.history.read import _c_text
from badugi_fast.history.sources import SAMPLES, expand

pytestmark = pytest.mark.skipif(not read.C_READER, reason="the C extension is not built or not chosen")


def python_table(hand: object) -> str | None:
    """What ``table_text`` writes of ``hand`` after its ``[1]`` line, or None when it refuses the hand."""
    try:
        text = table_text("1", hand)  # type: ignore[arg-type]
    except NotConvertible:
        return None
    return text.removeprefix("[1]\n")


def assert_written_alike(paths: list[str]) -> Counter[str]:
    """Every hand of ``paths``: C's table (where C wrote one) is Python's, and every other hand is the site parser's;
    returns how many hands C wrote, gave up (by ``_native.PHH_WRITE_CODES``'s words) and left to other readers."""
    counts: Counter[str] = Counter()
    for unit in units(expand(paths, note=lambda _: None)):
        hands = list(read.hands_of(unit))
        items = list(converted.converted_hands(unit))
        assert len(items) == len(hands)
        codes = phh_codes(unit)
        for number, (hand, item) in enumerate(zip(hands, items, strict=True)):
            if isinstance(item, Written):
                assert item.table == python_table(hand), (hand.source, hand.index)
                assert (item.limit, item.source, item.index) == (hand.limit, hand.source, hand.index)
                counts["written"] += 1
            else:
                assert item[0] == hand, (hand.source, hand.index)
                counts[codes[number] if codes else "other reader"] += 1
    return counts


def phh_codes(unit: Unit) -> list[str] | None:
    """Why C wrote or did not write each hand of a PokerStars run, in words; None for any other unit."""
    text = _c_text(unit) if isinstance(unit, Run) and unit.site == "PokerStars" else None
    if text is None:
        return None
    info = _native.phh_write_scan(text[0])[1]
    return [_native.PHH_WRITE_CODES[code] for code in info[_native.PHH_WRITE_CODE :: _native.PHH_WRITE_INFO]]


def simulate(tmp_path: Path, *options: str) -> str:
    target = tmp_path / ("-".join(options).replace("/", "_") + ".txt")
    with contextlib.redirect_stderr(io.StringIO()):
        assert badugi(["simulate", "-q", "-o", str(target), *options]) == 0
    return str(target)


def converted_output(paths: list[str], monkeypatch: pytest.MonkeyPatch, with_c: bool) -> tuple[int, str, str]:
    """``badugi convert`` of ``paths``: exit status, stdout, stderr (``with_c`` False: no C reader nor writer)."""
    out, err = io.StringIO(), io.StringIO()
    with monkeypatch.context() as patch:
        if not with_c:
            patch.setattr(read, "history_fast_paths", None)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = badugi(["convert", *paths])
    return status, out.getvalue(), err.getvalue()


SIMULATED = [
    ("fixed", "2", "10/20", "0"),
    ("fixed", "3", "0.10/0.25", "5"),
    ("fixed", "6", "10/20", "0"),
    ("fixed", "10", "1/2", "3"),
    ("pot", "4", "0.10/0.25", "5"),
    ("pot", "9", "10/20", "0"),
    ("half-pot", "2", "1/2", "0"),
    ("half-pot", "7", "0.05/0.10", "4"),
    ("no", "5", "10/20", "2"),
    ("no", "10", "0.25/0.50", "0"),
]


@pytest.mark.parametrize("options", SIMULATED, ids=" ".join)
def test_simulated_hands_are_written_alike(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, options: tuple[str, str, str, str]
) -> None:
    limit, players, stakes, rake = options
    path = simulate(
        tmp_path, "--hands", "300", "--limit", limit, "--players", players, "--stakes", stakes, "--rake", rake,
        "--rake-cap", "3", "--seed", players,
    )  # fmt: skip
    counts = assert_written_alike([path])
    assert sum(counts.values()) == 300
    assert counts["written"] >= 0.95 * 300, counts  # C writes almost every simulated hand
    fast = converted_output([path], monkeypatch, with_c=True)
    assert fast == converted_output([path], monkeypatch, with_c=False)
    assert fast[1].count("\n[") == 299  # every hand written


def test_samples_are_written_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    counts = assert_written_alike([str(SAMPLES)])
    assert counts["written"] >= 10, counts
    assert counts["other reader"] > 0  # the samples hold hands of the sites C does not read
    assert converted_output([str(SAMPLES)], monkeypatch, True) == converted_output([str(SAMPLES)], monkeypatch, False)


def test_shared_files_are_written_alike(shared_histories: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    paths = [str(path) for path in sorted(shared_histories.rglob("*")) if path.is_file()]
    counts = assert_written_alike(paths)
    assert counts["written"] >= 20, counts
    assert converted_output(paths, monkeypatch, with_c=True) == converted_output(paths, monkeypatch, with_c=False)


def edited(path: str, pattern: str, replace: str, count: int = 1) -> str:
    """The file at ``path`` with the first ``count`` matches of ``pattern`` replaced (each must be found)."""
    text = Path(path).read_text(encoding="utf-8")
    changed, made = re.subn(pattern, lambda found: found.expand(replace), text, count=count)
    assert made == count, pattern
    Path(path).write_text(changed, encoding="utf-8")
    return path


HOSTILE = [
    # names and a table TOML must escape, and non-ASCII ones it writes as they are
    (r"Player2", 'Pl"ay\\\\er2', 0),
    (r"Player3", "Jöns ♠ 3", 0),
    (r"Player1", "Tab\tOne", 0),
    (r"Table 'Badugi Sim'", "Table 'It's \"the\" \\\\ table'", 0),
    # a hand number with a leading zero is written as a string
    (r"Game #(\d+):", r"Game #0\1:", 1),
    # no marker before the first draw: the betting rounds are the rules', not the markers'
    (r"\*\*\* FIRST DRAW \*\*\*\n", "", 0),
    # a chat line with a colon, an onlooker who sits out: lines that say nothing of the hand
    (r"\*\*\* DEALING HANDS \*\*\*", '*** DEALING HANDS ***\nPlayer1 said, "nice: hand"\nOnlooker: sits out', 0),
]


@pytest.mark.parametrize(
    ("pattern", "replace", "count"), HOSTILE, ids=[case[1] or "no first draw marker" for case in HOSTILE]
)
def test_hostile_hands_are_written_alike(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pattern: str, replace: str, count: int
) -> None:
    path = simulate(tmp_path, "--hands", "40", "--players", "4", "--seed", "7", "--stakes", "0.05/0.10", "--rake", "5")
    total = len(re.findall(pattern, Path(path).read_text(encoding="utf-8")))
    path = edited(path, pattern, replace, count or total)
    counts = assert_written_alike([path])
    assert counts["written"] >= 30, counts
    assert converted_output([path], monkeypatch, with_c=True) == converted_output([path], monkeypatch, with_c=False)


def test_mutated_hands_are_written_alike(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Simulated hands with lines dropped, doubled, swapped, added (chat, onlookers, shows, mucks, draws' cards) and
    bytes changed: the C reader leaves many to Python, and of those it answers, C writes the PHH that Python writes.
    (The PHH is compared, not stderr: where the C reader answers for a hand Python calls a mismatch, such as one with
    two players in one seat, C gives the hand to the PHH writer, which refuses it with another reason.)"""
    base = Path(simulate(tmp_path, "--hands", "40", "--players", "4", "--stakes", "0.05/0.10", "--rake", "5"))
    hands = base.read_text(encoding="utf-8").split("\n\n\n\n")
    extra = ['Player1 said, "a: b"', "Onlooker: sits out", "Player2: doesn't show hand", "Player3: mucks hand",
             "Player1: shows [Ac 2d 3h 4s]", "Dealt to Player2 [Ac 2d 3h 4s]", "Player4: is sitting out",
             "*** SHOW DOWN ***", "Player2: stands pat on [Kc Qd Jh Ts]"]  # fmt: skip
    rng = random.Random(5)
    written = 0
    for trial in range(12):
        mutated = []
        for hand in hands:
            lines = hand.split("\n")
            for _ in range(rng.randrange(3) if len(lines) > 3 else 0):
                at, kind = rng.randrange(1, len(lines)), rng.randrange(5)
                if kind == 0:
                    del lines[at]
                elif kind == 1:
                    lines.insert(at, lines[rng.randrange(1, len(lines))])
                elif kind == 2:
                    lines.insert(at, rng.choice(extra))
                elif kind == 3 and at + 1 < len(lines):
                    lines[at], lines[at + 1] = lines[at + 1], lines[at]
                elif lines[at]:
                    where = rng.randrange(len(lines[at]))
                    lines[at] = lines[at][:where] + rng.choice("0123456789 []:'$") + lines[at][where + 1 :]
            mutated.append("\n".join(lines))
        path = tmp_path / f"mutated-{trial}.txt"
        path.write_text("\n\n\n\n".join(mutated), encoding="utf-8")
        written += assert_written_alike([str(path)])["written"]
        fast = converted_output([str(path)], monkeypatch, with_c=True)
        assert fast[:2] == converted_output([str(path)], monkeypatch, with_c=False)[:2], path
    assert written >= 12 * 40 / 3  # C still writes many of them


def test_draws_shown_otherwise_are_written_alike(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The hero's draws as the site may show them: the thrown cards only (no "Dealt to" after the draw), or the new
    cards without the kept ones: the hero's cards are then unknown (``????????``), by C as by Python."""
    path = simulate(tmp_path, "--hands", "60", "--players", "3", "--seed", "3")
    edited(path, r"\nDealt to Player1 \[[^\]\n]*\] (\[[^\]\n]*\])", r"\nDealt to Player1 \1", 2)
    edited(path, r"\nDealt to Player1 \[[^\]\n]*\] \[[^\]\n]*\]", "", 2)
    counts = assert_written_alike([path])
    assert counts["written"] >= 50, counts
    assert converted_output([path], monkeypatch, with_c=True) == converted_output([path], monkeypatch, with_c=False)


def test_a_hand_paid_wrong_is_left_to_python(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A hand the site paid 10 chips short: the C reader leaves it to Python, which calls it a mismatch; it is not
    written, and the hands around it are C's."""
    path = simulate(tmp_path, "--hands", "50", "--players", "3", "--seed", "3")
    edited(path, r"collected (\d+) from pot", "collected 1 from pot")
    counts = assert_written_alike([path])
    assert counts["not read by C"] >= 1
    assert counts["written"] >= 45, counts
    fast = converted_output([path], monkeypatch, with_c=True)
    assert fast == converted_output([path], monkeypatch, with_c=False)
    assert "badugi score calls it a mismatch" in fast[2]


#: A hand whose small blind, all in and sitting out, is folded by the site: PHH's players cannot fold then, so the
#: PHH writer refuses it (C gives it up as REFUSED, and Python says why).
FOLDED_ALL_IN = """\
PokerStars Game #1: Badugi Limit (10/20) - 2026/01/01 12:00:00 ET
Table 'T' 3-max Seat #1 is the button
Seat 1: Ann (500 in chips)
Seat 2: Bea (5 in chips) is sitting out
Seat 3: Cy (500 in chips)
Bea: posts small blind 5 and is all-in
Cy: posts big blind 10
*** DEALING HANDS ***
Ann: raises 10 to 20
Bea: folds
Cy: calls 10
*** FIRST DRAW ***
Cy: stands pat
Ann: stands pat
Cy: checks
Ann: checks
*** SECOND DRAW ***
Cy: stands pat
Ann: stands pat
Cy: checks
Ann: checks
*** THIRD DRAW ***
Cy: stands pat
Ann: stands pat
Cy: checks
Ann: checks
*** SHOW DOWN ***
Cy: shows [Kc Qd Jh Ts]
Ann: shows [Ac 2d 3h 4s]
Ann collected 45 from pot
*** SUMMARY ***
Total pot 45 | Rake 0
"""
#: The same hand played out: the all-in small blind draws and shows down (a side pot).
ALL_IN = """\
PokerStars Game #1: Badugi Limit (10/20) - 2026/01/01 12:00:00 ET
Table 'T' 3-max Seat #1 is the button
Seat 1: Ann (500 in chips)
Seat 2: Bea (5 in chips) is sitting out
Seat 3: Cy (500 in chips)
Bea: posts small blind 5 and is all-in
Cy: posts big blind 10
*** DEALING HANDS ***
Ann: raises 10 to 20
Cy: calls 10
*** FIRST DRAW ***
Bea: stands pat
Cy: stands pat
Ann: stands pat
Cy: checks
Ann: checks
*** SECOND DRAW ***
Bea: stands pat
Cy: stands pat
Ann: stands pat
Cy: checks
Ann: checks
*** THIRD DRAW ***
Bea: stands pat
Cy: stands pat
Ann: stands pat
Cy: checks
Ann: checks
*** SHOW DOWN ***
Cy: shows [Kc Qd Jh Ts]
Bea: shows [5c 6d 7h 8s]
Ann: shows [Ac 2d 3h 4s]
Ann collected 45 from pot
*** SUMMARY ***
Total pot 45 | Rake 0
"""
#: Pot limit in euros: antes, a big blind posted out of position (a negative blind in PHH), a raise, the hero's draws
#: shown every way PokerStars shows them, an uncalled all-in bet, rake.
ANTES = """\
PokerStars Hand #2: Badugi Pot Limit (€0.10/€0.25 EUR) - 2026/01/01 12:00:00 CET
Table 'Ante' 4-max Seat #4 is the button
Seat 1: Al (€10 in chips)
Seat 2: Bo (€10 in chips)
Seat 3: Cy (€10 in chips)
Seat 4: Di (€10 in chips)
Al: posts the ante €0.05
Bo: posts the ante €0.05
Cy: posts the ante €0.05
Di: posts the ante €0.05
Al: posts small blind €0.10
Bo: posts big blind €0.25
Cy: posts big blind €0.25
*** DEALING HANDS ***
Dealt to Cy [Kc Qd 9h 8s]
Cy: checks
Di: folds
Al: calls €0.15
Bo: bets €0.75
Cy: calls €0.75
Al: folds
*** FIRST DRAW ***
Bo: discards 1 card
Cy: discards 2 cards [Kc Qd]
Dealt to Cy [9h 8s] [Ac 2d]
Bo: bets €1
Cy: raises €2 to €3
Bo: calls €2
*** SECOND DRAW ***
Bo: stands pat
Cy: stands pat on [9h 8s Ac 2d]
Bo: checks
Cy: checks
*** THIRD DRAW ***
Bo: stands pat
Cy: discards 1 card [9h]
Dealt to Cy [8s Ac 2d] [3h]
Bo: bets €5.95 and is all-in
Cy: folds
Uncalled bet (€5.95) returned to Bo
Bo collected €8.35 from pot
*** SUMMARY ***
Total pot €8.45 | Rake €0.10
"""
#: The same with "small & big blinds" (the small blind's part dead money): the PHH writer counts the dead chips as a bet
#: and refuses the hand, and so does C.
DEAD_MONEY = (
    ANTES.replace("Cy: posts big blind €0.25", "Cy: posts small & big blinds €0.35")
    .replace("Bo collected €8.35", "Bo collected €8.45")
    .replace("Total pot €8.45", "Total pot €8.55")
)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        (FOLDED_ALL_IN, "refused by the PHH writer"),
        (ALL_IN, "written"),
        (ANTES, "written"),
        (DEAD_MONEY, "refused by the PHH writer"),
    ],
    ids=["folded all in", "all in", "antes", "dead money"],
)
def test_hands_made_for_the_test_are_written_alike(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, code: str
) -> None:
    path = tmp_path / "hand.txt"
    path.write_text(text, encoding="utf-8")
    counts = assert_written_alike([str(path)])
    assert counts == Counter({code: 1})
    fast = converted_output([str(path)], monkeypatch, with_c=True)
    assert fast == converted_output([str(path)], monkeypatch, with_c=False)
    assert fast[1].count("[1]") == (code == "written")


def test_phh_write_scan_never_writes_past_its_buffer() -> None:
    """A buffer too small for the next hand's table: C writes nothing, stays where it was and says 0 (the wrapper then
    grows the buffer); one hand per call, the tables are those of one call over the whole text."""
    text = (SAMPLES / "pokerstars-cash.txt").read_bytes()
    whole, info = _native.phh_write_scan(text)
    first_written = info[_native.PHH_WRITE_CODE :: _native.PHH_WRITE_INFO].index(_native.PHH_WRITTEN)
    offset, line = ffi.new("size_t *", 0), ffi.new("size_t *", 0)
    about = ffi.new("int64_t[]", _native.PHH_WRITE_INFO)
    tables = b""
    for call in range(first_written + 1):
        room = 64 if call == first_written else 1 << 16
        out = ffi.new("char[]", room + 8)
        out[room : room + 8] = b"\xee" * 8  # past the end C is told of
        was = offset[0]
        done = lib.badugi_phh_write_scan(text, len(text), offset, line, out, room, about, 1)
        assert bytes(ffi.buffer(out + room, 8)) == b"\xee" * 8
        if call == first_written:
            assert done == 0  # the table does not fit in 64 bytes
            assert offset[0] == was
        else:
            assert done == 1
            tables += ffi.buffer(out, about[_native.PHH_WRITE_TEXT_END])[:]
    assert tables == whole[: len(tables)]
    while offset[0] < len(text):  # one hand per call from there, the buffer big enough
        out = ffi.new("char[]", 1 << 16)
        assert lib.badugi_phh_write_scan(text, len(text), offset, line, out, 1 << 16, about, 1) == 1
        tables += ffi.buffer(out, about[_native.PHH_WRITE_TEXT_END])[:]
    assert tables == whole


def test_phh_write_is_clean_under_sanitizers(tmp_path: Path) -> None:
    """csrc/phh_write.c (with the C reader it calls) under AddressSanitizer and UndefinedBehaviorSanitizer, on
    simulated and sample PokerStars text, whole and mutated, each text and output buffer at its exact size
    (tests/c/phh_write_harness.c)."""
    names = ("badugi.c", "stars.c", "verdict.c", "rules.c", "sites.c", "phh_write.c")
    harness = sanitized_harness(tmp_path, "phh_write_harness.c", names)
    simulated = simulate(tmp_path, "--hands", "30", "--players", "5", "--seed", "11", "--stakes", "0.05/0.10")
    texts = [simulated, str(SAMPLES / "pokerstars-cash.txt"), str(tmp_path / "antes.txt")]
    (tmp_path / "antes.txt").write_text(ANTES + "\n\n" + ALL_IN + "\n\n" + FOLDED_ALL_IN, encoding="utf-8")
    run = subprocess.run([str(harness), "300", *texts], capture_output=True, text=True, check=False, timeout=600)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-3000:]
    assert run.stdout.strip() == "ok"
