"""Independent check of PHH out and in: pokerkit loads the PHH that ``badugi convert`` and ``badugi simulate --format
phh`` write and plays every hand to its end with its own Badugi hand values; every player's final stack must be what
the site (or the engine) says. The snippet of docs/phh.md runs on the real files converted; plain pokerkit plays the
``FB`` hands, leaving the rake (which PHH has no field for) in the winners' stacks. pokerkit's own Badugi example, the
Wikipedia hand of its tests, scores as verified, each player paid what pokerkit pays. (pokerkit needs Python 3.11+;
without it these tests skip.)
"""

from __future__ import annotations

import io
import re
import textwrap
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

pokerkit = pytest.importorskip("pokerkit", reason="pokerkit (the test extra) needs Python 3.11+")

from badugi_fast.cli import main  # noqa: E402  # after the skip: the replay module imports pokerkit
from badugi_fast.formats import phh  # noqa: E402
from badugi_fast.formats.phh.replay import final_stacks, load_all  # noqa: E402
from badugi_fast.game import TableRules  # noqa: E402
from badugi_fast.game.played import hands_of as recorded_hands  # noqa: E402
from badugi_fast.game.simulate import simulate  # noqa: E402
from badugi_fast.history import parse, score_file  # noqa: E402
from badugi_fast.history.sources import SAMPLES  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def converted(path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["convert", str(path)]) == 0
    return capsys.readouterr().out


def replayed(text: str) -> list[tuple[Any, list[Any]]]:
    """Each hand of a .phhs text with pokerkit's final stacks."""
    return [(history, final_stacks(history)) for history in load_all(text)]


def test_samples_replay_in_pokerkit_to_the_sites_stacks(capsys: pytest.CaptureFixture[str]) -> None:
    text = converted(SAMPLES, capsys)
    hands = replayed(text)
    assert len(hands) == 55
    for history, stacks in hands:
        assert stacks == history.finishing_stacks, history.hand


def test_real_hands_replay_in_pokerkit_to_the_sites_stacks(
    shared_histories: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hands = replayed(converted(shared_histories, capsys))
    assert len(hands) == 122
    assert {history.variant for history, _ in hands} == {"FB", "_PB", "_HPB"}
    for history, stacks in hands:
        assert stacks == history.finishing_stacks, history.hand


def docs_snippet() -> str:
    """The snippet of docs/phh.md that plays a converted file, ``hands.phhs``, in pokerkit."""
    blocks = re.findall(r"```python\n(.*?)```", (ROOT / "docs" / "phh.md").read_text(encoding="utf-8"), re.S)
    snippets: list[str] = [block for block in blocks if '"hands.phhs"' in block]
    assert len(snippets) == 1, snippets
    return snippets[0]


def test_the_docs_snippet_plays_every_real_hand(
    shared_histories: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert main(["convert", str(shared_histories), "--output", str(tmp_path / "hands.phhs")]) == 0
    monkeypatch.chdir(tmp_path)
    names: dict[str, Any] = {}
    exec(compile(docs_snippet(), "docs/phh.md", "exec"), names)  # the page's own code, as a reader runs it
    *_, last = load_all((tmp_path / "hands.phhs").read_text())
    assert names["history"].hand == last.hand  # the snippet played the file to its last hand


@pytest.mark.filterwarnings("ignore::UserWarning:pokerkit")  # what pokerkit says of the sites' own odd moves
def test_plain_pokerkit_plays_the_fixed_limit_hands_and_leaves_the_rake(
    shared_histories: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``pokerkit.HandHistory`` alone: every ``FB`` hand to its end, the site's stacks exactly when unraked; a raked
    hand ends with the chips of ``finishing_stacks`` plus its ``_rake`` (pokerkit takes no rake from a PHH file)."""
    text = converted(shared_histories, capsys)
    raked = 0
    for history in pokerkit.HandHistory.load_all(io.BytesIO(text.encode())):
        if history.variant != "FB":
            continue
        stacks = list(history)[-1].stacks
        rake = history.user_defined_fields["_rake"]
        if rake:
            raked += 1
            assert sum(stacks) == sum(history.finishing_stacks) + rake, history.hand
        else:
            assert stacks == history.finishing_stacks, history.hand
    assert raked >= 10


def test_pokerkit_reads_a_rake_field_as_its_rake_function() -> None:
    """Why the rake is ``_rake``: pokerkit's ``HandHistory.rake`` is the function its states rake the pots with, so a
    ``rake = ...`` line of a file breaks every hand (when a pokerkit reads it as an amount, this fails: write it)."""
    out = io.StringIO()
    list(phh.write(recorded_hands(simulate(1, 3, TableRules(10, 20, rake_percent=5), seed=1)), out))
    assert "\n_rake = " in out.getvalue()
    (history,) = pokerkit.HandHistory.load_all(io.BytesIO(out.getvalue().replace("\n_rake = ", "\nrake = ").encode()))
    with pytest.raises(TypeError, match="not callable"):
        list(history)


@pytest.mark.parametrize("limit", ["fixed", "pot", "half-pot", "no"])
def test_simulated_hands_replay_in_pokerkit_to_the_engines_stacks(limit: str) -> None:
    checked = 0
    for players in (2, 3, 6, 10):
        rules = TableRules(10, 20, limit, rake_percent=5 if players % 2 else 0, rake_cap=30)
        played = list(simulate(25, players, rules, seed=players))
        out = io.StringIO()
        assert (
            sum(1 for done in phh.write(recorded_hands(played, "USD"), out) if not isinstance(done, phh.Skipped)) == 25
        )
        for (history, stacks), truth in zip(replayed(out.getvalue()), played, strict=True):
            final = dict(zip(truth.names, truth.state.stacks, strict=True))
            assert stacks == [Decimal(final[name]) / 100 for name in history.players], truth.hand_id
            checked += 1
    assert checked == 100


def test_plain_pokerkit_loads_fixed_limit_and_refuses_our_codes() -> None:
    out = io.StringIO()
    for first, limit in enumerate(("fixed", "pot"), 1):
        list(phh.write(recorded_hands(simulate(1, 3, TableRules(10, 20, limit), seed=1)), out, first))
        out.write("\n")
    fixed, pot = pokerkit.HandHistory.load_all(io.BytesIO(out.getvalue().encode()))
    assert list(fixed)[-1].stacks == fixed.finishing_stacks
    with pytest.raises(KeyError):
        pot.create_state()


def wikipedia() -> str:
    """pokerkit's own Badugi hand (Wikipedia's), as its test of the PHH format writes it."""
    source = Path(pokerkit.__file__).with_name("tests") / "test_papers.py"
    if not source.is_file():
        pytest.skip("pokerkit's tests are not installed with it")
    found = re.search(r"def test_alice_carol_wikipedia.*?dedent\(\s*'''\\\n(.*?)'''", source.read_text(), re.S)
    assert found is not None, "pokerkit's Wikipedia hand moved"
    return textwrap.dedent(found.group(1))


def test_pokerkits_wikipedia_hand_is_paid_as_pokerkit_pays() -> None:
    text = wikipedia()
    (result,) = score_file(text)
    assert (result.site, result.game, result.status) == ("PHH", "Badugi", "unverified")  # it records no winnings
    history = pokerkit.HandHistory.loads(text)
    state = list(history)[-1]
    pushed = [0] * len(history.players)
    for operation in state.operations:
        if isinstance(operation, pokerkit.ChipsPushing):
            pushed = [total + amount for total, amount in zip(pushed, operation.amounts, strict=True)]
    ours = {player.name: int(player.expected or 0) for player in result.players}
    assert {name: ours.get(name, 0) for name in history.players} == dict(zip(history.players, pushed, strict=True))
    assert max(pushed) > 0
    # written back as PHH by badugi convert, pokerkit plays it to the same stacks
    (again,) = replayed(phh.table_text("1", next(iter(parse(text)))))
    assert again[1] == state.stacks
