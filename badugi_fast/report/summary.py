"""The followed player's results, as the report shows them: net won over the hands (in money and in big blinds,
and in big bets for fixed limit), by stakes and betting structure, and by session.

A session is a run of the player's hands in which no two consecutive hands (in the order of their start, on the
site's clock) are ``SESSION_GAP`` or more apart: a gap of 30 minutes or more starts a new session. Hands without a
start time belong to no session. Money is never added up across currencies: the player has results in each
currency they played in (tournament chips, play money and ``?``, a site that names none, are each their own),
most hands first.
"""

from __future__ import annotations

import datetime
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from badugi_fast.money import amount_text
from badugi_fast.report.gather import Played
from badugi_fast.stats.groups import SESSION_GAP, group_order

__all__ = ["SESSION_GAP", "Line", "Results", "results_of"]


@dataclass(frozen=True, slots=True)
class Line:
    """One line of a results table: what it is (stakes, or a session's start and end), hands, net, net in big
    blinds, big blinds per 100 hands, and for fixed limit big bets per 100 hands (a big bet is two of fixed
    limit's "big blind", its small bet)."""

    label: str
    hands: int
    net: str
    net_bb: float | None
    bb_per_100: float | None
    big_bets_per_100: float | None


@dataclass(frozen=True, slots=True)
class Results:
    """The followed player's results in one currency."""

    player: str
    currency: str
    hands: int
    net: str
    net_bb: float | None
    money: list[int]  # net won after each hand, hundredths
    big_blinds: list[float]  # net won after each hand, in big blinds
    overall: Line  # every hand of the currency
    by_stakes: list[Line]
    sessions: list[Line]


def results_of(played: Sequence[Played], player: str | None = None) -> list[Results]:
    """The results of ``player`` (default: the hero of the most hands) in each currency they played in, most hands
    first; none when nobody is followed."""
    if player is None:
        heroes = Counter(hand.player for hand in played)
        if not heroes:
            return []
        player = heroes.most_common(1)[0][0]
    mine = [hand for hand in played if hand.player == player]
    return [
        _results(player, currency, [hand for hand in mine if hand.currency == currency])
        for currency, _ in Counter(hand.currency for hand in mine).most_common()
    ]


def _results(player: str, currency: str, mine: list[Played]) -> Results:
    places = 0 if currency == "chips" else 2
    money, big_blinds, total, total_bb = [], [], 0, 0.0
    for hand in mine:
        total += hand.net
        total_bb += hand.net / hand.big_blind if hand.big_blind else 0.0
        money.append(total)
        big_blinds.append(total_bb)
    stakes: dict[str, list[Played]] = {}
    for hand in mine:
        stakes.setdefault(f"{hand.limit or '?'} {hand.stakes or '?'}", []).append(hand)
    ordered = sorted(stakes.items(), key=lambda item: group_order("stakes", item[0]))
    return Results(
        player,
        currency,
        len(mine),
        amount_text(total, places),
        round(total_bb, 2) if any(hand.big_blind for hand in mine) else None,
        money,
        big_blinds,
        _line("all", mine, places),
        [_line(label, hands, places) for label, hands in ordered],
        [_line(label, hands, places) for label, hands in _sessions(mine)],
    )


def _sessions(hands: Sequence[Played]) -> list[tuple[str, list[Played]]]:
    """The sessions of ``hands`` in time order, each labelled by its first and last start."""
    timed = sorted(
        ((datetime.datetime.fromisoformat(hand.started), hand) for hand in hands if hand.started),
        key=lambda pair: pair[0],
    )
    sessions: list[tuple[str, list[Played]]] = []
    first = last = None
    current: list[Played] = []
    for when, hand in timed:
        if last is not None and when - last >= SESSION_GAP:
            sessions.append((f"{first} to {last}", current))
            current, first = [], None
        first = first or when
        last = when
        current.append(hand)
    if current:
        sessions.append((f"{first} to {last}", current))
    return sessions


def _line(label: str, hands: Sequence[Played], places: int) -> Line:
    net = sum(hand.net for hand in hands)
    counted = [hand for hand in hands if hand.big_blind]
    net_bb = sum(hand.net / hand.big_blind for hand in counted)
    fixed = [hand for hand in counted if hand.limit == "fixed"]
    return Line(
        label,
        len(hands),
        amount_text(net, places),
        round(net_bb, 2) if counted else None,
        round(100 * net_bb / len(counted), 2) if counted else None,
        round(100 * sum(hand.net / hand.big_blind for hand in fixed) / 2 / len(fixed), 2) if fixed else None,
    )
