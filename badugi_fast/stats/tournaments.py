"""Tournament results (``badugi stats --tournaments``): one row per player per tournament, read from the text of
the histories as the sites write them, not from the scored records (which hold each hand's chips, not what a
tournament cost and paid). PokerStars writes the buy-in and fee in each hand's header (``Tournament #330855877,
$1.00+$0.20 USD``) and each player's finish in the hand they finish in (``Player5 finished the tournament in 3rd
place and received $1.60.``, ``Player6 wins the tournament and receives $6.48 - congratulations!``).

A player's ``net`` is the prize less the buy-in and the fee; a player whose finish the files do not hold (still
playing when the history stops) has no place, prize or net. The ROI of a player in a currency is their net over
what they paid, over the tournaments whose finish the files hold.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from badugi_fast.history.inputs import Source
from badugi_fast.history.sources import TextStream, text_of

__all__ = [
    "SUMMARY_FIELDS",
    "TOURNAMENT_FIELDS",
    "Tournament",
    "merge_tournaments",
    "read_lines",
    "read_tournaments",
    "summaries",
    "tournament_rows",
]

#: The fields of a row of ``--tournaments``, in order.
TOURNAMENT_FIELDS = ("site", "tournament", "player", "buy_in", "fee", "currency", "place", "prize", "net")

#: The fields of a player's summary over their tournaments in one currency.
SUMMARY_FIELDS = ("site", "player", "currency", "tournaments", "finished", "paid", "prizes", "net", "roi")

_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP"}
_HEADER = re.compile(r"^PokerStars (?:Game|Hand) #\d+: +Tournament #(\d+), (.*)$")
_BUY_IN = re.compile(r"^([$€£]?)(\d[\d,]*(?:\.\d+)?)((?:\+[$€£]?\d[\d,]*(?:\.\d+)?)+)(?: ([A-Z]{3})\b)?")
_SEAT = re.compile(r"^Seat \d+: (.+?) \(\d+ in chips")
_FINISHED = re.compile(
    r"^(.+) finished the tournament in (\d+)(?:st|nd|rd|th) place(?: and received ([$€£]?)([\d,.]+?))?\.?$"
)
_WON = re.compile(r"^(.+) wins the tournament and receives ([$€£]?)([\d,.]+?)(?: - congratulations!)?$")


@dataclass(slots=True)
class Tournament:
    """One tournament as the histories write it: its buy-in, fee and their currency (None for a freeroll or a
    buy-in the header does not write in a form read here), its players, and the place and prize of those whose
    finish is written."""

    site: str
    tournament: str
    buy_in: Decimal | None = None
    fee: Decimal | None = None
    currency: str | None = None
    players: dict[str, tuple[int, Decimal] | None] = field(default_factory=dict)


def read_tournaments(sources: Iterable[Source]) -> dict[str, Tournament]:
    """The tournaments of the histories of ``sources``, by number, in the order they are met."""
    tournaments: dict[str, Tournament] = {}
    for source in sources:
        if source.error is not None:
            continue
        with source.open() as stream:
            if source.members is not None:
                for member in source.members(stream):
                    with member.open() as inner:
                        read_lines(_lines(TextStream(inner).blocks()), tournaments)
            else:
                read_lines(_lines(TextStream(stream).blocks()), tournaments)
    return tournaments


def _lines(blocks: Iterable[bytes]) -> Iterator[str]:
    rest = b""
    for block in blocks:
        block = rest + block
        cut = block.rfind(b"\n") + 1
        rest = block[cut:]
        yield from text_of(block[:cut]).splitlines()
    if rest:
        yield from text_of(rest).splitlines()


def read_lines(lines: Iterable[str], tournaments: dict[str, Tournament]) -> None:
    """Adds the tournaments of the history ``lines`` (whole hands) to ``tournaments``."""
    current: Tournament | None = None
    for line in lines:
        if line.startswith("PokerStars "):
            header = _HEADER.match(line)
            current = None
            if header is not None:
                number = header.group(1)
                current = tournaments.get(number)
                if current is None:
                    current = tournaments[number] = Tournament("PokerStars", number, *_buy_in(header.group(2)))
            continue
        if current is None:
            continue
        if line.startswith("Seat ") and (seat := _SEAT.match(line)) is not None:
            current.players.setdefault(seat.group(1), None)
        elif "the tournament" in line:
            finished = _FINISHED.match(line)
            if finished is not None:
                name, place, prize = finished.group(1), int(finished.group(2)), _amount(finished.group(4))
                current.players[name] = (place, prize)
            elif (won := _WON.match(line)) is not None:
                current.players[won.group(1)] = (1, _amount(won.group(3)))


def merge_tournaments(into: dict[str, Tournament], other: dict[str, Tournament]) -> dict[str, Tournament]:
    """Adds ``other`` (read from other hands) to ``into``: a player's finish, written in one hand, wins over its
    absence in the others. Returns ``into``."""
    for number, tournament in other.items():
        mine = into.setdefault(number, tournament)
        if mine is tournament:
            continue
        for name, finish in tournament.players.items():
            if finish is not None or name not in mine.players:
                mine.players[name] = finish
    return into


def _buy_in(text: str) -> tuple[Decimal | None, Decimal | None, str | None]:
    """The buy-in, fee and currency of a header's ``$1.00+$0.20 USD`` (a bounty, ``$1+$0.50+$0.10``, is part of
    the buy-in; the fee is the last part); nothing for ``Freeroll`` or a form not read here."""
    found = _BUY_IN.match(text)
    if found is None:
        return None, None, None
    symbol, first, rest, code = found.groups()
    parts = [_amount(first), *(_amount(part.lstrip("$€£")) for part in rest.split("+")[1:])]
    return sum(parts[:-1], Decimal(0)), parts[-1], code or _SYMBOLS.get(symbol)


def _amount(text: str | None) -> Decimal:
    return Decimal(text.replace(",", "")) if text else Decimal(0)


def tournament_rows(tournaments: dict[str, Tournament], players: frozenset[str] = frozenset()) -> list[dict[str, Any]]:
    """One row per player per tournament (``TOURNAMENT_FIELDS``), the finishers by place, then those still in;
    only ``players`` when given. Amounts are decimal strings."""
    rows = []
    for tournament in tournaments.values():
        ordered = sorted(
            tournament.players.items(),
            key=lambda item: (item[1] is None, item[1][0] if item[1] is not None else 0, item[0]),
        )
        for name, finish in ordered:
            if players and name not in players:
                continue
            place, prize = finish if finish is not None else (None, None)
            paid = (tournament.buy_in or Decimal(0)) + (tournament.fee or Decimal(0))
            rows.append(
                {
                    "site": tournament.site,
                    "tournament": tournament.tournament,
                    "player": name,
                    "buy_in": _text(tournament.buy_in),
                    "fee": _text(tournament.fee),
                    "currency": tournament.currency,
                    "place": place,
                    "prize": _text(prize),
                    "net": _text(prize - paid) if prize is not None else None,
                }
            )
    return rows


def summaries(rows: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each player's tournaments in each currency (``SUMMARY_FIELDS``): how many, how many finished (written in
    the files), what the finished ones cost and paid, the net, and the ROI (net over cost, 4 decimals; None when
    they cost nothing)."""
    totals: dict[tuple[str, str, str | None], list[Any]] = {}
    for item in rows:
        key = (item["site"], item["player"], item["currency"])
        total = totals.setdefault(key, [0, 0, Decimal(0), Decimal(0)])
        total[0] += 1
        if item["place"] is not None:
            total[1] += 1
            total[2] += Decimal(item["buy_in"] or 0) + Decimal(item["fee"] or 0)
            total[3] += Decimal(item["prize"])
    return [
        {
            "site": site,
            "player": player,
            "currency": currency,
            "tournaments": count,
            "finished": finished,
            "paid": _text(paid) if finished else None,
            "prizes": _text(prizes) if finished else None,
            "net": _text(prizes - paid) if finished else None,
            "roi": round(float((prizes - paid) / paid), 4) if paid else None,
        }
        for (site, player, currency), (count, finished, paid, prizes) in totals.items()
    ]


def _text(amount: Decimal | None) -> str | None:
    return None if amount is None else f"{amount:.2f}"
