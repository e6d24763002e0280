"""KingsClub text hand histories -> ``model.Hand``.

KingsClub numbers its rounds (``*** 2ND BETTING ROUND ***``), writes no currency, uses thousands separators,
writes **calls as the caller's total for the round** (``Player0 calls 90`` after ``raises to 60``), has no showdown
marker and no hand descriptions, and pays winners in the summary: ``Player1 wins pot (568.25)`` or
``Hero wins (168) from pot``.
"""

from __future__ import annotations

from collections.abc import Sequence

from badugi_fast.formats.builder import Builder
from badugi_fast.formats.common import ParseError, game_info
from badugi_fast.formats.format import TextFormat
from badugi_fast.formats.lines import dealt_line, marker, player_action
from badugi_fast.formats.model import Hand
from badugi_fast.money import parse_amount
from badugi_fast.patterns import pattern

__all__ = ["FORMAT", "SITE", "parse_hand"]

SITE = "KingsClub"
_HEADER_PREFIX = "#"

_HEADER = pattern(r"#(\d+): (.*?) - (.*)")

#: A newline and the start of a line that starts a hand (mirrored in csrc/sites.c: kingsclub_header()).
_HEADER_LINE = pattern(r"\n#\d+: [^\n]*? - ")
_TABLE = pattern(r"Table '(.*)' Seat (\d+) is the button")
_SEAT = pattern(r"Seat (\d+): (.+?) \(([\d,.]+)\)")
_ROUNDS = {
    "1ST BETTING ROUND": 0,
    "1ST DRAW": 1,
    "2ND BETTING ROUND": 1,
    "2ND DRAW": 2,
    "3RD BETTING ROUND": 2,
    "3RD DRAW": 3,
    "4TH BETTING ROUND": 3,
}
_LAST_ROUND = "4TH BETTING ROUND"


def parse_hand(lines: Sequence[str], start: int, end: int) -> Hand:
    """The hand written on ``lines[start:end]``; only the header of a hand that is not Badugi is read."""
    header = _HEADER.match(lines[start])
    if header is None:
        raise ParseError("not a KingsClub hand header", start)
    game, is_badugi, limit = game_info(header.group(2))
    hand = Hand(SITE, hand_id=header.group(1), game=game, limit=limit, is_badugi=is_badugi, line=start + 1)
    if is_badugi:
        _read_body(hand, lines, start + 1, end)
    return hand


def _read_body(hand: Hand, lines: Sequence[str], start: int, end: int) -> None:
    """Everything after the header line."""
    build = Builder(hand)
    build.facts(lines[start - 1].partition(" - ")[2], lines[start] if start < end else "")  # the date's own line
    section = 0  # 0: seats, 1: the play, 2: the last betting round, 3: the summary
    index = start
    try:
        for index in range(start, end):
            line = lines[index]
            build.line = index
            if not line:
                continue
            if line[0] == "*":
                words = marker(line)
                if words in _ROUNDS:
                    build.new_street(_ROUNDS[words])
                    section = 2 if words == _LAST_ROUND else 1
                elif words == "SUMMARY":
                    section = 3
                continue
            if section == 0:
                if line.startswith("Seat "):
                    seat = _SEAT.match(line)
                    if seat is not None:
                        build.seat(int(seat.group(1)), seat.group(2), parse_amount(seat.group(3)))
                elif line.startswith("Table '"):
                    table = _TABLE.match(line)
                    if table is not None:
                        hand.table, hand.button = table.group(1), int(table.group(2))
            elif section == 3:
                _summary_line(build, line)
            elif line.startswith("Dealt to "):
                dealt_line(build, line)
            else:
                found = build.actor(line)
                if found is not None:
                    name, _, rest = found
                    if section == 2 and rest.startswith(("shows", "mucks")) and len(build.active()) > 1:
                        hand.showdown = True  # no marker on KingsClub: hands shown after the last round
                    player_action(build, name, rest, call_totals=True)
    except ValueError as error:
        raise ParseError(str(error), index) from None
    if section != 3:
        raise ParseError("the hand ends before its summary (truncated?)", end - 1)
    if not hand.seats:
        raise ParseError("no seat lines", start)
    build.done()


def _summary_line(build: Builder, line: str) -> None:
    """``Rake 1.75`` and the winners: ``Player1 wins pot (568.25)`` or ``Hero wins (168) from pot``."""
    if line.startswith("Rake "):
        build.hand.rake = parse_amount(line[5:])
    elif " wins " in line and not line.startswith("Seat "):
        name, _, rest = line.partition(" wins ")
        build.collect(name, parse_amount(rest.partition("(")[2].partition(")")[0]))


#: KingsClub hand histories, as ``formats.registry`` lists them.
FORMAT = TextFormat(SITE, _HEADER_PREFIX, _HEADER_LINE, parse_hand, c_matcher="kingsclub")
