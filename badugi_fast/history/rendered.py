"""What scoring a run gives back: its records as one block of UTF-8 text, each hand's status, its showdowns.

A run's records stay one block of bytes from the moment csrc/render.c writes them to the moment ``badugi score``
writes them out (or Parquet and the database read them): no string per hand is made, decoded, joined and encoded
again. The block is the buffer C wrote them in (a ``memoryview`` of it: ``_native.render_scan``), or ``bytes``.
``Records`` still reads as the list of each hand's record text where a caller wants one.

>>> records = Records.of(["a\\n", "bé\\n", "c\\n"])
>>> len(records), records[1], records[1:].data, list(records[:1])
(3, 'bé\\n', b'b\\xc3\\xa9\\nc\\n', ['a\\n'])
>>> Records.joined([records[:1], records[2:]]).data, Records.joined([records[:1], records[2:]]).ends
(b'a\\nc\\n', [2, 4])
>>> list(records.replaced({0: "xy\\n", 2: ""}))
['xy\\n', 'bé\\n', '']
>>> import pickle  # a view of C's buffer goes to another process as bytes
>>> viewed = Records(memoryview(records.data), records.ends)
>>> sent = pickle.loads(pickle.dumps(viewed))
>>> viewed == records, viewed[1], type(sent.data), sent == records
(True, 'bé\\n', <class 'bytes'>, True)
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Sequence
from typing import NamedTuple, overload

__all__ = ["Records", "Rendered"]


class Records(Sequence[str]):
    """The records of some hands back to back in ``data`` (UTF-8 bytes, or a view of them); hand k's ends at byte
    ``ends[k]``."""

    __slots__ = ("data", "ends")

    def __init__(self, data: bytes | memoryview, ends: list[int]) -> None:
        self.data = data
        self.ends = ends

    def __reduce__(self) -> tuple[type[Records], tuple[bytes, list[int]]]:
        """Pickled (to a worker's parent) as ``bytes``: a view is not."""
        return Records, (bytes(self.data), self.ends)

    @classmethod
    def of(cls, texts: Iterable[str]) -> Records:
        """The records ``texts``, one per hand."""
        pieces = [text.encode() for text in texts]
        return cls(b"".join(pieces), list(itertools.accumulate(map(len, pieces))))

    @classmethod
    def joined(cls, parts: Iterable[Records]) -> Records:
        """The records of ``parts``, one after another."""
        data: list[bytes | memoryview] = []
        ends: list[int] = []
        for part in parts:
            base = ends[-1] if ends else 0
            data.append(part.data)
            ends += [end + base for end in part.ends]
        return cls(b"".join(data), ends)

    def replaced(self, records: dict[int, str]) -> Records:
        """These records with hand k's replaced by ``records[k]`` (a hand C left to Python, scored there)."""
        data: list[bytes | memoryview] = []
        ends: list[int] = []
        start = grown = 0
        for number, end in enumerate(self.ends):
            text = records.get(number)
            piece = self.data[start:end] if text is None else text.encode()
            grown += len(piece) - (end - start)
            data.append(piece)
            ends.append(end + grown)
            start = end
        return Records(b"".join(data), ends)

    def __len__(self) -> int:
        return len(self.ends)

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> Records: ...

    def __getitem__(self, index: int | slice) -> str | Records:
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self.ends))
            if step != 1:
                raise ValueError("Records are sliced in order, one hand after another")
            stop = max(start, stop)
            first = self.ends[start - 1] if start else 0
            last = self.ends[stop - 1] if stop else 0
            return Records(self.data[first:last], [end - first for end in self.ends[start:stop]])
        at = range(len(self.ends))[index]  # an IndexError for a hand that is not here
        return str(self.data[self.ends[at - 1] if at else 0 : self.ends[at]], "utf-8")

    def __iter__(self) -> Iterator[str]:
        data = self.data
        for start, end in itertools.pairwise([0, *self.ends]):
            yield str(data[start:end], "utf-8")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Records):
            return NotImplemented
        return self.data == other.data and self.ends == other.ends

    def __repr__(self) -> str:
        return f"Records({len(self.ends)} hands, {len(self.data):,} bytes)"


class Rendered(NamedTuple):
    """The scored hands of a run as a worker sends them back: the hands' records, each hand's status, and whether
    it reached a showdown. No object per hand, which would cost more to send than to score."""

    source: str
    texts: Records
    statuses: list[str]
    showdowns: list[bool]

    def holds_no_history(self) -> bool:
        """Whether this is the one error record of a file named on its own that holds no hand history
        (``history.cut.holds_no_history``): not a hand, which ``score`` and ``import`` leave out, saying so. Parts
        that the workers wrote themselves (``--dask --format parquet``) come back without their texts: the record is
        in the files, and counted."""
        from badugi_fast.history.cut import NO_HISTORY  # rendered is what workers send back: it imports no reader

        return self.statuses == ["error"] and bool(self.texts) and NO_HISTORY in self.texts[0]
