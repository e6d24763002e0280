"""The simulator, the PokerStars text it writes, ``badugi simulate``, and the round trip through the scorer."""

from __future__ import annotations

import collections
import io
import itertools
import random
from pathlib import Path

import pytest

from badugi_fast.cli import main
from badugi_fast.formats.pokerstars.writer import hand_text, write_histories
from badugi_fast.game import HandState, TableRules
from badugi_fast.game.policies import BasicPolicy
from badugi_fast.game.simulate import PlayedHand, play, simulate
from badugi_fast.rules.engine import COMPLETE


def _text(hands: int, seed: int, rules: TableRules, players: int = 6, currency: str | None = None) -> str:
    out = io.StringIO()
    write_histories(simulate(hands, players, rules, seed), out, currency)
    return out.getvalue()


def test_same_seed_same_hands_other_seed_other_hands() -> None:
    rules = TableRules(10, 20, "pot")
    assert _text(50, 7, rules) == _text(50, 7, rules)
    assert _text(50, 7, rules) != _text(50, 8, rules)


def test_button_moves_and_chips_are_conserved_in_every_hand() -> None:
    rules = TableRules(10, 25, rake_percent=5, rake_cap=100)
    played = list(simulate(300, 4, rules, seed=3))
    assert [hand.state.button for hand in played[:6]] == [0, 1, 2, 3, 0, 1]
    for hand in played:
        result = hand.state.result
        assert result is not None
        assert sum(hand.state.starting_stacks) == sum(hand.state.stacks) + result.rake
    assert sum(hand.state.result.rake for hand in played if hand.state.result) > 0


def test_busted_players_buy_in_again() -> None:
    played = list(simulate(400, 3, TableRules(10, 20, "no"), seed=4, buy_in=(1, 3)))
    for before, after in itertools.pairwise(played):
        for player, stack in enumerate(after.state.starting_stacks):
            if before.state.stacks[player] >= 20:
                assert stack == before.state.stacks[player]
            else:
                assert stack % 20 == 0
                assert 20 <= stack <= 60
    assert any(min(hand.state.stacks) == 0 for hand in played)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"hands": -1}, "number of hands"),
        ({"players": 11}, "2 to 10 players"),
        ({"buy_in": (0, 5)}, "buy_in"),
        ({"policies": [BasicPolicy()]}, "1 policies for 6 players"),
    ],
)
def test_bad_simulation_settings(arguments: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        next(simulate(**{"hands": 1, **arguments}))  # type: ignore[arg-type]


def test_a_policy_answer_that_is_not_an_action_is_refused() -> None:
    class Confused(BasicPolicy):
        def act(self, hand: HandState, player: int, rng: random.Random) -> tuple[str, int]:
            return "dance", 0

    hand = HandState(TableRules(1, 2), [10, 10], rng=random.Random(1))
    with pytest.raises(ValueError, match="'dance'"):
        play(hand, [Confused()] * 2, random.Random(1))


def test_answers_equal_to_basic_policys_play_the_same_hands() -> None:
    """``play`` applies BasicPolicy's fold, check and call by identity, unchecked; the same answers as new tuples
    go through its checks and must come to the same hands."""

    class Copying(BasicPolicy):
        def act(self, hand: HandState, player: int, rng: random.Random) -> tuple[str, int]:
            verb, amount = super().act(hand, player, rng)
            return (verb + "!")[:-1], int(str(amount))  # equal, never the same objects

    for limit, players in (("fixed", 6), ("no", 3)):
        rules = TableRules(10, 20, limit)
        ours = [hand.state.events for hand in simulate(60, players, rules, seed=5)]
        theirs = [hand.state.events for hand in simulate(60, players, rules, seed=5, policies=[Copying()] * players)]
        assert ours == theirs


def test_policy_bluff_must_be_a_probability() -> None:
    with pytest.raises(ValueError, match="bluff"):
        BasicPolicy(bluff=0.9)


# ----------------------------------------------------------------------------------------------- the text


def _one(seed: int, rules: TableRules, players: int, want: str) -> str:
    """The first simulated hand whose text contains ``want``."""
    for played in simulate(3000, players, rules, seed):
        text = hand_text(played, "USD")
        if want in text:
            return text
    raise AssertionError(f"no hand with {want!r}")


def test_text_lines_follow_pokerstars() -> None:
    text = _one(1, TableRules(10, 25), 6, "*** SHOW DOWN ***")
    lines = text.splitlines()
    assert lines[0].startswith("PokerStars Game #")
    assert " Badugi Limit ($0.25/$0.50 USD) - 2026/" in lines[0]
    assert lines[1].startswith("Table 'Badugi Sim' 6-max Seat #")
    assert lines[2].startswith("Seat 1: Player1 ($")
    assert lines[8].endswith("posts small blind $0.10")
    assert lines[9].endswith("posts big blind $0.25")
    assert lines[10] == "*** DEALING HANDS ***"
    assert lines[11].startswith("Dealt to Player1 [")
    for marker in ("*** FIRST DRAW ***", "*** SECOND DRAW ***", "*** THIRD DRAW ***", "*** SUMMARY ***"):
        assert marker in lines
    assert any(line.startswith("Total pot $") and " | Rake $" in line for line in lines)


def test_text_for_side_pots_uncalled_bets_and_all_ins() -> None:
    text = _one(2, TableRules(10, 20, "no"), 6, "from side pot")
    assert " collected " in text
    assert "from main pot" in text
    assert "Main pot $" in text
    assert "and is all-in" in text
    uncalled = _one(3, TableRules(10, 20, "no"), 6, "Uncalled bet ($")
    assert "doesn't show hand" in uncalled or "*** SHOW DOWN ***" in uncalled


def test_heads_up_button_is_the_small_blind_in_the_summary() -> None:
    text = hand_text(next(simulate(1, 2, TableRules(10, 20), seed=5)), None)
    assert "Seat 1: Player1 (button) (small blind) " in text
    assert "Player1: posts small blind 10" in text


def test_chips_are_written_without_currency_and_big_bet_headers_show_blinds() -> None:
    text = hand_text(next(simulate(1, 3, TableRules(10, 20, "half-pot"), seed=6)))
    assert "Badugi Half Pot Limit (10/20) - " in text.splitlines()[0]
    assert "$" not in text


@pytest.mark.parametrize("currency", ["USD", None])
def test_a_file_is_each_hands_text_then_three_blank_lines(currency: str | None) -> None:
    played = list(simulate(30, 4, TableRules(10, 20, "pot"), seed=8))
    out = io.StringIO()
    assert write_histories(played, out, currency) == 30
    assert out.getvalue() == "".join(hand_text(hand, currency) + "\n\n\n" for hand in played)
    assert all(hand_text(hand, currency).endswith("\n") for hand in played)
    assert not any(hand_text(hand, currency).endswith("\n\n") for hand in played)


def test_unfinished_hands_cannot_be_written() -> None:
    hand = HandState(TableRules(1, 2), [10, 10], rng=random.Random(1))
    with pytest.raises(ValueError, match="not over"):
        hand_text(PlayedHand(0, 1, ("A", "B"), hand))


# ----------------------------------------------------------------------------------------------- the command


def test_simulate_command_writes_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "hands.txt"
    status = main(
        ["simulate", "--hands", "20", "--players", "3", "--limit", "pot", "--stakes", "0.05/0.10", "--seed", "2",
         "--rake", "5", "--rake-cap", "1.00", "--output", str(out)]
    )  # fmt: skip
    assert status == 0
    assert "20 hands to" in capsys.readouterr().err  # the summary, on stderr
    text = out.read_text(encoding="utf-8")
    assert text.count("PokerStars Game #") == 20
    assert "Badugi Pot Limit ($0.05/$0.10 USD)" in text


def test_simulate_command_to_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--hands", "3", "--players", "2", "--seed", "1", "--cap", "0"]) == 0
    captured = capsys.readouterr()
    assert captured.out.count("*** SUMMARY ***") == 3
    assert "3 hands in" in captured.err


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--stakes", "10"], "stakes must be SB/BB"),
        (["--stakes", "1.5/x"], "stakes must be SB/BB"),
        (["--stakes", "10/20", "--rake-cap", "0.5"], "not an amount of chips"),
        (["--players", "12"], "2 to 10 players"),
    ],
)
def test_simulate_command_errors(arguments: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--hands", "1", *arguments]) == 2
    assert message in capsys.readouterr().err


# ----------------------------------------------------------------------------------------------- round trip


@pytest.mark.parametrize("limit", ["fixed", "pot", "half-pot", "no"])
@pytest.mark.parametrize("currency", ["USD", None])
def test_round_trip_through_the_scorer(limit: str, currency: str | None) -> None:
    history = pytest.importorskip("badugi_fast.history")
    rules = TableRules(10, 25, limit, rake_percent=5, rake_cap=300) if currency else TableRules(10, 20, limit)
    played = list(simulate(600, 6, rules, seed=11)) + list(simulate(200, 2, rules, seed=12))
    played += list(simulate(200, 10, rules, seed=13))
    out = io.StringIO()
    write_histories(played, out, currency)
    results = list(map(history.score, history.parse(out.getvalue())))
    assert len(results) == len(played)
    statuses = collections.Counter(result.status for result in results)
    for result, hand in zip(results, played, strict=True):
        assert result.hand_id == str(hand.hand_id)
        showdown = bool(hand.state.result and hand.state.result.ranks)
        assert (result.status, result.reason) == ("verified" if showdown else "no_showdown", None), result
    assert statuses["verified"] > 500


def test_real_stars_files_use_the_same_wordings(shared_histories: Path) -> None:
    """Every kind of line the writer makes occurs in the real PokerStars files (names and amounts aside)."""
    real = "".join(path.read_text(encoding="utf-8-sig") for path in sorted((shared_histories / "Stars").glob("*.txt")))
    ours = _text(400, 9, TableRules(10, 20), 6) + _text(300, 9, TableRules(10, 20, "no"), 3)
    for wording in (
        ": posts small blind ", ": posts big blind ", "*** DEALING HANDS ***", ": discards 1 card\n",
        ": discards 2 cards\n", ": stands pat\n", ": stands pat on [", "] [", ": raises ", " and is all-in",
        "Betting is capped", "Uncalled bet (", ": doesn't show hand", "*** SHOW DOWN ***", "] (Badugi: ",
        "] (3-card: ", " collected ", " from pot", " from side pot", " from main pot", "Total pot ",
        " Main pot ", " Side pot ", " | Rake ", " folded before the Draw (didn't bet)", " folded after the 1st Draw",
        " and won (", " and lost with a ", " collected (",
    ):  # fmt: skip
        assert wording in real, wording
        assert wording in ours, wording


def test_finished_hands_only() -> None:
    for played in simulate(20, 5, TableRules(1, 2), seed=1):
        assert played.state.phase == COMPLETE
