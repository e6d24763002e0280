"""The record layout of the C readers is defined once (badugi_fast/record_layout.py): the C positions, cffi's
declaration and the Python decoder all follow that table, and a hand's record reads back by name."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from badugi_fast import record_layout

_native = pytest.importorskip("badugi_fast._native", reason="the C extension is not built")

ROOT = Path(__file__).resolve().parent.parent
CSRC = ROOT / "csrc"
GENERATED = ROOT / "build" / "generated" / "badugi_record.h"

HAND = """PokerStars Hand #4242: Badugi Limit ($0.10/$0.20 USD) - 2020/01/02 3:04:05 ET
Table 'Alpha' 3-max Seat #1 is the button
Seat 1: Ann ($5 in chips)
Seat 2: Bob ($5 in chips)
Ann: posts small blind $0.10
Bob: posts big blind $0.20
*** DEALING HANDS ***
Dealt to Bob [2c 3d 4h 5s]
Ann: folds
Uncalled bet ($0.10) returned to Bob
Bob collected $0.20 from pot
*** SUMMARY ***
Total pot $0.20 | Rake $0
Seat 1: Ann (button) (small blind) folded before the Draw
Seat 2: Bob (big blind) collected ($0.20)
"""


def _defined(text: str) -> set[str]:
    return set(re.findall(r"^#define BADUGI_HH_(\w+)", text, re.MULTILINE))


def test_the_c_positions_are_generated_from_the_table() -> None:
    if not GENERATED.exists():
        pytest.skip("build/generated/badugi_record.h is written by an in-tree build (python build.py)")
    assert GENERATED.read_text() == record_layout.c_header(), "the build is older than record_layout.py: rebuild"
    names = {name.upper() for name in (*record_layout.HAND_FIELDS, *record_layout.PLAYER_FIELDS)}
    assert names | {"HAND_FIELDS", "PLAYER_FIELDS"} == _defined(record_layout.c_header())
    for source in sorted(CSRC.glob("*.h")):  # nowhere else: neither a C header nor cffi's declarations
        assert not _defined(source.read_text()) & (names | {"HAND_FIELDS", "PLAYER_FIELDS"}), source.name
    assert '#include "badugi_record.h"' in (CSRC / "stars.h").read_text()


def test_the_compiled_positions_and_the_decoder_are_the_table() -> None:
    lib = _native.lib
    for position, name in enumerate(record_layout.HAND_FIELDS):
        assert getattr(lib, f"BADUGI_HH_{name.upper()}") == position
    for position, name in enumerate(record_layout.PLAYER_FIELDS):
        assert getattr(lib, f"BADUGI_HH_{name.upper()}") == position
    assert _native.StarsHand._fields == record_layout.HAND_FIELDS
    assert _native.PLAYER_FIELDS == record_layout.PLAYER_FIELDS


def test_a_record_reads_back_by_name() -> None:
    data = HAND.encode()
    (record,) = _native.stars_scan(data)
    assert record.status == _native.lib.BADUGI_HH_NO_SHOWDOWN
    assert data[record.id_start : record.id_end] == b"4242"
    assert data[record.game_start : record.game_end] == b"Badugi Limit ($0.10/$0.20 USD)"
    assert record.first_line == 0
    assert record.end_line > HAND.count("\n") - 1
    assert data[record.first_byte : record.end_byte].strip() == data.strip()
    assert record.limit == _native.LIMIT_CODES[0]
    size = len(record_layout.PLAYER_FIELDS)
    entries = [
        dict(zip(record_layout.PLAYER_FIELDS, record.players[at : at + size], strict=True))
        for at in range(0, len(record.players), size)
    ]
    assert [data[entry["name_start"] : entry["name_end"]] for entry in entries] == [b"Ann", b"Bob"]
    ann, bob = entries
    assert (ann["put_in"], ann["collected"], ann["hero"], ann["position"]) == (10, 0, 0, 1)
    assert (bob["put_in"], bob["collected"], bob["expected"], bob["hero"]) == (10, 20, 20, 1)
    assert bob["cards"] & 7 == 4
    assert ann["cards"] == -1
