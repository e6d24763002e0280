"""Work spread over this machine's cores: how many there are, when a batch is worth splitting, and a map over
worker processes (or any executor, such as a Dask client's) whose results come back in order.

The one home of core counts and thread thresholds: the bulk evaluator, the odds and the pipeline ask here.
"""

from __future__ import annotations

import collections
import contextlib
import os
import signal
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:  # multiprocessing is imported when a pool is made: one process needs none (40 ms less to start)
    import concurrent.futures
    import multiprocessing.pool

__all__ = ["BULK_THREADS_FROM", "EXACT_THREADS_FROM", "MAX_THREADS", "SAMPLED_THREADS_FROM", "cores", "ordered_map"]

T = TypeVar("T")
U = TypeVar("U")

#: Native threads at most, in every C loop: BADUGI_MAX_THREADS in csrc/badugi.h (a test holds the two equal).
MAX_THREADS = 64
#: Batches of hands smaller than this are evaluated on one thread unless ``threads`` says otherwise: starting
#: threads costs more than it saves below it.
BULK_THREADS_FROM = 1 << 16
#: Sampled odds of fewer trials than this run on one thread unless ``threads`` says otherwise.
SAMPLED_THREADS_FROM = 4096
#: Exact equity counts of fewer steps than this (milliseconds of work) run on one thread: a second costs more than
#: it saves.
EXACT_THREADS_FROM = 4_000_000
#: Items in flight per worker process: enough to keep every worker busy while the parent prepares the next ones.
_AHEAD_PER_JOB = 2


def cores() -> int:
    """How many cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not every platform has sched_getaffinity
        return os.cpu_count() or 1


def ordered_map(
    work: Callable[[U], T],
    items: Iterable[U],
    jobs: int,
    executor: concurrent.futures.Executor | None = None,
    prepare: Callable[[U], U] | None = None,
) -> Iterator[T]:
    """``work`` applied to each item, results in order; in ``jobs`` worker processes when ``jobs`` > 1 (or by
    ``executor``, such as a Dask client's, with ``jobs`` its workers), with a few items per worker in flight.
    ``prepare`` is applied to each item sent to a worker (a run of hands goes without its text, for example)."""
    if executor is not None:
        yield from _in_order(lambda item: executor.submit(work, item).result, items, jobs, prepare)
    elif jobs <= 1:
        yield from map(work, items)
    else:
        with _pool(jobs) as pool:
            yield from _in_order(lambda item: pool.apply_async(work, (item,)).get, items, jobs, prepare)


@contextlib.contextmanager
def _pool(jobs: int) -> Iterator[multiprocessing.pool.Pool]:
    """A pool of ``jobs`` worker processes that leave Ctrl-C and SIGTERM (sent to the whole process group) to the
    parent, and finish what they were given when the block ends, however it ends. A worker ended by a signal (or by
    ``Pool.terminate``) in the middle of sending a result leaves the pool's lock taken or half a message in its pipe,
    and the parent waited for it forever. The signals are held back while the workers start, so that none reaches a
    worker before it ignores them."""
    import multiprocessing

    holding = hasattr(signal, "pthread_sigmask")  # not on Windows
    if holding:
        signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
    try:
        pool = multiprocessing.get_context(_start_method()).Pool(jobs, initializer=_leave_signals_to_the_parent)
    except BaseException:
        if holding:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)
        raise
    try:
        if holding:  # a signal held back is raised here, where the pool is stopped on the way out
            signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)
        yield pool
    finally:
        pool.close()  # the workers finish the few items in flight (under a second) and stop, their pipes whole
        pool.join()


def _leave_signals_to_the_parent() -> None:
    """(In a worker.) Ctrl-C and SIGTERM are the parent's to handle: it stops the workers when it ends."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)


#: The signals held back while workers start.
_HELD = {signal.SIGINT, signal.SIGTERM}


def _in_order(
    submit: Callable[[U], Callable[[], T]], items: Iterable[U], jobs: int, prepare: Callable[[U], U] | None
) -> Iterator[T]:
    """What ``submit`` starts for each item, awaited in order, ``_AHEAD_PER_JOB`` items per worker ahead."""
    pending: collections.deque[Callable[[], T]] = collections.deque()
    for item in items:
        pending.append(submit(item if prepare is None else prepare(item)))
        if len(pending) > _AHEAD_PER_JOB * jobs:
            yield pending.popleft()()
    while pending:
        yield pending.popleft()()


def _start_method() -> str:
    """``fork`` where it is available and safe enough (Linux), else ``spawn``: workers need only their modules."""
    import multiprocessing

    return "fork" if "fork" in multiprocessing.get_all_start_methods() and os.name == "posix" else "spawn"
