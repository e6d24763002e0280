"""Files named by fsspec URLs (``s3://bucket/histories/``, ``gs://...``, ``file:///...``): read as the first stage
of ``badugi score`` (``url_sources``, ``read_span``) and written as its output (``writing``, ``replacing_folder``).
Needs fsspec (the ``dask`` extra) and the filesystem's own package (``s3fs`` for ``s3://``: the ``s3`` extra).

A URL names a file or a folder (every file under it, hidden ones left out, in sorted order), with compressed files
and zip and tar archives read as ``sources.expand`` reads local ones (``archives.file_sources``, given
``open_file``). A plain file's ``Source.path`` is its URL, so a run of it can be read back by byte range
(``read_span``) by whichever process or worker scores it. Where the store is and who the user is come from the
filesystem's own configuration (for S3: ``AWS_ENDPOINT_URL``, ``AWS_ACCESS_KEY_ID``... or fsspec's ``FSSPEC_S3_*``
variables: docs/dask.md).

What goes wrong in the store is an ``OSError`` naming the URL, whatever the client library raised (botocore's
``NoCredentialsError`` and ``EndpointConnectionError`` are not ``OSError``): a missing bucket or key, refused
credentials or an endpoint that does not answer give the command's one-line error, or a file's ``error`` record
when it fails as it is read, never a traceback.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
import uuid
from collections.abc import Callable, Iterator
from typing import IO, Any, BinaryIO

from badugi_fast.extras import EXTRA_OF, require
from badugi_fast.history.archives import file_sources
from badugi_fast.history.inputs import Source

__all__ = ["folder_files", "open_file", "read_span", "replacing_folder", "url_sources", "writing"]

#: What the stores' client libraries raise that is not an ``OSError``, by module and class: botocore's (s3fs) and
#: aiohttp's (http, gcsfs). Looked up only in modules already imported: a library not imported raised nothing.
_CLIENT_ERRORS = (("botocore.exceptions", "BotoCoreError"), ("aiohttp", "ClientError"))


def url_sources(url: str) -> list[Source]:
    """The sources under ``url``, as ``sources.expand`` gives them for a local path; ``FileNotFoundError`` when
    there is nothing there (the bucket, if missing, is named), ``OSError`` when the store cannot be read."""
    filesystem, root = _filesystem(url)
    with _about(url):
        try:
            info = filesystem.info(root)
        except FileNotFoundError as error:
            said = str(error.args[0]) if error.args else ""
            detail = f" ({said})" if said and said.rstrip("/") not in url else ""
            raise FileNotFoundError(f"no such file or folder: {url}{detail}") from None
        if info["type"] == "directory":
            hidden = [part for part in root.split("/") if part.startswith(".")]
            listed = filesystem.find(root, detail=True)
            files = [
                (name, entry.get("size"))
                for name, entry in sorted(listed.items())
                if not any(part.startswith(".") for part in name.split("/") if part not in hidden)
            ]
            strict = False
        else:
            files, strict = [(root, info.get("size"))], True
    found: list[Source] = []
    for name, size in files:
        found.extend(file_sources(filesystem.unstrip_protocol(name), strict, size, open_file))
    return found


def open_file(url: str) -> BinaryIO:
    """The bytes of the file at ``url``: a seekable binary stream whose errors are ``OSError`` naming ``url``
    (``archives.FileOpener``)."""
    filesystem, path = _filesystem(url)
    with _about(url):
        opened = filesystem.open(path, "rb")
    return io.BufferedReader(_Translated(url, opened))


def folder_files(url: str) -> list[str] | None:
    """The URLs of what the folder ``url`` holds directly, sorted; None when it is not a folder
    (``files.folder_files``)."""
    filesystem, root = _filesystem(url)
    with _about(url):
        if not filesystem.isdir(root):
            return None
        return sorted(filesystem.unstrip_protocol(name) for name in filesystem.ls(root, detail=False))


def read_span(url: str, start: int, end: int) -> bytes:
    """Bytes ``start:end`` of the file at ``url``."""
    with open_file(url) as stream:
        stream.seek(start)
        return stream.read(end - start)


@contextlib.contextmanager
def writing(url: str, binary: bool = False) -> Iterator[IO[Any]]:
    """A stream (UTF-8 text, or binary) whose content becomes the file at ``url`` only when the ``with`` block
    ends normally, as ``files.replacing`` does on disk: it is written with fsspec's autocommit off (S3: a multipart
    upload), committed at the end, and discarded when the block fails, so an object is never half written."""
    filesystem, path = _filesystem(url)
    with _about(url):
        opened = filesystem.open(path, "wb", autocommit=False)
    buffered = io.BufferedWriter(_Translated(url, opened))
    stream: IO[Any] = buffered if binary else io.TextIOWrapper(buffered, encoding="utf-8", newline="")
    try:
        yield stream
        stream.flush()
        with _about(url):
            opened.close()
            opened.commit()
    except BaseException:
        with contextlib.suppress(Exception):  # the error that brought us here is the one to report
            opened.close()  # its last part sent, never committed
            opened.discard()
        raise


@contextlib.contextmanager
def replacing_folder(url: str, ours: Callable[[str], bool]) -> Iterator[str]:
    """The folder to fill in place of the folder ``url`` (``files.replacing_folder`` for an object store): a new
    folder beside it, whose files replace those of ``url`` when the ``with`` block ends normally, and which is
    removed when it fails. A folder already at ``url`` is replaced only when every file in it is one of ours
    (``ours`` of its name says so): ValueError otherwise, before anything is written. An object store cannot rename
    a folder in one step: the new files are copied by the store over the old ones, then the old ones left over are
    deleted."""
    filesystem, root = _filesystem(url)
    root = root.rstrip("/")
    parent, _, name = root.rpartition("/")
    if not parent:
        raise ValueError(f"{url} is a whole bucket or store: give a folder in it")
    temporary = f"{parent}/.{name}.{uuid.uuid4().hex}.partial"
    with _about(url):
        if filesystem.isfile(root):
            raise ValueError(f"{url} is not a folder: choose another output")
        old = filesystem.find(root)
    others = [file for file in old if not ours(file.rpartition("/")[2])]
    if others:
        raise ValueError(f"{url} holds files not written by this command ({others[0]}...): choose another output")
    try:
        yield filesystem.unstrip_protocol(temporary)
        with _about(url):
            written = filesystem.find(temporary)
            new = [f"{root}/{file[len(temporary) + 1 :]}" for file in written]
            filesystem.makedirs(root, exist_ok=True)  # a folder of its own on a disk; nothing on S3
            for file, target in zip(written, new, strict=True):
                filesystem.copy(file, target)  # over the file of the same name, if any
            left = sorted(set(old) - set(new))  # the earlier run's files that this one did not write again
            if left:
                filesystem.rm(left)
    finally:
        with contextlib.suppress(Exception):  # what failed, if anything, is the error to report
            filesystem.rm(temporary, recursive=True)


def _filesystem(url: str) -> tuple[Any, str]:
    """The fsspec filesystem of ``url`` and the path in it; a ValueError saying what to install when its package
    is missing."""
    fsspec = require("fsspec", f"reading {url}")
    try:
        found: tuple[Any, str] = fsspec.core.url_to_fs(url)
    except ImportError:
        protocol = url.partition("://")[0]
        known = require("fsspec.registry", f"reading {url}").known_implementations.get(protocol, {})
        package = str(known.get("class", protocol)).partition(".")[0]
        raise ValueError(f"{url} needs {package}, which is not installed: {_install(package)}") from None
    return found


def _install(package: str) -> str:
    """How to install ``package``: the extra that has it, if any."""
    extra = EXTRA_OF.get(package)
    return f"pip install 'badugi-fast[{extra}]'" if extra else f"pip install {package}"


def _client_errors() -> tuple[type[Exception], ...]:
    return tuple(getattr(sys.modules[module], name) for module, name in _CLIENT_ERRORS if module in sys.modules)


@contextlib.contextmanager
def _about(url: str) -> Iterator[None]:
    """The store's errors in the ``with`` block as ``OSError`` naming ``url`` (``FileNotFoundError`` as it is), an
    option the store's client does not take (a misspelt ``FSSPEC_S3_*`` setting) as a ``ValueError``."""
    try:
        yield
    except FileNotFoundError:
        raise
    except OSError as error:
        if url in str(error):  # translated already
            raise
        if isinstance(error, PermissionError):  # S3 answers a HEAD request with no more than "Forbidden"
            raise PermissionError(
                f"{url}: access refused ({error}): check the credentials and what they allow"
            ) from None
        raise OSError(f"{url}: {error}") from None
    except TypeError as error:  # fsspec hands its FSSPEC_<PROTOCOL>_* settings to the client as keywords
        if "unexpected keyword argument" not in str(error):
            raise
        protocol = url.partition("://")[0].upper()
        raise ValueError(
            f"{url}: the store's client takes no such option ({error}): check the FSSPEC_{protocol}_* settings"
        ) from None
    except Exception as error:
        if not isinstance(error, _client_errors()):
            raise
        raise OSError(f"{url}: {error}") from None


class _Translated(io.RawIOBase):
    """A file of the store, read or written with its errors translated (``_about``). Closing it closes the file
    read; a file written is closed and committed by ``writing``."""

    def __init__(self, url: str, stream: Any) -> None:
        super().__init__()
        self._url = url
        self._stream = stream

    def readable(self) -> bool:
        return bool(self._stream.readable())

    def writable(self) -> bool:
        return bool(self._stream.writable())

    def seekable(self) -> bool:
        return self.readable()

    def readinto(self, buffer: Any) -> int:
        with _about(self._url):
            data: bytes = self._stream.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)

    def write(self, data: Any) -> int:
        with _about(self._url):
            written: int = self._stream.write(data)
        return written

    def seek(self, offset: int, whence: int = os.SEEK_SET) -> int:
        with _about(self._url):
            at: int = self._stream.seek(offset, whence)
        return at

    def tell(self) -> int:
        at: int = self._stream.tell()
        return at

    def close(self) -> None:
        if not self.closed and self.readable():
            self._stream.close()
        super().close()
