"""A played hand as PokerStars writes Badugi hand histories (the wordings of ``../shared/hand-histories/Stars``).

Cash amounts are cents written in dollars (``$0.25``, ``$5``); without a currency they are chips written as plain
numbers, with a play-money style header. Only the hero's cards are written while the hand is played (``Dealt to``,
their draws with the cards thrown and received); at the showdown every remaining player shows. Side pots are paid
first, the last one first, then the main pot, and the summary lists the pots after rake, as PokerStars does.

>>> from badugi_fast.game import TableRules
>>> from badugi_fast.game.simulate import simulate
>>> played = next(simulate(1, players=3, rules=TableRules(10, 25, small_bet=25), seed=3))
>>> text = hand_text(played, currency="USD")
>>> print(text.splitlines()[0])
PokerStars Game #100030000000:  Badugi Limit ($0.25/$0.50 USD) - 2026/01/01 12:00:00 ET
"""

from __future__ import annotations

import datetime
import functools
from collections.abc import Callable, Iterable
from typing import TextIO

from badugi_fast.cards import card_str
from badugi_fast.game.engine import Event, HandResult, HandState
from badugi_fast.game.limits import FIXED, HALF_POT, NO_LIMIT, POT
from badugi_fast.game.simulate import PlayedHand
from badugi_fast.ranks import rank_values

__all__ = ["hand_text", "write_histories"]

_LIMIT_WORDS = {FIXED: "Limit", POT: "Pot Limit", HALF_POT: "Half Pot Limit", NO_LIMIT: "No Limit"}
_STREETS = ("", "*** FIRST DRAW ***", "*** SECOND DRAW ***", "*** THIRD DRAW ***")
_START = datetime.datetime(2026, 1, 1, 12, 0, 0)
_SECONDS_PER_HAND = 20
_CARD = [card_str(code) for code in range(52)]


def _description(rank: int) -> str:
    """PokerStars' words for a hand value: ``Badugi: 8,4,3,A``, ``3-card: T,7,2``."""
    values = rank_values(rank)
    text = ",".join("A23456789TJQK"[value - 1] for value in values)
    return f"Badugi: {text}" if len(values) == 4 else f"{len(values)}-card: {text}"


_DESCRIPTIONS = [""] + [_description(rank) for rank in range(1, 1093)]


@functools.lru_cache(maxsize=4096)
def _cents(amount: int) -> str:
    """Cents as PokerStars writes dollars: ``$0.25``, ``$5``, ``$5002.30`` (cached: the same amounts recur)."""
    dollars, cents = divmod(amount, 100)
    return f"${dollars}" if not cents else f"${dollars}.{cents:02d}"


def _cards(codes: Iterable[int]) -> str:
    return " ".join([_CARD[code] for code in codes])


def hand_text(played: PlayedHand, currency: str | None = None, hero: int | None = 0) -> str:
    """The PokerStars text of one hand, ending in a newline.

    ``currency`` (e.g. ``"USD"``) makes it a cash game in cents; None writes chips. ``hero`` is the player whose
    cards are written as they are dealt (None for nobody).
    """
    state = played.state
    result = state.result
    if result is None:
        raise ValueError("the hand is not over yet")
    money = _cents if currency else str
    names = played.names
    rules = state.rules
    if rules.limit == FIXED:
        low, high = rules.bet_size(0), rules.bet_size(3)
    else:
        low, high = rules.small_blind, rules.big_blind
    stakes = f"{money(low)}/{money(high)} {currency}" if currency else f"{low}/{high}"
    when = _START + datetime.timedelta(seconds=_SECONDS_PER_HAND * played.number)
    lines = [
        f"PokerStars Game #{played.hand_id}:  Badugi {_LIMIT_WORDS[rules.limit]} ({stakes}) - "
        f"{str(when).replace('-', '/')} ET",  # str() of a whole-second datetime: 2026-01-01 12:00:00
        f"Table 'Badugi Sim' {state.n}-max Seat #{state.button + 1} is the button",
    ]
    for player, stack in enumerate(state.starting_stacks):
        lines.append(f"Seat {player + 1}: {names[player]} ({money(stack)} in chips)")
    events = state.events
    for _, player, blind, amount, all_in in events[:2]:  # the engine posts both blinds first
        lines.append(f"{names[player]}: posts {blind} {money(amount)}{_ALL_IN[all_in]}")
    lines.append("*** DEALING HANDS ***")
    if hero is not None:
        lines.append(f"Dealt to {names[hero]} [{_cards(state.dealt[hero])}]")
    append = lines.append
    for event in events[2:]:
        kind = event[0]
        if kind == "fold":  # the commonest lines first, written here rather than in a call
            append(f"{names[event[1]]}: folds")
        elif kind == "check":
            append(f"{names[event[1]]}: checks")
        elif kind == "draw" and event[1] != hero:
            thrown = len(event[2])
            append(f"{names[event[1]]}: discards {_COUNTS[thrown]}" if thrown else f"{names[event[1]]}: stands pat")
        else:
            append(_event_line(event, names, money, hero))
    _ending(lines, state, result, names, money)
    return "\n".join(lines) + "\n"


def write_histories(hands: Iterable[PlayedHand], out: TextIO, currency: str | None = None, hero: int | None = 0) -> int:
    """Write every hand to ``out`` as a PokerStars file does (hands apart by blank lines); returns the count."""
    count = 0
    for played in hands:
        out.write(hand_text(played, currency, hero))
        out.write("\n\n\n")
        count += 1
    return count


_ALL_IN = ("", " and is all-in")
_COUNTS = ("0 cards", "1 card", "2 cards", "3 cards", "4 cards")


def _event_line(event: Event, names: tuple[str, ...], money: Callable[[int], str], hero: int | None) -> str:
    """The line (or two lines, for the hero's draw) one engine event becomes."""
    kind = event[0]
    if kind == "street":
        return _STREETS[event[1]]
    if kind == "capped":
        return "Betting is capped"
    name = names[event[1]]
    if kind == "fold":
        return f"{name}: folds"
    if kind == "check":
        return f"{name}: checks"
    if kind == "call":
        return f"{name}: calls {money(event[2])}{_ALL_IN[event[3]]}"
    if kind == "bet":
        return f"{name}: bets {money(event[2])}{_ALL_IN[event[3]]}"
    if kind == "raise":
        return f"{name}: raises {money(event[2])} to {money(event[3])}{_ALL_IN[event[4]]}"
    if kind == "uncalled":
        return f"Uncalled bet ({money(event[2])}) returned to {name}"
    thrown, kept, new = event[2], event[3], event[4]
    if not thrown:
        return f"{name}: stands pat on [{_cards(kept)}]" if event[1] == hero else f"{name}: stands pat"
    count = _COUNTS[len(thrown)]
    if event[1] != hero:
        return f"{name}: discards {count}"
    dealt = f"[{_cards(kept)}] [{_cards(new)}]" if kept else f"[{_cards(new)}]"
    return f"{name}: discards {count} [{_cards(thrown)}]\nDealt to {name} {dealt}"


def _pot_names(count: int) -> list[str]:
    """PokerStars' names of the pots, main pot first."""
    if count == 1:
        return ["pot"]
    if count == 2:
        return ["main pot", "side pot"]
    return ["main pot"] + [f"side pot-{number}" for number in range(1, count)]


def _ending(
    lines: list[str], state: HandState, result: HandResult, names: tuple[str, ...], money: Callable[[int], str]
) -> None:
    """Showdown, collections and the summary."""
    ranks = result.ranks
    shown = {player: _cards(state.cards[player]) for player in ranks}
    if ranks:
        lines.append("*** SHOW DOWN ***")
        for player in result.show_order:
            lines.append(f"{names[player]}: shows [{shown[player]}] ({_DESCRIPTIONS[ranks[player]]})")
    pot_names = _pot_names(len(result.pots))
    for number in reversed(range(len(result.pots))):
        for player, amount in result.pot_shares[number].items():
            if amount:
                lines.append(f"{names[player]} collected {money(amount)} from {pot_names[number]}")
    if not ranks:
        for player in result.collected:
            lines.append(f"{names[player]}: doesn't show hand")
    lines.append("*** SUMMARY ***")
    total = f"Total pot {money(result.total_pot)}"
    if len(result.pots) > 1:
        for number, share in enumerate(result.pot_shares):
            total += f" {pot_names[number].capitalize()} {money(sum(share.values()))}."
    lines.append(f"{total} | Rake {money(result.rake)}")
    tags = [""] * state.n
    tags[state.button] = " (button)"
    tags[state.small_blind_player] += " (small blind)"
    tags[state.big_blind_player] += " (big blind)"
    folded, fold_round, contributed, collected = state.folded, state.fold_round, state.contributed, result.collected
    for player in range(state.n):
        if folded[player]:
            outcome = _FOLDED[fold_round[player]] if fold_round[player] or contributed[player] else _FOLDED_FREE
        elif player in ranks:
            won = collected.get(player, 0)
            described = f"with a {_DESCRIPTIONS[ranks[player]]}"
            outcome = f"showed [{shown[player]}] and " + (
                f"won ({money(won)}) {described}" if won else f"lost {described}"
            )
        else:
            outcome = f"collected ({money(collected.get(player, 0))})"
        lines.append(f"Seat {player + 1}: {names[player]}{tags[player]} {outcome}")


#: a summary's words for a player who folded in betting round 0..3 (and before the draw without putting in a chip)
_FOLDED = (
    "folded before the Draw",
    "folded after the 1st Draw",
    "folded after the 2nd Draw",
    "folded after the 3rd Draw",
)
_FOLDED_FREE = "folded before the Draw (didn't bet)"
