"""The rows of ``badugi stats --by``: each player's hands grouped by player (one row each), by position at the table
(named as players name them), by stakes, by month or by session, and the order of those groups (stakes by size,
not as text).

A session is a run of a player's hands in which no two consecutive hands (in the order of their start, on the
site's clock) are ``SESSION_GAP`` or more apart. Tallies are added up in parts (processes, Dask tasks) that each
see some of the hands, so a part counts a session's hands by the half hour they started in (two hands of one half
hour are always of one session) with the first and last start of each; ``sessions`` joins the half hours into
sessions once every part is in.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Mapping
from typing import TypeVar

from badugi_fast.money import parse_amount

__all__ = ["BY", "SESSION_GAP", "group_of", "group_order", "position_name", "sessions"]

#: What ``--by`` groups the rows by.
BY = ("player", "position", "stakes", "month", "session")

#: The gap between two hands that starts a new session.
SESSION_GAP = datetime.timedelta(minutes=30)

#: The seats between the big blind and the button named from the button back, as players name them.
_LATE = ("CO", "HJ", "LJ")


def position_name(position: int | None, dealt: int) -> str:
    """The name of place ``position`` (0: first to the left of the button, the button last) among ``dealt``
    players: SB, BB, UTG, UTG+1 ..., LJ, HJ, CO, BTN; heads-up the button posts the small blind and is BTN, the
    other player BB. ``?`` for a player not dealt in.

    >>> [position_name(at, 6) for at in range(6)]
    ['SB', 'BB', 'UTG', 'HJ', 'CO', 'BTN']
    >>> [position_name(at, 2) for at in range(2)], position_name(None, 2)
    (['BB', 'BTN'], '?')
    """
    if position is None or not 0 <= position < dealt:
        return "?"
    if position == dealt - 1:
        return "BTN"
    if dealt == 2:
        return "BB"
    if position < 2:
        return ("SB", "BB")[position]
    middle = dealt - 3  # the seats between the big blind and the button
    from_button = dealt - 1 - position  # 1: the seat before the button
    late = min(len(_LATE), middle - 1)  # UTG keeps its name
    if from_button <= late:
        return _LATE[from_button - 1]
    return "UTG" if position == 2 else f"UTG+{position - 2}"


def group_of(by: str, limit: str | None, stakes: str | None, started: str | None) -> str:
    """The group of a hand of this betting structure, stakes and start (not by position: that is each player's)."""
    if by == "stakes":
        return f"{limit or '?'} {stakes or '?'}"
    if by == "month":
        return started[:7] if started else "?"
    if by == "session":
        return f"{started[:14]}{'00' if started[14:16] < '30' else '30'}" if started else "?"
    return ""


def group_order(by: str, group: str) -> tuple[object, ...]:
    """The order of groups: positions from the first to act before the draw to the button's, stakes by size (the
    big blind or big bet, then the small), months and sessions in time."""
    if by == "position":
        order = ("SB", "BB", "UTG", *(f"UTG+{at}" for at in range(1, 9)), "LJ", "HJ", "CO", "BTN")
        return (order.index(group) if group in order else len(order), group)
    if by == "stakes":
        limit, _, stakes = group.partition(" ")
        return (*reversed([_size(part) for part in stakes.split("/")]), limit)
    return (group,)


def _size(text: str) -> int:
    try:
        return parse_amount(text)
    except ValueError:
        return -1  # '?': first


S = TypeVar("S")


def sessions(
    rows: Mapping[tuple[str, str, str, str], S],
    when: Callable[[S], tuple[str | None, str | None]],
    add: Callable[[S, S], S],
) -> dict[tuple[str, str, str, str], S]:
    """``rows`` by half hour (``group_of``'s) joined into sessions, each labelled by its first and last start
    (``2010-11-07 03:02:56 to 2010-11-07 04:11:40``). ``when``: a row's first and last start; ``add``: two rows'
    sums added into a new one."""
    joined: dict[tuple[str, str, str, str], S] = {}
    timed = sorted(rows.items(), key=lambda item: (item[0][:3], when(item[1])[0] or ""))
    current: tuple[str, str, str, str] | None = None
    last = datetime.datetime.min
    for (player, site, currency, _), sums in timed:
        first_text, last_text = when(sums)
        if first_text is None or last_text is None:
            joined[(player, site, currency, "?")] = sums
            continue
        start, end = datetime.datetime.fromisoformat(first_text), datetime.datetime.fromisoformat(last_text)
        if current is None or current[:3] != (player, site, currency) or start - last >= SESSION_GAP:
            current = (player, site, currency, first_text)
            joined[current] = sums
            last = end
        else:
            joined[current] = add(joined[current], sums)
            last = max(last, end)
    labelled = {}
    for (player, site, currency, group), sums in joined.items():
        first_text, last_text = when(sums)
        labelled[(player, site, currency, f"{first_text} to {last_text}" if group != "?" else group)] = sums
    return labelled
