"""A hand played by the engine (``game.simulate.PlayedHand``) as a hand of the model, as if a site had recorded it
with every card known: what ``badugi simulate --format phh`` writes through the PHH writer.

The engine knows every card, so every player's hole cards, discards and replacement cards are in the model
(``dealt``, ``Draw.thrown``, ``Draw.new_cards``); at a showdown every remaining player shows, as in the engine.
Cash amounts (``currency`` given) are the engine's cents; chips are whole chips (hundredths in the model).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from badugi_fast.cards import card_str
from badugi_fast.formats.builder import Builder
from badugi_fast.formats.model import Hand
from badugi_fast.money import SCALE

if TYPE_CHECKING:
    from badugi_fast.rules.engine import PlayedHand

__all__ = ["SITE", "TABLE", "hand_of", "hands_of"]

#: ``Hand.site`` of simulated hands (PHH's ``venue``).
SITE = "badugi-fast simulator"
#: The table's name, as the PokerStars writer names it.
TABLE = "Badugi Sim"
_CARDS = tuple(card_str(code) for code in range(52))
_SEATS = range(1, 11)  # player p sits in seat p + 1


def _cards(codes: Iterable[int]) -> tuple[str, ...]:
    return tuple(_CARDS[code] for code in codes)


def hands_of(played: Iterable[PlayedHand], currency: str | None = None) -> Iterator[Hand]:
    """``hand_of`` each played hand."""
    for hand in played:
        yield hand_of(hand, currency)


def hand_of(played: PlayedHand, currency: str | None = None) -> Hand:
    """The model of one finished hand; ``currency`` (e.g. ``"USD"``) makes its amounts cents, None whole chips.

    >>> from badugi_fast.game import TableRules
    >>> from badugi_fast.game.simulate import simulate
    >>> hand = hand_of(next(simulate(1, players=3, rules=TableRules(10, 20), seed=3)))
    >>> hand.stakes, hand.places, [seat.name for seat in hand.seats], hand.actions[0].kind, hand.actions[0].amount
    ((2000, 4000), 0, ['Player1', 'Player2', 'Player3'], 'post', 1000)
    """
    state = played.state
    result = state.result
    if result is None:
        raise ValueError("the hand is not over yet")
    names = played.names
    scale = 1 if currency else SCALE  # the model counts hundredths: of a dollar (the engine's cents) or of a chip
    hand = Hand(
        SITE,
        hand_id=str(played.hand_id),
        game="Badugi",
        limit=state.rules.limit,
        is_badugi=True,
        places=2 if currency else 0,
        table=TABLE,
        button=state.button + 1,
        currency=currency,
        stakes=(state.rules.stakes[0] * scale, state.rules.stakes[1] * scale),
        uncalled={},
    )
    build = Builder(hand)
    for seat, name, stack in zip(_SEATS, names, state.starting_stacks, strict=False):
        build.seat(seat, name, stack * scale)
    for player, name in enumerate(names):
        build.dealt(name, _cards(state.dealt[player]))
    for event in state.events:
        if event[0] == "draw":
            _, player, thrown, _, new = event
            build.draw(names[player], len(thrown), _cards(new))
            hand.draws[-1].thrown = _cards(thrown)
        elif event[0] == "call" or event[0] == "bet":
            kind, player, chips, all_in = event
            build.put(names[player], kind, chips * scale, all_in)
        elif event[0] == "check" or event[0] == "fold":
            build.put(names[event[1]], event[0])
        elif event[0] == "raise":
            _, player, _, total, all_in = event
            build.put(names[player], "raise", all_in=all_in, to=total * scale)
        elif event[0] == "post":
            _, player, _, chips, all_in = event
            build.post(names[player], chips * scale, all_in)
        elif event[0] == "street":
            build.new_street(event[1])
        elif event[0] == "uncalled":
            _, player, chips = event
            build.returned(names[player], chips * scale)
    hand.showdown = bool(result.ranks)
    for player in result.show_order:
        build.show(names[player], _cards(state.cards[player]))
    for player, name in enumerate(names):
        hand.cards[name] = _cards(state.cards[player])
    for player, chips in result.collected.items():
        build.collect(names[player], chips * scale)
    hand.rake = result.rake * scale
    hand.total_pot = result.total_pot * scale
    build.done()
    return hand
