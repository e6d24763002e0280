"""``badugi score`` from end to end, as stages a reader can name in order:

1. ``sources``: what to read (files, folders, archives, stdin), its text streamed as normalised UTF-8 blocks;
2. ``sites``: which site each hand header belongs to;
3. ``cut``: the text cut into runs of whole hands of one site (the unit of work);
4. ``read``: each run read and scored, by C where it vouches, else by the site parser and ``score``;
5. ``output``: each result rendered as JSON Lines, CSV or a table.

Runs go through stages 4 and 5 in this process or in worker processes (``jobs``); results always come back in input
order, and no more than a few runs per worker are in flight, so memory stays bounded however big the input.
"""

from __future__ import annotations

import functools
import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING

from badugi_fast.formats.model import Hand
from badugi_fast.history.cut import Run, Unit, cut
from badugi_fast.history.inputs import Source
from badugi_fast.history.output import check_format, renderer
from badugi_fast.history.read import hands_of, results
from badugi_fast.history.read import rendered as rendered_by_c
from badugi_fast.history.rendered import Records, Rendered
from badugi_fast.history.sources import SourceLike, expand, sources_of
from badugi_fast.parallel import ordered_map

if TYPE_CHECKING:  # made by the Python reader's hands only: C renders the records of the others
    from badugi_fast.history.record import Result

__all__ = [
    "Rendered",
    "count_part",
    "parse",
    "render",
    "render_files",
    "render_sources",
    "score_file",
    "score_files",
    "sendable",
    "units",
]

PathLike = str | os.PathLike[str]


def units(sources: Iterable[Source]) -> Iterator[Unit]:
    """Every run of every source, in order (stages 1 to 3)."""
    for source in sources:
        yield from cut(source)


def parse(source: SourceLike) -> Iterator[Hand]:
    """Every hand in ``source`` (a path to a file, folder or archive; an open file; or the text), in order.

    >>> [hand.hand_id for hand in parse("#37732805: Limit Badugi - 30/60\\nTruncated")]
    ['37732805']
    """
    for unit in units(sources_of(source)):
        yield from hands_of(unit)


def score_file(source: SourceLike) -> list[Result]:
    """The results of every hand in ``source`` (as ``parse`` takes it), in order."""
    return [result for unit in units(sources_of(source)) for result in results(unit)]


def score_files(paths: Iterable[PathLike], jobs: int = 1) -> Iterator[Result]:
    """The result of every hand in the files named by ``paths``, streamed in input order, scored by ``jobs``
    processes.

    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "notes.md").write_text("not a hand history")
    >>> list(score_files([folder]))
    []
    """
    for part in ordered_map(_results, units(expand(_strings(paths))), jobs, prepare=sendable):
        yield from part


def render_files(
    paths: Iterable[PathLike], form: str, jobs: int = 1, note: Callable[[str], None] | None = None
) -> Iterator[Rendered]:
    """The hands of the files named by ``paths`` rendered in output format ``form``: ``render_sources`` of what
    ``expand`` finds (``note`` hears what it says)."""
    return render_sources(expand(_strings(paths), note), form, jobs)


def render_sources(sources: Iterable[Source], form: str, jobs: int = 1) -> Iterator[Rendered]:
    """The hands of ``sources`` rendered in output format ``form``, a ``Rendered`` per run, in input order: the
    workers render too, so the parent only writes text."""
    check_format(form)  # a bad format is an error here, not in a worker
    return ordered_map(functools.partial(render, form=form), units(sources), jobs, prepare=sendable)


def _strings(paths: Iterable[PathLike]) -> list[str]:
    return [os.fspath(path) for path in paths]


def _results(unit: Unit) -> list[Result]:
    return list(results(unit))


def render(unit: Unit, form: str) -> Rendered:
    """Stages 4 and 5 for one run: by C where it reads the run (``read.rendered``: the records of the hands it
    answered written from its own, without a ``Result``), else each result rendered as soon as it is scored (fewer
    objects alive)."""
    fast = rendered_by_c(unit, form)
    if fast is not None:
        return Rendered(unit.source, *fast)
    render = renderer(form)
    texts: list[str] = []
    statuses: list[str] = []
    showdowns: list[bool] = []
    for result in results(unit):
        texts.append(render(result))
        statuses.append(result.status)
        showdowns.append(result.showdown)
    return Rendered(unit.source, Records.of(texts), statuses, showdowns)


def sendable(unit: Unit) -> Unit:
    """``unit`` as it is best sent to a worker: a run that can be read back from its file goes without its text
    (the worker reads its own bytes)."""
    return unit.detached() if isinstance(unit, Run) and unit.span is not None else unit


def count_part(counts: Counter[str], part: Rendered, hands: int) -> None:
    """Adds the first ``hands`` hands of ``part`` to ``counts``: hands, Badugi hands, showdowns, each status."""
    statuses = part.statuses[:hands]
    counts.update(statuses)
    counts["hands"] += hands
    counts["badugi"] += hands - statuses.count("skipped") - statuses.count("error")
    counts["showdowns"] += sum(part.showdowns[:hands])
