"""What the commands need of files: which file is which, output that replaces a file (or a folder) only once it is
complete, and a file read or a folder listed. A path may be an fsspec URL (``s3://bucket/records.parquet``): it is
read, listed and written there, in the same way (``history.remote``)."""

from __future__ import annotations

import contextlib
import os
import signal
import stat
from collections.abc import Callable, Iterator
from types import FrameType
from typing import IO, Any, BinaryIO, Literal, TextIO, overload

__all__ = ["folder_files", "identity", "open_binary", "replacing", "replacing_folder"]


def identity(path: str) -> tuple[int, int] | None:
    """``(device, inode)`` of the regular file ``path`` (what two names of one file share), or None when it is
    not one (missing, a folder, a FIFO, a device)."""
    try:
        status = os.stat(path)
    except OSError:
        return None
    return (status.st_dev, status.st_ino) if stat.S_ISREG(status.st_mode) else None


def open_binary(path: str) -> BinaryIO:
    """The file at ``path`` (or a URL: ``remote.open_file``), open for reading bytes."""
    if _is_url(path):
        from badugi_fast.history import remote  # fsspec: imported only for a URL

        return remote.open_file(path)
    return open(path, "rb")


def folder_files(path: str) -> list[str] | None:
    """The paths of what the folder ``path`` (or a URL: ``remote.folder_files``) holds directly, sorted; None when
    it is not a folder."""
    if _is_url(path):
        from badugi_fast.history import remote  # fsspec: imported only for a URL

        return remote.folder_files(path)
    if not os.path.isdir(path):
        return None
    return sorted(os.path.join(path, name) for name in os.listdir(path))


@overload
def replacing(path: str) -> contextlib.AbstractContextManager[TextIO]: ...
@overload
def replacing(path: str, binary: Literal[True]) -> contextlib.AbstractContextManager[BinaryIO]: ...


@contextlib.contextmanager  # type: ignore[misc]  # the overloads above say which stream
def replacing(path: str, binary: bool = False) -> Iterator[IO[str] | IO[bytes]]:
    """A text stream (UTF-8; a binary one when ``binary``) whose content becomes the file ``path`` when the
    ``with`` block ends normally: it is written to a temporary file in the same folder, which then replaces ``path``
    in one step, so an interrupted run never leaves half a file where a good one was. ``path`` that exists and is
    not a regular file (``/dev/stdout``, a FIFO) is written directly; ``path`` that is a symbolic link has its
    target replaced (the link stays). Errors name ``path``, never the temporary file. A URL: ``remote.writing``."""
    if _is_url(path):
        from badugi_fast.history import remote  # fsspec: imported only for a URL

        with remote.writing(path, binary) as stream:
            yield stream
        return
    if os.path.exists(path) and identity(path) is None:
        with _open(path, binary) as stream:
            yield stream
        return
    given, path = path, os.path.realpath(path)  # a link's target is replaced, the link kept
    folder, name = os.path.split(path)
    temporary = None
    try:
        with _interrupts_held():  # an interrupt cannot come between the file made and its name known here
            try:
                handle, temporary = _new_file(folder, name)
            except OSError as error:
                raise _about(error, given) from None
        with _open(handle, binary) as stream:
            yield stream
        try:
            if os.path.exists(path):
                os.chmod(temporary, stat.S_IMODE(os.stat(path).st_mode))
            else:
                os.chmod(temporary, 0o666 & ~_umask())
            os.replace(temporary, path)
        except OSError as error:
            raise _about(error, given) from None
    except BaseException:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
        raise


def _about(error: OSError, path: str) -> OSError:
    """``error`` about the output ``path`` the user named, not the temporary file written beside it."""
    return OSError(error.errno, error.strerror or str(error), path)


@contextlib.contextmanager
def replacing_folder(path: str, ours: Callable[[str], bool]) -> Iterator[str]:
    """A new folder, to fill, that becomes ``path`` when the ``with`` block ends normally (``replacing`` for a
    folder of files). A folder already at ``path`` is replaced only when every file in it is one of ours (``ours``
    of its name says so), as a previous run left it: ValueError otherwise, before anything is written. A URL:
    ``remote.replacing_folder``."""
    if _is_url(path):
        from badugi_fast.history import remote  # fsspec: imported only for a URL

        with remote.replacing_folder(path, ours) as folder:
            yield folder
        return
    if os.path.lexists(path):
        if not os.path.isdir(path) or os.path.islink(path):
            raise ValueError(f"{path} is not a folder: choose another output")
        others = [name for name in os.listdir(path) if not ours(name)]
        if others:
            raise ValueError(f"{path} holds files not written by this command ({others[0]}...): choose another output")
    import shutil
    import tempfile

    parent, name = os.path.split(os.path.abspath(path))
    temporary = None
    try:
        with _interrupts_held():  # an interrupt cannot come between the folder made and its name known here
            temporary = tempfile.mkdtemp(prefix=f".{name}.", suffix=".partial", dir=parent)
        os.chmod(temporary, 0o777 & ~_umask())
        yield temporary
        old = None
        if os.path.exists(path):
            old = tempfile.mkdtemp(prefix=f".{name}.", suffix=".old", dir=parent)
            os.replace(path, old)
        os.replace(temporary, path)
        if old is not None:
            shutil.rmtree(old)
    except BaseException:
        if temporary is not None:
            _remove_folder(temporary)
        raise


def _is_url(path: str) -> bool:
    from badugi_fast.history.sources import is_url  # sources needs this module: imported when it is loaded

    return is_url(path)


def _remove_folder(path: str) -> None:
    """Remove the folder ``path`` and its files, although writers may still be at work in it (the tasks of a
    cluster, which an interrupted run cannot stop at once): it is renamed first, and they write by its old name,
    so no file can appear in it while it is removed (one did, and the folder was left)."""
    removing = f"{path}.removing"
    try:
        os.rename(path, removing)
    except OSError:
        removing = path
    import shutil

    shutil.rmtree(removing, ignore_errors=True)


@contextlib.contextmanager
def _interrupts_held() -> Iterator[None]:
    """Ctrl-C and SIGTERM that come meanwhile take effect as the block ends (in the main thread, for the signals
    Python handles; elsewhere nothing changes): a temporary file the block makes is then always known to the code
    that removes it when an interrupt ends the run (one came in between, and a ``.partial`` file was left)."""
    held: list[tuple[int, FrameType | None]] = []
    previous: dict[int, Callable[[int, FrameType | None], Any]] = {}
    for wanted in (signal.SIGINT, signal.SIGTERM):
        handler = signal.getsignal(wanted)
        if callable(handler):
            try:
                signal.signal(wanted, lambda number, frame: held.append((number, frame)))
            except ValueError:  # not the main thread (only it sets handlers): nothing changes
                break
            previous[wanted] = handler
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
        for number, frame in held[:1]:
            previous[number](number, frame)  # raises KeyboardInterrupt (or the command's Terminated) here


#: How ``_new_file`` opens a file (as ``tempfile.mkstemp`` does): made new, never one that exists nor through a link,
#: not inherited by programs started meanwhile, bytes as they are on Windows.
_NEW_FILE = os.O_RDWR | os.O_CREAT | os.O_EXCL
_NEW_FILE |= getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)


def _new_file(folder: str, name: str) -> tuple[int, str]:
    """A new file ``.NAME.<random>.partial`` in ``folder``, readable and writable by its owner only, as
    ``tempfile.mkstemp`` makes one (without importing tempfile and random at every start): its descriptor, its
    path."""
    while True:
        path = os.path.join(folder, f".{name}.{os.urandom(6).hex()}.partial")
        try:
            return os.open(path, _NEW_FILE, 0o600), path
        except FileExistsError:
            continue  # another name


def _open(file: str | int, binary: bool) -> IO[str] | IO[bytes]:
    """``file`` (a path or a descriptor) opened for writing: binary, or UTF-8 text with newlines as written."""
    if binary:
        return open(file, "wb")
    return open(file, "w", encoding="utf-8", newline="")


def _umask() -> int:
    """The process's file-creation mask (read by setting it, then setting it back)."""
    mask = os.umask(0)
    os.umask(mask)
    return mask
