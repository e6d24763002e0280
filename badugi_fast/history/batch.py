"""Many files at once: parse and score each file, in parallel processes if asked, results in input order.

A file is the unit of work: a worker decodes, parses and scores one whole file and sends its results back, so
the order of files and of hands within them is kept whatever the number of processes. With several processes a
big file is first cut into runs of hands (``chunks``) that workers score separately; their results are joined
back in order, one list per file, so a single big file keeps every process busy.
"""

from __future__ import annotations

import collections
import functools
import multiprocessing
import os
from collections.abc import Callable, Iterable, Iterator
from typing import NamedTuple, TypeVar

from badugi_fast.history.chunks import Run, hands_of, split
from badugi_fast.history.detect import (
    RawFile,
    Source,
    clean_utf8,
    decode,
    expand,
    file_hands,
    hands_in,
    read_source,
    site_parser,
)
from badugi_fast.history.fast_stars import AVAILABLE, stars_results
from badugi_fast.history.model import Hand
from badugi_fast.history.output import renderer
from badugi_fast.history.pokerstars import reader as stars
from badugi_fast.history.score import Result, score

__all__ = ["Rendered", "parse", "render_files", "results_of", "score_file", "score_files", "score_files_grouped"]

PathLike = str | os.PathLike[str]
T = TypeVar("T")


class Rendered(NamedTuple):
    """The scored hands of a file, or of a run of hands of one, as a worker sends them back: each hand's record
    text, status, and whether it reached a showdown. Three lists rather than an object per hand, which would cost
    more to send between processes than to score."""

    texts: list[str]
    statuses: list[str]
    showdowns: list[bool]


def parse(source: Source) -> Iterator[Hand]:
    """Every hand in ``source`` (a path to a file, folder or archive; an open file; or the text), in order.

    >>> [hand.hand_id for hand in parse("#37732805: Limit Badugi - 30/60\\nTruncated")]
    ['37732805']
    """
    for raw in read_source(source):
        yield from file_hands(raw)


def score_file(raw: RawFile | Run) -> list[Result]:
    """The results of every hand of one file (or run of hands of one file), in order."""
    return list(results_of(raw))


def results_of(unit: RawFile | Run) -> Iterator[Result]:
    """The result of each hand of a whole file or of a run of one, in order: PokerStars text goes through the C
    fast path (``fast_stars``), other sites through their parser and ``score``."""
    if isinstance(unit, Run):
        if unit.site == stars.SITE:
            return stars_results(unit.content(), unit.name, unit.index, unit.line)
        return map(score, hands_of(unit))
    if unit.error is not None:
        return map(score, file_hands(unit))
    utf8 = clean_utf8(unit.data) if isinstance(unit.data, bytes) and AVAILABLE else None
    if utf8 is not None and site_parser(utf8) is stars:
        return stars_results(utf8, unit.name)  # the bytes go to C as they are: no decoding
    text = decode(unit.data) if isinstance(unit.data, bytes) else unit.data
    if site_parser(text) is stars:
        return stars_results(text, unit.name)
    return map(score, hands_in(text, unit.name, unit.strict))


def score_files_grouped(paths: Iterable[PathLike], jobs: int = 1) -> Iterator[list[Result]]:
    """The results of each file named by ``paths`` (folders and archives opened), one list per file, in order.

    With ``jobs`` > 1, files are scored by that many worker processes.
    """
    return _per_file(score_file, paths, jobs)


def render_files(paths: Iterable[PathLike], form: str, jobs: int = 1) -> Iterator[list[Rendered]]:
    """Like ``score_files_grouped``, but the hands come back rendered in output format ``form``, a ``Rendered``
    per file or per run of hands of a big file: the workers do the rendering too, so the parent only writes
    text."""
    renderer(form)  # a bad format is an error here, not in a worker
    return _per_file(functools.partial(_render_file, form=form), paths, jobs)


def _render_file(raw: RawFile | Run, form: str) -> list[Rendered]:
    render = renderer(form)
    rendered = Rendered([], [], [])
    for result in results_of(raw):  # each result is rendered as soon as it is scored: fewer objects alive
        rendered.texts.append(render(result))
        rendered.statuses.append(result.status)
        rendered.showdowns.append(result.showdown)
    return [rendered]


def _per_file(work: Callable[[RawFile | Run], list[T]], paths: Iterable[PathLike], jobs: int) -> Iterator[list[T]]:
    """``work`` applied to each file, in order, in ``jobs`` processes (big files cut into runs, rejoined)."""
    raws = expand(os.fspath(path) for path in paths)
    if jobs <= 1:
        yield from map(work, raws)
        return
    ends_file: collections.deque[bool] = collections.deque()  # for each unit sent: is it the last of its file?

    def units() -> Iterator[RawFile | Run]:
        for raw in raws:
            parts = split(raw)
            ends_file.extend(number == len(parts) - 1 for number in range(len(parts)))
            yield from parts

    with multiprocessing.get_context(_start_method()).Pool(jobs) as pool:
        done: list[T] = []
        for part in pool.imap(work, units()):
            done += part
            if ends_file.popleft():
                yield done
                done = []


def score_files(paths: Iterable[PathLike], jobs: int = 1) -> Iterator[Result]:
    """The result of every hand in the files named by ``paths``, streamed in input order.

    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "notes.md").write_text("not a hand history")
    >>> list(score_files([folder]))
    []
    """
    for results in score_files_grouped(paths, jobs):
        yield from results


def _start_method() -> str:
    """``fork`` where it is available and safe enough (Linux), else ``spawn``: workers need only this module."""
    return "fork" if "fork" in multiprocessing.get_all_start_methods() and os.name == "posix" else "spawn"
