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
from collections.abc import Callable, Iterable, Mapping, Sequence
from operator import add
from typing import NamedTuple, TextIO

from badugi_fast.cards import card_str
from badugi_fast.game.engine import Event, HandResult, HandState, TableRules
from badugi_fast.game.limits import FIXED, HALF_POT, NO_LIMIT, POT
from badugi_fast.game.simulate import PlayedHand
from badugi_fast.ranks import rank_values

__all__ = ["hand_text", "write_histories"]

_LIMIT_WORDS = {FIXED: "Limit", POT: "Pot Limit", HALF_POT: "Half Pot Limit", NO_LIMIT: "No Limit"}
_STREETS = ("", "*** FIRST DRAW ***", "*** SECOND DRAW ***", "*** THIRD DRAW ***")
_FIRST_DAY = datetime.date(2026, 1, 1)
_FIRST_SECOND = 12 * 3600  # the first hand starts at noon
_SECONDS_PER_HAND = 20
_SECONDS_PER_DAY = 24 * 3600
_CARD = [card_str(code) for code in range(52)]
_ALL_IN = ("", " and is all-in")
_COUNTS = ("0 cards", "1 card", "2 cards", "3 cards", "4 cards")


def _description(rank: int) -> str:
    """PokerStars' words for a hand value: ``Badugi: 8,4,3,A``, ``3-card: T,7,2``."""
    values = rank_values(rank)
    text = ",".join("A23456789TJQK"[value - 1] for value in values)
    return f"Badugi: {text}" if len(values) == 4 else f"{len(values)}-card: {text}"


_DESCRIPTIONS = [""] + [_description(rank) for rank in range(1, 1093)]


class _Memo(dict[int, str]):
    """``memo[key]`` is ``write(key)``, remembered: the same amounts, dates and times recur from hand to hand, and
    looking one up is much cheaper than formatting it again (or than calling an ``lru_cache``). It forgets
    everything once it holds ``_MEMO_SIZE`` texts, so a long run cannot make it grow without end."""

    def __init__(self, write: Callable[[int], str]) -> None:
        super().__init__()
        self.write = write

    def __missing__(self, key: int) -> str:
        if len(self) >= _MEMO_SIZE:
            self.clear()
        text = self[key] = self.write(key)
        return text


_MEMO_SIZE = 1 << 16


#: "00" to "99": two-digit numbers written without a format spec to parse (cheaper, for cents and clocks)
_TWO_DIGITS = tuple(f"{number:02d}" for number in range(100))


def _dollars(amount: int) -> str:
    """Cents as PokerStars writes dollars: ``$0.25``, ``$5``, ``$5002.30``."""
    dollars, cents = divmod(amount, 100)
    return f"${dollars}" if not cents else f"${dollars}.{_TWO_DIGITS[cents]}"


def _date(day: int) -> str:
    """The date ``day`` days after the first hand's, as PokerStars writes it: ``2026/01/01``."""
    return (_FIRST_DAY + datetime.timedelta(days=day)).isoformat().replace("-", "/")


def _clock(second: int) -> str:
    """Second ``second`` of a day as ``HH:MM:SS``."""
    hours, second = divmod(second, 3600)
    minutes, second = divmod(second, 60)
    return f"{_TWO_DIGITS[hours]}:{_TWO_DIGITS[minutes]}:{_TWO_DIGITS[second]}"


_DOLLARS, _CHIPS, _DATES, _CLOCKS = _Memo(_dollars), _Memo(str), _Memo(_date), _Memo(_clock)


def _cards(codes: Iterable[int]) -> str:
    return " ".join([_CARD[code] for code in codes])


def _hand(cards: Sequence[int]) -> str:
    """Four cards (a whole hand): ``_cards`` without the loop."""
    first, second, third, fourth = cards
    return f"{_CARD[first]} {_CARD[second]} {_CARD[third]} {_CARD[fourth]}"


class _Table(NamedTuple):
    """What depends only on the table (players' names, rules, currency): worked out once per table, not once per
    hand or line. Most lines of a hand are one of these, or one of these and an amount."""

    names: tuple[str, ...]
    rules: TableRules
    currency: str | None
    money: Mapping[int, str]  # chips -> "$0.25" (cash) or "25"
    game: str  # ":  Badugi Pot Limit ($0.10/$0.25 USD) - " (between the hand number and the date)
    buttons: tuple[str, ...]  # [b]: "Table 'Badugi Sim' 6-max Seat #b+1 is the button"
    seats: tuple[str, ...]  # "Seat 1: Player1"
    folds: tuple[str, ...]  # "Player1: folds"
    checks: tuple[str, ...]  # "Player1: checks"
    draws: tuple[tuple[str, ...], ...]  # [p][k]: "Player1: discards k cards", and "Player1: stands pat" for k = 0


@functools.lru_cache(maxsize=64)
def _table(names: tuple[str, ...], rules: TableRules, currency: str | None) -> _Table:
    """The ``_Table`` of these players at a table of these rules (remembered: ``hand_text`` is asked hand by hand)."""
    money = _DOLLARS if currency else _CHIPS
    if rules.limit == FIXED:
        low, high = rules.bet_size(0), rules.bet_size(3)
    else:
        low, high = rules.small_blind, rules.big_blind
    stakes = f"{money[low]}/{money[high]} {currency}" if currency else f"{low}/{high}"
    return _Table(
        names,
        rules,
        currency,
        money,
        f":  Badugi {_LIMIT_WORDS[rules.limit]} ({stakes}) - ",
        tuple(f"Table 'Badugi Sim' {len(names)}-max Seat #{seat} is the button" for seat in range(1, len(names) + 1)),
        tuple(f"Seat {seat}: {name}" for seat, name in enumerate(names, 1)),
        tuple(f"{name}: folds" for name in names),
        tuple(f"{name}: checks" for name in names),
        tuple(
            (f"{name}: stands pat", *(f"{name}: discards {_COUNTS[count]}" for count in range(1, 5))) for name in names
        ),
    )


def hand_text(played: PlayedHand, currency: str | None = None, hero: int | None = 0) -> str:
    """The PokerStars text of one hand, ending in a newline.

    ``currency`` (e.g. ``"USD"``) makes it a cash game in cents; None writes chips. ``hero`` is the player whose
    cards are written as they are dealt (None for nobody).
    """
    return "\n".join(_hand_lines(played, _table(played.names, played.state.rules, currency), hero)) + "\n"


def write_histories(hands: Iterable[PlayedHand], out: TextIO, currency: str | None = None, hero: int | None = 0) -> int:
    """Write every hand to ``out`` as a PokerStars file does (hands apart by blank lines); returns the count."""
    count = 0
    table = None
    for played in hands:
        rules = played.state.rules
        if table is None or played.names is not table.names or rules is not table.rules:  # cheaper than _table()
            table = _table(played.names, rules, currency)
        lines = _hand_lines(played, table, hero)
        lines.append("\n\n\n")  # the last line's end, then three blank lines: one write, no copy of the text
        out.write("\n".join(lines))
        count += 1
    return count


def _hand_lines(played: PlayedHand, table: _Table, hero: int | None) -> list[str]:
    """The lines of ``hand_text`` at a table worked out already."""
    state = played.state
    result = state.result
    if result is None:
        raise ValueError("the hand is not over yet")
    money = table.money
    names = table.names
    day, second = divmod(_FIRST_SECOND + _SECONDS_PER_HAND * played.number, _SECONDS_PER_DAY)
    lines = [
        f"PokerStars Game #{played.hand_id}{table.game}{_DATES[day]} {_CLOCKS[second]} ET",
        table.buttons[state.button],
    ]
    append = lines.append
    for seat, stack in zip(table.seats, state.starting_stacks, strict=False):
        append(f"{seat} ({money[stack]} in chips)")
    events = state.events
    for _, player, blind, amount, all_in in events[:2]:  # the engine posts both blinds first
        append(f"{names[player]}: posts {blind} {money[amount]}{_ALL_IN[all_in]}")
    append("*** DEALING HANDS ***")
    if hero is not None:
        append(f"Dealt to {names[hero]} [{_hand(state.dealt[hero])}]")
    folds, checks, draws = table.folds, table.checks, table.draws
    for event in events[2:]:  # the commonest kinds first
        kind = event[0]
        if kind == "draw":
            player = event[1]
            append(draws[player][len(event[2])] if player != hero else _hero_draw(event, names[player]))
        elif kind == "call":
            append(f"{names[event[1]]}: calls {money[event[2]]}{_ALL_IN[event[3]]}")
        elif kind == "fold":
            append(folds[event[1]])
        elif kind == "check":
            append(checks[event[1]])
        elif kind == "street":
            append(_STREETS[event[1]])
        elif kind == "bet":
            append(f"{names[event[1]]}: bets {money[event[2]]}{_ALL_IN[event[3]]}")
        elif kind == "raise":
            append(f"{names[event[1]]}: raises {money[event[2]]} to {money[event[3]]}{_ALL_IN[event[4]]}")
        elif kind == "uncalled":
            append(f"Uncalled bet ({money[event[2]]}) returned to {names[event[1]]}")
        else:
            append("Betting is capped")
    _ending(lines, state, result, table)
    return lines


def _hero_draw(event: Event, name: str) -> str:
    """The line (or two lines) of the hero's draw, which shows the cards."""
    thrown, kept, new = event[2], event[3], event[4]
    if not thrown:
        return f"{name}: stands pat on [{_hand(kept)}]"
    dealt = f"[{_cards(kept)}] [{_cards(new)}]" if kept else f"[{_cards(new)}]"
    return f"{name}: discards {_COUNTS[len(thrown)]} [{_cards(thrown)}]\nDealt to {name} {dealt}"


def _pot_names(count: int) -> tuple[str, ...]:
    """PokerStars' names of ``count`` pots, main pot first."""
    if count == 1:
        return ("pot",)
    if count == 2:
        return ("main pot", "side pot")
    return ("main pot", *(f"side pot-{number}" for number in range(1, count)))


#: ``_POT_NAMES[count]`` is ``_pot_names(count)``: a hand has at most one pot per player, ten at a full table
_POT_NAMES = ((), *map(_pot_names, range(1, 11)))


def _ending(lines: list[str], state: HandState, result: HandResult, table: _Table) -> None:
    """Showdown, collections and the summary."""
    append = lines.append
    names, money = table.names, table.money
    ranks = result.ranks
    shown = {}  # player -> their cards as written, for the showdown and the summary
    if ranks:
        append("*** SHOW DOWN ***")
        cards = state.cards
        for player in result.show_order:  # every player in ranks
            shown[player] = hand = _hand(cards[player])
            append(f"{names[player]}: shows [{hand}] ({_DESCRIPTIONS[ranks[player]]})")
    pots = len(result.pots)
    pot_names = _POT_NAMES[pots]
    for number in reversed(range(pots)):
        for player, amount in result.pot_shares[number].items():
            if amount:
                append(f"{names[player]} collected {money[amount]} from {pot_names[number]}")
    if not ranks:
        for player in result.collected:
            append(f"{names[player]}: doesn't show hand")
    append("*** SUMMARY ***")
    total = f"Total pot {money[result.total_pot]}"
    if pots > 1:
        for number, share in enumerate(result.pot_shares):
            total += f" {pot_names[number].capitalize()} {money[sum(share.values())]}."
    append(f"{total} | Rake {money[result.rake]}")
    labels = _seat_labels(table.seats, state.button, state.small_blind_player, state.big_blind_player)
    folded, fold_round, contributed, collected = state.folded, state.fold_round, state.contributed, result.collected
    for player, label in enumerate(labels):
        if folded[player]:
            round_index = fold_round[player]
            append(f"{label} {_FOLDED[round_index] if round_index or contributed[player] else _FOLDED_FREE}")
        elif player in ranks:
            won = collected.get(player, 0)
            described = f"with a {_DESCRIPTIONS[ranks[player]]}"
            outcome = f"won ({money[won]}) {described}" if won else f"lost {described}"
            append(f"{label} showed [{shown[player]}] and {outcome}")
        else:
            append(f"{label} collected ({money[collected.get(player, 0)]})")


@functools.lru_cache(maxsize=256)
def _seat_labels(seats: tuple[str, ...], button: int, small_blind: int, big_blind: int) -> tuple[str, ...]:
    """Each seat as the summary names it: ``Seat 1: Player1 (button) (small blind)`` (cached: they recur)."""
    tags = [""] * len(seats)
    tags[button] = " (button)"
    tags[small_blind] += " (small blind)"
    tags[big_blind] += " (big blind)"
    return tuple(map(add, seats, tags))


#: a summary's words for a player who folded in betting round 0..3 (and before the draw without putting in a chip)
_FOLDED = (
    "folded before the Draw",
    "folded after the 1st Draw",
    "folded after the 2nd Draw",
    "folded after the 3rd Draw",
)
_FOLDED_FREE = "folded before the Draw (didn't bet)"
