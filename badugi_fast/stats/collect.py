"""Where ``badugi stats`` gets its hands: histories scored as ``badugi score`` scores them (in this process, in
worker processes or on Dask, each part tallied where it is scored), or records saved by ``badugi score``
(JSON Lines, a Parquet file or folder), which are only read. Every way gives one merged ``Tally``.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import io
import json
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, BinaryIO

from badugi_fast.extras import require
from badugi_fast.files import folder_files, open_binary
from badugi_fast.history.cut import Unit, holds_no_history
from badugi_fast.history.inputs import Source
from badugi_fast.history.pipeline import sendable, units
from badugi_fast.history.read import results
from badugi_fast.history.sources import is_url
from badugi_fast.parallel import ordered_map
from badugi_fast.stats.tally import Filters, Tally

__all__ = [
    "is_records",
    "parquet_files",
    "parquet_source",
    "tally_histories",
    "tally_on_dask",
    "tally_records",
    "tally_unit",
]


def is_records(path: str) -> bool:
    """Whether ``path`` holds records saved by ``badugi score`` rather than hand histories: a ``.jsonl`` file, a
    ``.parquet`` file, or a folder of ``.parquet`` files (``badugi score --dask --format parquet``)."""
    if path.endswith((".jsonl", ".parquet")):
        return True
    return any(name.endswith(".parquet") for name in folder_files(path) or [])


def tally_unit(unit: Unit, filters: Filters) -> Tally:
    """(A worker's task.) The tally of one run of hands, scored."""
    tally = Tally()
    if holds_no_history(unit):
        tally.left_out.add(unit.source)
    else:
        tally.add_results(results(unit), filters)
    return tally


def tally_histories(sources: Iterable[Source], filters: Filters, jobs: int = 1) -> Tally:
    """The tally of the hands of ``sources``, scored by ``jobs`` processes."""
    work = functools.partial(tally_unit, filters=filters)
    return _merged(ordered_map(work, units(sources), jobs, prepare=sendable))


def tally_on_dask(client: Any, sources: Sequence[Source], filters: Filters) -> Tally:
    """The tally of the hands of ``sources``, scored and tallied on the Dask cluster of ``client`` (partial sums
    per part, merged here)."""
    cluster = require("badugi_fast.cluster", "--dask")
    on_dask = require("badugi_fast.history.dask", "--dask")
    work = functools.partial(_tally_part, filters=filters)
    return _merged(cluster.cluster_map(client, work, on_dask.parts(client, sources)))


def _tally_part(part: Any, filters: Filters) -> Tally:
    """(A Dask task.) The tally of one part's runs."""
    tally = Tally()
    for unit in part.units():
        tally.merge(tally_unit(unit, filters))
    return tally


def tally_records(paths: Iterable[str], filters: Filters) -> Tally:
    """The tally of saved records: JSON Lines files, Parquet files and folders of them."""
    tally = Tally()
    paths = list(paths)
    if not paths:  # pyarrow not imported for nothing (it is a third of ``stats --db``'s time)
        return tally
    try:
        arrow = importlib.import_module("badugi_fast.stats.arrow")
    except ImportError:  # no pyarrow: JSON Lines record by record (Parquet says what to install)
        arrow = None
    for path in paths:
        if arrow is not None:
            tally.merge(arrow.tally_tables(arrow.tables_of(path), filters))
        else:
            tally.add_results(_records(path), filters, items=True)
    return tally


def _records(path: str) -> Iterator[dict[str, Any]]:
    """The records of one saved file or folder, as dicts, a batch in memory at a time."""
    if path.endswith(".jsonl"):
        with io.TextIOWrapper(open_binary(path), encoding="utf-8") as lines:
            for number, line in enumerate(lines, 1):
                try:
                    yield json.loads(line)
                except ValueError as error:
                    raise ValueError(f"{path}, line {number}: not a JSON record ({error})") from None
        return
    parquet = require("pyarrow.parquet", "reading Parquet records")
    for file in parquet_files(path):
        with parquet_source(file) as source:
            for batch in parquet.ParquetFile(source).iter_batches(batch_size=4096):
                yield from batch.to_pylist()


def parquet_files(path: str) -> list[str]:
    """The Parquet files of ``path``: the ``.parquet`` files of a folder (``badugi score --dask``), in order, or
    ``path`` itself."""
    found = folder_files(path)
    return [path] if found is None else [file for file in found if file.endswith(".parquet")]


@contextlib.contextmanager
def parquet_source(file: str) -> Iterator[str | BinaryIO]:
    """What pyarrow is to read the Parquet file ``file`` from: its path on disk (pyarrow reads it in its own
    threads), or the stream of a URL (``files.open_binary``)."""
    if not is_url(file):
        yield file
        return
    with open_binary(file) as stream:
        yield stream


def _merged(tallies: Iterable[Tally]) -> Tally:
    total = Tally()
    for tally in tallies:
        total.merge(tally)
    return total
