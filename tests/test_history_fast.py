"""The C fast path for PokerStars text (csrc/stars.c, chosen by ``history.read``) gives exactly the records
the Python reader gives.

The C code answers only for hands it fully understands and that the site paid as we would; everything else is
read by Python. These tests hold the two paths equal on every hand at hand: the shipped samples, the real files
of ../shared, simulated hands of every limit (side pots, split pots, whole-chip games), and hypothesis mutations
of real hands (amounts, cards, names, deleted and duplicated lines, odd characters). They also check that the C
code does answer for most clean hands, so that the comparisons are not vacuous.
"""

from __future__ import annotations

import gzip
import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from badugi_fast.game.engine import TableRules
from badugi_fast.game.simulate import simulate
from badugi_fast.game.stars_text import write_histories
from badugi_fast.history import read, stars
from badugi_fast.history.command import SAMPLES
from badugi_fast.history.cut import Run
from badugi_fast.history.score import score
from badugi_fast.history.sites import header_site
from badugi_fast.history.sources import decode

pytestmark = pytest.mark.skipif(not read.C_READER, reason="the C extension is not built or not chosen")

SHARED = Path(__file__).resolve().parents[2] / "shared" / "hand-histories"


def stars_run(text: str, first_index: int = 0, first_line: int = 0) -> Run:
    """PokerStars ``text`` as a run of file "f" that starts at its hand ``first_index`` and line ``first_line``."""
    data = text.encode("utf-8", "surrogatepass")
    return Run("f", stars.SITE, first_index, first_line, text.count("PokerStars "), data)


def python_records(text: str, first_index: int = 0, first_line: int = 0) -> list[dict[str, Any]]:
    return [score(hand).as_dict() for hand in read.hands_of(stars_run(text, first_index, first_line))]


def fast_records(text: str, first_index: int = 0, first_line: int = 0) -> list[dict[str, Any]]:
    return [result.as_dict() for result in read.results(stars_run(text, first_index, first_line))]


def answered_by_c(text: str, monkeypatch: pytest.MonkeyPatch) -> int:
    """How many hands of ``text`` the C code answers for, rather than handing them to Python."""
    python_reads = 0
    real = read.parse_one

    def counting(*args: Any) -> Any:
        nonlocal python_reads
        python_reads += 1
        return real(*args)

    with monkeypatch.context() as patch:
        patch.setattr(read, "parse_one", counting)
        hands = sum(1 for _ in read.results(stars_run(text)))
    return hands - python_reads


def stars_texts(folder: Path) -> Iterator[tuple[str, str]]:
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        data = path.read_bytes()
        text = decode(gzip.decompress(data) if path.suffix == ".gz" else data)
        if header_site(text[: text.find("\n")]) is stars:
            yield path.name, text


def assert_folder_agrees(folder: Path, monkeypatch: pytest.MonkeyPatch, least_hands: int) -> None:
    """Every PokerStars file in ``folder`` gives the same records both ways, and C answers for 90% of hands."""
    answered = hands = 0
    for name, text in stars_texts(folder):
        fast = fast_records(text)
        assert fast == python_records(text), name
        answered, hands = answered + answered_by_c(text, monkeypatch), hands + len(fast)
    assert hands >= least_hands
    assert answered >= 0.9 * hands


def test_shipped_samples_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    assert_folder_agrees(SAMPLES, monkeypatch, 50)


@pytest.mark.skipif(not SHARED.is_dir(), reason="../shared/hand-histories is absent (it is not part of a clone)")
def test_real_files_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    assert_folder_agrees(SHARED, monkeypatch, 100)


@pytest.mark.parametrize("limit", ["fixed", "pot", "half-pot", "no"])
@pytest.mark.parametrize(("players", "currency"), [(6, "$"), (2, "$"), (9, None)])
def test_simulated_hands_agree(limit: str, players: int, currency: str | None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Simulated hands: all-ins and side pots (short stacks), split pots, rake, tournament chips (``None``)."""
    out = io.StringIO()
    rules = TableRules(10, 20, limit, rake_percent=5 if currency else 0, rake_cap=30)
    write_histories(simulate(300, players, rules, seed=players, buy_in=(2, 40)), out, currency)
    text = out.getvalue()
    fast = fast_records(text, first_index=7, first_line=100)
    assert fast == python_records(text, first_index=7, first_line=100)
    assert answered_by_c(text, monkeypatch) >= 0.8 * len(fast)


def test_a_wrong_payout_is_the_python_mismatch() -> None:
    _, text = next(stars_texts(SAMPLES))
    paid = text.replace(" collected $", " collected $1", 1)
    fast = fast_records(paid)
    assert fast == python_records(paid)
    assert "mismatch" in {record["status"] for record in fast}


def _sample_hands(name: str, count: int) -> str:
    data = (SAMPLES / name).read_bytes()
    text = decode(gzip.decompress(data) if name.endswith(".gz") else data)
    starts = [i for i in range(len(text)) if text.startswith("PokerStars ", i) and (i == 0 or text[i - 1] == "\n")]
    return text[: starts[count]] if len(starts) > count else text


BASES = [_sample_hands("pokerstars-cash.txt", 3), _sample_hands("pokerstars-tournament.txt.gz", 2)]
_ODD = [
    *"0123456789$€£,.:;()[]#*-|/' ASKQJTakqjt2cdhs\t\u00a0\u2003♠é\x1f",
    *["\n", ": ", "' ", " and is all-in", "10", "Seat #2 is the button", " collected ", " (button)", "Side pot "],
]


@st.composite
def mutated(draw: st.DrawFn) -> str:
    """A few Stars hands with one to four random edits."""
    lines = draw(st.sampled_from(BASES)).split("\n")
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(lines) - 1))
        line = lines[at]
        edit = draw(st.sampled_from(["digit", "delete", "duplicate", "insert", "cut", "move"]))
        if edit == "digit" and any(c.isdigit() for c in line):
            where = draw(st.sampled_from([i for i, c in enumerate(line) if c.isdigit()]))
            lines[at] = line[:where] + draw(st.sampled_from("0123456789")) + line[where + 1 :]
        elif edit == "delete":
            del lines[at]
        elif edit == "duplicate":
            lines.insert(draw(st.integers(0, len(lines))), line)
        elif edit == "insert":
            where = draw(st.integers(0, len(line)))
            lines[at] = line[:where] + "".join(draw(st.lists(st.sampled_from(_ODD), max_size=4))) + line[where:]
        elif edit == "cut":
            lines[at] = line[: draw(st.integers(0, len(line)))]
        else:
            lines.insert(draw(st.integers(0, len(lines))), lines.pop(at))
        if not lines:
            lines = [""]
    return "\n".join(lines)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_damaged_hands_agree(text: str) -> None:
    assert fast_records(text) == python_records(text)
