"""PokerStars text hand histories -> ``model.Hand`` (cash, tournament, home-game and mixed-game files).

The wordings are those of real PokerStars files (see ``../shared/hand-histories/README.md``). Actions are written
``name: verb ...``; lines without the colon (chat, joining, leaving, sitting out, timing out) never move money and
are skipped, except ``X collected ...``. Lines are read once, in order, with plain string tests: this is the hot
path of ``badugi score``.
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

SITE = "PokerStars"
HEADER_PREFIX = "PokerStars "

_HEADER = re.compile(r"PokerStars .*?(?:Game|Hand) #(\d+): +(.*)")
_TOURNAMENT = re.compile(r"(?:\{[^}]*\} *)?Tournament #\d+, (?:Freeroll|\S+(?: [A-Z]{3})?) (.*)")
_TABLE = re.compile(r"Table '(.*)' .*?Seat #(\d+) is the button")
_SEAT = re.compile(r"Seat (\d+): (.+?) \([$€£]?([\d,.]+) in chips(?:,[^)]*)?\)(.*)")
_STREETS = {"FIRST DRAW": 1, "SECOND DRAW": 2, "THIRD DRAW": 3}


def is_header(line: str) -> bool:
    """Whether ``line`` starts a PokerStars hand.

    >>> is_header("PokerStars Game #49164202872:  Badugi Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET")
    True
    """
    return line.startswith(HEADER_PREFIX) and ("Game #" in line or "Hand #" in line)


def parse_hand(lines: Sequence[str], start: int, end: int) -> Hand:
    """The hand written on ``lines[start:end]`` (``lines[start]`` is its header); only the header of a hand that
    is not Badugi is read."""
    header = _HEADER.match(lines[start])
    if header is None:
        raise ParseError("not a PokerStars hand header", start)
    segment = header.group(2).split(" - ", 1)[0]
    tournament = _TOURNAMENT.match(segment)
    name, _, inside = (tournament.group(1) if tournament else segment).partition(" (")
    if inside[:1].isalpha():  # a mixed game names the game being played: "8-Game (Badugi Limit, $0.10/$0.20)"
        name = inside.partition(",")[0].rstrip(")")
    game, is_badugi, limit = game_info(name)
    hand = Hand(
        SITE,
        hand_id=header.group(1),
        game=game,
        limit=limit,
        is_badugi=is_badugi,
        tournament=tournament is not None,
        places=0 if tournament is not None or not any(sign in segment for sign in "$€£") else 2,
        line=start + 1,
        uncalled={},
    )
    if is_badugi:
        _read_body(hand, lines, start + 1, end)
    return hand


def _read_body(hand: Hand, lines: Sequence[str], start: int, end: int) -> None:
    """Everything after the header line."""
    build = Builder(hand)
    big_blind = 0
    section = 0  # 0: seats and blinds, 1: the play, 2: the summary
    names = build.names
    index = start
    try:
        for index, line in enumerate(lines[start:end], start):  # noqa: B007 -- the except clause names it
            if not line:
                continue
            colon = line.find(": ")
            if colon > 0 and section != 2 and line[:colon] in names:  # the common case: "name: verb ..."
                big_blind = _player_line(build, line[:colon], line[colon + 2 :], big_blind)
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
            elif line.startswith("Table '"):
                table = _TABLE.match(line)
                if table is not None:
                    hand.table, hand.button = table.group(1), int(table.group(2))
            else:
                found = build.actor(line)
                if found is not None and found[1] == ":":
                    big_blind = _player_line(build, found[0], found[2], big_blind)
                elif line.startswith("Dealt to "):
                    dealt_line(build, line)
                elif line.startswith("Uncalled bet "):
                    uncalled_line(build, line)
                elif " collected " in line:
                    name, _, rest = line.partition(" collected ")
                    build.collect(name, amount(rest.partition(" ")[0]))
    except ValueError as error:
        raise ParseError(str(error), index) from None
    if section != 2:
        raise ParseError("the hand ends before its summary (truncated?)", end - 1)
    if not hand.seats:
        raise ParseError("no seat lines", start)


def _player_line(build: Builder, name: str, rest: str, big_blind: int) -> int:
    """One ``name: verb ...`` line; returns the big blind seen so far (for "posts small & big blinds")."""
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
        build.raise_to(name, amount(tail.rpartition(" to ")[2]), all_in)
    elif verb == "posts":
        what, _, chips_text = tail.rpartition(" ")
        chips = amount(chips_text)
        if "ante" in what:
            build.ante(name, chips, all_in)
        elif "&" in what:  # small & big blinds: the small one is dead money
            build.post(name, chips, all_in, live=min(chips, big_blind) if big_blind else None)
        else:
            build.post(name, chips, all_in)
            if what == "big blind":
                big_blind = max(big_blind, chips)
    elif verb == "discards":
        build.draw(name, int(tail.partition(" ")[0]))
    elif verb == "stands":
        build.draw(name, 0)
        if "[" in tail:
            build.dealt(name, cards_in(tail))
    elif verb == "shows":
        cards, _, description = tail.partition("]")
        build.show(name, cards_in(cards), description.strip(" ()") or None)
    elif verb == "mucks":
        build.muck(name)
    return big_blind
