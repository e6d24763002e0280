"""The writers: chosen by name from ``formats.registry.WRITERS``, and the model of a simulated hand made straight
from the engine (``game.played``), without the replay through the rules that a history read from a site needs."""

from __future__ import annotations

import copy
import io

import pytest

from badugi_fast.cli import convert, simulate
from badugi_fast.formats.phh import reader as phh_reader
from badugi_fast.formats.pokerstars import reader as stars_reader
from badugi_fast.formats.registry import WRITERS
from badugi_fast.formats.replay import replay
from badugi_fast.game import TableRules
from badugi_fast.game import simulate as play
from badugi_fast.game.played import hand_of
from badugi_fast.history import parse
from badugi_fast.rl.badugi_v0 import HAND_HISTORIES

TABLES = [
    (players, TableRules(10, 25, limit, rake_percent=rake, rake_cap=30 if rake else None), currency)
    for players, limit, rake, currency in [
        (2, "fixed", 0.0, None),
        (6, "pot", 5.0, "USD"),
        (9, "half-pot", 0.0, None),
        (10, "no", 5.0, "USD"),
    ]
]


def test_every_command_chooses_from_the_registry() -> None:
    assert tuple(WRITERS) == simulate.FORMATS == HAND_HISTORIES == ("pokerstars", "phh")
    assert convert.FORMATS == tuple(name for name, writer in WRITERS.items() if writer.write_hands) == ("phh",)


@pytest.mark.parametrize(("players", "rules", "currency"), TABLES)
def test_the_model_of_a_played_hand_is_what_the_replay_through_the_rules_makes_of_it(
    players: int, rules: TableRules, currency: str | None
) -> None:
    """Replaying the model through the rules (as a history read from a site is) changes nothing in its betting, and
    finds nothing broken: the chips each action adds, each bet's and raise's ``to``, the players' order."""
    for played in play(150, players, rules, seed=players):
        hand = hand_of(played, currency)
        replayed = copy.deepcopy(hand)
        replay(replayed)
        assert replayed.broken is None
        assert (replayed.actions, replayed.draws, replayed.positions) == (hand.actions, hand.draws, hand.positions)


@pytest.mark.parametrize("name", list(WRITERS))
@pytest.mark.parametrize(("players", "rules", "currency"), TABLES)
def test_each_writer_writes_hands_its_format_reads_back(
    name: str, players: int, rules: TableRules, currency: str | None
) -> None:
    """``write_played`` writes every hand, each as ``played_text`` writes it alone, and the reader of the format
    reads them back unbroken, paid as the engine paid them."""
    writer = WRITERS[name]
    played = list(play(40, players, rules, seed=3))
    out = io.StringIO()
    assert writer.write_played(played, out, currency) == len(played)
    text = out.getvalue()
    first = writer.played_text(played[0], 1, 0, currency)
    assert text.startswith(first)
    assert len(first) < len(text)
    site = phh_reader.SITE if name == "phh" else stars_reader.FORMAT.site
    hands = list(parse(text))
    assert [hand.site for hand in hands] == [site] * len(played)
    for hand, game in zip(hands, played, strict=True):
        assert hand.broken is None
        assert hand.error is None
        result = game.state.result
        assert result is not None
        scale = 1 if currency else 100
        paid = {game.names[player]: chips * scale for player, chips in result.collected.items() if chips}
        assert {name: chips for name, chips in hand.collected.items() if chips} == paid
