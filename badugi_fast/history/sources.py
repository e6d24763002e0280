"""The first stage of ``badugi score``: what to read, and its text as a stream of UTF-8 blocks.

- A path is a file, a folder (read recursively in sorted order, hidden files and folders left out, each file once
  however many links lead to it), a ``.gz``/``.bz2``/``.xz`` file, a zip or tar archive (each member a file of its
  own, named ``archive.zip/member``: ``archives``), a FIFO or device such as ``/dev/stdin``, or ``-`` for stdin.
- A file name that is not valid UTF-8 is shown (in records and messages) with its other bytes escaped as ``\\xNN``
  (``archives.shown``); the file is read under its own name.
- Everything is read as it streams, a block at a time: memory does not grow with the size of a file or archive.
- Text is normalised on the way: a BOM says UTF-8 or UTF-16 (LE/BE), zero bytes say BOM-less UTF-16 LE; UTF-16 is
  turned into UTF-8; CRLF and CR become LF; a BOM at the start of any line (files joined together) is dropped.
  Files joined together in different encodings are read each in its own (``encodings``): the text changes encoding
  at a BOM or a hand header of another encoding (or of UTF-16 shifted by a stray byte).
  Other text is passed on as it is, UTF-8 where it is valid and Latin-1 where it is not (``decode``).
"""

from __future__ import annotations

import codecs
import contextlib
import io
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import IO, TYPE_CHECKING, Any, Union

from badugi_fast.files import identity
from badugi_fast.history.archives import ARCHIVE_SUFFIXES, COMPRESSED, file_sources
from badugi_fast.history.encodings import BE, LE, LONGEST, UTF8, Change, change_in
from badugi_fast.history.inputs import Readable, Source

if TYPE_CHECKING:
    from pathlib import Path

__all__ = [
    "BLOCK_BYTES",
    "PACKED_SUFFIXES",
    "SAMPLES",
    "SourceLike",
    "TextStream",
    "decode",
    "expand",
    "is_url",
    "no_history",
    "refuse_as_output",
    "sources_of",
]

#: What ``parse`` and ``score_files`` accept as one source: a path, a file object (text or binary), or the text.
SourceLike = Union[str, "os.PathLike[str]", IO[str], IO[bytes]]

if TYPE_CHECKING:
    #: The sample histories that ship with the package (what ``badugi score`` scores when given no path).
    SAMPLES: Path
else:

    def __getattr__(name: str) -> Any:
        """``SAMPLES``, made on first use: a command given its paths does not import pathlib (slow to import)."""
        if name != "SAMPLES":
            raise AttributeError(f"module 'badugi_fast.history.sources' has no attribute {name!r}")
        from pathlib import Path

        global SAMPLES
        SAMPLES = Path(__file__).with_name("samples")
        return SAMPLES


#: How much raw (decompressed) data is read at a time.
BLOCK_BYTES = 1 << 20

#: Every kind of compressed file and archive read here, by suffix (what ``badugi score --help`` lists).
PACKED_SUFFIXES = (*COMPRESSED, *ARCHIVE_SUFFIXES)
_UTF8_BOM = b"\xef\xbb\xbf"
#: The bytes one of which every mark of UTF-16 holds (``encodings.change_in`` looks for them first too).
_UTF16_BYTES = (b"\x00", b"\xfe", b"\xff")


def _latin1_where_not_utf8(error: UnicodeError) -> tuple[str, int]:
    """Codec error handler: a byte that is not part of valid UTF-8 is read as Latin-1."""
    if not isinstance(error, UnicodeDecodeError):
        raise error
    return error.object[error.start : error.end].decode("latin-1"), error.end


codecs.register_error("badugi-latin-1", _latin1_where_not_utf8)


def text_of(normalised: bytes | bytearray) -> str:
    """Text from normalised bytes (``TextStream``'s): UTF-8 where it is valid, Latin-1 for bytes that are not, so
    each hand reads the same whatever else the file holds.

    >>> text_of("José".encode()), text_of("José".encode("latin-1"))
    ('José', 'José')
    """
    return normalised.decode("utf-8", "badugi-latin-1")


def decode(data: bytes) -> str:
    """The text of a whole file's bytes, normalised as ``TextStream`` does (BOMs, UTF-16, newlines).

    >>> decode(b"\\xef\\xbb\\xbfPokerStars\\r\\nx"), decode("\\ufeffFull Tilt\\n".encode("utf-16-le") + b"\\n")
    ('PokerStars\\nx', 'Full Tilt\\n')
    """
    return text_of(b"".join(TextStream(io.BytesIO(data)).blocks()))


def expand(paths: Iterable[str], note: Callable[[str], None] | None = None) -> list[Source]:
    """Every file named by ``paths``, folders walked and zip archives listed (members are read later, as they
    stream); a URL such as ``s3://bucket/folder`` is read with fsspec (``remote``). Files inside folders are named
    ``folder/...``; explicit files keep the name given. A missing path is an ``OSError``. A file reached a second
    time (a link, or named twice) is read once; ``note`` hears about it."""
    found: list[Source] = []
    seen: dict[tuple[int, int], str] = {}
    for path in paths:
        if path == "-":
            found.append(Source("<stdin>", lambda: contextlib.nullcontext(sys.stdin.buffer)))
            continue
        if is_url(path):
            from badugi_fast.history import remote  # fsspec (and uuid, platform): imported only for a URL

            found.extend(remote.url_sources(path))
            continue
        if os.path.isdir(path):
            files = _walk(path)
            strict = False
        elif os.path.exists(path):
            files = [path]
            strict = True
        else:
            raise FileNotFoundError(f"no such file or folder: {path}")
        for file in files:
            same = identity(file)
            if same is not None:
                if same in seen:
                    if note is not None:
                        note(f"{file} is the same file as {seen[same]}: read once")
                    continue
                seen[same] = file
            found.extend(_file_sources(file, strict, same))
    return found


def is_url(path: str) -> bool:
    """Whether ``path`` is a URL for fsspec (``remote``) rather than a local path.

    >>> is_url("s3://bucket/hands.txt"), is_url("hands/s3:x.txt"), is_url("file:///tmp/hands.txt")
    (True, False, True)
    """
    scheme, found, _ = path.partition("://")
    return bool(found) and scheme.isidentifier() and not os.path.exists(path)


def no_history(sources: list[Source]) -> ValueError:
    """The error of a command whose inputs held no hand at all (``score``, ``stats``, ``report``): what was read, how
    many files and the first few."""
    if not sources:
        return ValueError("no hand history of a known site in the paths given (no file in them)")
    names = ", ".join(source.name for source in sources[:3])
    more = f" and {len(sources) - 3:,} more" if len(sources) > 3 else ""
    files = f"the {len(sources):,} file{'s' if len(sources) > 1 else ''} looked at"
    return ValueError(f"no hand history of a known site in {files} ({names}{more})")


def refuse_as_output(output: str, sources: Iterable[Source]) -> None:
    """ValueError when the output file is one of the files to read (it would be written over as it is read)."""
    target = identity(output)
    if target is None:
        return
    for source in sources:
        if source.file == target:
            raise ValueError(f"the output file {output} is also an input ({source.name}): choose another")


def _walk(folder: str) -> list[str]:
    """The regular files under ``folder`` (links to them included, links to folders not followed; no FIFO, which
    could block), in the order of their path parts; names starting with a dot are left out."""
    files: list[str] = []
    for top, folders, names in os.walk(folder):
        folders[:] = [name for name in folders if not name.startswith(".")]
        files.extend(os.path.join(top, name) for name in names if not name.startswith("."))
    # In the order of their parts (as ``Path.parts``: they share the folder's, then os.walk's names follow).
    return sorted((file for file in files if identity(file) is not None), key=lambda file: file.split(os.sep))


def _file_sources(path: str, strict: bool, file: tuple[int, int] | None) -> list[Source]:
    """The sources of one file (``archives.file_sources``). ``file`` is its identity (None when it is not a regular
    file: a FIFO or a device is read as a stream, never by byte offsets)."""
    size = os.path.getsize(path) if file is not None else None
    return file_sources(path, strict, size, file=file, spans=file is not None)


def sources_of(source: SourceLike) -> list[Source]:
    """The sources in what ``parse`` is given: a path (file, folder, archive, ``-``), an open file, or text (a
    ``str`` holding a newline, or naming no existing file)."""
    if isinstance(source, os.PathLike):
        return expand([os.fspath(source)])
    if isinstance(source, str):
        if "\n" not in source and (source == "-" or os.path.exists(source)):
            return expand([source])
        data = source.encode("utf-8", "surrogatepass")
        return [Source("<text>", lambda: io.BytesIO(data))]
    name = str(getattr(source, "name", "<stream>"))
    return [Source(name, lambda: contextlib.nullcontext(_binary(source)))]  # the caller's file stays open


def _binary(stream: IO[str] | IO[bytes]) -> Readable:
    """A binary stream of an open file, text or binary."""
    if isinstance(stream, io.TextIOBase):
        return io.BytesIO(stream.read().encode("utf-8", "surrogatepass"))
    return stream  # type: ignore[return-value]  # not text: binary


class TextStream:
    """A source's text as normalised UTF-8 blocks (see the module's docstring), read as it streams.

    ``shift`` says how far the normalised text is from the file's own bytes: the length of a leading BOM, as long as
    nothing else was changed; None once offsets in the text are no longer offsets in the file. ``ascii`` says that
    every block so far was ASCII (false as soon as one may not be): such text is UTF-8 as it is.
    """

    def __init__(self, stream: Readable) -> None:
        self._read_some = getattr(stream, "read1", stream.read)
        self.shift: int | None = 0
        self._codec = UTF8
        self._utf16: codecs.IncrementalDecoder | None = None
        self._held = b""  # raw bytes held back: where the encoding changes may be told only by the next block
        self._before = b""  # the last raw bytes before them: whether a line ends there
        self._pending = b""  # a CR or the start of a BOM held back until the next block says what it is
        self._at_line_start = True
        self.ascii = True

    def blocks(self) -> Iterator[bytes]:
        """The normalised text, a block at a time; never an empty block."""
        block = self._start(self._read())
        while block:
            if self._plain(block):
                yield from self._plain_pieces(block)
            else:
                before = self._before
                data = before + self._held + block if before or self._held else block
                yield from self._pieces(data, len(before), final=False)
            block = self._read()
        yield from self._pieces(self._before + self._held, len(self._before), final=True)

    def _plain(self, block: bytes) -> bool:
        """Whether ``block`` and the bytes held before it are UTF-8 text in which no other encoding can start (every
        mark of UTF-16 holds a zero, ``\\xfe`` or ``\\xff``: ``encodings.change_in``), and the block is longer than
        what is held back: ``_plain_pieces`` then gives what ``_pieces`` would, with one copy fewer. An ASCII block
        holds no ``\xfe`` or ``\xff``: only its zero bytes are looked for, and ``ascii`` stays true."""
        plain = (
            self._codec == UTF8 and len(block) >= LONGEST + 2 and not any(byte in self._held for byte in _UTF16_BYTES)
        )
        if plain and block.isascii():
            plain = b"\x00" not in block
        else:
            plain = plain and not any(byte in block for byte in _UTF16_BYTES)
            self.ascii = False
        self.ascii = self.ascii and plain
        return plain

    def _plain_pieces(self, block: bytes) -> Iterator[bytes]:
        """``_pieces`` of the bytes held and ``block`` (``_plain``): all but the last ``LONGEST - 1`` bytes,
        normalised, gathered in one copy (not joined to the held bytes and then cut again)."""
        cut = len(block) - LONGEST + 1
        with memoryview(block) as view:
            data = self._held + view[:cut] if self._held else block[:cut]
        text = self._normalise(data, final=False)
        if text:
            yield text
        self._held, self._before = block[cut:], data[-3:]

    def _read(self) -> bytes:
        """Up to a block: what one read gives (``read1``), so that a pipe is read as its data comes rather than
        waiting for a whole block."""
        return self._read_some(BLOCK_BYTES)

    def _start(self, first: bytes) -> bytes:
        """The first block without its BOM; the encoding it says (a BOM, or zero bytes: BOM-less UTF-16 LE)."""
        if first[:3] == _UTF8_BOM:
            self.shift = 3
            return first[3:]
        if first[:2] in (b"\xff\xfe", b"\xfe\xff"):
            self._switch(BE if first[:2] == b"\xfe\xff" else LE)
            return first[2:]
        if len(first) >= 4 and first[1] == 0 and first[3] == 0 and first[0] != 0:
            self._switch(LE)
        return first

    def _switch(self, codec: str) -> None:
        self._codec = codec
        self._utf16 = None if codec == UTF8 else codecs.getincrementaldecoder(codec)("replace")
        self.shift = None

    def _pieces(self, data: bytes, start: int, final: bool) -> Iterator[bytes]:
        """The normalised text of ``data[start:]`` (the bytes before were read already), in the encodings it changes
        to (``encodings.change_in``), but for the few bytes at its end that must wait for the next block
        (``_held``), unless ``final``."""
        while True:
            limit = len(data) if final else len(data) - LONGEST + 1
            if self._codec != UTF8:
                limit -= (limit - start) % 2  # whole UTF-16 characters: the bytes held back start one
            change = change_in(data, start, limit, self._codec, final) if limit > start else None
            if not isinstance(change, Change):
                end = max(start, limit if change is None else change)
                text = self._normalise(data[start:end], final)
                if text:
                    yield text
                self._held, self._before = data[end:], data[max(0, end - 3) : end]
                return
            text = self._normalise(data[start : change.at], final=True)
            if text:
                yield text
            if not self._at_line_start:  # the new encoding's text starts a line
                yield b"\n"
                self._at_line_start = True
            self._switch(change.codec)
            start = change.at + change.skip

    def _normalise(self, block: bytes, final: bool) -> bytes:
        """One block normalised, with what it leaves undecided held back for the next (all of it when ``final``)."""
        if self._utf16 is not None:
            # Never told the end: one stray byte at the end of a file (whitespace fixers leave one) is dropped.
            block = self._utf16.decode(block, False).encode("utf-8", "surrogatepass")
        data = self._pending + block if self._pending else block
        self._pending = b""
        if not final and data.endswith(b"\r"):  # a CR that may be the first half of a CRLF
            self._pending, data = b"\r", data[:-1]
        if b"\r" in data:
            data = data.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
            self.shift = None
        return self._drop_boms(data, final)

    def _drop_boms(self, data: bytes, final: bool = True) -> bytes:
        """``data`` without the BOMs that start its lines (files joined together each start with one)."""
        if not final:  # the end of a BOM may be in the next block: hold back a line's start that might be one
            tail = data.rfind(b"\n") + 1
            if 0 < tail < len(data) < tail + 3 and _UTF8_BOM.startswith(data[tail:]):
                self._pending, data = data[tail:] + self._pending, data[:tail]
        if self._at_line_start and data.startswith(_UTF8_BOM):
            data = data[3:]
            self.shift = None
        if b"\xef" in data and b"\n" + _UTF8_BOM in data:  # a byte search (memchr) first: the BOM's is slow
            data = data.replace(b"\n" + _UTF8_BOM, b"\n")
            self.shift = None
        if data:
            self._at_line_start = data.endswith(b"\n")
        return data
