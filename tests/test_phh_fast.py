"""The C fast path for PHH (csrc/phh.c, chosen by ``history.read``) gives exactly the records the Python reader
gives, and answers for the hands it should.

The C code answers only for hands it fully understands (the TOML subset and the actions badugi-fast and pokerkit
write) and that the rules and the recorded winnings agree with; everything else is read by Python. These tests hold
the two paths equal on simulated PHH of every limit, 2 to 10 players, rake, chips and money; on the shared real
files converted to PHH; and on hypothesis mutations and forgeries of PHH hands (amounts, cards, actions, keys,
deleted and duplicated lines, odd characters). Equal records alone would let a bug that only makes C give up pass
unseen (Python answers the same), so the tests also count the hands C answers.
"""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from both_ways import both_ways
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from badugi_fast.cli import main as badugi
from badugi_fast.history import read
from badugi_fast.history.cut import Run
from badugi_fast.history.pipeline import units
from badugi_fast.history.sites import headers_in
from badugi_fast.history.sources import sources_of

pytestmark = pytest.mark.skipif(not read.C_READER, reason="the C extension is not built or not chosen")

SHARED = Path(__file__).resolve().parents[1] / ".." / "shared" / "hand-histories"


def phh_run(text: str, lead: str = "") -> Run:
    """PHH ``text`` as a run of file "f" (after the whole lines ``lead``)."""
    data = text.encode("utf-8", "surrogatepass")
    starts = tuple(headers_in(data, 0, len(data)).lines)
    return Run("f", "PHH", 0, lead.count("\n"), starts, data, lead.encode("utf-8", "surrogatepass"))


def simulated(tmp_path: Path, *options: str) -> Path:
    target = tmp_path / "sim.phhs"
    with contextlib.redirect_stderr(io.StringIO()):
        assert badugi(["simulate", "-q", "--format", "phh", "-o", str(target), *options]) == 0
    return target


def runs(path: Path) -> Iterator[Run]:
    for unit in units(sources_of(str(path))):
        if isinstance(unit, Run):
            yield unit


CONFIGS = [
    ("--limit", limit, "--players", str(players), "--seed", str(seed), *extra)
    for seed, (limit, players, extra) in enumerate(
        [
            ("fixed", 6, ()),
            ("fixed", 2, ("--stakes", "0.10/0.25")),
            ("fixed", 10, ("--rake", "5")),
            ("pot", 3, ("--rake", "5", "--rake-cap", "1")),
            ("pot", 9, ("--stakes", "0.25/0.50")),
            ("half-pot", 4, ()),
            ("half-pot", 2, ("--rake", "3", "--stakes", "1/2")),
            ("no", 2, ()),
            ("no", 7, ("--rake", "5", "--stakes", "0.05/0.10")),
            ("no", 10, ("--stakes", "0.10/0.25")),
        ]
    )
]


@pytest.mark.parametrize("options", CONFIGS, ids=" ".join)
def test_simulated_phh_reads_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, options: tuple[str, ...]
) -> None:
    path = simulated(tmp_path, "--hands", "300", *options)
    hands = answered = 0
    for run in runs(path):
        python, fast, c = both_ways(run, monkeypatch)
        assert fast == python
        hands += len(fast)
        answered += c
    assert hands == 300
    assert answered >= 0.9 * hands  # C answers for almost every simulated hand


def test_money_and_chips_keep_their_places(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A hand in dollars writes its amounts with cents, one in chips without, by C as by Python."""
    for stakes, amount in (("0.10/0.25", "."), ("10/20", None)):
        (run,) = runs(simulated(tmp_path, "--hands", "50", "--stakes", stakes))
        python, fast, answered = both_ways(run, monkeypatch)
        assert fast == python
        assert answered > 0
        paid = [player["expected"] for record in fast for player in record["players"] if player["expected"] != "0"]
        assert all(("." in text) == (amount is not None) for text in paid)


def converted_files() -> list[Path]:
    return sorted(path for path in SHARED.rglob("*") if path.is_file()) if SHARED.is_dir() else []


@pytest.mark.skipif(not converted_files(), reason="../shared/hand-histories is not here")
def test_shared_files_converted_read_the_same(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    hands = answered = 0
    for number, path in enumerate(converted_files()):
        target = tmp_path / f"{number}.phhs"
        with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
            if badugi(["convert", "-q", str(path), "-o", str(target)]) != 0 or not target.exists():
                continue
        for run in runs(target):
            python, fast, c = both_ways(run, monkeypatch)
            assert fast == python, path.name
            hands += len(fast)
            answered += c
    assert hands > 0
    assert answered > 0


HAND = """[7]
variant = "FB"
antes = [0, 0, 0]
blinds_or_straddles = [10, 20, 0]
small_bet = 20
big_bet = 40
starting_stacks = [1000, 500, 800]
actions = [
  "d dh p1 Qs7c2dAc",
  "d dh p2 Jc8h5h8c",
  "d dh p3 6c9dKsTh",
  "p3 cc",
  "p1 cc",
  "p2 cc",
  "p1 sd Qs",
  "p2 sd Jc8h",
  "p3 sd",
  "d dh p1 3h",
  "d dh p2 5s7s",
  "p1 cbr 20",
  "p2 cc",
  "p3 f",
  "p1 sd",
  "p2 sd 5s",
  "d dh p2 4d",
  "p1 cc",
  "p2 cc",
  "p1 sd",
  "p2 sd",
  "p1 cbr 40",  # a comment
  "p2 cc",
  "p1 sm 3h7c2dAc",
  "p2 sm",
]
hand = 42
players = ["Al", "Bo", "Cy"]
seats = [1, 2, 3]
time = 12:30:05
finishing_stacks = [1100, 420, 780]
winnings = [180, 0, 0]
_rake = 0
"""


def test_a_written_hand_is_answered_by_c(monkeypatch: pytest.MonkeyPatch) -> None:
    python, fast, answered = both_ways(phh_run(HAND), monkeypatch)
    assert fast == python
    assert answered == 1
    assert fast[0]["status"] == "verified"


@pytest.mark.parametrize(
    "change",
    [
        ("winnings = [180, 0, 0]", "winnings = [160, 20, 0]"),  # a mismatch
        ("finishing_stacks = [1100, 420, 780]", "finishing_stacks = [1100, 400, 780]"),  # stacks that disagree
        ("_rake = 0", "_rake = 20"),
        ("antes = [0, 0, 0]", "antes = [0, 10, 0]"),  # dead money no bet matches: not returned, the stacks disagree
        ("_rake = 0", "_rake = 0.0"),  # a decimal that does not make the hand's amounts money
        ("_rake = 0", "_rake = []"),
        ("hand = 42", "currency = []"),
        ("hand = 42", 'currency = "USD"'),
        ("_rake = 0\n", ""),  # no rake recorded
        ('"p2 sm",', '"p2 sm 5h8hJcAs",'),  # a card of another hand
        ('"p3 f",', '"p3 cc",'),  # a call where the round asks nothing: a check, then the hand is another
        ('"p1 cbr 40",', '"p1 cbr 30",'),  # a bet the fixed limit does not allow
        ('variant = "FB"', 'variant = "FT"'),  # not Badugi
        ("hand = 42", 'hand = "x\\"y"'),  # an escape
        ("seats = [1, 2, 3]", "seats = [1, 1, 3]"),
        ('players = ["Al", "Bo", "Cy"]', 'players = ["Al", "", "Cy"]'),
        ("time = 12:30:05", "time = 24:30:05"),
        ("antes = [0, 0, 0]", "antes = 0\nantes = 1"),  # a key twice
        ('"d dh p2 4d",', '"d dh p2 ????",'),  # more cards than thrown
        ("[7]\n", ""),  # no table: a .phh hand
        ("[7]\n", "[7]\n[7.x]\n"),
        # a table key over several lines
        ("blinds_or_straddles = [10, 20, 0]", "blinds_or_straddles = [\n  10,\n  20,\n  0,\n]"),
        ("small_bet = 20", "small_bet = 20\ncurrency = 'USD'"),
    ],
)
def test_changed_hands_read_the_same(monkeypatch: pytest.MonkeyPatch, change: tuple[str, str]) -> None:
    assert change[0] in HAND
    python, fast, _ = both_ways(phh_run(HAND.replace(change[0], change[1], 1)), monkeypatch)
    assert fast == python


#: A hand's table written in ways C reads or leaves to Python: the change, whether C answers, and the record's
#: started, time_zone, currency, stakes and big_blind (C reads them into its record: csrc/phh.c: table_facts()).
TABLES = [
    ("time = 12:30:05", "time = 12:30:05\nyear = 2020\nmonth = 2\nday = 29", 1, "2020-02-29 12:30:05", None, None),
    ("time = 12:30:05", "time = 12:30:05\nyear = 2021\nmonth = 2\nday = 29", 1, None, None, None),  # not a date
    ("time = 12:30:05", "time = 12:30:05\nyear = 0\nmonth = 1\nday = 1", 1, None, None, None),
    ("time = 12:30:05", 'time = 12:30:05\nyear = "2020"\nmonth = 1\nday = 1', 1, None, None, None),  # a string
    ("time = 12:30:05", "time = 12:30:05\nyear = 2020\nmonth = 1", 1, None, None, None),  # no day
    ("time = 12:30:05", "time = 12:30:05\nyear = +2020\nmonth = 12\nday = 31", 1, "2020-12-31 12:30:05", None, None),
    ("time = 12:30:05", "time = 12:30:05\nyear = true\nmonth = 1\nday = 1", 0, "0001-01-01 12:30:05", None, None),
    (
        "time = 12:30:05",
        "time = 12:30:05.5\nyear = 2020\nmonth = 1\nday = 2",
        0,
        "2020-01-02 12:30:05.500000",
        None,
        None,
    ),
    ("hand = 42", 'hand = 42\ntime_zone = "ET"\ncurrency = ""', 1, None, "ET", ""),
    ("hand = 42", "hand = 42\ntime_zone = 5\ncurrency = 'EUR'", 1, None, None, "EUR"),
]


@pytest.mark.parametrize(("change", "written", "answered", "started", "zone", "currency"), TABLES)
def test_the_table_is_read_by_c_as_by_python(
    monkeypatch: pytest.MonkeyPatch,
    change: str,
    written: str,
    answered: int,
    started: str | None,
    zone: str | None,
    currency: str | None,
) -> None:
    python, fast, c = both_ways(phh_run(HAND.replace(change, written, 1)), monkeypatch)
    assert fast == python
    assert c == answered
    assert (fast[0]["started"], fast[0]["time_zone"], fast[0]["currency"]) == (started, zone, currency)


@pytest.mark.parametrize(("stakes", "recorded"), [("", (None, "20")), ("min_bet = 20\n", ("10/20", "20"))])
def test_stakes_a_pot_limit_hand_does_not_name_are_its_largest_blind(
    monkeypatch: pytest.MonkeyPatch, stakes: str, recorded: tuple[str | None, str]
) -> None:
    text = HAND.replace('variant = "FB"', 'variant = "_PB"').replace("small_bet = 20\nbig_bet = 40\n", stakes)
    python, fast, c = both_ways(phh_run(text), monkeypatch)
    assert fast == python
    assert (c, fast[0]["limit"], fast[0]["status"]) == (1, "pot", "verified")
    assert (fast[0]["stakes"], fast[0]["big_blind"]) == recorded


def test_a_card_thrown_and_dealt_back_reads_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    """A draw that brings back the card it threw leaves the hand as it was, but _check_cards says the card was dealt
    already: C must not vouch for it."""
    text = HAND.replace('"d dh p1 3h",', '"d dh p1 Qs",').replace('"p1 sm 3h7c2dAc",', '"p1 sm Qs7c2dAc",')
    python, fast, _ = both_ways(phh_run(text), monkeypatch)
    assert python[0]["status"] == "mismatch"
    assert fast == python


def test_a_hand_after_lead_lines_is_found_by_its_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table header of a run's first hand is in the run's lead lines, which C reads too."""
    head, _, rest = HAND.partition("variant")
    python, fast, answered = both_ways(phh_run("variant" + rest, lead="x = 1\n\n" + head), monkeypatch)
    assert fast == python
    assert answered == 1


_PIECES = [
    "0",
    "1",
    "9",
    "20",
    "-",
    "+",
    ".",
    ".5",
    "0.25",
    "1e3",
    "_",
    "inf",
    "nan",
    "?",
    "??",
    "As",
    "Kd",
    "10",
    "p1",
    "p4",
    "p0",
    "p9",
    " ",
    "\t",
    "\n",
    "#",
    "[",
    "]",
    "[[",
    ",",
    '"',
    "'",
    '"""',
    "\\",
    "=",
    "cc",
    "cbr",
    "sd",
    "sm",
    "f",
    "d dh",
    "d db",
    "-",
    "variant = ",
    "winnings",
    "_rake",
    'currency = "USD"',
    "é",
    "\u00a0",
    "\x00",
    "\r",
    "99999999999999999",
    "12:00:00",
    "true",
    "1979-05-27",
]


@st.composite
def mutated(draw: st.DrawFn) -> str:
    text = HAND
    for _ in range(draw(st.integers(1, 4))):
        lines = text.split("\n")
        kind = draw(st.sampled_from(["insert", "replace", "delete", "duplicate"]))
        at = draw(st.integers(0, len(lines) - 1))
        if kind == "delete":
            del lines[at]
        elif kind == "duplicate":
            lines.insert(at, lines[at])
        else:
            line = lines[at]
            start = draw(st.integers(0, len(line)))
            end = start if kind == "insert" else draw(st.integers(start, min(len(line), start + 4)))
            lines[at] = line[:start] + draw(st.sampled_from(_PIECES)) + line[end:]
        text = "\n".join(lines)
    return text


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=mutated())
def test_mutated_hands_read_the_same(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    python, fast, _ = both_ways(phh_run(text + "\n" + text.replace("[7]", "[8]")), monkeypatch)
    assert fast == python


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(chips=st.integers(1, 10**30))
def test_forged_amounts_read_the_same(monkeypatch: pytest.MonkeyPatch, chips: int) -> None:
    """Amounts past what C's 64-bit sums hold are Python's: the records stay the same."""
    text = HAND.replace("starting_stacks = [1000, 500, 800]", f"starting_stacks = [{chips}, {chips}, {chips}]")
    text = text.replace("winnings = [180, 0, 0]", f"winnings = [{chips}, 0, 0]")
    python, fast, _ = both_ways(phh_run(text), monkeypatch)
    assert fast == python


@pytest.fixture(scope="module")
def ten_handed(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """Simulated ten-handed hands, whose stub often runs out (the discards shuffled into a new one) mid-draw."""
    path = simulated(tmp_path_factory.mktemp("ten"), "--hands", "60", "--players", "10", "--seed", "11")
    return ["[" + table for table in ("\n" + path.read_text(encoding="utf-8")).split("\n[")[1:]]


_CARD = st.sampled_from([rank + suit for rank in "A23456789TJQK" for suit in "cdhs"])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_cards_changed_around_reshuffles_read_the_same(
    monkeypatch: pytest.MonkeyPatch, ten_handed: list[str], data: st.DataObject
) -> None:
    """A card of a deal or a draw replaced by another, which may be one dealt before or after the stub ran out: C
    must hold the cards to the same ledger as Python (formats/replay._check_cards)."""
    text = data.draw(st.sampled_from(ten_handed))
    deals = [found for found in re.finditer(r'"(d dh p\d+ |p\d+ sd |p\d+ sm )([2-9AKQJT][cdhs])+"', text)]
    for _ in range(data.draw(st.integers(1, 3))):
        found = data.draw(st.sampled_from(deals))
        at = data.draw(st.integers(0, (found.end() - 1 - found.end(1)) // 2 - 1))
        start = found.end(1) + 2 * at
        text = text[:start] + data.draw(_CARD) + text[start + 2 :]
    python, fast, _ = both_ways(phh_run(text), monkeypatch)
    assert fast == python


def test_ten_handed_hands_are_answered_by_c(monkeypatch: pytest.MonkeyPatch, ten_handed: list[str]) -> None:
    python, fast, answered = both_ways(phh_run("".join(ten_handed)), monkeypatch)
    assert fast == python
    assert answered >= 0.9 * len(fast)


def drawn_before_the_stub_ran_out(text: str) -> Iterator[str]:
    """``text`` with a card thrown earlier dealt to a player who discarded before the stub ran out and got their new
    cards after: _check_cards holds those cards to the ones seen before the reshuffle (a break in Python)."""
    stacks = re.search(r"starting_stacks = \[([^\]]*)\]", text)
    assert stacks is not None
    players = len(stacks.group(1).split(","))
    stub = 52 - 4 * players
    thrown: list[str] = []
    pending: set[str] = set()  # discarded, new cards not dealt yet
    across: set[str] = set()  # ... when the stub ran out
    for found in re.finditer(r'"(?:(p\d+) sd ?([^"]*)|d dh (p\d+) ([^"]*))"', text):
        if found.group(1):
            count = len(found.group(2)) // 2
            if count > stub:
                stub += 52 - 4 * players
                across |= pending
            stub -= count
            if count:
                pending.add(found.group(1))
                thrown += re.findall("..", found.group(2))
        elif found.group(3) in pending:
            pending.discard(found.group(3))
            if found.group(3) in across:
                across.discard(found.group(3))
                yield text[: found.start(4)] + thrown[0] + text[found.start(4) + 2 :]


def test_a_card_dealt_again_across_a_reshuffle_reads_the_same(
    monkeypatch: pytest.MonkeyPatch, ten_handed: list[str]
) -> None:
    forged = [changed for text in ten_handed for changed in drawn_before_the_stub_ran_out(text)]
    assert forged
    for text in forged:
        python, fast, _ = both_ways(phh_run(text), monkeypatch)
        assert fast == python


def test_folded_hands_shuffled_into_a_new_stub_are_dealt_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ten-handed, the stub runs out twice; the second new stub holds the hands folded since, and the engine deals a
    folded player's card to another (docs/rules.md). Counting the new stub as the discards alone missed that second
    reshuffle and called hand 376 a mismatch ("Player5 draws Jd, dealt already to Player7"), in Python and in C."""
    options = ("--limit", "pot", "--players", "10", "--rake", "3", "--rake-cap", "2", "--stakes", "0.25/0.50")
    path = simulated(tmp_path, "--hands", "400", "--seed", "10", *options)
    statuses = []
    for run in runs(path):
        python, fast, _ = both_ways(run, monkeypatch)
        assert fast == python
        statuses += [(record["hand_id"], record["status"]) for record in fast]
    assert ("100100000376", "verified") in statuses
    assert {status for _, status in statuses} <= {"verified", "no_showdown"}
