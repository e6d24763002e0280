"""Partial sums of the players' facts over hands: what ``badugi stats`` adds up, merged across workers and parts.

A ``Tally`` holds, for each player at each site in each currency (tournament chips apart from money), plain counts
and exact sums (``Sums``); any two tallies merge by adding them, so hands can be counted in any number of parts
(worker processes, Dask partitions) and in bounded memory: a tally's size is its players', not its hands'. The
statistics themselves (ratios, money written out) are made from the sums once, at the end (``stats.fields``).

Hands come in as scored records, ``history.record.Result`` objects or their JSON Lines / Parquet dicts: both give
their fields by the same names (``HAND_FIELDS``, ``PLAYER_FIELDS``).
"""

from __future__ import annotations

import functools
import operator
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from badugi_fast.money import parse_amount
from badugi_fast.ranks import hand_size

__all__ = ["COUNTED", "HAND_FIELDS", "PLAYER_FIELDS", "Filters", "Key", "Sums", "Tally", "hundredths"]

#: A row of the statistics: the player, the site, the currency (``chips`` in tournaments, ``?`` when unknown).
Key = tuple[str, str, str]

#: The fields of a record that a tally reads, hand and player.
HAND_FIELDS = ("file", "site", "game", "limit", "status", "stakes", "started", "currency", "big_blind", "players")
PLAYER_FIELDS = (
    "name",
    "hero",
    "position",
    "rank",
    "put_in",
    "net",
    "vpip",
    "pfr",
    "three_bet",
    "three_bet_chance",
    "bets",
    "raises",
    "calls",
    "drew_1",
    "drew_2",
    "drew_3",
    "showdown",
    "won",
)


@dataclass(slots=True)
class Sums:
    """One row's counts and sums (docs/stats.md says how each statistic is made of them). Money in hundredths."""

    hands: int = 0  # dealt in
    hero_hands: int = 0
    net: int = 0
    net_bb: float = 0.0  # the sum over hands of net / big blind
    bb_hands: int = 0  # hands with a known big blind
    rake: float = 0.0  # hundredths: the player's share of the rake of the pots they were paid from
    vpip: int = 0
    pfr: int = 0
    three_bet: int = 0
    three_bet_chances: int = 0
    bets: int = 0
    raises: int = 0
    calls: int = 0
    saw_draw: int = 0  # hands in which the player drew at the first draw
    showdowns: int = 0
    showdowns_won: int = 0
    draws: list[list[int]] = field(default_factory=lambda: [[0] * 5 for _ in range(3)])  # [draw][cards]
    pat_broken: list[int] = field(default_factory=lambda: [0, 0, 0])  # [draw]: drew after standing pat
    pat_chances: list[int] = field(default_factory=lambda: [0, 0, 0])  # [draw]: stood pat at the draw before
    sizes: list[int] = field(default_factory=lambda: [0] * 5)  # final hands at showdown by size (1-4)

    def add(self, other: Sums) -> None:
        """Adds ``other``'s counts and sums to these."""
        for name in _SCALARS:
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for mine, theirs in zip(self.draws, other.draws, strict=True):
            _add_into(mine, theirs)
        _add_into(self.pat_broken, other.pat_broken)
        _add_into(self.pat_chances, other.pat_chances)
        _add_into(self.sizes, other.sizes)


_SCALARS = tuple(
    name for name in Sums.__dataclass_fields__ if name not in ("draws", "pat_broken", "pat_chances", "sizes")
)


def _add_into(mine: list[int], theirs: Sequence[int]) -> None:
    for at, count in enumerate(theirs):
        mine[at] += count


@dataclass(frozen=True, slots=True)
class Filters:
    """Which hands and players count; an empty choice lets everything through. ``since`` and ``until`` are dates
    (``2010-09-05``) on the site's clock, both included."""

    players: frozenset[str] = frozenset()
    sites: frozenset[str] = frozenset()
    games: frozenset[str] = frozenset()
    limits: frozenset[str] = frozenset()
    stakes: frozenset[str] = frozenset()
    since: str | None = None
    until: str | None = None

    def hand(self, site: str, game: str, limit: str | None, stakes: str | None, started: str | None) -> bool:
        """Whether a hand of these properties counts."""
        if (self.sites and site not in self.sites) or (self.games and game not in self.games):
            return False
        if (self.limits and limit not in self.limits) or (self.stakes and stakes not in self.stakes):
            return False
        if self.since is None and self.until is None:
            return True
        day = started[:10] if started else None
        if day is None:
            return False
        return (self.since is None or day >= self.since) and (self.until is None or day <= self.until)


#: Statuses whose records list players: the others (errors, hands of other games) have nobody to count.
COUNTED = frozenset(("verified", "no_showdown", "mismatch", "unverified"))


class Tally:
    """Partial sums per ``Key``, the run's hands counted by status (``statuses``), and the files they came from."""

    __slots__ = ("files", "rows", "statuses")

    def __init__(self) -> None:
        self.rows: dict[Key, Sums] = {}
        self.statuses: Counter[str] = Counter()
        self.files: set[str] = set()

    def merge(self, other: Tally) -> Tally:
        """Adds ``other`` to this tally; returns this tally."""
        for key, sums in other.rows.items():
            mine = self.rows.get(key)
            if mine is None:
                self.rows[key] = sums
            else:
                mine.add(sums)
        self.statuses.update(other.statuses)
        self.files |= other.files
        return self

    def add_results(self, results: Iterable[Any], filters: Filters, items: bool = False) -> None:
        """Adds each scored hand of ``results``: ``Result`` objects, or (``items``) record dicts."""
        hand_of: Callable[[Any], tuple[Any, ...]] = (operator.itemgetter if items else operator.attrgetter)(
            *HAND_FIELDS
        )
        player_of: Callable[[Any], tuple[Any, ...]] = (operator.itemgetter if items else operator.attrgetter)(
            *PLAYER_FIELDS
        )
        statuses, files = self.statuses, self.files
        for result in results:
            file, site, game, limit, status, stakes, started, currency, big_blind, players = hand_of(result)
            statuses[status] += 1
            files.add(file)
            if status in COUNTED and filters.hand(site, game, limit, stakes, started):
                self._add_hand(site, currency or "?", big_blind, list(map(player_of, players)), filters.players)

    def _add_hand(
        self, site: str, currency: str, big_blind: str | None, players: list[tuple[Any, ...]], chosen: frozenset[str]
    ) -> None:
        """One hand's players (``PLAYER_FIELDS`` tuples) added to their rows."""
        nets = [hundredths(player[5]) for player in players]
        paid = [net + hundredths(player[4]) for net, player in zip(nets, players, strict=True)]
        kept, paid_out = -sum(nets), sum(paid)  # the rake: what the site kept of what the players put in
        bb = hundredths(big_blind) if big_blind else 0
        rows = self.rows
        for player, net, share in zip(players, nets, paid, strict=True):
            (name, hero, position, rank, _, _, vpip, pfr, three_bet, chance, bets, raises, calls) = player[:13]
            if chosen and name not in chosen:
                continue
            key = (name, site, currency)
            sums = rows.get(key)
            if sums is None:
                sums = rows[key] = Sums()
            sums.net += net
            if kept and paid_out > 0 and share:
                sums.rake += kept * share / paid_out
            if position is None:
                continue  # not dealt in: named for a payment or cards only
            sums.hands += 1
            sums.hero_hands += bool(hero)
            if bb > 0:
                sums.net_bb += net / bb
                sums.bb_hands += 1
            sums.vpip += bool(vpip)
            sums.pfr += bool(pfr)
            sums.three_bet += bool(three_bet)
            sums.three_bet_chances += bool(chance)
            sums.bets += bets
            sums.raises += raises
            sums.calls += calls
            drew = player[13:16]
            if drew[0] is not None:
                sums.saw_draw += 1
            before = None
            for draw, cards in enumerate(drew):
                if cards is None:
                    break
                if 0 <= cards <= 4:
                    sums.draws[draw][cards] += 1
                if before == 0:
                    sums.pat_chances[draw] += 1
                    sums.pat_broken[draw] += cards > 0
                before = cards
            if player[16]:  # at the showdown
                sums.showdowns += 1
                sums.showdowns_won += bool(player[17])
                if rank is not None:
                    sums.sizes[hand_size(rank)] += 1


@functools.lru_cache(maxsize=65536)
def hundredths(text: str | None) -> int:
    """An amount of the record (``"-1.25"``, ``"1500"``) in hundredths; nothing is 0."""
    if not text:
        return 0
    return -parse_amount(text[1:]) if text[0] == "-" else parse_amount(text)
