"""The compiled lookups (csrc/badugi.c through cffi), under the backend interface of ``_fallback``.

Each function returns a rank number or mask, or a negative BADUGI_E_* code for bad input; the caller turns errors
into messages. They are the C functions themselves: a Python wrapper per call would double the cost of a lookup.
"""

from __future__ import annotations

from typing import Any

from badugi_fast._badugi import ffi, lib

#: A writable or readable C-contiguous buffer (a numpy array in practice; numpy is not imported here, to keep
#: ``import badugi_fast`` fast).
Buffer = Any

__all__ = ["NAME", "ffi", "index4", "lib", "rank4", "rank_codes_many", "rank_text", "rank_text_many", "usable4"]

NAME = "c"

rank4 = lib.badugi_rank4
usable4 = lib.badugi_usable4
index4 = lib.badugi_index4
#: rank_text(utf8: bytes, length: int) -> rank number or negative error
rank_text = lib.badugi_rank_text

#: What the bulk functions return for buffers that do not match the count: (size_t)-1.
_REFUSED = int(ffi.cast("size_t", -1))


def rank_codes_many(codes: Buffer, out: Buffer, threads: int) -> tuple[int, int]:
    """Ranks of N hands of four uint8 codes (C-contiguous, N * 4 bytes) into ``out`` (N uint16), in one C call.
    Returns (number of invalid hands, index of the first); invalid hands get 0."""
    first_bad = ffi.new("size_t *")
    cards = ffi.from_buffer("uint8_t[]", codes)
    bad = lib.badugi_rank_codes_many(
        cards, len(cards), ffi.from_buffer("uint16_t[]", out), len(out), threads, first_bad
    )
    if bad == _REFUSED:
        raise AssertionError("badugi_rank_codes_many: the buffers do not match")  # a bug in the caller
    return bad, first_bad[0]


def rank_text_many(text: bytes, out: Buffer, threads: int) -> tuple[int, int]:
    """Ranks of len(out) NUL-separated hand strings into ``out`` (uint16), in one C call; returns as
    rank_codes_many."""
    first_bad = ffi.new("size_t *")
    bad = lib.badugi_rank_text_many(text, len(text), ffi.from_buffer("uint16_t[]", out), len(out), threads, first_bad)
    if bad == _REFUSED:
        raise AssertionError("badugi_rank_text_many: the buffer does not hold one record per hand")  # a caller bug
    return bad, first_bad[0]
