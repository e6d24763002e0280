"""The C entry points refuse what they are handed wrongly, with an error code, instead of reading out of bounds."""

from __future__ import annotations

import platform
import subprocess
import sys

import numpy as np
import pytest

from badugi_fast.history.sources import SAMPLES

_native = pytest.importorskip("badugi_fast._native", reason="the C extension is not built")
ffi, lib = _native.ffi, _native.lib
REFUSED = int(ffi.cast("size_t", -1))


@pytest.mark.parametrize(
    ("cards", "error"),
    [
        ((0, 1, 2, 52), lib.BADUGI_E_CODE),
        ((-1, 1, 2, 3), lib.BADUGI_E_CODE),
        ((0, 1, 2, 2**31 - 1), lib.BADUGI_E_CODE),
        ((-(2**31), 1, 2, 3), lib.BADUGI_E_CODE),
        ((5, 5, 2, 3), lib.BADUGI_E_DUPLICATE),
        ((7, 7, 7, 7), lib.BADUGI_E_DUPLICATE),
    ],
)
def test_single_hand_functions_refuse_bad_codes(cards: tuple[int, int, int, int], error: int) -> None:
    assert lib.badugi_rank4(*cards) == error
    assert lib.badugi_usable4(*cards) == error
    assert lib.badugi_index4(*cards) == error


def test_text_refusals() -> None:
    assert lib.badugi_rank_text(ffi.NULL, 8) == lib.BADUGI_E_TEXT
    assert lib.badugi_rank_text(b"As2h3d4c", 7) == lib.BADUGI_E_TEXT  # cut inside the last card
    assert lib.badugi_rank_text(b"As2h3d4c", 6) == lib.BADUGI_E_COUNT
    assert lib.badugi_rank_text(b"As2h3d4c5c", 10) == lib.BADUGI_E_COUNT
    assert lib.badugi_rank_text(b"As2h3d4\xe2\x99", 9) == lib.BADUGI_E_TEXT  # a suit symbol cut short
    assert lib.badugi_rank_text("As2h3d4♣".encode(), 10) == 1


def test_bulk_functions_refuse_buffers_that_do_not_match() -> None:
    first_bad = ffi.new("size_t *")
    cards = np.zeros((3, 4), dtype=np.uint8)
    out = np.zeros(3, dtype=np.uint16)
    cards_buffer, out_buffer = ffi.from_buffer("uint8_t[]", cards), ffi.from_buffer("uint16_t[]", out)
    assert lib.badugi_rank_codes_many(cards_buffer, 11, out_buffer, 3, 1, first_bad) == REFUSED
    assert lib.badugi_rank_codes_many(ffi.NULL, 12, out_buffer, 3, 1, first_bad) == REFUSED
    assert lib.badugi_rank_codes_many(cards_buffer, 12, ffi.NULL, 3, 1, first_bad) == REFUSED
    assert lib.badugi_rank_codes_many(cards_buffer, 0, out_buffer, 2**62, 1, first_bad) == REFUSED
    text = b"As2h3d4c\0Kc Kd Kh Ks"
    assert lib.badugi_rank_text_many(text, len(text), out_buffer, 3, 1, first_bad) == REFUSED  # 2 records, not 3
    assert lib.badugi_rank_text_many(text, len(text), out_buffer, 1, 1, first_bad) == REFUSED  # 2 records, not 1
    assert lib.badugi_rank_text_many(ffi.NULL, 0, out_buffer, 1, 1, first_bad) == REFUSED
    assert lib.badugi_rank_text_many(text, len(text), out_buffer, 0, 1, first_bad) == REFUSED
    assert lib.badugi_rank_text_many(text, len(text), out_buffer, 2, 64, first_bad) == 0
    assert out[:2].tolist() == [1, 1092]
    assert lib.badugi_rank_text_many(b"\0\0As2h3d4c", 10, out_buffer, 3, 3, first_bad) == 2  # two empty records
    assert (out.tolist(), first_bad[0]) == ([0, 0, 1], 0)
    assert lib.badugi_rank_codes_many(cards_buffer, 12, out_buffer, 3, 1000, first_bad) == 3  # threads capped
    assert first_bad[0] == 0


def test_scan_refuses_bad_arguments() -> None:
    text = (SAMPLES / "pokerstars-cash.txt").read_bytes()
    out = ffi.new("int64_t[]", lib.BADUGI_HH_RECORD_MAX)
    offset, line = ffi.new("size_t *"), ffi.new("size_t *")
    assert lib.badugi_stars_scan(ffi.NULL, len(text), offset, line, out, len(out)) == 0
    assert lib.badugi_stars_scan(text, len(text), ffi.NULL, line, out, len(out)) == 0
    assert lib.badugi_stars_scan(text, len(text), offset, line, out, len(out) - 1) == 0  # no room for a record
    assert (offset[0], line[0]) == (0, 0)
    offset[0] = len(text) + 1
    assert lib.badugi_stars_scan(text, len(text), offset, line, out, len(out)) == 0
    offset[0] = 0
    assert lib.badugi_stars_scan(text, len(text), offset, line, out, len(out)) > 0  # one record fits
    assert 0 < offset[0] < len(text)


def test_bulk_scoring_keeps_freed_memory_only_where_it_can() -> None:
    """glibc takes the setting (in a process of its own: it is process-wide); sizes it cannot take are refused."""
    probe = (
        "from badugi_fast._native import keep_freed_memory, lib\n"
        "print(keep_freed_memory(), lib.badugi_render_keep_memory(0), lib.badugi_render_keep_memory(2**40))"
    )
    said = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout.split()
    assert said == [str(platform.libc_ver()[0] == "glibc"), "0", "0"]
