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
