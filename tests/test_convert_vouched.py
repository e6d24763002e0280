"""``badugi convert`` scores again in Python only the hands the C reader did not answer for (``history.vouched``).

Skipping that second verdict must change nothing: the hands are ``read.hands_of``'s, each hand C vouches for is one
the Python scorer calls verified or no_showdown, and the PHH written (and what stderr says) is byte for byte what
convert writes with C vouching for nothing. Held on the samples, every shared file, and simulated PokerStars and
PHH hands of every betting structure, in chips and in dollars. Equal output alone would let a bug that only makes
C vouch for nothing pass unseen, so the tests also count the hands C vouched for.
"""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

from badugi_fast.cli import main as badugi
from badugi_fast.history import read, vouched
from badugi_fast.history.pipeline import units
from badugi_fast.history.score import score
from badugi_fast.history.sources import expand

pytestmark = pytest.mark.skipif(not read.C_READER, reason="the C extension is not built or not chosen")

SAMPLES = Path(read.__file__).parent / "samples"

SIMULATED = [
    ("pokerstars", "fixed", "6", "10/20"),
    ("pokerstars", "pot", "3", "0.10/0.25"),
    ("pokerstars", "half-pot", "9", "1/2"),
    ("pokerstars", "no", "2", "0.05/0.10"),
    ("phh", "fixed", "10", "0.10/0.25"),
    ("phh", "no", "4", "10/20"),
]


def vouched_and_scored(paths: list[str]) -> tuple[int, int]:
    """How many hands ``paths`` hold and how many C vouched for; every one read as ``hands_of`` reads it, and every
    one vouched for scored verified or no_showdown by Python."""
    hands = answered = 0
    for unit in units(expand(paths, note=lambda _: None)):
        pairs = list(vouched.vouched_hands(unit))
        assert [hand for hand, _ in pairs] == list(read.hands_of(unit))
        for hand, answered_by_c in pairs:
            hands += 1
            if answered_by_c:
                answered += 1
                assert score(hand).status in ("verified", "no_showdown"), (hand.source, hand.index)
    return hands, answered


def converted(paths: list[str], monkeypatch: pytest.MonkeyPatch, with_c: bool) -> tuple[int, str, str]:
    """``badugi convert`` of ``paths``: exit status, stdout, stderr (``with_c`` False: C vouches for no hand)."""
    out, err = io.StringIO(), io.StringIO()
    with monkeypatch.context() as patch:
        if not with_c:
            patch.setattr(read, "history_fast_paths", None)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = badugi(["convert", *paths])
    return status, out.getvalue(), err.getvalue()


def simulate(tmp_path: Path, form: str, limit: str, players: str, stakes: str) -> str:
    target = tmp_path / f"sim-{limit}.{form}"
    options = ["--hands", "200", "--limit", limit, "--players", players, "--stakes", stakes, "--seed", players]
    with contextlib.redirect_stderr(io.StringIO()):
        assert badugi(["simulate", "-q", "--format", form, "-o", str(target), *options]) == 0
    return str(target)


@pytest.mark.parametrize("options", SIMULATED, ids=" ".join)
def test_simulated_hands_convert_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, options: tuple[str, str, str, str]
) -> None:
    path = simulate(tmp_path, *options)
    hands, answered = vouched_and_scored([path])
    assert hands == 200
    assert answered >= 0.9 * hands  # C answers for almost every simulated hand
    fast = converted([path], monkeypatch, with_c=True)
    assert fast == converted([path], monkeypatch, with_c=False)
    assert fast[1].count("\n[") == 199  # every hand written


def test_samples_convert_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    hands, answered = vouched_and_scored([str(SAMPLES)])
    assert answered > 0
    assert hands > answered  # the samples hold hands of sites C does not read, and hands it leaves to Python
    assert converted([str(SAMPLES)], monkeypatch, with_c=True) == converted([str(SAMPLES)], monkeypatch, with_c=False)


def test_shared_files_convert_the_same(shared_histories: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    paths = [str(path) for path in sorted(shared_histories.rglob("*")) if path.is_file()]
    hands, answered = vouched_and_scored(paths)
    assert answered > 0
    assert hands > answered
    assert converted(paths, monkeypatch, with_c=True) == converted(paths, monkeypatch, with_c=False)


def test_a_hand_paid_wrong_is_still_left_out(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A hand the site paid 10 chips short: C leaves it to Python, which calls it a mismatch; it is not written."""
    path = Path(simulate(tmp_path, "pokerstars", "fixed", "3", "10/20"))
    paid = re.search(r"collected (\d+) from pot", path.read_text())
    assert paid is not None
    text = path.read_text()
    path.write_text(f"{text[: paid.start(1)]}{int(paid[1]) - 10}{text[paid.end(1) :]}")
    hands, answered = vouched_and_scored([str(path)])
    assert answered == hands - 1
    fast = converted([str(path)], monkeypatch, with_c=True)
    assert fast == converted([str(path)], monkeypatch, with_c=False)
    assert "badugi score calls it a mismatch" in fast[2]
    assert fast[1].count("\n[") == hands - 2  # all but that hand written
