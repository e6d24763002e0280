"""A hand played by the engine (``game.simulate.PlayedHand``) as a hand of the model, as if a site had recorded it
with every card known: what ``badugi simulate`` writes, through the PokerStars writer or (``--format phh``) the
PHH writer, and what the RL environment's hand histories are written from (a hand still being played too:
``hand_of(..., so_far=True)``).

The model is made straight from the engine's record of the hand (``HandState.events`` and ``result``), which
already says every amount, card and who did what: no ``formats.builder.Builder`` and no replay through the rules
(``formats.replay``), which a history read from a site needs to learn what the engine knows. So each bet and raise
gets its ``to`` here (the player's total for the round), each action its increment, and ``positions`` the engine's
seating from the left of the button round to it, as the replay would give them; ``facts``, ``sights`` and
``descriptions`` (what a history shows, for the scorer and the statistics) are left empty.

The engine knows every card, so every player's hole cards, discards and replacement cards are in the model
(``dealt``, ``Draw.thrown``, ``Draw.new_cards``); at a showdown every remaining player shows, as in the engine.
Cash amounts (``currency`` given) are the engine's cents; chips are whole chips (hundredths in the model).
What the engine knows and a history's text does not say, the PokerStars writer needs to write the hand as it
always has: ``Hand.number`` (it dates the hand), ``street`` (a draw begun), ``blinds``, ``pot_shares`` and
``Action.capped``; the PHH writer does not write them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from badugi_fast.cards import card_str
from badugi_fast.formats.model import Action, Draw, Hand, Seat
from badugi_fast.money import SCALE

if TYPE_CHECKING:
    from badugi_fast.rules.engine import PlayedHand, TableRules
    from badugi_fast.rules.events import Event

__all__ = ["SITE", "TABLE", "hand_of", "hands_of"]

#: ``Hand.site`` of simulated hands (PHH's ``venue``).
SITE = "badugi-fast simulator"
#: The table's name, as the PokerStars writer names it.
TABLE = "Badugi Sim"
_CARDS = tuple(card_str(code) for code in range(52))
_SEATS = range(1, 11)  # player p sits in seat p + 1


def _cards(codes: Iterable[int]) -> tuple[str, ...]:
    return tuple(map(_CARDS.__getitem__, codes))


class _CardTuples(dict[tuple[int, ...], tuple[str, ...]]):
    """``tuples[codes]`` is ``_cards(codes)``, remembered: the few cards of a draw recur from hand to hand, and a
    lookup is cheaper than making the tuple again. Forgets everything at ``_KEPT`` entries, to stay small."""

    def __missing__(self, codes: tuple[int, ...]) -> tuple[str, ...]:
        if len(self) >= _KEPT:
            self.clear()
        cards = self[codes] = _cards(codes)
        return cards


_KEPT = 1 << 16
_CARD_TUPLES = _CardTuples()


def hands_of(played: Iterable[PlayedHand], currency: str | None = None) -> Iterator[Hand]:
    """``hand_of`` each played hand."""
    for hand in played:
        yield _model(hand, currency, _stakes(hand.state.rules))


def hand_of(played: PlayedHand, currency: str | None = None, *, so_far: bool = False) -> Hand:
    """The model of one finished hand; ``currency`` (e.g. ``"USD"``) makes its amounts cents, None whole chips.
    ``so_far`` also takes a hand still being played: its model so far, without the outcome (no ``rake``,
    ``total_pot``, ``collected``, ``shown`` or ``pot_shares`` yet), which the PokerStars writer writes as a site
    shows a hand while it goes on.

    >>> from badugi_fast.game import TableRules
    >>> from badugi_fast.game.simulate import simulate
    >>> hand = hand_of(next(simulate(1, players=3, rules=TableRules(10, 20), seed=3)))
    >>> hand.stakes, hand.places, [seat.name for seat in hand.seats], hand.actions[0].kind, hand.actions[0].amount
    ((2000, 4000), 0, ['Player1', 'Player2', 'Player3'], 'post', 1000)
    >>> raised = hand_of(next(simulate(1, players=3, rules=TableRules(10, 20), seed=4)))
    >>> raise_ = raised.actions[4]  # the big blind raises: 20 more chips, to 40 for the round
    >>> raised.positions, (raise_.player, raise_.kind, raise_.amount, raise_.to)
    (['Player2', 'Player3', 'Player1'], ('Player3', 'raise', 2000, 4000))
    """
    return _model(played, currency, _stakes(played.state.rules), so_far)


def _stakes(rules: TableRules) -> tuple[int, int]:
    """``rules.stakes``, worked out once for each table: ``TableRules.stakes`` is a property, worked out at each
    call, and hands come table by table (``_last_stakes``: the last rules asked about, and their stakes)."""
    global _last_stakes
    last, stakes = _last_stakes
    if rules is not last:  # TableRules is frozen: the same rules, the same stakes
        stakes = rules.stakes
        _last_stakes = (rules, stakes)
    return stakes


_last_stakes: tuple[TableRules | None, tuple[int, int]] = (None, (0, 0))


def _model(played: PlayedHand, currency: str | None, stakes: tuple[int, int], so_far: bool = False) -> Hand:
    """``hand_of``, the table's stakes given."""
    state = played.state
    result = state.result
    if result is None and not so_far:
        raise ValueError("the hand is not over yet")
    names = played.names
    scale = 1 if currency else SCALE  # the model counts hundredths: of a dollar (the engine's cents) or of a chip
    small, big = stakes
    rules = state.rules
    card = _CARDS  # Badugi deals four cards:
    dealt: dict[str, tuple[str, ...]] = dict(
        zip(names, [(card[a], card[b], card[c], card[d]) for a, b, c, d in state.dealt], strict=True)
    )
    button = state.button
    actions, draws, uncalled, street, changed = _events(state.events, names, scale)
    final = dealt.copy()  # the cards each ends with: as dealt, but for those who threw some away
    for player in changed:
        a, b, c, d = state.cards[player]
        final[names[player]] = (card[a], card[b], card[c], card[d])
    # A bare hand, its fields then set one by one: ``Hand``'s __init__ matches keyword arguments by name against its
    # 45 parameters, which took 9,000 instructions a hand more (3% of this function).
    hand = Hand(SITE)
    hand.hand_id = str(played.hand_id)
    hand.game = "Badugi"
    hand.limit = rules.limit
    hand.is_badugi = True
    hand.places = 2 if currency else 0
    hand.table = TABLE
    hand.button = button + 1
    hand.seats = list(map(Seat, _SEATS, names, map(scale.__mul__, state.starting_stacks)))
    hand.actions = actions
    hand.draws = draws
    hand.cards = final
    hand.uncalled = uncalled
    hand.stakes = (small * scale, big * scale)
    hand.dealt = dealt
    hand.positions = [*names[button + 1 :], *names[: button + 1]]  # from the left of the button
    hand.currency = currency
    hand.number = played.number
    hand.street = street
    hand.blinds = (rules.small_blind * scale, rules.big_blind * scale)
    if result is not None:
        hand.showdown = bool(result.ranks)
        hand.shown = list(map(names.__getitem__, result.show_order))
        hand.collected = {names[player]: chips * scale for player, chips in result.collected.items()}
        hand.rake = result.rake * scale
        hand.total_pot = result.total_pot * scale
        pot_shares = result.pot_shares
        hand.pot_shares = (  # one pot (most hands): what each player collected, from it
            [hand.collected.copy()]
            if len(pot_shares) == 1
            else [{names[player]: chips * scale for player, chips in shares.items()} for shares in pot_shares]
        )
    return hand


def _events(
    events: Iterable[Event], names: tuple[str, ...], scale: int
) -> tuple[list[Action], list[Draw], dict[str, int], int, list[int]]:
    """The hand's actions and draws from the engine's events, numbered in order (``Action.order``), each action with
    the chips it adds and each bet and raise with its ``to`` (and ``capped`` when it reached the round's cap); the
    uncalled bets returned (``Hand.uncalled``); the last draw begun (``Hand.street``); and the players who threw
    cards away (once for each draw: the others end with the cards they were dealt).
    (Every hand written passes here: the commonest kinds are tested first, six-handed: draw, call, fold,
    check, street ...)"""
    actions: list[Action] = []
    draws: list[Draw] = []
    uncalled: dict[str, int] = {}
    changed: list[int] = []
    add_action, add_draw, cards = actions.append, draws.append, _CARD_TUPLES
    bets = [0] * len(names)  # each player's chips in the round being bet
    street = 0
    order = 0
    for event in events:
        order += 1
        if event[0] == "draw":
            _, player, thrown, _, new = event
            if thrown:
                add_draw(Draw(street, names[player], len(thrown), cards[new], cards[thrown], -1, order))
                changed.append(player)
            else:  # standing pat
                add_draw(Draw(street, names[player], 0, (), (), -1, order))
        elif event[0] == "call":
            _, player, chips, all_in = event
            bets[player] += chips
            add_action(Action(street, names[player], event[0], chips * scale, all_in, None, -1, order))
        elif event[0] == "fold" or event[0] == "check":
            add_action(Action(street, names[event[1]], event[0], 0, False, None, -1, order))
        elif event[0] == "street":
            street = event[1]
            bets = [0] * len(names)
        elif event[0] == "post":
            _, player, _, chips, all_in = event
            bets[player] += chips
            add_action(Action(street, names[player], event[0], chips * scale, all_in, None, -1, order))
        elif event[0] == "bet":
            _, player, chips, all_in = event
            bets[player] += chips
            add_action(Action(street, names[player], event[0], chips * scale, all_in, bets[player] * scale, -1, order))
        elif event[0] == "raise":
            _, player, _, total, all_in = event
            chips, bets[player] = total - bets[player], total
            add_action(Action(street, names[player], event[0], chips * scale, all_in, total * scale, -1, order))
        elif event[0] == "uncalled":
            _, player, chips = event
            uncalled[names[player]] = uncalled.get(names[player], 0) + chips * scale
            order -= 1  # not an action or a draw
        else:  # "capped": the last bet or raise reached the cap
            actions[-1].capped = True
            order -= 1
    return actions, draws, uncalled, street, changed
