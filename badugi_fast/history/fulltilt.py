"""Full Tilt Poker text hand histories -> ``model.Hand`` (2010-2013 wordings, Badugi and mixed-game files).

Full Tilt writes actions without a colon (``Hero calls $0.10``) and chat with one (``allie3911: OMG``), streets
with the pot (``*** FIRST DRAW *** (Pot: $0.20)``) and winners as ``X wins the pot ($0.95) with ...``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from badugi_fast.history.common import (
    Builder,
    ParseError,
    amount,
    cards_in,
    dealt_line,
    game_info,
    marker,
    split_all_in,
    summary_line,
    uncalled_line,
)
from badugi_fast.history.model import Hand

__all__ = ["HEADER_PREFIX", "SITE", "is_header", "parse_hand"]

SITE = "Full Tilt"
HEADER_PREFIX = "Full Tilt Poker "

_HEADER = re.compile(r"Full Tilt Poker .*?Game #(\d+): *(.*)")
_SEAT = re.compile(r"Seat (\d+): (.+?) \(([$€£]?[\d,.]+)\)(.*)")
_BUTTON = re.compile(r"The button is in seat #(\d+)")
_STREETS = {"FIRST DRAW": 1, "SECOND DRAW": 2, "THIRD DRAW": 3}
_TOURNAMENT_WORDS = ("Tournament", "Sit & Go", "Sit&Go")


def is_header(line: str) -> bool:
    """Whether ``line`` starts a Full Tilt hand.

    >>> is_header("Full Tilt Poker Game #32617272179: Table Clackers (New to the Game) - FL Badugi - $0.10/$0.20")
    True
    """
    return line.startswith(HEADER_PREFIX) and "Game #" in line


def parse_hand(lines: Sequence[str], start: int, end: int) -> Hand:
    """The hand written on ``lines[start:end]``; only the header of a hand that is not Badugi is read."""
    header = _HEADER.match(lines[start])
    if header is None:
        raise ParseError("not a Full Tilt hand header", start)
    segments = header.group(2).split(" - ")
    # The game is the first segment after the table that starts with a letter: not stakes, not a time.
    game_text = next((part for part in segments[1:] if part[:1].isalpha()), "")
    game, is_badugi, limit = game_info(game_text)
    tournament = any(word in segments[0] for word in _TOURNAMENT_WORDS)
    hand = Hand(
        SITE,
        hand_id=header.group(1),
        game=game,
        limit=limit,
        is_badugi=is_badugi,
        tournament=tournament,
        places=0 if tournament else 2,
        table=segments[0].removeprefix("Table "),
        line=start + 1,
        uncalled={},
    )
    if is_badugi:
        _read_body(hand, lines, start + 1, end)
    return hand


def _read_body(hand: Hand, lines: Sequence[str], start: int, end: int) -> None:
    """Everything after the header line."""
    build = Builder(hand)
    section = 0  # 0: seats and blinds, 1: the play, 2: the summary
    index = start
    try:
        for index in range(start, end):
            line = lines[index]
            if not line:
                continue
            if line[0] == "*":
                words = marker(line)
                if words in _STREETS:
                    build.new_street(_STREETS[words])
                elif words == "SHOW DOWN":
                    hand.showdown = True
                elif words == "SUMMARY":
                    section = 2
                elif words:
                    section = 1
                continue
            if section == 2:
                summary_line(build, line)
            elif section == 0 and line.startswith("Seat "):
                seat = _SEAT.match(line)
                if seat is not None:
                    build.seat(int(seat.group(1)), seat.group(2), amount(seat.group(3)), "sitting out" in seat.group(4))
            elif line.startswith("The button is in seat #"):
                button = _BUTTON.match(line)
                if button is not None:
                    hand.button = int(button.group(1))
            else:
                found = build.actor(line)
                if found is not None and found[1] == " ":
                    _player_line(build, found[0], found[2])
                elif line.startswith("Dealt to "):
                    dealt_line(build, line)
                elif line.startswith("Uncalled bet "):
                    uncalled_line(build, line)
    except ValueError as error:
        raise ParseError(str(error), index) from None
    if section != 2:
        raise ParseError("the hand ends before its summary (truncated?)", end - 1)
    if not hand.seats:
        raise ParseError("no seat lines", start)


def _player_line(build: Builder, name: str, rest: str) -> None:
    """One ``name verb ...`` line."""
    verb, _, tail = rest.partition(" ")
    tail, all_in = split_all_in(tail)
    if verb == "folds":
        build.fold(name)
    elif verb == "checks":
        build.check(name)
    elif verb == "calls":
        build.call(name, amount(tail), all_in)
    elif verb == "bets":
        build.bet(name, amount(tail), all_in)
    elif verb == "raises":
        build.raise_to(name, amount(tail.rpartition(" ")[2]), all_in)
    elif verb == "posts":
        chips = amount(tail.rpartition(" ")[2])
        if "dead" in tail:
            build.post(name, chips, all_in, live=0)
        else:  # "the small blind of $0.02", "the big blind of $0.05", or "$2.50" when joining
            build.post(name, chips, all_in)
    elif verb == "antes":
        build.ante(name, amount(tail), all_in)
    elif verb == "discards":
        build.draw(name, int(tail.partition(" ")[0]))
    elif verb == "stands" and tail.startswith("pat"):
        build.draw(name, 0)
    elif verb == "shows":
        cards, _, description = tail.partition("]")
        build.show(name, cards_in(cards), description.strip() or None)
    elif verb == "mucks":
        build.muck(name)
    elif verb in ("wins", "ties"):  # "wins the pot ($0.95) with ...", "ties for the side pot #1 ($2)"
        build.collect(name, amount(tail.partition("(")[2].partition(")")[0]))
