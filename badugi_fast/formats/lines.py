"""The wordings PokerStars, Full Tilt and KingsClub share: street markers, player actions, hole cards, uncalled
bets and summaries, and the loop that reads the body of a PokerStars or Full Tilt hand.

The words are PokerStars' (``pokerstars.wordings``, which the simulator's writer writes too); the other sites
differ in a few words (a colon after the name or not, "raises $0.25 to $0.50" or "raises to $0.50", calls as
increments or as round totals, their all-in endings), and those differences are parameters or alternatives here,
not copies of the code. ``csrc/stars.c`` reads PokerStars hands as these functions do: each names its C mirror.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from badugi_fast.formats.builder import Builder
from badugi_fast.formats.common import ParseError, cards_in
from badugi_fast.formats.model import ActionKind
from badugi_fast.formats.pokerstars.wordings import (
    ALL_IN,
    BETS,
    BLINDS,
    CALLS,
    CHECKS,
    COLLECTED,
    DEALT_TO,
    DISCARDS,
    DRAWS,
    FEES,
    FOLDS,
    MARKER,
    MUCKED,
    MUCKS,
    POSTS,
    RAISES,
    RAKE,
    RETURNED_TO,
    SEAT,
    SHOW_DOWN,
    SHOWED,
    SHOWS,
    STANDS,
    SUMMARY,
    TOTAL_POT,
    UNCALLED,
    WITH_A,
)
from badugi_fast.money import parse_amount
from badugi_fast.patterns import pattern

__all__ = [
    "dealt_line",
    "marker",
    "player_action",
    "read_body",
    "seat_match",
    "split_all_in",
    "summary_line",
    "table_of",
    "uncalled_line",
]


def marker(line: str) -> str:
    """The words of a ``*** FIRST DRAW *** (Pot: $0.20)`` street marker (mirrored in csrc/stars.c: marker()).

    >>> marker("*** FIRST DRAW *** (Pot: $0.20)"), marker("*** 1ST BETTING ROUND ***")
    ('FIRST DRAW', '1ST BETTING ROUND')
    """
    return line.split(MARKER, 2)[1].strip() if line.count(MARKER) >= 2 else ""


#: PokerStars' all-in ending, then the other sites'.
_ALL_IN_ENDINGS = (ALL_IN, ", and is all in", " and is all in", " (all-in)", " (all in)")


def split_all_in(text: str) -> tuple[str, bool]:
    """``text`` without the site's all-in ending, and whether it had one (mirrored in csrc/spans.h: without_all_in()).

    >>> split_all_in("$0.20 and is all-in"), split_all_in("$1.25, and is all in"), split_all_in("$1")
    (('$0.20', True), ('$1.25', True), ('$1', False))
    """
    if "all" in text:
        for ending in _ALL_IN_ENDINGS:
            if text.endswith(ending):
                return text[: -len(ending)], True
    return text, False


def dealt_line(build: Builder, line: str) -> None:
    """``Dealt to Hero [As 3h 8h 6s]`` or, after a draw, ``Dealt to Hero [As 3h] [5h Ks]`` (kept, then new).
    Mirrored in csrc/stars.c: play_line()."""
    name, _, cards = line[len(DEALT_TO) :].partition(" [")
    name = name.rstrip(":")
    known = cards_in(cards)
    if not known:  # KingsClub's hidden hands: [X X X X]
        return
    build.dealt(name, known)
    if "] [" in cards:
        new = cards_in(cards.rpartition("[")[2])
        for draw in reversed(build.hand.draws):
            if draw.player == name:
                draw.new_cards = new
                break


def uncalled_line(build: Builder, line: str) -> None:
    """``Uncalled bet ($0.15) returned to X`` (PokerStars) or ``Uncalled bet of $2.50 returned to X`` (Full Tilt).
    Mirrored in csrc/stars.c: play_line()."""
    chips, _, name = line[len(UNCALLED) :].partition(RETURNED_TO)
    build.returned(name, parse_amount(chips.strip("()").removeprefix("of ")))


#: The pots of a summary's ``Total pot`` line, named as ``pokerstars.wordings.pot_names`` names them (mirrored in
#: csrc/stars.c: pot_at())
_POTS = pattern(r"(?:Main|Side) pot(?:-\d+)? (\S+?)\.(?:\s|$)")


def summary_line(build: Builder, line: str) -> None:
    """A summary line of PokerStars or Full Tilt: ``Total pot ...`` and seat lines revealing shown or mucked hands.
    Mirrored in csrc/stars.c: summary_line().

    >>> from badugi_fast.formats.model import Hand
    >>> b = Builder(Hand("x")); summary_line(b, "Total pot $5.70 Main pot $2.90. Side pot $2.55. | Rake $0.25")
    >>> b.hand.total_pot, b.hand.pots, b.hand.rake
    (570, [290, 255], 25)
    >>> summary_line(b, "Seat 5: P5 (button) mucked [5s 4h Ad Js] - a 3-Card: 5, 4, A"); b.hand.descriptions
    {'P5': ['3-Card: 5, 4, A']}
    """
    if line.startswith(SEAT):
        if "ed [" not in line:  # neither SHOWED nor MUCKED: most seat lines
            return
        rest = line.partition(": ")[2]
        for word in _REVEALED:
            at = rest.find(word)
            if at > 0:
                name = _untagged(rest[:at])
                cards, _, tail = rest[at + len(word) :].partition("]")
                description = tail.partition(WITH_A)[2] or tail.partition(" - a ")[2]  # Full Tilt: " - a "
                build.reveal(name, cards_in(cards), description or None)
                return
    elif line.startswith(TOTAL_POT):
        hand = build.hand
        pots, _, fees = line[len(TOTAL_POT) :].partition(FEES)
        hand.total_pot = parse_amount(pots.partition(" ")[0])
        parts = _POTS.findall(pots) if " pot" in pots else None
        if parts:
            hand.pots = [parse_amount(part) for part in parts]
        for fee in fees.split(FEES):
            if fee.startswith(RAKE):
                hand.rake = parse_amount(fee[len(RAKE) :])


_REVEALED = (SHOWED, MUCKED)


def _untagged(name: str) -> str:
    """A summary name without its ``(button)``, ``(small blind)`` ... tags (mirrored in csrc/stars.c: summary_line()).

    >>> _untagged("Player3 (button) (small blind)")
    'Player3'
    """
    end = len(name)  # one cut at the end, not a copy of the name per tag: linear however many tags there are
    while name.endswith(")", 0, end) and (tag := name.rfind(" (", 0, end)) >= 0:
        end = tag
    return name[:end]


def player_action(build: Builder, name: str, rest: str, call_totals: bool = False) -> None:
    """What player ``name`` did, from the words after their name: every site's betting, drawing and showing verbs.

    ``call_totals`` is for KingsClub, whose ``calls N`` is the caller's total for the round. Verbs that move
    neither money nor cards are ignored. Mirrored in csrc/stars.c: player_action().

    >>> from badugi_fast.formats.model import Hand
    >>> b = Builder(Hand("x")); b.seat(1, "Al", 1000)
    >>> for words in ("posts big blind $0.25", "raises $0.25 to $0.50", "calls $0.20 and is all-in"):
    ...     player_action(b, "Al", words)
    >>> [(a.kind, a.amount, a.to, a.all_in) for a in b.hand.actions]
    [('post', 25, None, False), ('raise', 0, 50, False), ('call', 20, None, True)]
    """
    verb, _, tail = rest.partition(" ")
    all_in = False
    if "all" in tail:
        tail, all_in = split_all_in(tail)
    kind = _BETTING.get(verb)
    if kind is not None:  # the most frequent lines first: one table look-up
        if kind == "call" or kind == "bet":
            if call_totals and kind == "call":
                build.put(name, kind, all_in=all_in, to=parse_amount(tail))
            else:
                build.put(name, kind, parse_amount(tail), all_in)
        elif kind == "raise":  # "raises $0.25 to $0.50" or "raises to $0.50": the last amount is the street total
            build.put(name, kind, all_in=all_in, to=parse_amount(tail.rpartition(" ")[2]))
        else:
            build.put(name, kind)
    elif verb == DISCARDS:
        if tail[:1] == "[":  # KingsClub's hero: "discards [7h Qc] draws [2h 9s]"
            thrown, _, drawn = tail.partition(" draws ")
            build.draw(name, len(cards_in(thrown)), cards_in(drawn))
            build.replace(name, cards_in(thrown), cards_in(drawn))
        else:  # "discards 2 cards [8h 6s]": the new cards come on a "Dealt to" line
            build.draw(name, int(tail.partition(" ")[0]))
    elif verb == POSTS:
        _post(build, name, tail, all_in)
    elif verb == STANDS:
        if tail.startswith("pat"):  # not Full Tilt's "stands up" (leaving the seat)
            build.draw(name, 0)
        if "[" in tail:  # PokerStars' hero: "stands pat on [2d 3s 4h 6s]"
            build.dealt(name, cards_in(tail[tail.index("[") :]))
    elif verb == SHOWS:
        cards, _, description = tail.partition("]")
        build.show(name, cards_in(cards), description.strip(" ()") or None)
    elif verb == MUCKS:
        build.muck(name)
    elif verb == "draws":  # KingsClub: "draws 2"
        build.draw(name, int(tail))
    elif verb == "antes":
        build.ante(name, parse_amount(tail), all_in)
    elif verb in ("wins", "ties"):  # Full Tilt: "wins the pot ($0.95) with ...", "ties for the side pot #1 ($2)"
        build.collect(name, parse_amount(tail.partition("(")[2].partition(")")[0]))


#: How the lines of a player's play begin: what someone with no seat line must not do (csrc/stars.c: body_line()).
_PLAYING = (f"{POSTS} ", f"{CALLS} ", f"{BETS} ", f"{RAISES} ", FOLDS, CHECKS, f"{DISCARDS} ", f"{STANDS} pat")

#: Verbs of one betting action that adds its amount to the player's street total, and the action's kind.
_BETTING: dict[str, ActionKind] = {CALLS: "call", CHECKS: "check", BETS: "bet", FOLDS: "fold", RAISES: "raise"}


def _post(build: Builder, name: str, tail: str, all_in: bool) -> None:
    """A blind, an ante, a post on joining, or a dead blind; the amount is the last word.

    PokerStars: ``small blind $0.10``, ``small & big blinds $0.35``, ``the ante 5``; Full Tilt: ``the small blind
    of $0.02``, ``$2.50``, ``a dead small blind of $1``; KingsClub: ``the big blind 30``, ``ante 5.50``.
    Mirrored in csrc/stars.c: post().
    """
    chips = parse_amount(tail.rpartition(" ")[2])
    if "ante" in tail:
        build.ante(name, chips, all_in)
    elif "dead" in tail:
        build.post(name, chips, all_in, live=0)
    elif "&" in tail:  # the small blind part is dead money
        build.post(name, chips, all_in, live=min(chips, build.big_blind) if build.big_blind else None)
    else:
        build.post(name, chips, all_in)
        if BLINDS["big"] in tail:
            build.big_blind = max(build.big_blind, chips)


_STREETS = {words: number for number, words in enumerate(DRAWS, 1)}  # Full Tilt's words too
_SEAT = pattern(r"Seat (\d+): (.+?) \(([$€£]?[\d,.]+)(?: in chips)?(?:,[^)]*)?\)(.*)")
_BUTTON_SEAT = pattern(r"Seat #(\d+) is the button")
_BUTTON = pattern(r"The button is in seat #(\d+)")


def seat_match(line: str) -> re.Match[str] | None:
    """``_SEAT.match(line)`` (``Seat 3: Hero ($5.25 in chips) is sitting out``), in time linear in the line: groups
    1 to 3 (seat, name, stack) are the pattern's; the rest of the line after the stack's ``)`` starts at
    ``start(4)`` (group 4 itself stops at the line's last ``)``).

    On its own the pattern takes time quadratic in the length of a line with many `` (1,`` and no ``)`` after
    them (a 40 KB line: 20 s): each try of a name runs ``,[^)]*`` to the end of the line. A match ends at a ``)``,
    so no try past the line's last ``)`` can succeed, and every try before it finds a ``)`` at once: matching
    only up to the last ``)`` finds the same groups. ``seat_pattern`` in csrc/stars.c is the same search in C.

    >>> found = seat_match("Seat 3: Mr (X) ($1,000 in chips, $5 bounty) out")
    >>> found.group(1, 2, 3) if found else None
    ('3', 'Mr (X)', '$1,000')
    """
    return _SEAT.match(line, 0, line.rfind(")") + 1)


def table_of(line: str) -> tuple[str, int] | None:
    r"""``(table, button)`` of ``Table 'Ariadne' 6-max Seat #2 is the button``, or None: what
    ``re.match(r"Table '(.*)' .*?Seat #(\d+) is the button", line)`` finds, in linear time (that pattern tries
    every ``' `` of the line from the end, and scans the rest of the line from each: quadratic).

    The greedy name ends at the last ``' `` before the last button phrase; the button is the first phrase after
    that ``' `` (``play_line`` in csrc/stars.c reads it the same way).

    >>> table_of("Table 'It's 6' 6-max Seat #2 is the button"), table_of("Table 'T' no button")
    (("It's 6", 2), None)
    """
    if not line.startswith("Table '"):
        return None
    last = len(line)  # the last "Seat #N is the button", looked for backwards
    while (last := line.rfind("Seat #", 0, last)) >= 0 and _BUTTON_SEAT.match(line, last) is None:
        pass
    quote = line.rfind("' ", 7, last) if last >= 0 else -1
    button = _BUTTON_SEAT.search(line, quote + 2) if quote >= 0 else None
    return None if button is None else (line[7:quote], int(button.group(1)))


def read_body(build: Builder, lines: Sequence[str], start: int, end: int, separator: str) -> None:
    """Every line after the header of a PokerStars or Full Tilt hand, which share their structure: seats, play
    with ``*** FIRST DRAW ***`` markers, ``*** SHOW DOWN ***``, ``*** SUMMARY ***``.

    ``separator`` is what follows a name in an action: ``":"`` on PokerStars (``Hero: folds``; lines without it
    are chat and table talk), ``" "`` on Full Tilt (``Hero folds``; lines with a colon are chat). Mirrored, for
    PokerStars, in csrc/stars.c: body_line() (and seat_line() and seat_pattern(), the ``_SEAT`` pattern's, for
    the seat lines).
    """
    hand = build.hand
    names = build.names
    section = 0  # 0: seats and blinds, 1: the play, 2: the summary
    colon_actions = separator == ":"
    index = start
    try:
        for index in range(start, end):
            line = lines[index]
            build.line = index
            if colon_actions and section != 2:  # PokerStars' common case: "name: verb ..."
                name, colon, rest = line.partition(": ")
                if colon and (name in names or rest.startswith(_PLAYING)):  # an action without a seat: the replay
                    player_action(build, name, rest)  # says so (it is not left out of the pot)
                    continue
            if not line:
                continue
            if line[0] == "*":
                words = marker(line)
                if words in _STREETS:
                    build.new_street(_STREETS[words])
                elif words == SHOW_DOWN:
                    hand.showdown = True
                elif words == SUMMARY:
                    section = 2
                elif words:
                    section = 1
            elif section == 2:
                summary_line(build, line)
            elif section == 0 and line.startswith(SEAT):
                seat = seat_match(line)
                if seat is not None:
                    out = line.find("sitting out", seat.start(4)) >= 0
                    build.seat(int(seat.group(1)), seat.group(2), parse_amount(seat.group(3)), out)
            else:
                _play_line(build, line, separator)
    except ValueError as error:
        raise ParseError(str(error), index) from None
    if section != 2:
        raise ParseError("the hand ends before its summary (truncated?)", end - 1)
    if not hand.seats:
        raise ParseError("no seat lines", start)
    build.done()


def _play_line(build: Builder, line: str, separator: str) -> None:
    """A line of the play that is not a PokerStars ``name: verb`` action (mirrored in csrc/stars.c: play_line())."""
    found = build.actor(line)
    if found is not None and found[1] == separator:
        player_action(build, found[0], found[2])
    elif line.startswith(DEALT_TO):
        dealt_line(build, line)
    elif line.startswith(UNCALLED):
        uncalled_line(build, line)
    elif line.startswith("Table '"):
        table = table_of(line)
        if table is not None:
            build.hand.table, build.hand.button = table
    elif line.startswith("The button is in seat #"):
        button = _BUTTON.match(line)
        if button is not None:
            build.hand.button = int(button.group(1))
    elif COLLECTED in line:  # PokerStars: "X collected $2.55 from side pot"
        name, _, rest = line.partition(COLLECTED)
        build.collect(name, parse_amount(rest.partition(" ")[0]))
