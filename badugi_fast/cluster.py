"""A Dask client for the commands' ``--dask ADDRESS|local`` (the ``dask`` extra): connecting, how many tasks the
cluster runs at once, and a map whose results come back in order (``parallel.ordered_map`` with the client's
executor). The scoring (``history.dask``) and the simulator (``game.dask``) run their tasks through it.
"""

from __future__ import annotations

import contextlib
import socket
from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

import distributed

from badugi_fast.parallel import ordered_map

__all__ = ["CONNECT_SECONDS", "check_scheduler", "cluster_map", "connect", "workers_of"]

#: How long ``--dask ADDRESS`` waits for a scheduler to answer (connecting, then its first message), in seconds.
CONNECT_SECONDS = 5
#: The first message a Dask scheduler sends on a new connection is its handshake, a few dozen bytes.
_HANDSHAKE_MOST = 1 << 16

T = TypeVar("T")
R = TypeVar("R")


@contextlib.contextmanager
def connect(address: str, workers: int) -> Iterator[distributed.Client]:
    """A client of the scheduler at ``address``, or of a new ``LocalCluster`` of ``workers`` processes (one thread
    each, as ``--jobs`` has) when ``address`` is ``local``; the local cluster is closed at the end."""
    if address != "local":
        check_scheduler(address)
        try:
            client = distributed.Client(address, timeout=CONNECT_SECONDS)
        except (OSError, TimeoutError) as error:
            raise ValueError(f"--dask {address}: cannot connect to the scheduler ({error})") from None
        with client:
            yield client
        return
    with (
        distributed.LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        yield client


def check_scheduler(address: str) -> None:
    """ValueError, in a line and within ``CONNECT_SECONDS``, unless ``address`` is a TCP address (``tcp://host:port``
    or ``host:port``) where something answers as a Dask scheduler does: it sends its handshake on connecting (a
    frame count and length, then a few dozen bytes naming its Python). An HTTP server says nothing until asked, and
    what another server says first is no handshake: distributed itself read that as a frame length and tried to
    allocate exabytes. ``tls://`` needs certificates (distributed's security settings, which ``--dask`` does not
    take); ``inproc://`` is a scheduler inside another process."""
    scheme, found, rest = address.partition("://")
    if not found:
        scheme, rest = "tcp", address
    if scheme != "tcp":
        raise ValueError(
            f"--dask {address}: only tcp:// schedulers (or local) can be used here, not {scheme}://"
            + (" (it needs certificates)" if scheme == "tls" else "")
        )
    host, colon, port = rest.rstrip("/").rpartition(":")
    if not colon or not port.isdigit() or not host:
        raise ValueError(f"--dask {address}: not an address of the form tcp://host:port")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_SECONDS) as connection:
            connection.settimeout(CONNECT_SECONDS)
            first = _received(connection, 8)
            size = int.from_bytes(first, "little") if len(first) == 8 else 0
            handshake = _received(connection, size) if 0 < size <= _HANDSHAKE_MOST else b""
    except TimeoutError:
        raise ValueError(f"--dask {address}: no Dask scheduler there (nothing said on connecting)") from None
    except OSError as error:
        raise ValueError(f"--dask {address}: cannot connect ({error.strerror or error})") from None
    if b"python" not in handshake:
        raise ValueError(f"--dask {address}: no Dask scheduler there (what it sends is no Dask handshake)")


def _received(connection: socket.socket, size: int) -> bytes:
    """Up to ``size`` bytes from ``connection``: fewer only when it closes."""
    data = b""
    while len(data) < size:
        more = connection.recv(size - len(data))
        if not more:
            break
        data += more
    return data


def workers_of(client: distributed.Client) -> int:
    """How many tasks the cluster runs at once (its worker threads): the look-ahead is a few per thread."""
    threads = sum(worker["nthreads"] for worker in client.scheduler_info()["workers"].values())
    return max(1, threads)


def cluster_map(client: distributed.Client, work: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
    """``work`` of each item on the cluster, in order (``pipeline.ordered_map`` with the client's executor)."""
    return ordered_map(work, items, workers_of(client), client.get_executor(pure=False))
