"""What ``badugi report`` needs of a run, gathered where the hands are scored (in this process, in worker processes
or on Dask) and merged in order: the statistics' tally, every hand that went wrong with its text, the hands of
the hero (or of the chosen player), to chart, and the text of their biggest pots won and lost, to replay. Bounded:
a hand of the followed player is a few numbers, the hands that went wrong are kept with their text up to
``MAX_TEXTS`` (the rest are listed without it), and the pots to replay are ``MAX_POTS`` each way.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from badugi_fast.extras import require
from badugi_fast.history.cut import Run, Unit, holds_no_history
from badugi_fast.history.inputs import Source
from badugi_fast.history.pipeline import sendable, units
from badugi_fast.history.read import results
from badugi_fast.history.record import Result
from badugi_fast.history.sources import text_of
from badugi_fast.parallel import ordered_map
from badugi_fast.stats.tally import COUNTED, Filters, Tally, hundredths
from badugi_fast.stats.tournaments import Tournament, merge_tournaments, read_lines

__all__ = ["MAX_POTS", "MAX_TEXTS", "Gathered", "Played", "Pot", "Wrong", "biggest", "gather", "gather_on_dask"]

#: The most hands that went wrong whose text the page shows (each is a kilobyte or two).
MAX_TEXTS = 200

#: The followed player's biggest pots won, and lost, that the page replays.
MAX_POTS = 5


@dataclass(slots=True)
class Wrong:
    """A hand that went wrong: where, why, the payout of each player paid (by the site or by the rules) as the site
    made it beside ours, and its text."""

    file: str
    index: int
    hand_id: str
    status: str
    reason: str
    payouts: list[tuple[str, str | None, str | None]]
    text: str | None


@dataclass(slots=True)
class Played:
    """One hand of a followed player (the hero of the hand, or the player asked for): what they won, at what."""

    player: str
    started: str | None
    net: int  # hundredths
    big_blind: int  # hundredths; 0 when unknown
    limit: str | None
    stakes: str | None
    currency: str


@dataclass(slots=True)
class Pot:
    """A hand of the followed player to replay: what they won or lost, in big blinds (what ranks pots of different
    stakes; the net itself when the big blind is not known) and in money, and the hand's text."""

    player: str
    big_blinds: float
    net: int  # hundredths
    currency: str
    file: str
    index: int  # the hand's place in its file
    hand_id: str
    text: str  # filled in for the pots kept


def biggest(pots: Iterable[Pot]) -> list[Pot]:
    """Each player's ``MAX_POTS`` biggest pots won (most first), then their ``MAX_POTS`` biggest lost (the hero
    of each hand is followed when no player is named, and there may be several)."""
    kept: list[Pot] = []
    by_player: dict[str, list[Pot]] = {}
    for pot in pots:
        by_player.setdefault(pot.player, []).append(pot)
    for player in sorted(by_player):
        mine = by_player[player]
        won = sorted((pot for pot in mine if pot.net > 0), key=lambda pot: (-pot.big_blinds, pot.file, pot.index))
        lost = sorted((pot for pot in mine if pot.net < 0), key=lambda pot: (pot.big_blinds, pot.file, pot.index))
        kept += won[:MAX_POTS] + lost[:MAX_POTS]
    return kept


@dataclass(slots=True)
class Gathered:
    """A run's tally, its hands that went wrong, the followed players' hands in input order, and their biggest
    pots."""

    tally: Tally = field(default_factory=Tally)
    wrong: list[Wrong] = field(default_factory=list)
    played: list[Played] = field(default_factory=list)
    pots: list[Pot] = field(default_factory=list)
    tournaments: dict[str, Tournament] = field(default_factory=dict)  # read from the text of tournament hands

    def merge(self, other: Gathered) -> Gathered:
        """Adds ``other`` (the hands after these) to this; returns this."""
        self.tally.merge(other.tally)
        room = MAX_TEXTS - sum(wrong.text is not None for wrong in self.wrong)
        for wrong in other.wrong:
            if wrong.text is not None:
                room -= 1
                if room < 0:
                    wrong.text = None
            self.wrong.append(wrong)
        self.played += other.played
        self.pots = biggest([*self.pots, *other.pots])
        merge_tournaments(self.tournaments, other.tournaments)
        return self


def gather_unit(unit: Unit, filters: Filters, player: str | None) -> Gathered:
    """(A worker's task.) What the report needs of one run of hands."""
    gathered = Gathered()
    if holds_no_history(unit):  # not a hand: not listed among the hands that went wrong either
        gathered.tally.left_out.add(unit.source)
    else:
        gathered.tally.add_results(_watched(unit, filters, player, gathered), filters)
    return gathered


def _watched(unit: Unit, filters: Filters, player: str | None, gathered: Gathered) -> Iterator[Result]:
    """The results of ``unit``, each noted in ``gathered`` (when it went wrong, when it is the followed
    player's) as it goes by."""
    texts = _Texts(unit)
    candidates: list[Pot] = []
    in_chips = False
    for number, result in enumerate(results(unit)):
        in_chips = in_chips or result.currency == "chips"
        status = result.status
        if status in ("mismatch", "error"):
            text = texts.hand(number) if len(gathered.wrong) < MAX_TEXTS else None
            gathered.wrong.append(_wrong(result, text))
        if status in COUNTED and filters.hand(result.site, result.game, result.limit, result.stakes, result.started):
            hand = _follow(result, player, gathered.played)
            if hand is not None and hand.net:
                bb = hand.net / hand.big_blind if hand.big_blind else hand.net / 100
                pot = Pot(hand.player, bb, hand.net, hand.currency, result.file, result.index, result.hand_id, "")
                candidates.append(pot)
        yield result
    if in_chips:  # tournament hands: their buy-ins and finishes, from their text
        read_lines(texts.lines(), gathered.tournaments)
    chosen = biggest(candidates)
    for pot in chosen:  # the text of each: the hand's place in the file less the run's first
        pot.text = texts.hand(pot.index - texts.first) or ""
    gathered.pots = [pot for pot in chosen if pot.text]


class _Texts:
    """The text of the hands of a unit (none for a unit that is not a run of hands), split into lines once, when
    first asked for, and decoded only for the hands asked for: a run holds many hands, the page wants a few."""

    def __init__(self, unit: Unit) -> None:
        self.run = unit if isinstance(unit, Run) else None
        self.first = unit.index if isinstance(unit, Run) else 0
        self._lines: list[bytes] | None = None

    def _split(self) -> list[bytes]:
        if self._lines is None:
            self._lines = self.run.text().split(b"\n") if self.run is not None else []
        return self._lines

    def hand(self, number: int) -> str | None:
        """The text of the unit's hand ``number`` (0: its first)."""
        if self.run is None or not 0 <= number < len(self.run.starts):
            return None
        lines, starts = self._split(), self.run.starts
        end = starts[number + 1] if number + 1 < len(starts) else len(lines)
        return text_of(b"\n".join(lines[starts[number] : end])).rstrip()

    def lines(self) -> list[str]:
        """Every line of the unit's hands."""
        return text_of(self.run.text()).split("\n") if self.run is not None else []


def _follow(result: Result, player: str | None, played: list[Played]) -> Played | None:
    """The followed player's hand in ``result`` (noted in ``played``), if they were dealt in."""
    for entry in result.players:
        if (entry.name == player if player is not None else entry.hero) and entry.position is not None:
            hand = Played(
                entry.name,
                result.started,
                hundredths(entry.net),
                hundredths(result.big_blind),
                result.limit,
                result.stakes,
                result.currency or "?",
            )
            played.append(hand)
            return hand
    return None


def _wrong(result: Result, text: str | None) -> Wrong:
    payouts = [
        (player.name, player.collected, player.expected)
        for player in result.players
        if _paid(player.collected) or _paid(player.expected)
    ]
    return Wrong(result.file, result.index, result.hand_id, result.status, result.reason or "", payouts, text)


def _paid(amount: str | None) -> bool:
    """Whether an amount of the record is more than nothing: the players paid, by the site or by the rules, are the
    payouts the page compares (the others were paid nothing either way)."""
    return amount is not None and amount.strip("0.") != ""


def gather(sources: Iterable[Source], filters: Filters, player: str | None, jobs: int = 1) -> Gathered:
    """What the report needs of the hands of ``sources``, scored by ``jobs`` processes."""
    work = functools.partial(gather_unit, filters=filters, player=player)
    return _merged(ordered_map(work, units(sources), jobs, prepare=sendable))


def gather_on_dask(client: Any, sources: Sequence[Source], filters: Filters, player: str | None) -> Gathered:
    """The same, scored on the Dask cluster of ``client``, a part per task."""
    cluster = require("badugi_fast.cluster", "--dask")
    on_dask = require("badugi_fast.history.dask", "--dask")
    work = functools.partial(_gather_part, filters=filters, player=player)
    return _merged(cluster.cluster_map(client, work, on_dask.parts(client, sources)))


def _gather_part(part: Any, filters: Filters, player: str | None) -> Gathered:
    """(A Dask task.) What the report needs of one part's runs."""
    return _merged(gather_unit(unit, filters, player) for unit in part.units())


def _merged(parts: Iterable[Gathered] | Iterator[Gathered]) -> Gathered:
    total = Gathered()
    for part in parts:
        total.merge(part)
    return total
