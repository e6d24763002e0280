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
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from badugi_fast.money import parse_amount
from badugi_fast.stats.definitions import COUNT_FACTS, COUNTS, Condition
from badugi_fast.stats.groups import BY, group_of, position_name

__all__ = [
    "COUNTED",
    "COUNT_INDEX",
    "HAND_FIELDS",
    "PLAYER_FIELDS",
    "Filters",
    "Key",
    "Sums",
    "Tally",
    "hundredths",
]

#: A row of the statistics: the player, the site, the currency (``chips`` in tournaments, ``?`` when unknown), and
#: the group of ``--by`` (``""`` by player; a position, stakes, a month, or a session's first half hour).
Key = tuple[str, str, str, str]

#: Hands seen: their site, game, betting structure, stakes and day.
Seen = tuple[str, str, str | None, str | None, str | None]

#: The fields of a record that a tally reads, hand and player.
HAND_FIELDS = ("file", "site", "game", "limit", "status", "stakes", "started", "currency", "big_blind", "players")
PLAYER_FIELDS = ("name", "hero", "position", "put_in", "net", *COUNT_FACTS)


@dataclass(slots=True)
class Sums:
    """One row's counts (``counts``, in the order of ``definitions.COUNTS``) and money sums, in hundredths
    (docs/stats.md says how each statistic is made of them); for sessions, the first and last start."""

    hero_hands: int = 0
    net: int = 0
    net_bb: float = 0.0  # the sum over hands of net / big blind
    bb_hands: int = 0  # hands with a known big blind
    rake: float = 0.0  # hundredths: the player's share of the rake of the pots they were paid from
    counts: list[int] = field(default_factory=lambda: [0] * len(COUNTS))
    first: str | None = None  # the first and last start of the hands (``--by session`` only)
    last: str | None = None

    @property
    def hands(self) -> int:
        """The hands the player was dealt in."""
        return self.counts[0]

    def count(self, name: str) -> int:
        """The count ``name`` of ``definitions.COUNTS``."""
        return self.counts[COUNT_INDEX[name]]

    def add(self, other: Sums) -> None:
        """Adds ``other``'s counts and sums to these."""
        self.hero_hands += other.hero_hands
        self.net += other.net
        self.net_bb += other.net_bb
        self.bb_hands += other.bb_hands
        self.rake += other.rake
        self.counts = [mine + theirs for mine, theirs in zip(self.counts, other.counts, strict=True)]
        self.first = min(filter(None, (self.first, other.first)), default=None)
        self.last = max(filter(None, (self.last, other.last)), default=None)


#: Where each count is in ``Sums.counts``.
COUNT_INDEX = {count.name: at for at, count in enumerate(COUNTS)}


def _counter() -> Callable[..., None]:
    """``count(counts, *facts)``: adds one hand of a player (``COUNT_FACTS``, in order) to ``counts``. Compiled once
    from ``definitions.COUNTS`` into straight Python, as a database compiles them into SQL: the tally's inner loop
    runs for every player of every hand, and interpreting the table there would double its time. Counts that share
    their first conditions share their tests (nested ``if``: a player who did not draw skips every draw's)."""
    lines = [f"def count(counts, {', '.join(COUNT_FACTS)}):"]
    lines += _tests([(at, count.where, count.adds) for at, count in enumerate(COUNTS)], 1)
    namespace: dict[str, Any] = {}
    exec("\n".join(lines), namespace)  # source made here from the constant table COUNTS only
    counter: Callable[..., None] = namespace["count"]
    return counter


def _tests(counts: list[tuple[int, tuple[Condition, ...], tuple[str, ...]]], depth: int) -> list[str]:
    """The lines that add ``counts`` (where in ``Sums.counts``, the conditions left to test, the facts added)."""
    indent = "    " * depth
    lines = []
    groups: dict[Condition, list[tuple[int, tuple[Condition, ...], tuple[str, ...]]]] = {}
    for at, where, adds in counts:
        if not where:
            lines.append(f"{indent}counts[{at}] += {' + '.join(f'({fact} or 0)' for fact in adds) or '1'}")
        else:
            groups.setdefault(where[0], []).append((at, where[1:], adds))
    for (fact, compare, number), inner in groups.items():
        lines.append(f"{indent}if {fact} is not None and {fact} {'==' if compare == '=' else compare} {number}:")
        lines += _tests(inner, depth + 1)
    return lines


_count = _counter()


@dataclass(frozen=True, slots=True)
class Filters:
    """Which hands and players count; an empty choice lets everything through. ``since`` and ``until`` are dates
    (``2010-09-05``) on the site's clock, both included. ``by`` says how the rows split each player's hands
    (``groups.BY``): it travels with the filters to every worker that tallies."""

    players: frozenset[str] = frozenset()
    sites: frozenset[str] = frozenset()
    games: frozenset[str] = frozenset()
    limits: frozenset[str] = frozenset()
    stakes: frozenset[str] = frozenset()
    since: str | None = None
    until: str | None = None
    by: str = "player"  # the rows: one of ``groups.BY``

    def __post_init__(self) -> None:
        if self.by not in BY:
            raise ValueError(f"--by is one of {', '.join(BY)}, not {self.by!r}")

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
    """Partial sums per ``Key``, the run's hands counted by status (``statuses``), the files they came from, and
    the hands that list players counted by site, game, limit, stakes and day before any filter (``seen``: what a
    filter that matches nothing is told is there), and the files named on their own that hold no hand history
    (``left_out``: not counted as hands, as ``badugi score`` leaves them out)."""

    __slots__ = ("files", "left_out", "rows", "seen", "statuses")

    def __init__(self) -> None:
        self.rows: dict[Key, Sums] = {}
        self.statuses: Counter[str] = Counter()
        self.files: set[str] = set()
        self.seen: Counter[Seen] = Counter()
        self.left_out: set[str] = set()

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
        self.seen.update(other.seen)
        self.left_out |= other.left_out
        return self

    def add_results(self, results: Iterable[Any], filters: Filters, items: bool = False) -> None:
        """Adds each scored hand of ``results``: ``Result`` objects, or (``items``) record dicts."""
        hand_of: Callable[[Any], tuple[Any, ...]] = (operator.itemgetter if items else operator.attrgetter)(
            *HAND_FIELDS
        )
        player_of: Callable[[Any], tuple[Any, ...]] = (operator.itemgetter if items else operator.attrgetter)(
            *PLAYER_FIELDS
        )
        statuses, files, seen = self.statuses, self.files, self.seen
        for result in results:
            file, site, game, limit, status, stakes, started, currency, big_blind, players = hand_of(result)
            statuses[status] += 1
            files.add(file)
            if status not in COUNTED:
                continue
            seen[(site, game, limit, stakes, started[:10] if started else None)] += 1
            if filters.hand(site, game, limit, stakes, started):
                self._add_hand(
                    site, currency or "?", big_blind, list(map(player_of, players)), filters, (limit, stakes, started)
                )

    def _add_hand(
        self,
        site: str,
        currency: str,
        big_blind: str | None,
        players: list[tuple[Any, ...]],
        filters: Filters,
        hand: tuple[str | None, str | None, str | None],
    ) -> None:
        """One hand's players (``PLAYER_FIELDS`` tuples, unpacked by those names) added to their rows; ``hand`` is its
        limit, stakes and start."""
        if not players:
            return
        names, heroes, positions, put_ins, net_texts, *counted = zip(*players, strict=True)
        nets = [hundredths(net) for net in net_texts]
        paid = [net + hundredths(put_in) for net, put_in in zip(nets, put_ins, strict=True)]
        kept, paid_out = -sum(nets), sum(paid)  # the rake: what the site kept of what the players put in
        bb = hundredths(big_blind) if big_blind else 0
        rows, chosen, by = self.rows, filters.players, filters.by
        dealt = sum(position is not None for position in positions)
        _limit, _stakes, started = hand
        group = group_of(by, *hand) if by != "position" else ""
        for name, hero, position, net, share, facts in zip(
            names, heroes, positions, nets, paid, zip(*counted, strict=True), strict=True
        ):
            if chosen and name not in chosen:
                continue
            if by == "position":
                group = position_name(position, dealt)
            key = (name, site, currency, group)
            sums = rows.get(key)
            if sums is None:
                sums = rows[key] = Sums()
            sums.net += net
            if kept and paid_out > 0 and share:
                sums.rake += kept * share / paid_out
            if position is None:
                continue  # not dealt in: named for a payment or cards only
            sums.hero_hands += bool(hero)
            if bb > 0:
                sums.net_bb += net / bb
                sums.bb_hands += 1
            _count(sums.counts, *facts)
            if by == "session" and started:
                sums.first = min(sums.first or started, started)
                sums.last = max(sums.last or started, started)


@functools.lru_cache(maxsize=65536)
def hundredths(text: str | None) -> int:
    """An amount of the record (``"-1.25"``, ``"1500"``) in hundredths; nothing is 0."""
    if not text:
        return 0
    return -parse_amount(text[1:]) if text[0] == "-" else parse_amount(text)
