"""Archives read member by member, each member a file of its own named ``archive/member``: zip archives (listed
once, then opened once however many members they have) and tar archives (``.tar``, ``.tar.gz``/``.tgz``,
``.tar.bz2``/``.tbz2``, ``.tar.xz``/``.txz``: read in one pass as they stream, never seeked back into).

A member compressed on its own (``.gz``, ``.bz2``, ``.xz``) is decompressed as it is read; an archive inside an
archive is not opened (an ``error`` record says so: unpack it first). A member's name that is not valid UTF-8 is
shown with the bytes that are not escaped (``shown``). ``file_sources`` makes the sources of one file, on this
machine's disk or in an object store (``remote`` gives the opener of its bytes).
"""

from __future__ import annotations

import contextlib
import functools
import io
import os
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, BinaryIO

from badugi_fast.history import inputs
from badugi_fast.history.inputs import Opener, Readable, Source

if TYPE_CHECKING:
    import bz2
    import gzip
    import lzma
    import zipfile

__all__ = [
    "ARCHIVE_SUFFIXES",
    "COMPRESSED",
    "FileOpener",
    "archive_of",
    "decompressing",
    "file_sources",
    "shown",
    "tar_members",
    "zip_sources",
]

#: What opens the bytes of the file at a path or URL as a seekable binary stream (closed by its ``with``), such as
#: ``remote.open_file`` for an object (None where one is asked for: a local file, opened by ``open``). A
#: module-level function, so that a zip archive's sources can be sent to a Dask worker, which opens it again there.
FileOpener = Callable[[str], BinaryIO]


def _gunzipped(stream: BinaryIO) -> gzip.GzipFile:
    """``stream`` decompressed by gzip, imported only for a ``.gz`` file (as bz2 and lzma below: a start that reads
    plain text imports none of them)."""
    import gzip

    return gzip.GzipFile(fileobj=stream)


def _bunzipped(stream: BinaryIO) -> bz2.BZ2File:
    """``stream`` decompressed by bz2, imported only for a ``.bz2`` file."""
    import bz2

    return bz2.BZ2File(stream)


def _unxzed(stream: BinaryIO) -> lzma.LZMAFile:
    """``stream`` decompressed by lzma, imported only for a ``.xz`` file."""
    import lzma

    return lzma.LZMAFile(stream)


#: Files compressed on their own, by suffix, and how to decompress a binary stream of one.
COMPRESSED: dict[str, Callable[[Any], AbstractContextManager[Readable]]] = {
    ".gz": _gunzipped,
    ".bz2": _bunzipped,
    ".xz": _unxzed,
}
_TAR_SUFFIXES = (".tar", ".tar.gz", ".tgz", ".tar.bz2", ".tbz2", ".tar.xz", ".txz")
#: Every archive read member by member, by suffix (what ``badugi score --help`` lists beside ``COMPRESSED``).
ARCHIVE_SUFFIXES = (".zip", *_TAR_SUFFIXES)


def archive_of(name: str) -> str | None:
    """``"zip"`` or ``"tar"`` when the file ``name`` is such an archive (by its suffix), else None.

    >>> archive_of("hands.TAR.gz"), archive_of("hands.zip"), archive_of("hands.txt.gz")
    ('tar', 'zip', None)
    """
    lowered = name.lower()
    if lowered.endswith(".zip"):
        return "zip"
    return "tar" if lowered.endswith(_TAR_SUFFIXES) else None


def shown(name: str) -> str:
    r"""A file name as records and messages show it: bytes that are not UTF-8 (which Python keeps as lone
    surrogates) written as ``\xNN``, so that every output stays valid UTF-8.

    >>> shown(b"caf\xe9-hands.txt".decode("utf-8", "surrogateescape"))
    'caf\\xe9-hands.txt'
    """
    return name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def file_sources(
    path: str,
    strict: bool,
    size: int | None,
    open_file: FileOpener | None = None,
    file: tuple[int, int] | None = None,
    spans: bool = True,
) -> list[Source]:
    """The sources of one file: itself, its decompressed content, or each member of an archive. ``open_file`` opens
    its bytes (None: a local file, opened with ``open``); ``file`` is its identity on disk; ``spans`` says that a
    part of it can be read back by byte offsets (a regular file or an object, not a FIFO); ``size`` bounds its
    records (``cut``)."""
    kind = archive_of(path)
    if kind == "zip":
        return zip_sources(path, strict, file, size, open_file)
    name = shown(path)
    opener: Opener = functools.partial(open_file or _open_local, path)
    if kind == "tar":
        return [Source(name, opener, strict, file=file, size=size, members=tar_members(name, strict))]
    decompress = COMPRESSED.get(os.path.splitext(path)[1].lower())
    if decompress is not None:
        return [Source(name, decompressing(opener, decompress), strict, file=file, size=size)]
    return [Source(name, opener, strict, path if spans else None, file, size=size)]


def _open_local(path: str) -> BinaryIO:
    return open(path, "rb")


def zip_sources(
    path: str,
    strict: bool,
    file: tuple[int, int] | None,
    size: int | None,
    open_file: FileOpener | None = None,
) -> list[Source]:
    """A source per file member of the zip archive at ``path``, in the archive's order (an error record's source
    when it cannot be listed). ``file`` is the archive's identity; ``size`` bounds its records (``cut``);
    ``open_file`` opens its bytes (None: ``path`` is a local file)."""
    shared = _SharedZip(path, open_file)
    name = shown(path)
    try:
        with shared.opened() as archive:
            members = [member for member in archive.infolist() if not member.is_dir()]
    except inputs.READ_ERRORS as error:
        return [Source(name, _nothing, strict, file=file, error=f"cannot decompress: {error}", size=size)]
    last = len(members) - 1
    return [
        _member(f"{name}/{item.filename}", shared.opener(item.filename, at == last), strict, file, item.compress_size)
        for at, item in enumerate(members)
    ]


def tar_members(archive: str, strict: bool) -> Callable[[Readable], Iterator[Source]]:
    """What reads the tar archive named ``archive`` from its stream: a source per file member, in order, each to
    be read before the next is asked for."""

    def members(stream: Readable) -> Iterator[Source]:
        import tarfile  # only for a tar archive: plain files are read without it

        with tarfile.open(fileobj=stream, mode="r|*") as tar:  # type: ignore[call-overload]  # any binary stream
            for member in tar:
                if not member.isfile():
                    continue
                data = tar.extractfile(member)
                opener: Opener = _already_open(data if data is not None else io.BytesIO())
                yield _member(f"{archive}/{shown(member.name)}", opener, strict, None, None)

    return members


def _member(name: str, opener: Opener, strict: bool, file: tuple[int, int] | None, size: int | None) -> Source:
    """The source of one archive member: decompressed when it is compressed, refused when it is an archive."""
    if archive_of(name) is not None:
        return Source(name, _nothing, strict, file=file, error="an archive inside an archive is not read: unpack it")
    decompress = COMPRESSED.get(name[name.rfind(".") :].lower())
    if decompress is not None:
        opener = decompressing(opener, decompress)
    return Source(name, opener, strict, file=file, size=size)


def decompressing(opener: Opener, decompress: Callable[[Any], AbstractContextManager[Readable]]) -> Opener:
    """What opens the bytes of ``opener`` decompressed by ``decompress``."""

    @contextlib.contextmanager
    def open_decompressed() -> Iterator[Readable]:
        with opener() as stream, decompress(stream) as data:
            yield data

    return open_decompressed


def _already_open(stream: Readable) -> Opener:
    """An opener of a stream that is already open (a tar member, read once, in its turn)."""
    return lambda: contextlib.nullcontext(stream)


class _SharedZip:
    """A zip archive opened once for all its members (reopening it per member read its whole directory again: time
    quadratic in the members), in each thread that reads it, and closed after its last member. Sent to a worker,
    it goes as its path (and the function that opens it) and opens there."""

    def __init__(self, path: str, open_file: FileOpener | None = None) -> None:
        import threading  # only for a zip archive: not imported by every start

        self.path = path
        self._open_file = open_file
        self._local = threading.local()

    def __getstate__(self) -> tuple[str, FileOpener | None]:
        return self.path, self._open_file

    def __setstate__(self, state: tuple[str, FileOpener | None]) -> None:
        self.__init__(*state)  # type: ignore[misc]  # a fresh one where it is unpickled

    @contextlib.contextmanager
    def opened(self) -> Iterator[zipfile.ZipFile]:
        """The archive, open for the ``with`` block (to list it)."""
        import zipfile  # only for a zip archive: plain files are read without it

        if self._open_file is None:
            with zipfile.ZipFile(self.path) as archive:
                yield archive
            return
        with self._open_file(self.path) as stream, zipfile.ZipFile(stream) as archive:
            yield archive

    def _open(self) -> zipfile.ZipFile:
        """The archive, opened for this thread's reads; ``close`` closes it and the stream it reads."""
        import zipfile  # as in ``opened``

        if self._open_file is None:
            return zipfile.ZipFile(self.path)
        stream = self._local.stream = self._open_file(self.path)
        try:
            return zipfile.ZipFile(stream)
        except BaseException:
            self.close()
            raise

    def opener(self, member: str, last: bool) -> Opener:
        """What opens ``member``; the archive is closed once the ``last`` member is read."""

        @contextlib.contextmanager
        def open_member() -> Iterator[Readable]:
            archive: zipfile.ZipFile | None = getattr(self._local, "archive", None)
            if archive is None:
                archive = self._local.archive = self._open()
            try:
                with archive.open(member) as stream:
                    yield stream
            except BaseException:
                self.close()
                raise
            if last:
                self.close()

        return open_member

    def close(self) -> None:
        archive: zipfile.ZipFile | None = getattr(self._local, "archive", None)
        stream: BinaryIO | None = getattr(self._local, "stream", None)
        self._local.archive = self._local.stream = None
        try:
            if archive is not None:
                archive.close()
        finally:
            if stream is not None:  # a stream given to ZipFile is not closed by it
                stream.close()


def _nothing() -> AbstractContextManager[Readable]:
    return io.BytesIO()
