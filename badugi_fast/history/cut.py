"""The third stage of ``badugi score``: a source's text cut into runs of whole hands, as it streams.

A hand starts at every line that is a hand header of some site (``sites``) and ends where the next one starts, so
every header gives exactly one hand. A run is up to ``RUN_HANDS`` consecutive hands of one site (and at most about
``RUN_BYTES``): the unit of work that ``read`` turns into results, in this process or in a worker. A run knows
where it sits in its file (the number of its first hand, its first line), so records are the same however a file
is cut. Memory stays bounded whatever the input: a run is held until it is handed on, a hand longer than
``MAX_HAND_BYTES`` becomes an error record without being kept, a line longer than ``MAX_HAND_BYTES`` is dropped as
it streams (it can be no header; the hand it is in is an error record that names it), and a file with no hand header
in its first ``MAX_PREAMBLE_BYTES`` is given up with an error record. Every step looks at each byte a bounded number
of times: time is linear in the size of the input.
"""

from __future__ import annotations

import bisect
import operator
from collections.abc import Generator, Iterator
from dataclasses import dataclass

from badugi_fast.formats.common import hand_id_of
from badugi_fast.formats.format import Format
from badugi_fast.formats.registry import MOST_LEAD_LINES
from badugi_fast.history import inputs
from badugi_fast.history.inputs import Source
from badugi_fast.history.sites import find_headers
from badugi_fast.history.sources import TextStream, is_url, text_of

__all__ = [
    "BYTES_PER_RECORD",
    "MAX_HAND_BYTES",
    "MAX_PREAMBLE_BYTES",
    "MIN_RECORDS",
    "NO_HISTORY",
    "RUN_BYTES",
    "RUN_HANDS",
    "Run",
    "Unit",
    "Unreadable",
    "cut",
    "holds_no_history",
    "left_out",
    "most_hands",
    "size_text",
]

#: Hands per run: enough that handing a run to a worker costs little next to reading it, few enough to share work.
RUN_HANDS = 1000
#: A run is closed once its hands take this many bytes.
RUN_BYTES = 4 << 20
#: A real hand takes a few kilobytes; a "hand" longer than this is not read (an ``error`` record).
MAX_HAND_BYTES = 1 << 20
#: A file whose first this many bytes hold no hand header is given up (an ``error`` record).
MAX_PREAMBLE_BYTES = 64 << 20
#: Records a source may give at most, whatever its size, and one more per this many bytes it takes as stored
#: (``most_hands``); past that bound, one ``error`` record, and the rest is not read.
MIN_RECORDS = 100_000
BYTES_PER_RECORD = 16
_LEAD_BYTES = 64 << 10


@dataclass(frozen=True)
class Run:
    """Consecutive whole hands of one site from source ``source``: its ``data`` (normalised text starting at the
    first hand's header) holds a hand at each line of ``starts`` (counted from the run's first line: the first is 0),
    the first of them the source's hand number ``index``, from its line ``line`` (0-based) on. ``lead`` is the text
    of the lines before it that its format may look back at (``Format.lead_lines``; none for most). ``span`` is set
    when ``data`` is the bytes ``start:end`` of the file ``path`` as it is on disk. ``data`` is a ``bytearray`` when
    the run took the cutter's buffer (``_Cutter._take``): ``in_place`` gives it as it is, ``text`` as ``bytes``.
    ``ascii`` is true when the text is known to be ASCII (``TextStream.ascii``): UTF-8 as it is, for the C readers."""

    source: str
    site: str
    index: int
    line: int
    starts: tuple[int, ...]
    data: bytes | bytearray
    lead: bytes = b""
    span: tuple[str, int, int] | None = None
    ascii: bool = False

    @property
    def hands(self) -> int:
        """How many hands the run holds."""
        return len(self.starts)

    def detached(self) -> Run:
        """The run without its data when it can be read back from the file: cheaper to send to a worker."""
        return Run(self.source, self.site, self.index, self.line, self.starts, b"", self.lead, self.span, self.ascii)

    def text(self) -> bytes:
        """The run's text: ``data``, or the bytes of the file it came from."""
        text = self.in_place()
        return text if isinstance(text, bytes) else bytes(text)

    def in_place(self) -> bytes | bytearray:
        """``text`` without copying ``data`` (the C readers read it where it is: ``read``)."""
        if self.data or self.span is None:
            return self.data
        path, start, end = self.span
        if is_url(path):
            from badugi_fast.history.remote import read_span  # fsspec: imported only for a URL

            return read_span(path, start, end)
        with open(path, "rb") as handle:
            handle.seek(start)
            return handle.read(end - start)


@dataclass(frozen=True)
class Unreadable:
    """What gives one ``error`` record: a hand too long to read, or a source (or the rest of one) that cannot be
    read. ``line`` is 1-based."""

    source: str
    site: str
    index: int
    line: int
    hand_id: str
    reason: str


#: What ``cut`` yields, and ``read`` reads.
Unit = Run | Unreadable


#: The reason of the one error record of a file named on its own that holds no hand history (in a folder such a
#: file gives no record): ``badugi score`` reports that file as such, not as a hand.
NO_HISTORY = "no hand history of a known site in this file"


def holds_no_history(unit: Unit) -> bool:
    """Whether ``unit`` is the record of a file named on its own that holds no hand history (``NO_HISTORY``): not a
    hand. ``score`` leaves such a file out of its records, ``stats``, ``report`` and ``--per-hand`` out of their
    counts, each saying so; a command whose files all are such answers nothing (``sources.no_history``)."""
    return isinstance(unit, Unreadable) and unit.reason == NO_HISTORY


def left_out(name: str) -> str:
    """What a command says of the file ``name`` that holds no hand history (``holds_no_history``)."""
    return f"{name}: {NO_HISTORY} (left out: not a hand)"


def cut(source: Source, run_hands: int = RUN_HANDS) -> Iterator[Unit]:
    """The hands of ``source`` in runs, in order, with an ``Unreadable`` for whatever cannot be read."""
    if source.members is not None:
        yield from _cut_archive(source, run_hands)
    else:
        yield from _cut_file(source, run_hands, most_hands(source.size))


def most_hands(size: int | None) -> int | None:
    """How many hands (records) a source of ``size`` bytes as stored may give at most: ``MIN_RECORDS`` and one per
    ``BYTES_PER_RECORD`` bytes (None: no bound, the size is not known). Real histories take hundreds of bytes a
    hand even compressed; a few bytes of compressed header lines would otherwise give millions of records."""
    return None if size is None else MIN_RECORDS + size // BYTES_PER_RECORD


def _cut_file(source: Source, run_hands: int, most: int | None) -> Generator[Unit, None, int | None]:
    """``cut`` of a source that is no archive, giving at most about ``most`` hands; returns how many it gave, or
    None when the rest of the source was given up."""
    if source.error is not None:
        yield Unreadable(source.name, "unknown", 0, 1, "", source.error)
        return 1
    cutter = _Cutter(source, run_hands)
    try:
        with source.open() as stream:
            text = TextStream(stream)
            cutter.stream = text
            for block in text.blocks():
                yield from cutter.add(block)
                if cutter.given_up:
                    return None
                if most is not None and cutter.hands_seen > most:
                    yield from cutter.finish_early()
                    yield Unreadable(
                        source.name, "unknown", cutter.hands_seen, cutter.last_line() + 1, "", _too_many(most)
                    )
                    return None
    except inputs.READ_ERRORS as error:  # looked up only when raised: made on first use
        yield from cutter.finish()
        yield Unreadable(source.name, "unknown", cutter.hands_seen, cutter.last_line() + 1, "", _why(error))
        return cutter.hands_seen + 1
    yield from cutter.finish()
    if cutter.hands_seen == 0 and source.strict:
        yield Unreadable(source.name, "unknown", 0, 1, "", NO_HISTORY)
        return 1
    return cutter.hands_seen


def _too_many(most: int) -> str:
    return (
        f"more than {most:,} hands for the size of the file (at most {MIN_RECORDS:,} and one per "
        f"{BYTES_PER_RECORD} bytes as stored): the rest is not read"
    )


def _cut_archive(source: Source, run_hands: int) -> Iterator[Unit]:
    """``cut`` of an archive read in one pass (tar): each member in turn, all of them within the archive's bound
    on hands. A member given up (a bomb) ends the archive: the rest could only be reached through it."""
    assert source.members is not None
    most = most_hands(source.size)
    given = 0
    try:
        with source.open() as stream:
            for member in source.members(stream):
                hands = yield from _cut_file(member, run_hands, None if most is None else most - given)
                if hands is None:
                    yield Unreadable(source.name, "unknown", 0, 1, "", f"not read after {member.name}, given up")
                    return
                given += hands
    except inputs.READ_ERRORS as error:  # looked up only when raised: made on first use
        yield Unreadable(source.name, "unknown", 0, 1, "", _why(error))
        return
    if given == 0 and source.strict:
        yield Unreadable(source.name, "unknown", 0, 1, "", "no hand history of a known site in this archive")


def size_text(size: int) -> str:
    """A bound in bytes as people read it.

    >>> size_text(1 << 20), size_text(64 << 10), size_text(1000)
    ('1 MiB', '64 KiB', '1000 bytes')
    """
    for unit, shift in (("MiB", 20), ("KiB", 10)):
        if size >= 1 << shift and size % (1 << shift) == 0:
            return f"{size >> shift} {unit}"
    return f"{size} bytes"


def _why(error: BaseException) -> str:
    """The reason of an error record for a file that could not be read to its end."""
    if isinstance(error, OSError) and not isinstance(error, EOFError) and error.strerror:
        return f"cannot read the file: {error.strerror}"
    return f"cannot decompress: {error}"


class _Cutter:
    """The state of cutting one source: the text not handed on yet (``buffer``, from offset ``base`` of the whole
    text, always at a line's start), the headers found in it, and the counts that place runs in the file."""

    def __init__(self, source: Source, run_hands: int) -> None:
        self.source = source
        self.run_hands = run_hands
        self.stream: TextStream | None = None
        self.buffer = bytearray()
        self.base = self.base_line = 0  # the offset of buffer[0] in the whole text, and its line
        self.scanned = self.scanned_line = 0  # the lines before this offset were looked at for headers
        # The headers of the hands not handed on yet: offsets, formats and lines, as parallel lists.
        self.offsets: list[int] = []
        self.formats: list[Format] = []
        self.lines: list[int] = []
        self.before = b""  # the last few lines before ``base``: the lead of a run that starts there
        self.hands_seen = 0  # hands handed on so far (in runs or as unreadable)
        self.skipping = False  # dropping the text of a hand too long to read, up to the next header
        self.in_long_line = False  # dropping a line too long to be a header, up to its newline
        self.given_up = False

    @property
    def end(self) -> int:
        """The offset in the whole text after the last byte read."""
        return self.base + len(self.buffer)

    def last_line(self) -> int:
        """The 0-based line of the last byte read."""
        return self.base_line + self.buffer.count(b"\n")

    def add(self, block: bytes) -> Iterator[Unit]:
        """Take one block of text; hand on the runs it completes."""
        if self.in_long_line:
            block = self._rest_of_long_line(block)
            if not block:
                yield from self._between_hands(final=False)
                return
        complete = block.rfind(b"\n") + 1  # lines before this are whole: headers are read from whole lines
        self.buffer += block
        if complete:
            self._find(self.end - len(block) + complete)
        yield from self._hand_on(final=False)
        if not self.offsets and self.end - self.scanned > MAX_HAND_BYTES:
            self._drop_long_line()

    def _drop_long_line(self) -> None:
        """The open line is longer than any header (and no hand is open): drop it, and what comes of it until its
        newline."""
        self.before = b""
        self.base, self.base_line = self.end, self.scanned_line
        self.scanned = self.base
        self.buffer.clear()
        self.in_long_line = True

    def _rest_of_long_line(self, block: bytes) -> bytes:
        """``block`` after the end of the long line being dropped (empty when the line goes on)."""
        newline = block.find(b"\n")
        if newline < 0:
            self.base = self.scanned = self.base + len(block)
            return b""
        self.in_long_line = False
        self.base = self.scanned = self.base + newline + 1
        self.base_line = self.scanned_line = self.base_line + 1
        return block[newline + 1 :]

    def finish_early(self) -> Iterator[Unit]:
        """The runs of the headers found so far (the last one's hand ends where reading stops)."""
        yield from self._hand_on(final=True)

    def finish(self) -> Iterator[Unit]:
        """The end of the text: hand on everything left."""
        self._find(self.end)
        yield from self._hand_on(final=True)

    def _find(self, end: int) -> None:
        """Look for headers in the lines from ``scanned`` to ``end``."""
        if end <= self.scanned:
            return
        found = find_headers(self.buffer, self.scanned - self.base, end - self.base)
        base, line = self.base, self.scanned_line
        self.offsets += [base + at for at in found.offsets] if base else found.offsets
        self.formats += found.formats
        self.lines += [line + number for number in found.lines] if line else found.lines
        self.scanned, self.scanned_line = end, line + found.newlines
        if found.offsets:
            self.skipping = False

    def _hand_on(self, final: bool) -> Iterator[Unit]:
        """The runs that are complete (all of them when ``final``), their text let go; an error record instead of
        a hand longer than any real hand, as soon as it is that long."""
        offsets = self.offsets
        while offsets:
            if self._lengths(1)[0] > MAX_HAND_BYTES:
                yield self._too_long()
                continue
            count = self._run_size()
            if count < len(offsets) or final:  # the next header ends the run: full, another site's, or too long
                yield self._run(count)
            else:
                break
        if not offsets:
            yield from self._between_hands(final)

    def _run_size(self) -> int:
        """How many hands from the first make a run: at most ``run_hands`` and about ``RUN_BYTES``, all of one site,
        none too long (the first is not). Worked out with list operations, not a Python step per hand."""
        offsets, formats = self.offsets, self.formats
        count = bisect.bisect_right(offsets, offsets[0] + RUN_BYTES, 1, min(len(offsets), self.run_hands))
        site = formats[0]
        if formats[:count].count(site) < count:  # another site's hand
            count = next(number for number in range(1, count) if formats[number] is not site)
        lengths = self._lengths(count)
        if max(lengths) > MAX_HAND_BYTES:
            count = next(number for number in range(1, count) if lengths[number] > MAX_HAND_BYTES)
        return count

    def _lengths(self, count: int) -> list[int]:
        """The lengths of the first ``count`` hands, so far for the last open one."""
        offsets = self.offsets
        ends = offsets[1 : count + 1]
        if len(ends) < count:
            ends.append(self.end)
        return list(map(operator.sub, ends, offsets[:count]))

    def _run(self, count: int) -> Run:
        """The run of the first ``count`` headers, up to the next header (the newline before it left out, as in the
        lines of the whole text) or to the end of the text; its text is let go."""
        start, form, line = self.offsets[0], self.formats[0], self.lines[0]
        if count < len(self.offsets):
            end, end_line = self.offsets[count], self.lines[count]
            stop = end - 1
        else:
            end = stop = self.end
            end_line = self.scanned_line
        lead = self._lines_before(start, form.lead_lines)  # only the lines its format may look back at
        data = self._take(start, stop, end, end_line)
        shift = self.stream.shift if self.stream is not None else None
        span = None
        if self.source.path is not None and shift is not None:
            span = (self.source.path, start + shift, stop + shift)
        starts = tuple([number - line for number in self.lines[:count]] if line else self.lines[:count])
        ascii = self.stream is not None and self.stream.ascii  # every block read so far, this run's among them
        run = Run(self.source.name, form.site, self.hands_seen, line, starts, data, lead, span, ascii)
        self.hands_seen += count
        self._forget(count)
        return run

    def _take(self, start: int, stop: int, end: int, end_line: int) -> bytes | bytearray:
        """The text from offset ``start`` to ``stop``, and the text before ``end`` (the start of line ``end_line``)
        let go (``_let_go``). A run that starts the buffer takes the buffer itself (a ``bytearray``, cut at
        ``stop``), and only what follows ``end`` is copied into a new one: a run is most of the buffer, and copying
        it out cost a copy of every byte read."""
        if start != self.base:
            with memoryview(self.buffer) as view:
                data = bytes(view[start - self.base : stop - self.base])
            self._let_go(end, end_line)
            return data
        self.before = self._lines_before(end)
        taken, self.buffer = self.buffer, self.buffer[end - self.base :]
        del taken[stop - start :]
        self.base, self.base_line = end, end_line
        return taken

    def _forget(self, count: int) -> None:
        """Forget the first ``count`` headers: their hands are handed on."""
        del self.offsets[:count], self.formats[:count], self.lines[:count]

    def _lines_before(self, offset: int, lines: int = MOST_LEAD_LINES) -> bytes:
        """The last ``lines`` whole lines before offset ``offset`` (a line's start), at most ``_LEAD_BYTES``."""
        with memoryview(self.buffer) as view:
            near = bytes(view[max(0, offset - self.base - _LEAD_BYTES) : offset - self.base])
        if len(near) < _LEAD_BYTES and offset - len(near) == self.base:
            near = self.before + near
        if len(near) > _LEAD_BYTES:
            near = near[-_LEAD_BYTES:]
            near = near[near.find(b"\n") + 1 :]  # it began in the middle of a line
        # Cut at the last ``lines + 1`` newlines in one search (not ``lines + 1`` searches): the first piece is then
        # what comes before those lines, unless there are no more newlines than that.
        pieces = near.rsplit(b"\n", lines + 1)
        return near if len(pieces) <= lines + 1 else near[len(pieces[0]) + 1 :]

    def _let_go(self, upto: int, upto_line: int) -> None:
        """Drop the text before offset ``upto``, the start of line ``upto_line``, keeping the lines before it."""
        if upto <= self.base:
            return
        self.before = self._lines_before(upto)
        del self.buffer[: upto - self.base]
        self.base, self.base_line = upto, upto_line

    def _between_hands(self, final: bool) -> Iterator[Unit]:
        """No hand is open: the text read so far is a preamble, or the rest of a hand too long to read."""
        if not self.skipping and self.hands_seen == 0 and self.end > MAX_PREAMBLE_BYTES and not final:
            self.given_up = True
            limit = size_text(MAX_PREAMBLE_BYTES)
            yield Unreadable(self.source.name, "unknown", 0, 1, "", f"no hand header in the first {limit}")
            return
        self._let_go(self.scanned, self.scanned_line)

    def _too_long(self) -> Unreadable:
        """An error record for the first hand, longer than any real hand; its text is let go, and the rest of it
        too as it comes when it is still open."""
        start, form, line = self.offsets[0], self.formats[0], self.lines[0]
        self._forget(1)
        header_end = self.buffer.find(b"\n", start - self.base)
        header = text_of(bytes(self.buffer[start - self.base : header_end]))
        limit = size_text(MAX_HAND_BYTES)
        reason = f"a hand longer than {limit}: not read"
        if not self.offsets and self.end - self.scanned > MAX_HAND_BYTES:
            reason = f"its line {self.scanned_line + 1} is longer than {limit}: the hand is not read"
        unreadable = Unreadable(self.source.name, form.site, self.hands_seen, line + 1, hand_id_of(header), reason)
        self.hands_seen += 1
        if self.offsets:
            self._let_go(self.offsets[0], self.lines[0])
        else:
            self.skipping = True
            self._let_go(self.scanned, self.scanned_line)
        return unreadable
