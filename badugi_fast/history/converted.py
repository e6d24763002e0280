"""``badugi convert --to phh``'s hands: the PHH tables C writes for the PokerStars hands it read, Python's for the rest.

For a PokerStars run, csrc/phh_write.c (through ``_native.phh_write_scan``) reads each hand with the C reader
(csrc/stars.c) and, for a hand that reader answered and that it can write exactly, writes the hand's PHH table as
``formats.phh.writer.table_text`` writes it (its Python original), byte for byte: no ``Hand`` is built, replayed or
written in Python. Every other hand (one the C reader left to Python, one with a line or a card the C writer does not
follow, one the PHH writer refuses) is read by the site parser and written by ``formats.phh`` as before, and so is
every hand of the other sites and every hand without the C extension (``history.vouched``). The tables come out in
the order of the hands, numbered as ``formats.phh.write`` numbers them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TextIO

from badugi_fast.formats.model import Hand
from badugi_fast.formats.phh import NotConvertible, Skipped, table_text
from badugi_fast.formats.pokerstars import reader as stars
from badugi_fast.history.cut import Run, Unit
from badugi_fast.history.read import C_READER, _c_text, _check_starts, parse_one
from badugi_fast.history.vouched import vouched_hands
from badugi_fast.rules.limits import LIMITS

__all__ = ["Written", "converted_hands", "write_phh"]


@dataclass(frozen=True, slots=True)
class Written:
    """A hand C wrote as PHH: its table's lines after the ``[n]`` line, its betting structure (``Hand.limit``), and
    where it was read."""

    table: str
    limit: str
    source: str
    index: int


def converted_hands(unit: Unit) -> Iterator[Written | tuple[Hand, bool]]:
    """Every hand of ``unit``, in order: a ``Written`` where C wrote its PHH, else the hand as the site parser reads
    it and whether the C reader answered for it (``vouched.vouched_hands``: then it is not scored again)."""
    text_read = _c_text(unit) if C_READER and isinstance(unit, Run) and unit.site == stars.FORMAT.site else None
    if text_read is None or not isinstance(unit, Run):
        yield from vouched_hands(unit)
        return
    from badugi_fast._native import (  # the C extension is there: _c_text said so
        LIMIT_CODES,
        PHH_NOT_READ,
        PHH_WRITE_CODE,
        PHH_WRITE_END_BYTE,
        PHH_WRITE_FIRST_BYTE,
        PHH_WRITE_FIRST_LINE,
        PHH_WRITE_INFO,
        PHH_WRITE_LIMIT,
        PHH_WRITE_TEXT_END,
        PHH_WRITTEN,
        phh_write_scan,
    )

    data = text_read[0]
    limits = dict(zip(LIMIT_CODES, LIMITS, strict=True))
    tables, info = phh_write_scan(data)
    _check_starts(unit, info[PHH_WRITE_FIRST_LINE::PHH_WRITE_INFO])
    whole = tables.decode()
    ascii_only = len(whole) == len(tables)  # then byte offsets are the string's
    start = 0
    for number, base in enumerate(range(0, len(info), PHH_WRITE_INFO)):
        code, end = info[base + PHH_WRITE_CODE], info[base + PHH_WRITE_TEXT_END]
        if code == PHH_WRITTEN:
            table = whole[start:end] if ascii_only else tables[start:end].decode()
            yield Written(table, limits[info[base + PHH_WRITE_LIMIT]], unit.source, unit.index + number)
        else:
            first, last = info[base + PHH_WRITE_FIRST_BYTE], info[base + PHH_WRITE_END_BYTE]
            lines = data[first:last].decode().split("\n")
            hand = parse_one(stars.FORMAT, lines, 0, len(lines), unit.line + info[base + PHH_WRITE_FIRST_LINE])
            hand.source, hand.index = unit.source, unit.index + number
            yield hand, code != PHH_NOT_READ
        start = end


def write_phh(
    units: Iterable[Unit], out: TextIO, refuse: Callable[[Hand], str | None]
) -> Iterator[Written | Hand | Skipped]:
    """``formats.phh.write`` of every hand of ``units``, with C's tables where C wrote them: each hand PHH can hold
    written to ``out`` as table ``[1]``, ``[2]``, ... (tables apart by a blank line) as it comes; yields each hand
    written (a ``Written`` or a ``Hand``) or a ``Skipped``. ``refuse`` is asked of each hand Python reads that the C
    reader did not answer for (``badugi convert``: a hand the scorer calls a mismatch is left out)."""
    number = 1
    done: Written | Hand
    for unit in units:
        for item in converted_hands(unit):
            if isinstance(item, Written):
                text, done = f"[{number}]\n{item.table}", item
            else:
                hand, vouched = item
                reason = None if vouched else refuse(hand)
                if reason is not None:
                    yield Skipped(hand, reason)
                    continue
                try:
                    text, done = table_text(str(number), hand), hand
                except NotConvertible as error:
                    yield Skipped(hand, str(error))
                    continue
            out.write(text if number == 1 else "\n" + text)
            number += 1
            yield done
