"""What one input of ``badugi score`` is: a ``Source`` (a name and a way to open its bytes), the binary stream it
opens (``Readable``), and what reading a damaged or unsupported file may raise (``READ_ERRORS``). Local files are
found by ``sources``, fsspec URLs by ``remote``; both make these.

``READ_ERRORS`` is made on first use: it names the errors of the archive and compression modules, which a command
reading plain text files does not import (an ``except`` clause looks it up only when something was raised).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

__all__ = ["READ_ERRORS", "Opener", "Readable", "Source"]

if TYPE_CHECKING:
    #: What reading a damaged or unsupported file or archive raises: the file gives an ``error`` record, never a
    #: crash.
    READ_ERRORS: tuple[type[Exception], ...]
else:

    def __getattr__(name: str) -> Any:
        """``READ_ERRORS``, made on first use (``tarfile`` and ``zipfile`` take longer to import than a small run)."""
        if name != "READ_ERRORS":
            raise AttributeError(f"module 'badugi_fast.history.inputs' has no attribute {name!r}")
        import lzma
        import tarfile
        import zipfile
        import zlib

        global READ_ERRORS
        READ_ERRORS = (
            OSError,
            EOFError,
            ValueError,
            RuntimeError,  # an encrypted zip member
            NotImplementedError,  # a zip compression method Python does not have
            zipfile.BadZipFile,
            tarfile.TarError,
            zlib.error,
            lzma.LZMAError,
        )
        return READ_ERRORS


class Readable(Protocol):
    """A binary stream: a file, a decompressing reader, a zip member, stdin."""

    def read(self, size: int = -1, /) -> bytes: ...


#: A new binary stream of a source's bytes, closed when the ``with`` block ends.
Opener = Callable[[], AbstractContextManager[Readable]]


@dataclass(frozen=True)
class Source:
    """One file to read. ``open`` gives a new binary stream of its (decompressed) bytes, to use in a ``with``
    statement. ``strict`` is False for files met inside a folder: those may be other kinds of file, and give no
    record when they hold no hand. ``path`` is set when the bytes are the regular file at ``path`` as it is on disk,
    so a part of it can be read back by byte offsets. ``file`` is the (device, inode) of the file on disk it comes
    from, if any (an archive's, for a member). ``error`` says why the source cannot be read at all. ``size`` is how
    many bytes it takes as stored (compressed), when that is known: it bounds its records (``cut``). ``members`` is
    set for an archive read in one pass (tar): given the stream ``open`` gives, it yields a source per member, each
    read before the next is asked for."""

    name: str
    open: Opener
    strict: bool = True
    path: str | None = None
    file: tuple[int, int] | None = None
    error: str | None = None
    size: int | None = None
    members: Callable[[Readable], Iterator[Source]] | None = None
