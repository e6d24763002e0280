"""A played hand as PokerStars writes Badugi hand histories (the wordings of ``../shared/hand-histories/Stars``,
defined in ``wordings``), from the model hand (``formats.model.Hand``) that ``game.played.hand_of`` makes of a hand
the engine played: ``hand_text`` and ``write_histories`` take the engine's ``PlayedHand`` and write its model
(``model_text``, ``write_hands``). The model says what a history says, and the few things the engine knows that a
history's text does not (``Hand.number``, ``street``, ``blinds``, ``pot_shares``, ``Action.capped``).

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
from dataclasses import dataclass
from operator import add
from typing import TextIO

from badugi_fast._backend import backend
from badugi_fast.cards import card_str
from badugi_fast.formats.format import Writer
from badugi_fast.formats.kept import Kept
from badugi_fast.formats.model import Draw, Hand
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
from badugi_fast.game.played import hand_of
from badugi_fast.money import SCALE
from badugi_fast.rules.engine import PlayedHand

__all__ = ["WRITER", "hand_text", "model_text", "write_hands", "write_histories"]

_FIRST_DAY = datetime.date(2026, 1, 1)
_FIRST_SECOND = 12 * 3600  # the first hand starts at noon
_SECONDS_PER_HAND = 20
_SECONDS_PER_DAY = 24 * 3600
_CODES = {card_str(code): code for code in range(52)}  # "Ac" -> its code, for ranking the cards shown
_rank4: Callable[[int, int, int, int], int] = backend.rank4
_DESCRIPTIONS = [""] + [description(rank) for rank in range(1, 1093)]  # by rank number

# The wordings joined into the fewest pieces per line, once (each piece of an f-string costs a little, per line):
_HEADER_START = HEADER_PREFIX + HAND_NUMBERS[0]  # "PokerStars Game #"
_STACK_END = f"{IN_CHIPS})"  # "Seat 1: Hero ($10" + " in chips)"
_ALL_IN = ("", ALL_IN)  # by all_in
_MARKERS = tuple(map(marker_line, DRAWS))  # the line before draw k + 1
_DEALING, _SHOW_DOWN, _SUMMARY = marker_line(DEALING), marker_line(SHOW_DOWN), marker_line(SUMMARY)
_RAKE = FEES + RAKE  # "Total pot $5.95" + " | Rake " + "$0.25"
#: How the summary says a player folded: in betting round k (``_FOLDS[k]``), or before the draw without a bet
#: (``_FOLDS[_FREE]``)
_FOLDS = (*(f" {words}" for words in FOLDED), f" {FOLDED_FREE}")
_FREE = len(FOLDED)
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


def _chips(amount: int) -> str:
    """The model's hundredths of a chip as chips: whole (the engine's), or with the hundredths when there are any.

    >>> _chips(2500), _chips(2550)
    ('25', '25.50')
    """
    chips, hundredths = divmod(amount, SCALE)
    return f"{chips}.{_TWO_DIGITS[hundredths]}" if hundredths else str(chips)


def _clock(second: int) -> str:
    """Second ``second`` of a day as ``HH:MM:SS``."""
    hours, second = divmod(second, 3600)
    minutes, second = divmod(second, 60)
    return f"{_TWO_DIGITS[hours]}:{_TWO_DIGITS[minutes]}:{_TWO_DIGITS[second]}"


#: The most texts each of these keeps: the amounts, dates and clocks of a long run.
_KEPT = 1 << 16
_DOLLARS, _CHIPS = Kept[int, str](_dollars, most=_KEPT), Kept[int, str](_chips, most=_KEPT)
_DATES, _CLOCKS = Kept(_date, most=_KEPT), Kept(_clock, most=_KEPT)


def _hand(cards: Sequence[str]) -> str:
    """Four cards (a whole hand) as PokerStars writes them: ``2c 4d 6h 8s``."""
    first, second, third, fourth = cards
    return f"{first} {second} {third} {fourth}"


@dataclass(frozen=True, slots=True, eq=False)
class _Table:
    """What depends only on the table (players' names, limit, stakes, currency): worked out once per table, not
    once per hand or line. Most lines of a hand are one of these, kept whole by amount (the calls, bets and blinds:
    ``_amount_lines``), or one of these and an amount. (A slots class: its fields are read many times per hand,
    faster than a NamedTuple's; compared and hashed as itself, for ``_seat_labels``' cache.) The players' lines are
    keyed by name, as the model names players."""

    names: tuple[str, ...]
    money: Mapping[int, str]  # the model's hundredths -> "$0.25" (cash) or "25" (chips)
    game: str  # ":  Badugi Pot Limit ($0.10/$0.25 USD) - " (between the hand number and the date)
    buttons: tuple[str, ...]  # [b]: "Table 'Badugi Sim' 6-max Seat #b+1 is the button"
    seats: tuple[str, ...]  # "Seat 1: Player1"
    stacks: tuple[str, ...]  # "Seat 1: Player1 (" (then the stack)
    posts: dict[str, dict[str, Kept[int, str]]]  # [name]["small"][amount]: "Player1: posts small blind 10"
    dealt: dict[str, str]  # "Dealt to Player1 ["
    folds: dict[str, str]  # "Player1: folds"
    checks: dict[str, str]  # "Player1: checks"
    calls: dict[str, Kept[int, str]]  # [name][amount]: "Player1: calls 20" (amounts recur: whole lines are kept)
    bets: dict[str, Kept[int, str]]  # [name][amount]: "Player1: bets 20"
    raises: dict[str, str]  # "Player1: raises "
    draws: dict[str, tuple[str, ...]]  # [name][k]: "Player1: discards k cards", and "Player1: stands pat" for k = 0
    shows: dict[str, str]  # "Player1: shows ["
    collects: dict[str, str]  # "Player1 collected " (then the amount and _FROM_POTS)
    no_shows: dict[str, str]  # "Player1: doesn't show hand"


@functools.lru_cache(maxsize=64)
def _table(names: tuple[str, ...], limit: str, stakes: tuple[int, int], currency: str | None) -> _Table:
    """The ``_Table`` of these players at a table of this limit and these stakes (the model's hundredths),
    remembered: hands are written one by one."""
    money = _DOLLARS if currency else _CHIPS
    low, high = stakes
    stakes_text = f"{money[low]}/{money[high]} {currency}" if currency else f"{money[low]}/{money[high]}"
    seats = len(names)
    return _Table(
        names,
        money,
        f":  {GAME} {LIMITS[limit]} ({stakes_text}) - ",
        tuple(f"Table 'Badugi Sim' {seats}-max {SEAT}#{seat}{IS_THE_BUTTON}" for seat in range(1, seats + 1)),
        tuple(f"{SEAT}{seat}: {name}" for seat, name in enumerate(names, 1)),
        tuple(f"{SEAT}{seat}: {name} (" for seat, name in enumerate(names, 1)),
        {
            name: {blind: _amount_lines(f"{name}: {POSTS} {words} ", money) for blind, words in BLINDS.items()}
            for name in names
        },
        {name: f"{DEALT_TO}{name} [" for name in names},
        {name: f"{name}: {FOLDS}" for name in names},
        {name: f"{name}: {CHECKS}" for name in names},
        {name: _amount_lines(f"{name}: {CALLS} ", money) for name in names},
        {name: _amount_lines(f"{name}: {BETS} ", money) for name in names},
        {name: f"{name}: {RAISES} " for name in names},
        {
            name: (f"{name}: {STANDS_PAT}", *(f"{name}: {DISCARDS} {cards}" for cards in CARD_COUNTS[1:]))
            for name in names
        },
        {name: f"{name}: {SHOWS} [" for name in names},
        {name: f"{name}{COLLECTED}" for name in names},
        {name: f"{name}: {DOESNT_SHOW}" for name in names},
    )


def _amount_lines(start: str, money: Mapping[int, str]) -> Kept[int, str]:
    """``lines[amount]``: ``start`` and the amount, e.g. ``Player1: calls 20``."""
    return Kept(lambda amount: start + money[amount], most=1 << 10)


def _table_of(hand: Hand) -> _Table:
    """The ``_Table`` of a model hand (of the engine: its limit and stakes are known)."""
    if hand.limit is None or hand.stakes is None:
        raise ValueError(f"hand {hand.hand_id}: the PokerStars writer needs the hand's limit and stakes")
    return _table(tuple([seat.name for seat in hand.seats]), hand.limit, hand.stakes, hand.currency)


def hand_text(played: PlayedHand, currency: str | None = None, hero: int | None = 0, *, so_far: bool = False) -> str:
    """The PokerStars text of one hand, ending in a newline: ``model_text`` of its model (``game.played.hand_of``).

    ``currency`` (e.g. ``"USD"``) makes it a cash game in cents; None writes chips. ``hero`` is the player whose
    cards are written as they are dealt (None for nobody). ``so_far`` also takes a hand still being played and
    writes its lines up to now (no showdown or summary yet): what a site shows while the hand goes on.
    """
    return model_text(hand_of(played, currency, so_far=so_far), None if hero is None else played.names[hero], so_far)


def model_text(hand: Hand, hero: str | None = None, so_far: bool = False) -> str:
    """The PokerStars text of a model hand made by ``game.played.hand_of`` (``hero``: the player, by name, whose
    cards are written as they are dealt), ending in a newline; ``so_far`` as for ``hand_text``."""
    return "\n".join(_hand_lines(hand, _table_of(hand), hero, so_far)) + "\n"


def write_histories(hands: Iterable[PlayedHand], out: TextIO, currency: str | None = None, hero: int | None = 0) -> int:
    """Write every hand to ``out`` as a PokerStars file does (hands apart by blank lines): the model writer's lines of
    each hand's model (``game.played.hand_of``), with player ``hero``'s cards; returns the count."""
    count = 0
    names: tuple[str, ...] = ()
    rules = table = hero_name = None
    for played in hands:
        hand = hand_of(played, currency)
        if table is None or played.names is not names or played.state.rules is not rules:  # cheaper than _table_of()
            table, names, rules = _table_of(hand), played.names, played.state.rules
            hero_name = None if hero is None else names[hero]
        _write_lines(out, _hand_lines(hand, table, hero_name))
        count += 1
    return count


def write_hands(hands: Iterable[Hand], out: TextIO, hero: str | None = None) -> int:
    """Write every model hand (``game.played.hand_of``'s) to ``out`` as a PokerStars file does (hands apart by
    blank lines, ``hero`` named as for ``model_text``); returns the count."""
    count = 0
    table = last = None
    for hand in hands:
        key = (tuple([seat.name for seat in hand.seats]), hand.limit, hand.stakes, hand.currency)
        if table is None or key != last:  # cheaper than _table_of()
            table, last = _table_of(hand), key
        _write_lines(out, _hand_lines(hand, table, hero))
        count += 1
    return count


def _write_lines(out: TextIO, lines: list[str]) -> None:
    """Write a hand's lines, then the blank lines that end it."""
    lines.append("\n\n\n")  # the last line's end, then three blank lines: one write, no copy of the text
    out.write("\n".join(lines))


def _played_text(played: PlayedHand, number: int, hero: int | None, currency: str | None) -> str:
    """``hand_text`` as a ``Writer`` asks for one hand (a PokerStars hand has its own number: ``number`` is unused)."""
    return hand_text(played, currency, hero)


#: PokerStars hand histories, as ``formats.registry.WRITERS`` lists them (``badugi simulate``'s default).
WRITER = Writer("pokerstars", "txt", write_histories, _played_text)


def _hand_lines(hand: Hand, table: _Table, hero: str | None, so_far: bool = False) -> list[str]:
    """The lines of ``model_text`` at a table worked out already."""
    over = hand.total_pot is not None
    if not over and not so_far:
        raise ValueError("the hand is not over yet")
    money = table.money
    day, second = divmod(_FIRST_SECOND + _SECONDS_PER_HAND * (hand.number or 0), _SECONDS_PER_DAY)
    lines = [
        f"{_HEADER_START}{hand.hand_id}{table.game}{_DATES[day]} {_CLOCKS[second]} ET",
        table.buttons[(hand.button or 1) - 1],
    ]
    append = lines.append
    for seat, stack in zip(table.stacks, hand.seats, strict=False):
        append(f"{seat}{money[stack.stack]}{_STACK_END}")
    actions = hand.actions
    small, big = actions[0], actions[1]  # the engine posts both blinds first, the small blind first
    posts = table.posts
    append(posts[small.player]["small"][small.amount] + _ALL_IN[small.all_in])
    append(posts[big.player]["big"][big.amount] + _ALL_IN[big.all_in])
    append(_DEALING)
    if hero is not None:
        append(f"{table.dealt[hero]}{_hand(hand.dealt[hero])}]")
    rounds = _draw_lines(hand, table, hero)
    folds, checks = table.folds, table.checks
    calls, bets, raises = table.calls, table.bets, table.raises
    street = 0
    put = {small.player, big.player}  # who put chips in before the first draw (their fold is not a free one)
    level = hand.blinds[1] if hand.blinds else big.amount  # a big blind all in for less: the others call a whole one
    folded: dict[str, int] = {}  # player -> how the summary says they folded (``_FOLDS``)
    for action in actions[2:]:  # the commonest kinds first
        if action.street != street:  # the draws before this betting round
            for number in range(street + 1, action.street + 1):
                lines += rounds[number]
            street, level = action.street, 0
        player = action.player
        kind = action.kind
        if kind == "call":
            if not street:
                put.add(player)
            line = calls[player][action.amount]
            append(line + ALL_IN if action.all_in else line)
        elif kind == "fold":
            append(folds[player])
            folded[player] = street if street or player in put else _FREE
        elif kind == "check":
            append(checks[player])
        else:  # a bet or a raise: the round's new level
            if not street:
                put.add(player)
            to = action.to or 0
            if kind == "bet":
                line = bets[player][action.amount]
                append(line + ALL_IN if action.all_in else line)
            else:
                append(f"{raises[player]}{money[to - level]}{TO}{money[to]}{_ALL_IN[action.all_in]}")
            level = to
            if action.capped:
                append(CAPPED)
    # The engine returns an uncalled bet only at the end of the hand's last betting round (after it, at most one
    # player has chips to bet), so it follows the last action: one at most, written before the draws after it.
    if hand.uncalled:
        for player, amount in hand.uncalled.items():
            append(f"{UNCALLED}({money[amount]}){RETURNED_TO}{player}")
    for number in range(street + 1, hand.street + 1):  # draws after the last betting round (all in), or begun
        lines += rounds[number]
    if over:
        _ending(lines, hand, table, folded)
    return lines


def _draw_lines(hand: Hand, table: _Table, hero: str | None) -> list[list[str]]:
    """The lines of each draw, ``[k]`` for draw k (1..3): its marker line, then each player's draw (every player
    still in draws at each), written when the betting round before the next draw begins."""
    texts = table.draws
    rounds: list[list[str]] = [[], [_MARKERS[0]], [_MARKERS[1]], [_MARKERS[2]]]
    held = hand.dealt[hero] if hero is not None else ()  # the hero's cards
    for draw in hand.draws:
        if draw.player != hero:
            rounds[draw.street].append(texts[draw.player][draw.discarded])
        else:
            line, held = _hero_draw(draw, held)
            rounds[draw.street].append(line)
    return rounds


def _hero_draw(draw: Draw, held: tuple[str, ...]) -> tuple[str, tuple[str, ...]]:
    """The line (or two lines) of the hero's draw, which shows the cards, and the hero's cards after it (those kept,
    in the order held, then the new ones: the engine's order)."""
    name = draw.player
    thrown = draw.thrown or ()
    if not thrown:
        return f"{name}: {STANDS_PAT}{ON}[{_hand(held)}]", held
    kept = tuple([card for card in held if card not in thrown])
    new = draw.new_cards or ()
    dealt = f"[{' '.join(kept)}] [{' '.join(new)}]" if kept else f"[{' '.join(new)}]"
    return f"{name}: {DISCARDS} {CARD_COUNTS[len(thrown)]} [{' '.join(thrown)}]\n{DEALT_TO}{name} {dealt}", kept + new


#: ``_POT_NAMES[count]`` is ``pot_names(count)``: a hand has at most one pot per player, ten at a full table
_POT_NAMES = ((), *map(pot_names, range(1, 11)))
#: ``_FROM_POTS[count][k]``: " from side pot-1" (after "Player1 collected $2.55")
_FROM_POTS = tuple(tuple(f"{FROM}{name}" for name in names) for names in _POT_NAMES)


def _ending(lines: list[str], hand: Hand, table: _Table, folded: dict[str, int]) -> None:
    """Showdown, collections and the summary (``folded``: how the summary says each folded player folded, an index
    into ``_FOLDS``)."""
    append = lines.append
    money = table.money
    ranks = {}  # player -> rank number of the hand they show
    shown = {}  # player -> their cards as written, for the showdown and the summary
    if hand.shown:  # at a showdown every player still in shows
        append(_SHOW_DOWN)
        cards, shows, codes = hand.cards, table.shows, _CODES
        for player in hand.shown:
            first, second, third, fourth = cards[player]
            shown[player] = text = f"{first} {second} {third} {fourth}"
            rank = ranks[player] = _rank4(codes[first], codes[second], codes[third], codes[fourth])
            append(f"{shows[player]}{text}] ({_DESCRIPTIONS[rank]})")
    pot_shares = hand.pot_shares or []
    pots = len(pot_shares)
    collects, from_pots = table.collects, _FROM_POTS[pots]
    for number in reversed(range(pots)):
        for player, amount in pot_shares[number].items():
            if amount:
                append(f"{collects[player]}{money[amount]}{from_pots[number]}")
    collected = hand.collected
    if not ranks:
        for player in collected:
            append(table.no_shows[player])
    append(_SUMMARY)
    total = f"{TOTAL_POT}{money[hand.total_pot or 0]}"
    if pots > 1:
        for name, share in zip(_POT_NAMES[pots], pot_shares, strict=True):
            total += f" {name.capitalize()} {money[sum(share.values())]}."
    append(f"{total}{_RAKE}{money[hand.rake or 0]}")
    actions = hand.actions
    labels, folds = _seat_labels(table, (hand.button or 1) - 1, actions[0].player, actions[1].player)
    for seat, player in enumerate(table.names):  # (the table's names are the seats')
        how = folded.get(player)
        if how is not None:
            append(folds[seat][how])
            continue
        label = labels[seat]
        if player in ranks:
            won = collected.get(player, 0)
            described = _WITH[ranks[player]]
            if won:
                append(f"{label}{SHOWED}{shown[player]}{_WON}{money[won]}){described}")
            else:
                append(f"{label}{SHOWED}{shown[player]}{_LOST}{described}")
        else:
            append(f"{label}{_COLLECTED}{money[collected.get(player, 0)]})")


@functools.lru_cache(maxsize=256)
def _seat_labels(
    table: _Table, button: int, small_blind: str, big_blind: str
) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """Each seat as the summary names it, ``Seat 1: Player1 (button) (small blind)``, and its whole summary line
    for each way of folding (``_FOLDS``), cached: they recur."""
    names = table.names
    tags = [""] * len(names)
    tags[button] = TAGS["button"]
    tags[names.index(small_blind)] += TAGS["small"]
    tags[names.index(big_blind)] += TAGS["big"]
    labels = tuple(map(add, table.seats, tags))
    return labels, tuple(tuple(label + words for words in _FOLDS) for label in labels)
