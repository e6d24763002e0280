"""Independent check of PHH out and in: pokerkit loads the PHH that ``badugi convert`` and ``badugi simulate --format
phh`` write and plays every hand to its end with its own Badugi hand values; every player's final stack must be what
the site (or the engine) says. pokerkit's own Badugi example, the Wikipedia hand of its tests, scores as verified,
each player paid what pokerkit pays. (pokerkit needs Python 3.11+; without it these tests skip.)
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
