"""The generated table: its SHA-256 is pinned, so a change in the ranking cannot go unnoticed."""

from __future__ import annotations

import hashlib
from importlib import resources

from badugi_fast.perfect_hash import HAND_COUNT

# SHA-256 of badugi_fast/_table.bin as build.py writes it (rank uint16 LE per index, then usable masks).
# Change it only together with a deliberate change of the ranking or the table layout.
TABLE_SHA256 = "7b6d5c51f864b02001a31293fd09a559c8310bf05b1b1a66e9871ada0e785600"


def test_table_digest_is_pinned() -> None:
    table = (resources.files("badugi_fast") / "_table.bin").read_bytes()
    assert len(table) == 3 * HAND_COUNT == 812_175
    assert hashlib.sha256(table).hexdigest() == TABLE_SHA256


def test_table_holds_the_reference_ranks(reference_ranks: list[int]) -> None:
    table = (resources.files("badugi_fast") / "_table.bin").read_bytes()
    assert table[: 2 * HAND_COUNT] == b"".join(rank.to_bytes(2, "little") for rank in reference_ranks)
