"""Counters written from the text of PokerStars hands alone, with none of badugi-fast's readers: what the
statistics (tests/test_stats.py) and the report (tests/test_report*.py) are held to."""

from __future__ import annotations

import re
from collections import defaultdict
from decimal import Decimal

_AMOUNT = r"\$?([\d,]+(?:\.\d\d)?)"
_SEAT = re.compile(r"^Seat \d+: (.+?) \(" + _AMOUNT + r" in chips")


def _cents(text: str) -> Decimal:
    return Decimal(text.replace(",", ""))


def hands_of(text: str) -> list[list[str]]:
    """The lines of each hand of a PokerStars file."""
    return [chunk.split("\n") for chunk in re.split(r"\n\s*\n\s*\n*(?=PokerStars )", text.strip()) if chunk.strip()]


def text_net(lines: list[str]) -> dict[str, Decimal]:
    """Each seated player's net won in one PokerStars hand, from its lines: what they collected and got back,
    less every chip they put in (a "raises X to Y" sets their total for the street)."""
    seated = [match.group(1) for line in lines if (match := _SEAT.match(line))]
    street: dict[str, Decimal] = defaultdict(Decimal)
    net: dict[str, Decimal] = dict.fromkeys(seated, Decimal(0))
    for line in lines:
        if line.startswith("*** SUMMARY"):
            break
        if line.startswith("*** ") and "DRAW" in line:
            street.clear()
        name, colon, rest = line.partition(": ")
        if colon and name in net:
            if found := re.match(r"raises \S+ to " + _AMOUNT, rest):
                total = _cents(found.group(1))
                net[name] -= total - street[name]
                street[name] = total
            elif found := re.match(r"(?:calls|bets|posts (?:small|big) blind|posts the ante) " + _AMOUNT, rest):
                if "ante" not in rest:
                    street[name] += _cents(found.group(1))
                net[name] -= _cents(found.group(1))
            elif found := re.match(r"posts small & big blinds " + _AMOUNT, rest):
                net[name] -= _cents(found.group(1))
            continue
        if found := re.match(r"Uncalled bet \(" + _AMOUNT + r"\) returned to (.+)$", line):
            net[found.group(2)] += _cents(found.group(1))
        elif found := re.match(r"(.+?) collected " + _AMOUNT + " from", line):
            net[found.group(1)] += _cents(found.group(2))
    return net


_PLAYS = ("posts", "folds", "checks", "calls", "bets", "raises", "discards", "stands pat")


def text_vpip_pfr(lines: list[str]) -> dict[str, tuple[bool, bool]]:
    """Each player's (VPIP, PFR) in one hand: called, bet or raised / bet or raised before the first draw."""
    seated = {match.group(1) for line in lines if (match := _SEAT.match(line))}
    facts: dict[str, tuple[bool, bool]] = {}
    for line in lines:
        if line.startswith(("*** FIRST DRAW", "*** SUMMARY")):
            break
        name, colon, rest = line.partition(": ")
        if colon and name in seated and rest.startswith(_PLAYS):
            vpip, pfr = facts.get(name, (False, False))
            facts[name] = (
                vpip or rest.startswith(("calls", "bets", "raises")),
                pfr or rest.startswith(("bets", "raises")),
            )
    return facts


# ---- the other sites' text: each hand's net won, from its lines alone ------------------------------------------

_FTP_AMOUNT = r"\$?([\d,]+(?:\.\d\d)?)"
_FTP_SEAT = re.compile(r"^Seat \d+: (.+?) \(" + _FTP_AMOUNT + r"\)$")
_FTP_LIVE = re.compile(
    r"^(.+?) (?:posts the small blind of|posts the big blind of|posts|bets|calls) " + _FTP_AMOUNT + "$"
)
_FTP_DEAD = re.compile(r"^(.+?) posts a dead small blind of " + _FTP_AMOUNT + "$")
_FTP_RAISE = re.compile(r"^(.+?) raises to " + _FTP_AMOUNT + "$")
_FTP_RETURNED = re.compile(r"^Uncalled bet of " + _FTP_AMOUNT + r" returned to (.+)$")
_FTP_WINS = re.compile(r"^(.+?) wins the pot \(" + _FTP_AMOUNT + r"\)")


def full_tilt_hands(text: str) -> dict[str, list[str]]:
    """The lines of each hand of a Full Tilt file, by hand number."""
    hands: dict[str, list[str]] = {}
    for chunk in re.split(r"\n(?=Full Tilt Poker Game #)", text.replace("\r\n", "\n")):
        found = re.match(r"\ufeff?Full Tilt Poker Game #(\d+)", chunk)
        if found:
            hands[found.group(1)] = chunk.split("\n")
    return hands


def full_tilt_net(lines: list[str]) -> dict[str, Decimal]:
    """Each seated player's net won in one Full Tilt hand: paid from the pot and bets returned, less every chip put
    in (a "raises to" sets their total for the betting round; a dead blind is no part of it)."""
    net = {match.group(1): Decimal(0) for line in lines if (match := _FTP_SEAT.match(line))}
    street: dict[str, Decimal] = defaultdict(Decimal)
    for line in lines:
        if line.startswith("*** SUMMARY"):
            break
        if line.startswith("*** ") and "DRAW" in line:  # a draw ends a betting round (HOLE CARDS does not)
            street.clear()
        elif (found := _FTP_RAISE.match(line)) and found.group(1) in net:
            total = _cents(found.group(2))
            net[found.group(1)] -= total - street[found.group(1)]
            street[found.group(1)] = total
        elif (found := _FTP_LIVE.match(line)) and found.group(1) in net:
            street[found.group(1)] += _cents(found.group(2))
            net[found.group(1)] -= _cents(found.group(2))
        elif (found := _FTP_DEAD.match(line)) and found.group(1) in net:
            net[found.group(1)] -= _cents(found.group(2))
        elif found := _FTP_RETURNED.match(line):
            net[found.group(2)] += _cents(found.group(1))
        elif (found := _FTP_WINS.match(line)) and found.group(1) in net:
            net[found.group(1)] += _cents(found.group(2))
    return net


def kingsclub_hands(text: str) -> dict[str, list[str]]:
    """The lines of each hand of a KingsClub file, by hand number."""
    chunks = re.split(r"\n(?=#\d+: )", "\n" + text.replace("\r\n", "\n"))
    return {found.group(1): chunk.split("\n") for chunk in chunks if (found := re.match(r"#(\d+): ", chunk))}


def kingsclub_net(lines: list[str]) -> dict[str, Decimal]:
    """Each player's net won in one KingsClub hand, as its summary writes it (``Seat 1: Player0 (1,015) -270``)."""
    summary = lines[lines.index("*** SUMMARY ***") :]
    rows = (re.match(r"^Seat \d+: (.+?) \([\d,.]+\) ([+-][\d,.]+)$", line) for line in summary)
    return {row.group(1): Decimal(row.group(2).replace(",", "")) for row in rows if row}
