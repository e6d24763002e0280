"""What the commands need of the machine and its files: how many cores, which file is which, and output that
replaces a file only once it is complete."""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterator
from typing import TextIO

__all__ = ["cores", "identity", "replacing"]


def cores() -> int:
    """How many cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not every platform has sched_getaffinity
        return os.cpu_count() or 1


def identity(path: str) -> tuple[int, int] | None:
    """``(device, inode)`` of the regular file ``path`` (what two names of one file share), or None when it is
    not one (missing, a folder, a FIFO, a device)."""
    try:
        status = os.stat(path)
    except OSError:
        return None
    return (status.st_dev, status.st_ino) if stat.S_ISREG(status.st_mode) else None


@contextlib.contextmanager
def replacing(path: str) -> Iterator[TextIO]:
    """A text stream (UTF-8) whose content becomes the file ``path`` when the ``with`` block ends normally: it is
    written to a temporary file in the same folder, which then replaces ``path`` in one step, so an interrupted run
    never leaves half a file where a good one was. ``path`` that exists and is not a regular file (``/dev/stdout``,
    a FIFO) is written directly."""
    if os.path.exists(path) and identity(path) is None:
        with open(path, "w", encoding="utf-8", newline="") as stream:
            yield stream
        return
    folder, name = os.path.split(os.path.abspath(path))
    handle, temporary = tempfile.mkstemp(prefix=f".{name}.", suffix=".partial", dir=folder)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as stream:
            yield stream
        if os.path.exists(path):
            os.chmod(temporary, stat.S_IMODE(os.stat(path).st_mode))
        else:
            os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _umask() -> int:
    """The process's file-creation mask (read by setting it, then setting it back)."""
    mask = os.umask(0)
    os.umask(mask)
    return mask
