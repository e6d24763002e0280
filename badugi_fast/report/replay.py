"""A hand as the report's replayer steps through it: the players at the table, then each step of the hand (a blind,
a bet, a call, a draw with the cards thrown and received where the history shows them, a showdown, a payout) with
the pot after it and the cards each player is known to hold at that point. Read from the hand's text by the site's
parser (``history.pipeline.parse``), in the process that writes the page: only the few hands it replays.
"""

from __future__ import annotations

from dataclasses import dataclass

from badugi_fast.formats.model import Action, Draw, Hand, Sight
from badugi_fast.history.pipeline import parse
from badugi_fast.money import amount_text

__all__ = ["Replay", "Step", "replay"]

_ROUNDS = ("before the first draw", "after the first draw", "after the second draw", "after the third draw")
_DRAWS = ("", "the first draw", "the second draw", "the third draw")
_VERBS = {"post": "posts", "bet": "bets", "raise": "raises", "call": "calls", "check": "checks", "fold": "folds"}


@dataclass(frozen=True, slots=True)
class Step:
    """One step: the betting round or draw it is in, what happened, the pot after it, and the cards each player
    is known to hold then (``?`` for a card not known)."""

    round: str
    text: str
    pot: str
    cards: dict[str, str]


@dataclass(frozen=True, slots=True)
class Replay:
    """A hand to replay: its number and heading, the seats (number, name, starting stack), and its steps."""

    hand_id: str
    heading: str
    seats: list[tuple[int, str, str]]
    steps: list[Step]


def replay(text: str) -> Replay | None:
    """The replay of the first hand of ``text``; None when it cannot be read."""
    hand = next(iter(parse(text)), None)
    if hand is None or hand.error is not None or not hand.seats:
        return None
    places = 0 if hand.tournament else 2

    def money(amount: int) -> str:
        return amount_text(amount, places)

    cards = {seat.name: "? ? ? ?" for seat in hand.seats if seat.name in hand.positions}
    steps: list[Step] = []
    pot = 0
    events: list[Action | Draw | Sight] = sorted([*hand.actions, *hand.draws, *hand.sights], key=lambda e: e.order)
    last_play = max((event.order for event in events if not isinstance(event, Sight)), default=0)
    first_draw = min((event.order for event in events if isinstance(event, Draw)), default=last_play + 1)
    shown: set[str] = set()
    dealt: set[str] = set()
    for event in events:
        if isinstance(event, Sight):
            cards[event.player] = " ".join(event.cards)
            if event.order > last_play and hand.showdown and event.player not in shown:
                shown.add(event.player)
                steps.append(Step("showdown", f"{event.player} shows [{cards[event.player]}]", money(pot), dict(cards)))
            elif event.order < first_draw and event.player not in dealt:
                dealt.add(event.player)
                words = f"{event.player} is dealt [{cards[event.player]}]"
                steps.append(Step(_ROUNDS[0], words, money(pot), dict(cards)))
            continue
        if isinstance(event, Draw):
            if event.new_cards and event.thrown is not None and event.player in cards:
                kept = [card for card in cards[event.player].split() if card not in event.thrown]
                cards[event.player] = " ".join([*kept, *event.new_cards])
            steps.append(Step(_DRAWS[event.street], _draw_text(event), money(pot), dict(cards)))
            continue
        pot += event.amount
        words = f"{event.player} {_VERBS.get(event.kind, event.kind)}"
        if event.kind == "raise" and event.to is not None:
            words += f" to {money(event.to)}"
        elif event.kind == "raise":
            words += f", putting in {money(event.amount)}"
        elif event.amount:
            words += f" {money(event.amount)}"
        if event.all_in:
            words += " and is all-in"
        steps.append(Step(_ROUNDS[min(event.street, 3)], words, money(pot), dict(cards)))
    for name, amount in (hand.uncalled or {}).items():
        pot -= amount
        steps.append(Step("end", f"{money(amount)} not called, returned to {name}", money(pot), dict(cards)))
    for name, amount in hand.collected.items():
        steps.append(Step("end", f"{name} collects {money(amount)}", money(pot), dict(cards)))
    seats = [(seat.number, seat.name, money(seat.stack)) for seat in hand.seats]
    return Replay(hand.hand_id, _heading(hand), seats, steps)


def _draw_text(draw: Draw) -> str:
    if draw.discarded == 0:
        return f"{draw.player} stands pat"
    text = f"{draw.player} draws {draw.discarded}"
    if draw.thrown:
        text += f", throws [{' '.join(draw.thrown)}]"
    if draw.new_cards:
        text += f", receives [{' '.join(draw.new_cards)}]"
    return text


def _heading(hand: Hand) -> str:
    stakes = "/".join(amount_text(part, 0 if hand.tournament else 2) for part in hand.stakes) if hand.stakes else ""
    started = f"{hand.started:%Y-%m-%d %H:%M:%S}" if hand.started else ""
    words = [hand.site, hand.limit or "", hand.game or "Badugi", stakes, hand.currency or "", started]
    return " ".join(word for word in words if word)
