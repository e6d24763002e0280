"""The writers: chosen by name from ``formats.registry.WRITERS``, and the model of a simulated hand made straight
from the engine (``game.played``), without the replay through the rules that a history read from a site needs."""

from __future__ import annotations

import copy
import io
import random
import re

import pytest

from badugi_fast.cards import card_str
from badugi_fast.cli import convert, simulate
from badugi_fast.formats.model import Hand, Seat
from badugi_fast.formats.phh import hand_lines
from badugi_fast.formats.phh import reader as phh_reader
from badugi_fast.formats.pokerstars import reader as stars_reader
from badugi_fast.formats.pokerstars.wordings import CAPPED, DRAWS, marker_line
from badugi_fast.formats.pokerstars.writer import hand_text, model_text, write_hands
from badugi_fast.formats.registry import WRITERS
from badugi_fast.formats.replay import replay
from badugi_fast.game import HandState, PlayedHand, TableRules
from badugi_fast.game import simulate as play
from badugi_fast.game.played import hand_of
from badugi_fast.game.policies import BasicPolicy
from badugi_fast.history import parse
from badugi_fast.rl.badugi_v0 import HAND_HISTORIES
from badugi_fast.rules.engine import DRAW

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


def _deals_and_discards(hand: Hand, name: str) -> list[str]:
    """The PHH action lines that show ``name``'s cards: their deal, discards and replacement cards."""
    tag = f"p{hand.positions.index(name) + 1} "
    return [line for line in hand_lines(hand) if f'"d dh {tag}' in line or f'"{tag}sd' in line]


def _hidden(line: str) -> str:
    """An action line of ``_deals_and_discards`` with its cards unknown."""
    return re.sub(r"(d dh p\d+ |p\d+ sd )(\w+)", lambda match: match[1] + "?" * len(match[2]), line)


@pytest.mark.parametrize(
    "change", ["thrown unknown", "new unknown", "throws a card not held", "ends with other cards", "pat, other cards"]
)
def test_phh_writes_a_players_cards_only_when_the_history_shows_all_of_them(change: str) -> None:
    """A player whose dealt cards, draws and last cards do not all agree (a history that hides a draw's cards, or
    shows cards that do not follow) is written with every card unknown, and every other player as before."""
    hands = (hand_of(played) for played in play(200, 6, TableRules(10, 20), seed=5))
    hand = next(hand for hand in hands if sum(1 for draw in hand.draws if draw.discarded) >= 2)
    drawer = next(draw for draw in hand.draws if draw.discarded)
    drew = {draw.player for draw in hand.draws if draw.discarded}
    name = drawer.player if change != "pat, other cards" else next(p for p in hand.positions if p not in drew)
    seen = {card for cards in hand.dealt.values() for card in cards}
    seen.update(card for draw in hand.draws for card in draw.new_cards or ())
    unheld = next(card for card in map(card_str, range(52)) if card not in seen)  # in nobody's hand
    changed = copy.deepcopy(hand)
    draw = next(draw for draw in changed.draws if draw.order == drawer.order)
    if change == "thrown unknown":
        draw.thrown = None
    elif change == "new unknown":
        draw.new_cards = None
    elif change == "throws a card not held":
        draw.thrown = (unheld, *(draw.thrown or ())[1:])
    else:  # the last cards the history shows are not those the draws give
        changed.cards[name] = (unheld, *changed.cards[name][1:])
    before = {player: _deals_and_discards(hand, player) for player in hand.positions}
    after = {player: _deals_and_discards(changed, player) for player in hand.positions}
    assert after == {**before, name: list(map(_hidden, before[name]))}
    assert "????????" in after[name][0]
    assert not any("?" in line for lines in before.values() for line in lines)


def test_phh_writes_each_hands_own_seats_and_stacks_when_its_players_sit_down_again() -> None:
    """The PHH writer remembers what follows from a seating (PHH's order of the players, the seats' names and
    numbers): the same players in other seats, or with other stacks, are written with this hand's; a name seated
    twice, with its first seat."""
    hand = hand_of(next(play(1, 3, TableRules(10, 20), seed=1)))

    def fields(written: Hand) -> dict[str, str]:
        return dict(line.split(" = ", 1) for line in hand_lines(written) if line.startswith(("seats", "starting_")))

    def expected(written: Hand) -> dict[str, str]:
        seats = [next(seat for seat in written.seats if seat.name == name) for name in written.positions]
        return {
            "starting_stacks": "[" + ", ".join(str(seat.stack // 100) for seat in seats) + "]",
            "seats": "[" + ", ".join(str(seat.number) for seat in seats) + "]",
        }

    moved = copy.deepcopy(hand)
    for seat in moved.seats:
        seat.number += 2
        seat.stack += 100 * seat.number
    twice = copy.deepcopy(hand)
    first = twice.positions[0]
    twice.seats.insert(0, Seat(9, first, 123_400))
    twice.seats.append(Seat(8, first, 567_800))
    for written in (hand, moved, hand, twice):
        assert fields(written) == expected(written)
    assert fields(twice)["seats"].startswith("[9, ")
    assert fields(twice)["starting_stacks"].startswith("[1234, ")
    assert fields(moved) != fields(hand)


@pytest.mark.parametrize(
    ("players", "rules", "currency"), [*TABLES, (6, TableRules(10, 20, rake_percent=5, rake_cap=30), "USD")]
)
def test_the_pokerstars_writer_writes_the_model_hand(players: int, rules: TableRules, currency: str | None) -> None:
    """``hand_text`` is ``model_text`` of the hand's model; what the model adds for the writer is in the text (and
    read back): a capped round's line after the capping action, each pot's size when there are several."""
    played = list(play(120, players, rules, seed=11))
    models = [hand_of(game, currency) for game in played]
    texts = [model_text(model, game.names[1]) for model, game in zip(models, played, strict=True)]
    assert texts == [hand_text(game, currency, hero=1) for game in played]
    out = io.StringIO()
    assert write_hands(models, out, played[0].names[1]) == len(models)
    assert out.getvalue() == "".join(text + "\n\n\n" for text in texts)
    several = 0
    for model, text, read in zip(models, texts, parse(out.getvalue()), strict=True):
        assert text.count(CAPPED) == sum(action.capped for action in model.actions)
        assert model.pot_shares is not None
        if len(model.pot_shares) > 1:
            several += 1
            assert read.pots == [sum(shares.values()) for shares in model.pot_shares]
        scale = 1 if currency else 100
        assert model.blinds == (rules.small_blind * scale, rules.big_blind * scale)
    if rules.limit == "fixed" and players > 2:
        assert any(CAPPED in text for text in texts)
    if players > 2 and rules.limit != "fixed":
        assert several  # side pots were written


@pytest.mark.parametrize(("players", "rules", "currency"), TABLES)
def test_the_uncalled_bet_is_the_models_written_after_the_last_betting_round(
    players: int, rules: TableRules, currency: str | None
) -> None:
    """The writer takes the uncalled bet from the model (``Hand.uncalled``) and writes it after the hand's last
    action: the engine returns one at most a hand, at the end of its last betting round (no one bets after it), and
    the text read back returns the same chips to the same player."""
    returned = 0
    for game in play(150, players, rules, seed=21):
        kinds = [event[0] for event in game.state.events]
        if "uncalled" not in kinds:
            continue
        returned += 1
        after = kinds[kinds.index("uncalled") + 1 :]
        assert not set(after) & {"uncalled", "post", "fold", "check", "call", "bet", "raise", "capped"}
        model = hand_of(game, currency)
        (read,) = parse(hand_text(game, currency))
        assert read.uncalled == model.uncalled
    assert returned


def test_the_text_of_a_hand_so_far_is_the_start_of_its_whole_text() -> None:
    """The model of a hand still being played (``hand_of(..., so_far=True)``: the RL environment's view) is written
    as the first lines of the finished hand, a draw begun before anyone drew included; a hand not over is refused
    without ``so_far``."""
    rules, rng, policy = TableRules(10, 20), random.Random(5), BasicPolicy()
    names = ("A", "B", "C", "D")
    waiting_to_draw = 0
    for number in range(40):
        hand = HandState(rules, [rng.randint(3, 30) * 20 for _ in names], number % 4, rng=rng)
        game = PlayedHand(number, 1000 + number, names, hand)
        seen: list[str] = []
        while (player := hand.to_act) is not None:
            with pytest.raises(ValueError, match="not over yet"):
                hand_text(game)
            model = hand_of(game, so_far=True)
            assert model.total_pot is None
            assert model.pot_shares is None
            assert not model.collected
            seen.append(hand_text(game, hero=0, so_far=True))
            if hand.phase == DRAW and not any(draw.street == model.street for draw in model.draws):
                waiting_to_draw += 1
                assert seen[-1].endswith(marker_line(DRAWS[model.street - 1]) + "\n")
            if hand.phase == DRAW:
                hand.draw(player, policy.draw(hand, player, rng))
                continue
            verb, amount = policy.act(hand, player, rng)
            if verb in ("bet", "raise"):
                (hand.bet if verb == "bet" else hand.raise_to)(player, amount)
            else:
                getattr(hand, verb)(player)
        whole = hand_text(game, hero=0, so_far=True)
        assert whole == hand_text(game, hero=0)
        for text in seen:
            assert whole.startswith(text)
    assert waiting_to_draw
