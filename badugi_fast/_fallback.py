"""The same lookups as ``_native`` in pure Python, over the same generated table (for BACKEND == "python").

Used when the C extension could not be built (no compiler at install time) or when BADUGI_FAST_BACKEND=python.
"""

from __future__ import annotations

import sys
from array import array
from pathlib import Path
from typing import Any

from badugi_fast.cards import hand_codes
from badugi_fast.perfect_hash import HAND_COUNT, hand_index

__all__ = ["NAME", "index4", "rank4", "rank_codes_many", "rank_text", "rank_text_many", "usable4"]

NAME = "python"

# The C header's error codes, for the same answers to the same bad input.
E_CODE, E_DUPLICATE, E_TEXT = -1, -2, -3

#: An array-like buffer (a numpy array in practice; numpy is not imported here, to keep imports fast).
Buffer = Any


def _load_table() -> tuple[array[int], bytes]:
    """Ranks (uint16) and usable masks (uint8) from badugi_fast/_table.bin, written by build.py at install."""
    table = Path(__file__).with_name("_table.bin")
    try:
        # beside this module: the package's files, not its __init__'s (badugi_fast._checkout may point __path__ at
        # an installed copy, whose modules and table are the ones in use)
        data = table.read_bytes()
    except FileNotFoundError:
        raise ImportError(
            f"{table} is missing: the rank table is written when the package is built: run `python build.py` in "
            f"{table.parents[1]} (a checkout), or reinstall badugi-fast (`pip install .` in the checkout)"
        ) from None
    if len(data) != 3 * HAND_COUNT:
        raise ImportError(f"badugi_fast/_table.bin has {len(data)} bytes, expected {3 * HAND_COUNT}: rebuild it")
    ranks = array("H", data[: 2 * HAND_COUNT])
    if sys.byteorder == "big":
        ranks.byteswap()
    return ranks, data[2 * HAND_COUNT :]


_RANKS, _USABLE = _load_table()


def index4(a: int, b: int, c: int, d: int) -> int:
    """The perfect-hash index of four cards, or a negative error code."""
    codes = (a, b, c, d)
    if any(not 0 <= code <= 51 for code in codes):
        return E_CODE
    if len(set(codes)) != 4:
        return E_DUPLICATE
    return hand_index(codes)


def rank4(a: int, b: int, c: int, d: int) -> int:
    """The rank number of four card codes, or a negative error code."""
    index = index4(a, b, c, d)
    return index if index < 0 else _RANKS[index]


def usable4(a: int, b: int, c: int, d: int) -> int:
    """Bit i set when argument i plays, or a negative error code."""
    index = index4(a, b, c, d)
    if index < 0:
        return index
    ascending = sorted((a, b, c, d))
    mask = _USABLE[index]
    return sum(1 << i for i, code in enumerate((a, b, c, d)) if mask >> ascending.index(code) & 1)


def rank_text(utf8: bytes, length: int) -> int:
    """The rank number of a hand written as UTF-8 text, or a negative error code."""
    try:
        return rank4(*hand_codes(utf8[:length].decode()))
    except ValueError:
        return E_TEXT


def rank_codes_many(codes: Buffer, out: Buffer, threads: int) -> tuple[int, int]:
    """Ranks of an (N, 4) array of codes into ``out``, one hand at a time (``threads`` has no effect here)."""
    return _fill(out, [rank4(*hand) for hand in codes.tolist()])


def rank_text_many(text: bytes, out: Buffer, threads: int) -> tuple[int, int]:
    """Ranks of len(out) NUL-separated hand strings into ``out``, one at a time."""
    records = text.split(b"\0")
    if len(records) != len(out):
        raise AssertionError("rank_text_many: the buffer does not hold one record per hand")  # a caller bug
    return _fill(out, [rank_text(record, len(record)) for record in records])


def _fill(out: Buffer, results: list[int]) -> tuple[int, int]:
    """Store per-hand results (negative for errors) as ranks with 0 for errors; (number of errors, first)."""
    out[:] = [max(result, 0) for result in results]
    bad_rows = [row for row, result in enumerate(results) if result < 0]
    return len(bad_rows), bad_rows[0] if bad_rows else len(results)
