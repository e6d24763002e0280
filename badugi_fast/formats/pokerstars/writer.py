"""A played hand as PokerStars writes Badugi hand histories (the wordings of ``../shared/hand-histories/Stars``,
defined in ``wordings``), from the engine's events (``badugi_fast.rules.events``).

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
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from operator import add
from typing import TextIO

from badugi_fast.cards import card_str
from badugi_fast.formats.format import Writer
from badugi_fast.formats.kept import Kept
from badugi_fast.formats.pokerstars.wordings import (
    ALL_IN,
    BETS,
    BLINDS,
    CALLS,
    CAPPED,
    CARD_COUNTS,
    CHECKS,
    COLLECTED,
    DEALING,
    DEALT_TO,
    DISCARDS,
    DOESNT_SHOW,
    DRAWS,
    FEES,
    FOLDED,
    FOLDED_FREE,
    FOLDS,
    FROM,
    GAME,
    HAND_NUMBERS,
    HEADER_PREFIX,
    IN_CHIPS,
    IS_THE_BUTTON,
    LIMITS,
    LOST,
    ON,
    POSTS,
    RAISES,
    RAKE,
    RETURNED_TO,
    SEAT,
    SHOW_DOWN,
    SHOWED,
    SHOWS,
    STANDS_PAT,
    SUMMARY,
    TAGS,
    TO,
    TOTAL_POT,
    UNCALLED,
    WITH_A,
    WON,
    description,
    marker_line,
    pot_names,
)
from badugi_fast.rules.engine import HandResult, HandState, PlayedHand, TableRules
from badugi_fast.rules.events import DrawCards

__all__ = ["WRITER", "hand_text", "write_histories"]

_FIRST_DAY = datetime.date(2026, 1, 1)
_FIRST_SECOND = 12 * 3600  # the first hand starts at noon
_SECONDS_PER_HAND = 20
_SECONDS_PER_DAY = 24 * 3600
_CARD = [card_str(code) for code in range(52)]
_DESCRIPTIONS = [""] + [description(rank) for rank in range(1, 1093)]  # by rank number

# The wordings joined into the fewest pieces per line, once (each piece of an f-string costs a little, per line):
_HEADER_START = HEADER_PREFIX + HAND_NUMBERS[0]  # "PokerStars Game #"
_STACK_END = f"{IN_CHIPS})"  # "Seat 1: Hero ($10" + " in chips)"
_ALL_IN = ("", ALL_IN)  # by all_in
_MARKERS = tuple(map(marker_line, DRAWS))  # the line before draw k + 1
_DEALING, _SHOW_DOWN, _SUMMARY = marker_line(DEALING), marker_line(SHOW_DOWN), marker_line(SUMMARY)
_RAKE = FEES + RAKE  # "Total pot $5.95" + " | Rake " + "$0.25"
_FOLDED = tuple(f" {words}" for words in FOLDED)  # by betting round
_FOLDED_FREE = f" {FOLDED_FREE}"
_WON, _LOST = f"] and {WON} (", f"] and {LOST}"  # "... showed [2c 4d 6h 8s" + "] and won (" + "$5.70" + ")"
_WITH = [f"{WITH_A}{words}" for words in _DESCRIPTIONS]  # " with a Badugi: 8,6,4,2", by rank number
_COLLECTED = f"{COLLECTED}("  # "Seat 1: Hero" + " collected (" + "$5.70" + ")"


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


#: The most texts each of these keeps: the amounts, dates and clocks of a long run.
_KEPT = 1 << 16
_DOLLARS, _CHIPS = Kept[int, str](_dollars, most=_KEPT), Kept[int, str](str, most=_KEPT)
_DATES, _CLOCKS = Kept(_date, most=_KEPT), Kept(_clock, most=_KEPT)


def _cards(codes: Iterable[int]) -> str:
    return " ".join([_CARD[code] for code in codes])


def _hand(cards: Sequence[int]) -> str:
    """Four cards (a whole hand): ``_cards`` without the loop."""
    first, second, third, fourth = cards
    return f"{_CARD[first]} {_CARD[second]} {_CARD[third]} {_CARD[fourth]}"


@dataclass(frozen=True, slots=True)
class _Table:
    """What depends only on the table (players' names, rules, currency): worked out once per table, not once per
    hand or line. Most lines of a hand are one of these, or one of these and an amount. (A slots class: its fields
    are read many times per hand, faster than a NamedTuple's.)"""

    names: tuple[str, ...]
    rules: TableRules
    currency: str | None
    money: Mapping[int, str]  # chips -> "$0.25" (cash) or "25"
    game: str  # ":  Badugi Pot Limit ($0.10/$0.25 USD) - " (between the hand number and the date)
    buttons: tuple[str, ...]  # [b]: "Table 'Badugi Sim' 6-max Seat #b+1 is the button"
    seats: tuple[str, ...]  # "Seat 1: Player1"
    stacks: tuple[str, ...]  # "Seat 1: Player1 (" (then the stack)
    posts: tuple[dict[str, str], ...]  # [p]["small"]: "Player1: posts small blind "
    dealt: tuple[str, ...]  # "Dealt to Player1 ["
    folds: tuple[str, ...]  # "Player1: folds"
    checks: tuple[str, ...]  # "Player1: checks"
    calls: tuple[str, ...]  # "Player1: calls " (then the amount)
    bets: tuple[str, ...]  # "Player1: bets "
    raises: tuple[str, ...]  # "Player1: raises "
    draws: tuple[tuple[str, ...], ...]  # [p][k]: "Player1: discards k cards", and "Player1: stands pat" for k = 0
    shows: tuple[str, ...]  # "Player1: shows ["
    collects: tuple[str, ...]  # "Player1 collected " (then the amount and _FROM_POTS)
    no_shows: tuple[str, ...]  # "Player1: doesn't show hand"


@functools.lru_cache(maxsize=64)
def _table(names: tuple[str, ...], rules: TableRules, currency: str | None) -> _Table:
    """The ``_Table`` of these players at a table of these rules (remembered: ``hand_text`` is asked hand by hand)."""
    money = _DOLLARS if currency else _CHIPS
    low, high = rules.stakes
    stakes = f"{money[low]}/{money[high]} {currency}" if currency else f"{low}/{high}"
    seats = len(names)
    return _Table(
        names,
        rules,
        currency,
        money,
        f":  {GAME} {LIMITS[rules.limit]} ({stakes}) - ",
        tuple(f"Table 'Badugi Sim' {seats}-max {SEAT}#{seat}{IS_THE_BUTTON}" for seat in range(1, seats + 1)),
        tuple(f"{SEAT}{seat}: {name}" for seat, name in enumerate(names, 1)),
        tuple(f"{SEAT}{seat}: {name} (" for seat, name in enumerate(names, 1)),
        tuple({blind: f"{name}: {POSTS} {words} " for blind, words in BLINDS.items()} for name in names),
        tuple(f"{DEALT_TO}{name} [" for name in names),
        tuple(f"{name}: {FOLDS}" for name in names),
        tuple(f"{name}: {CHECKS}" for name in names),
        tuple(f"{name}: {CALLS} " for name in names),
        tuple(f"{name}: {BETS} " for name in names),
        tuple(f"{name}: {RAISES} " for name in names),
        tuple(
            (f"{name}: {STANDS_PAT}", *(f"{name}: {DISCARDS} {cards}" for cards in CARD_COUNTS[1:])) for name in names
        ),
        tuple(f"{name}: {SHOWS} [" for name in names),
        tuple(f"{name}{COLLECTED}" for name in names),
        tuple(f"{name}: {DOESNT_SHOW}" for name in names),
    )


def hand_text(played: PlayedHand, currency: str | None = None, hero: int | None = 0, *, so_far: bool = False) -> str:
    """The PokerStars text of one hand, ending in a newline.

    ``currency`` (e.g. ``"USD"``) makes it a cash game in cents; None writes chips. ``hero`` is the player whose
    cards are written as they are dealt (None for nobody). ``so_far`` also takes a hand still being played and
    writes its lines up to now (no showdown or summary yet): what a site shows while the hand goes on.
    """
    return "\n".join(_hand_lines(played, _table(played.names, played.state.rules, currency), hero, so_far)) + "\n"


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


def _played_text(played: PlayedHand, number: int, hero: int | None, currency: str | None) -> str:
    """``hand_text`` as a ``Writer`` asks for one hand (a PokerStars hand has its own number: ``number`` is unused)."""
    return hand_text(played, currency, hero)


#: PokerStars hand histories, as ``formats.registry.WRITERS`` lists them (``badugi simulate``'s default).
WRITER = Writer("pokerstars", "txt", write_histories, _played_text)


def _hand_lines(played: PlayedHand, table: _Table, hero: int | None, so_far: bool = False) -> list[str]:
    """The lines of ``hand_text`` at a table worked out already."""
    state = played.state
    result = state.result
    if result is None and not so_far:
        raise ValueError("the hand is not over yet")
    money = table.money
    names = table.names
    day, second = divmod(_FIRST_SECOND + _SECONDS_PER_HAND * played.number, _SECONDS_PER_DAY)
    lines = [
        f"{_HEADER_START}{played.hand_id}{table.game}{_DATES[day]} {_CLOCKS[second]} ET",
        table.buttons[state.button],
    ]
    append = lines.append
    for seat, stack in zip(table.stacks, state.starting_stacks, strict=False):
        append(f"{seat}{money[stack]}{_STACK_END}")
    events = state.events
    posts = table.posts
    for post in events[:2]:
        if post[0] == "post":  # always: the engine posts both blinds first
            _, player, blind, amount, all_in = post
            append(f"{posts[player][blind]}{money[amount]}{_ALL_IN[all_in]}")
    append(_DEALING)
    if hero is not None:
        append(f"{table.dealt[hero]}{_hand(state.dealt[hero])}]")
    folds, checks, draws = table.folds, table.checks, table.draws
    calls, bets, raises = table.calls, table.bets, table.raises
    for event in events[2:]:  # the commonest kinds first
        if event[0] == "draw":
            player = event[1]
            append(draws[player][len(event[2])] if player != hero else _hero_draw(event, names[player]))
        elif event[0] == "call":
            _, player, amount, all_in = event
            append(f"{calls[player]}{money[amount]}{_ALL_IN[all_in]}")
        elif event[0] == "fold":
            append(folds[event[1]])
        elif event[0] == "check":
            append(checks[event[1]])
        elif event[0] == "street":
            append(_MARKERS[event[1] - 1])
        elif event[0] == "bet":
            _, player, amount, all_in = event
            append(f"{bets[player]}{money[amount]}{_ALL_IN[all_in]}")
        elif event[0] == "raise":
            _, player, increment, total, all_in = event
            append(f"{raises[player]}{money[increment]}{TO}{money[total]}{_ALL_IN[all_in]}")
        elif event[0] == "uncalled":
            _, player, amount = event
            append(f"{UNCALLED}({money[amount]}){RETURNED_TO}{names[player]}")
        elif event[0] == "capped":
            append(CAPPED)
    if result is not None:
        _ending(lines, state, result, table)
    return lines


def _hero_draw(event: DrawCards, name: str) -> str:
    """The line (or two lines) of the hero's draw, which shows the cards."""
    _, _, thrown, kept, new = event
    if not thrown:
        return f"{name}: {STANDS_PAT}{ON}[{_hand(kept)}]"
    dealt = f"[{_cards(kept)}] [{_cards(new)}]" if kept else f"[{_cards(new)}]"
    return f"{name}: {DISCARDS} {CARD_COUNTS[len(thrown)]} [{_cards(thrown)}]\n{DEALT_TO}{name} {dealt}"


#: ``_POT_NAMES[count]`` is ``pot_names(count)``: a hand has at most one pot per player, ten at a full table
_POT_NAMES = ((), *map(pot_names, range(1, 11)))
#: ``_FROM_POTS[count][k]``: " from side pot-1" (after "Player1 collected $2.55")
_FROM_POTS = tuple(tuple(f"{FROM}{name}" for name in names) for names in _POT_NAMES)


def _ending(lines: list[str], state: HandState, result: HandResult, table: _Table) -> None:
    """Showdown, collections and the summary."""
    append = lines.append
    money = table.money
    ranks = result.ranks
    shown = {}  # player -> their cards as written, for the showdown and the summary
    if ranks:
        append(_SHOW_DOWN)
        cards, shows = state.cards, table.shows
        for player in result.show_order:  # every player in ranks
            shown[player] = hand = _hand(cards[player])
            append(f"{shows[player]}{hand}] ({_DESCRIPTIONS[ranks[player]]})")
    pots = len(result.pots)
    collects, from_pots = table.collects, _FROM_POTS[pots]
    for number in reversed(range(pots)):
        for player, amount in result.pot_shares[number].items():
            if amount:
                append(f"{collects[player]}{money[amount]}{from_pots[number]}")
    if not ranks:
        for player in result.collected:
            append(table.no_shows[player])
    append(_SUMMARY)
    total = f"{TOTAL_POT}{money[result.total_pot]}"
    if pots > 1:
        for name, share in zip(_POT_NAMES[pots], result.pot_shares, strict=True):
            total += f" {name.capitalize()} {money[sum(share.values())]}."
    append(f"{total}{_RAKE}{money[result.rake]}")
    labels = _seat_labels(table.seats, state.button, state.small_blind_player, state.big_blind_player)
    folded, fold_round, contributed, collected = state.folded, state.fold_round, state.contributed, result.collected
    for player, label in enumerate(labels):
        if folded[player]:
            round_index = fold_round[player]
            append(f"{label}{_FOLDED[round_index] if round_index or contributed[player] else _FOLDED_FREE}")
        elif player in ranks:
            won = collected.get(player, 0)
            described = _WITH[ranks[player]]
            if won:
                append(f"{label}{SHOWED}{shown[player]}{_WON}{money[won]}){described}")
            else:
                append(f"{label}{SHOWED}{shown[player]}{_LOST}{described}")
        else:
            append(f"{label}{_COLLECTED}{money[collected.get(player, 0)]})")


@functools.lru_cache(maxsize=256)
def _seat_labels(seats: tuple[str, ...], button: int, small_blind: int, big_blind: int) -> tuple[str, ...]:
    """Each seat as the summary names it: ``Seat 1: Player1 (button) (small blind)`` (cached: they recur)."""
    tags = [""] * len(seats)
    tags[button] = TAGS["button"]
    tags[small_blind] += TAGS["small"]
    tags[big_blind] += TAGS["big"]
    return tuple(map(add, seats, tags))
