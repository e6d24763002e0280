"""``badugi score`` on a Dask cluster: the same stages, run as Dask tasks (the ``dask`` extra).

Nothing here reads or scores a hand: the tasks call the pipeline's own stages (``cut``, ``read`` through
``pipeline.render``, ``output``), and records come back in input order through ``cluster.cluster_map`` (the
client's executor in order), so they are exactly those of one process. What this module adds is where each stage runs:

- **Cutting runs on the workers.** Each file is cut into runs by a task (``_plan``), on whichever worker is free, a
  few files ahead of the scoring: the client never reads the hands, so it does not bound the throughput of a big
  cluster (reading every byte of an archive through one machine would), and files are cut in parallel. A run of a
  plain file comes back detached: its byte range, not its text.
- **Each worker reads its own bytes.** A task (``Part``) is a few consecutive runs, about ``PART_HANDS`` hands: the
  worker that scores them reads their byte ranges from the file (a local path, on a filesystem the workers share,
  or an fsspec URL such as ``s3://...``). A compressed file or a zip member cannot be read from its middle, nor can
  text whose bytes are not the file's (CRLF or UTF-16 text): such a source is cut and scored whole by one task.
  Only stdin (which only the client has) is cut by the client, its runs sent with their text.
- **Faults.** Tasks are pure: when a worker dies, Dask runs its tasks again elsewhere and the records are the same,
  none lost or repeated. An unreadable file gives its ``error`` records, as on one machine.

From Python, ``score(paths, client)`` gives a ``dask.dataframe.DataFrame`` of the records (one partition per task)
and ``summary(df)`` the totals ``badugi score`` prints.
"""

from __future__ import annotations

import functools
import os
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

import dask
import dask.dataframe as dd
import distributed
import fsspec
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from badugi_fast.cluster import cluster_map, workers_of
from badugi_fast.history.cut import Run, Unit, Unreadable, cut
from badugi_fast.history.inputs import Source
from badugi_fast.history.parquet import SCHEMA, part_name, table_of
from badugi_fast.history.pipeline import count_part, render
from badugi_fast.history.rendered import Records, Rendered
from badugi_fast.history.sources import expand, is_url
from badugi_fast.parallel import ordered_map

__all__ = [
    "FRAME_SCHEMA",
    "PART_HANDS",
    "SUMMARY",
    "Part",
    "parts",
    "render_parts",
    "score",
    "summary",
    "write_parts",
]

#: Hands per task: scoring them takes a few hundred milliseconds on a core, so Dask's cost per task (a few
#: milliseconds, measured by scripts/bench_scale.py) stays under 2% of the work.
PART_HANDS = 16_000
#: The totals of ``summary``, in the order ``badugi score`` prints them.
SUMMARY = (
    "files",
    "hands",
    "badugi",
    "showdowns",
    "verified",
    "mismatch",
    "error",
    "skipped",
    "no_showdown",
    "unverified",
)
#: The columns of ``score``'s DataFrame: the record's, and ``showdown`` (not part of the record: for ``summary``).
FRAME_SCHEMA = SCHEMA.append(pa.field("showdown", pa.bool_()))

Item = Unit | Source


@dataclass(frozen=True)
class Part:
    """The work of one task and one partition of the records: consecutive units (runs detached from their text
    when the worker can read their bytes), and sources to be cut whole in the task."""

    items: tuple[Item, ...]

    def units(self) -> Iterator[Unit]:
        """The units of the part, in order."""
        for item in self.items:
            if isinstance(item, Source):
                yield from cut(item)
            else:
                yield item


def parts(client: distributed.Client, sources: Sequence[Source], part_hands: int = PART_HANDS) -> Iterator[Part]:
    """The parts of ``sources`` in order, each about ``part_hands`` hands: files are cut by tasks on the workers,
    a few ahead; only what only the client can read (stdin) is cut here."""
    planned = ordered_map(_plan, sources, workers_of(client), client.get_executor(pure=False))
    items: list[Item] = []
    hands = 0
    for source, plan in zip(sources, planned, strict=True):
        for item in cut(source) if plan is None else plan:
            items.append(item)
            hands += item.hands if isinstance(item, Run) else 1 if isinstance(item, Unreadable) else part_hands
            if hands >= part_hands:
                yield Part(tuple(items))
                items, hands = [], 0
    if items:
        yield Part(tuple(items))


def _plan(source: Source) -> list[Item] | None:
    """(A task.) ``source`` as items of parts: its units detached from their text when every run can be read back
    from the file; else the source itself, to cut whole in a task; None when only the client can read it."""
    if source.error is None and source.path is None and source.file is None and not is_url(source.name):
        return None  # stdin, a pipe: not on the workers
    if source.path is None:
        return [source]
    units: list[Item] = []
    for unit in cut(source):
        if isinstance(unit, Run):
            if unit.span is None:  # its text is not the file's bytes (CRLF, UTF-16)
                return [source]
            unit = unit.detached()
        units.append(unit)
    return units


def render_parts(
    client: distributed.Client, sources: Sequence[Source], form: str, part_hands: int = PART_HANDS
) -> Iterator[Rendered]:
    """The records of ``sources`` in format ``form``, a ``Rendered`` per run, in input order (as
    ``pipeline.render_sources`` gives them), scored on the cluster."""
    work = functools.partial(_render_part, form=form)
    return _flat(cluster_map(client, work, parts(client, sources, part_hands)))


def write_parts(
    client: distributed.Client, sources: Sequence[Source], folder: str, part_hands: int = PART_HANDS
) -> Iterator[Rendered]:
    """Score ``sources`` on the cluster, each task writing its records to a Parquet file of its own in ``folder``
    (which the workers must be able to write, or an fsspec URL); yields each run's statuses (no text), in order."""
    if is_url(folder):
        filesystem, root = fsspec.core.url_to_fs(folder)
        filesystem.makedirs(root, exist_ok=True)
    work = functools.partial(_write_part, folder=folder)
    return _flat(cluster_map(client, work, enumerate(parts(client, sources, part_hands))))


def _flat(lists: Iterable[list[Rendered]]) -> Iterator[Rendered]:
    for rendered in lists:
        yield from rendered


def _render_part(part: Part, form: str) -> list[Rendered]:
    """(A task.) Each unit of ``part`` read, scored and rendered: ``pipeline.render``."""
    return [render(unit, form) for unit in part.units()]


def _write_part(numbered: tuple[int, Part], folder: str) -> list[Rendered]:
    """(A task.) The records of a part written as the Parquet file of its number in ``folder``; the statuses
    come back."""
    number, part = numbered
    rendered = _render_part(part, "jsonl")
    table = table_of(Records.joined(run.texts for run in rendered))
    path = f"{folder.rstrip('/')}/{part_name(number)}"
    if is_url(folder):
        with fsspec.open(path, "wb") as stream:
            pq.write_table(table, stream)
    else:
        pq.write_table(table, path)
    return [Rendered(run.source, Records(b"", []), run.statuses, run.showdowns) for run in rendered]


def score(
    paths: Iterable[str | os.PathLike[str]],
    client: distributed.Client | None = None,
    part_hands: int = PART_HANDS,
) -> dd.DataFrame:
    """The records of every hand in ``paths`` (files, folders, archives, fsspec URLs) as a Dask DataFrame, one
    partition per part of about ``part_hands`` hands, in input order; columns ``FRAME_SCHEMA`` (Arrow types:
    ``players`` a list of structs, amounts exact strings). The files are cut now, on the cluster (``client``, by
    default the current one); the hands are scored when the DataFrame is computed."""
    client = distributed.default_client() if client is None else client
    found = list(parts(client, expand([os.fspath(path) for path in paths]), part_hands))
    meta = _frame(FRAME_SCHEMA.empty_table())
    if not found:
        return dd.from_pandas(meta, npartitions=1)
    frame: dd.DataFrame = dd.from_map(_frame_part, found, meta=meta, enforce_metadata=False)
    return frame


def _frame_part(part: Part) -> pd.DataFrame:
    """(A task.) The records of ``part`` as a pandas DataFrame of ``FRAME_SCHEMA``."""
    rendered = _render_part(part, "jsonl")
    table = table_of(Records.joined(run.texts for run in rendered))
    showdowns = pa.array([showdown for run in rendered for showdown in run.showdowns], pa.bool_())
    return _frame(table.append_column("showdown", showdowns))


def _frame(table: pa.Table) -> pd.DataFrame:
    return table.to_pandas(types_mapper=pd.ArrowDtype)


def summary(frame: dd.DataFrame) -> dict[str, int]:
    """The totals ``badugi score`` prints for the records of ``frame`` (from ``score``): files, hands, Badugi
    hands, showdowns, and hands of each status."""
    counted = dask.compute(*[dask.delayed(_partition_counts)(part) for part in frame.to_delayed()])
    totals: Counter[str] = Counter()
    files: set[str] = set()
    for counts, names in counted:
        totals.update(counts)
        files |= names
    totals["files"] = len(files)
    return {key: totals[key] for key in SUMMARY}


def _partition_counts(frame: pd.DataFrame) -> tuple[Counter[str], set[str]]:
    """(A task.) The counts of one partition, and the files its records come from."""
    counts: Counter[str] = Counter()
    statuses = [str(status) for status in frame["status"]]
    count_part(counts, Rendered("", Records(b"", []), statuses, [bool(s) for s in frame["showdown"]]), len(statuses))
    return counts, {str(name) for name in frame["file"]}
