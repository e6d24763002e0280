"""Merge Network XML hand histories -> ``model.Hand``.

A Merge file is a run of ``<description type="Badugi" stakes="Pot Limit ($0.05/$0.10)"/>`` and ``<game>``
elements with no single root, so each ``<game>`` is parsed on its own, with the last description before it.
Seats are numbered from 0 and events name players by seat. ``RAISE`` amounts are the chips put in by the raise.
The ``<winner>`` amount includes the winner's own uncalled bet (no uncalled record is written) and there is no
rake line: the scorer works both out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from badugi_fast.formats.builder import Builder
from badugi_fast.formats.common import ParseError, cards_in, game_info
from badugi_fast.formats.format import TextFormat
from badugi_fast.formats.model import Hand
from badugi_fast.money import parse_amount
from badugi_fast.patterns import pattern

if TYPE_CHECKING:
    from xml.etree import ElementTree

__all__ = ["FORMAT", "SITE", "description_of", "parse_hand"]

SITE = "Merge"
_HEADER_PREFIX = "<game"
#: The lines before a ``<game>`` where its ``<description>`` may be.
LEAD_LINES = 20

#: A newline and the start of a line that starts a hand: ``<game`` then a space (``<game id=...>``), or ``<game`` alone
#: on its line (the attributes on the lines after it). Mirrored in csrc/sites.c: merge_header().
_HEADER_LINE = pattern(r"\n<game(?: |[^\S\n]*(?![^\n]))")

#: The currency of Merge's real money (``realmoney="true"``) and of its amounts in dollars (``$0.05/$0.10``).
_DOLLARS = "USD"

_DESCRIPTION_TAG = pattern(r"<description\s[^>]*")
#: round id -> street (draw rounds and the betting after them share a street)
_ROUNDS = {
    "BLINDS": 0,
    "PRE_FIRST_DRAW": 0,
    "FIRST_DRAW": 1,
    "POST_FIRST_DRAW": 1,
    "SECOND_DRAW": 2,
    "POST_SECOND_DRAW": 2,
    "THIRD_DRAW": 3,
    "POST_THIRD_DRAW": 3,
}


def parse_hand(lines: Sequence[str], start: int, end: int) -> Hand:
    """The ``<game>`` element starting at ``lines[start]``, up to ``</game>`` before ``lines[end]``."""
    from xml.etree import ElementTree  # only for a Merge hand: the registry lists this format for every command

    close = next((i for i in range(start, end) if "</game>" in lines[i]), None)
    if close is None:
        raise ParseError("the <game> element is not closed (truncated?)", end - 1)
    try:
        game = ElementTree.fromstring("\n".join(lines[start : close + 1]).partition("</game>")[0] + "</game>")
    except ElementTree.ParseError as error:
        raise ParseError(f"bad XML: {error}", start + error.position[0] - 1) from None
    kind, stakes = _description_before(lines, start)
    name, is_badugi, _ = game_info(kind)
    limit = game_info(stakes)[2]
    hand = Hand(
        SITE,
        hand_id=game.get("id", ""),
        game=name,
        limit=limit,
        is_badugi=is_badugi,
        places=2 if game.get("realmoney", "true") == "true" else 0,
        table=game.get("data", "").split("|")[1:2][0] if "|" in game.get("data", "") else "",
        line=start + 1,
    )
    if is_badugi:
        started = game.get("starttime", "")
        stamp = f"{started[:4]}-{started[4:6]}-{started[6:8]} {started[8:10]}:{started[10:12]}:{started[12:14]}"
        Builder(hand).facts(stakes, stamp, dollars=_DOLLARS)
        if hand.currency is None and game.get("realmoney") == "true":
            hand.currency = _DOLLARS  # real money on Merge, whose tables played in dollars
        try:
            _read_game(hand, game)
        except (ValueError, KeyError) as error:
            raise ParseError(f"bad game element: {error}", start) from None
    return hand


def _description_before(lines: Sequence[str], start: int) -> tuple[str, str]:
    """``(type, stakes)`` of the last ``<description>`` before line ``start`` (a few lines back at most)."""
    for index in range(start - 1, max(start - 1 - LEAD_LINES, -1), -1):
        found = description_of(lines[index])
        if found is not None:
            return found
        if "</game>" in lines[index]:
            break
    return "", ""


def description_of(line: str) -> tuple[str, str] | None:
    r"""``(type, stakes)`` of the first ``<description ... type="..." ... stakes="...">`` tag of ``line``, or None.

    This is what ``re.search(r'<description\s[^>]*?type="([^"]*)"[^>]*?stakes="([^"]*)"', line)`` finds, in time
    linear in the line; that pattern takes quadratic time on a long line with many ``type=""`` and no ``stakes``
    (each ``type`` scans the rest of the tag) or many ``<description`` and no ``>``. The same search, step by step:
    a ``<description`` is tried only if it is the first of its stretch without ``>`` (a later one in the stretch
    has fewer places to look); its ``type`` values are tried in order, each followed by the first ``stakes="``
    before the next ``>``, which needs a ``"`` after it; a stretch already searched without success is not
    searched again.

    >>> description_of('<description type="Badugi" stakes="Pot Limit ($0.05/$0.10)"/>')
    ('Badugi', 'Pot Limit ($0.05/$0.10)')
    >>> description_of('<description stakes="x" type="Badugi"/>') is None
    True
    """
    last_quote = line.rfind('"')
    searched = -1  # no stakes to find from anywhere before this ">" (or the end of the line)
    for tag in _DESCRIPTION_TAG.finditer(line):
        at = tag.start() + len("<description ")
        while (at := line.find('type="', at, tag.end())) >= 0:
            close = line.find('"', at + 6)
            if close < 0:  # then no later type has a closing quote either
                return None
            if close + 1 > searched:
                searched = line.find(">", close + 1) % (len(line) + 1)  # -1 (no ">") becomes len(line)
                stakes = line.find('stakes="', close + 1, searched)
                if stakes >= 0 and last_quote >= stakes + 8:
                    return line[at + 6 : close], line[stakes + 8 : line.find('"', stakes + 8)]
            at += 1
    return None


def _read_game(hand: Hand, game: ElementTree.Element) -> None:
    """Seats, then each round's events, cards and winners."""
    build = Builder(hand)
    build.line = hand.line - 1  # the <game> line: the events are not told apart by line
    names: dict[str, str] = {}
    players = game.find("players")
    if players is None:
        raise ValueError("no <players>")
    if players.get("dealer", "").isdigit():
        hand.button = int(players.get("dealer", ""))
    for player in players.iter("player"):
        names[player.get("seat", "")] = player.get("nickname", "")
        build.seat(
            int(player.get("seat", "")),
            player.get("nickname", ""),
            parse_amount(player.get("balance", "0")),
            player.get("dealtin") == "false",
        )
    for round_ in game.iter("round"):
        round_id = round_.get("id", "")
        if round_id in _ROUNDS and _ROUNDS[round_id] != build.street:
            build.new_street(_ROUNDS[round_id])
        if "SHOWDOWN" in round_id:
            hand.showdown = True
        for element in round_:
            name = names[element.get("player", "")]
            if element.tag == "event":
                _event(build, name, element)
            elif element.tag == "cards":
                cards = cards_in(element.get("cards", ""))
                if "SHOW" in element.get("type", "").upper() and hand.showdown:
                    build.show(name, cards, element.get("hand"))
                else:
                    build.dealt(name, cards, element.get("hand"))
            elif element.tag == "winner":
                if element.get("uncalled") == "true":
                    build.returned(name, parse_amount(element.get("amount", "")))
                else:
                    build.collect(name, parse_amount(element.get("amount", "")))
    hand.collected_includes_uncalled = hand.uncalled is None
    build.done()


def _event(build: Builder, name: str, event: ElementTree.Element) -> None:
    """One ``<event type=... player=... amount=...>``."""
    kind = event.get("type", "")
    chips = parse_amount(event.get("amount", "0"))
    if kind in ("SMALL_BLIND", "BIG_BLIND"):
        build.post(name, chips)
    elif kind == "ANTE":
        build.ante(name, chips)
    elif kind == "CALL":
        build.put(name, "call", chips)
    elif kind == "BET":
        build.put(name, "bet", chips)
    elif kind in ("RAISE", "ALL_IN"):
        build.put(name, "raise", chips, kind == "ALL_IN")
    elif kind == "CHECK":
        build.put(name, "check", 0)
    elif kind == "FOLD":
        build.put(name, "fold", 0)
    elif kind == "DRAW":
        build.draw(name, int(event.get("text", "0")))
    elif kind == "MUCK":
        build.muck(name)


#: Merge XML hand histories, as ``formats.registry`` lists them.
FORMAT = TextFormat(SITE, _HEADER_PREFIX, _HEADER_LINE, parse_hand, lead_lines=LEAD_LINES, c_matcher="merge")
