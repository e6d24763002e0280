"""What ``badugi report`` needs of a run, gathered where the hands are scored (in this process, in worker processes
or on Dask) and merged in order: the statistics' tally, every hand that went wrong with its text, and the hands of
the hero (or of the chosen player), to chart. Bounded: a hand of the followed player is a few numbers, and the
hands that went wrong are kept with their text up to ``MAX_TEXTS`` (the rest are listed without it).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from badugi_fast.extras import require
from badugi_fast.history.cut import Run, Unit
from badugi_fast.history.inputs import Source
from badugi_fast.history.pipeline import sendable, units
from badugi_fast.history.read import results
from badugi_fast.history.record import Result
from badugi_fast.history.sources import text_of
from badugi_fast.parallel import ordered_map
from badugi_fast.stats.tally import COUNTED, Filters, Tally, hundredths

__all__ = ["MAX_TEXTS", "Gathered", "Played", "Wrong", "gather", "gather_on_dask"]

#: The most hands that went wrong whose text the page shows (each is a kilobyte or two).
MAX_TEXTS = 200


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
class Gathered:
    """A run's tally, its hands that went wrong, and the followed players' hands, in input order."""

    tally: Tally = field(default_factory=Tally)
    wrong: list[Wrong] = field(default_factory=list)
    played: list[Played] = field(default_factory=list)

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
        return self


def gather_unit(unit: Unit, filters: Filters, player: str | None) -> Gathered:
    """(A worker's task.) What the report needs of one run of hands."""
    gathered = Gathered()
    gathered.tally.add_results(_watched(unit, filters, player, gathered), filters)
    return gathered


def _watched(unit: Unit, filters: Filters, player: str | None, gathered: Gathered) -> Iterator[Result]:
    """The results of ``unit``, each noted in ``gathered`` (when it went wrong, when it is the followed
    player's) as it goes by."""
    texts: list[str] | None = None
    for number, result in enumerate(results(unit)):
        status = result.status
        if status in ("mismatch", "error"):
            if texts is None:
                texts = _texts(unit)
            text = texts[number] if number < len(texts) else None
            gathered.wrong.append(_wrong(result, text if len(gathered.wrong) < MAX_TEXTS else None))
        if status in COUNTED and filters.hand(result.site, result.game, result.limit, result.stakes, result.started):
            _follow(result, player, gathered.played)
        yield result


def _follow(result: Result, player: str | None, played: list[Played]) -> None:
    for entry in result.players:
        if (entry.name == player if player is not None else entry.hero) and entry.position is not None:
            played.append(
                Played(
                    entry.name,
                    result.started,
                    hundredths(entry.net),
                    hundredths(result.big_blind),
                    result.limit,
                    result.stakes,
                    result.currency or "?",
                )
            )
            return


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


def _texts(unit: Unit) -> list[str]:
    """The text of each hand of ``unit`` (none for a unit that is not a run of hands)."""
    if not isinstance(unit, Run):
        return []
    lines = text_of(unit.text()).split("\n")
    ends = [*unit.starts[1:], len(lines)]
    return ["\n".join(lines[start:end]).rstrip() for start, end in zip(unit.starts, ends, strict=True)]


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
