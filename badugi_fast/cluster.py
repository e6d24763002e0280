"""A Dask client for the commands' ``--dask ADDRESS|local`` (the ``dask`` extra): connecting, how many tasks the
cluster runs at once, and a map whose results come back in order (``parallel.ordered_map`` with the client's
executor). The scoring (``history.dask``) and the simulator (``game.dask``) run their tasks through it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

import distributed

from badugi_fast.parallel import ordered_map

__all__ = ["cluster_map", "connect", "workers_of"]

T = TypeVar("T")
R = TypeVar("R")


@contextlib.contextmanager
def connect(address: str, workers: int) -> Iterator[distributed.Client]:
    """A client of the scheduler at ``address``, or of a new ``LocalCluster`` of ``workers`` processes (one thread
    each, as ``--jobs`` has) when ``address`` is ``local``; the local cluster is closed at the end."""
    if address != "local":
        with distributed.Client(address) as client:
            yield client
        return
    with (
        distributed.LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        yield client


def workers_of(client: distributed.Client) -> int:
    """How many tasks the cluster runs at once (its worker threads): the look-ahead is a few per thread."""
    threads = sum(worker["nthreads"] for worker in client.scheduler_info()["workers"].values())
    return max(1, threads)


def cluster_map(client: distributed.Client, work: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
    """``work`` of each item on the cluster, in order (``pipeline.ordered_map`` with the client's executor)."""
    return ordered_map(work, items, workers_of(client), client.get_executor(pure=False))
