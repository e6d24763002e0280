"""Sources named by fsspec URLs (``s3://bucket/histories/``, ``gs://...``, ``file:///...``): the first stage of
``badugi score`` for files that are not on this machine's disk. Needs fsspec (the ``dask`` extra) and the
filesystem's own package (``s3fs`` for ``s3://``...).

A URL names a file or a folder (every file under it, hidden ones left out, in sorted order), with compressed files
and zip and tar archives read as ``sources.expand`` reads local ones. A plain file's ``Source.path`` is its URL, so
a run of it can be read back by byte range (``read_span``) by whichever process or worker scores it.
"""

from __future__ import annotations

import contextlib
import io
import os
import zipfile
from collections.abc import Iterator
from typing import Any

from badugi_fast.extras import require
from badugi_fast.history.archives import archive_of, tar_members
from badugi_fast.history.inputs import READ_ERRORS, Readable, Source

__all__ = ["read_span", "url_sources"]

_COMPRESSED = {".gz": "gzip", ".bz2": "bz2", ".xz": "xz"}


def url_sources(url: str) -> list[Source]:
    """The sources under ``url``, as ``sources.expand`` gives them for a local path."""
    fsspec = require("fsspec", f"reading {url}")
    filesystem, root = fsspec.core.url_to_fs(url)
    if filesystem.isdir(root):
        hidden = [part for part in root.split("/") if part.startswith(".")]
        files = [
            file
            for file in sorted(filesystem.find(root))
            if not any(part.startswith(".") for part in file.split("/") if part not in hidden)
        ]
        strict = False
    elif filesystem.exists(root):
        files, strict = [root], True
    else:
        raise FileNotFoundError(f"no such file or folder: {url}")
    found: list[Source] = []
    for file in files:
        found.extend(_file_sources(filesystem.unstrip_protocol(file), strict))
    return found


def _file_sources(url: str, strict: bool) -> list[Source]:
    """The sources of one file: itself, its decompressed content, or each member of a zip or tar archive."""
    suffix = os.path.splitext(url)[1].lower()
    if archive_of(url) == "tar":
        return [Source(url, lambda: _open(url), strict, members=tar_members(url, strict))]
    if suffix == ".zip":
        try:
            with _open(url) as stream, zipfile.ZipFile(stream) as archive:
                members = [member.filename for member in archive.infolist() if not member.is_dir()]
        except READ_ERRORS as error:
            return [Source(url, io.BytesIO, strict, error=f"cannot decompress: {error}")]
        return [Source(f"{url}/{member}", _member_opener(url, member), strict) for member in members]
    compression = _COMPRESSED.get(suffix)
    return [Source(url, lambda: _open(url, compression), strict, None if compression else url)]


def _open(url: str, compression: str | None = None) -> contextlib.AbstractContextManager[Any]:
    """A binary stream of the file at ``url`` (decompressed with ``compression``), closed with the ``with``."""
    fsspec = require("fsspec", f"reading {url}")
    opened: contextlib.AbstractContextManager[Any] = fsspec.open(url, "rb", compression=compression)
    return opened


def _member_opener(url: str, member: str) -> Any:
    @contextlib.contextmanager
    def open_member() -> Iterator[Readable]:
        with _open(url) as stream, zipfile.ZipFile(stream) as archive, archive.open(member) as data:
            yield data

    return open_member


def read_span(url: str, start: int, end: int) -> bytes:
    """Bytes ``start:end`` of the file at ``url``."""
    with _open(url) as stream:
        stream.seek(start)
        data: bytes = stream.read(end - start)
        return data
