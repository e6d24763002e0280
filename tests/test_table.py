"""The generated table: its SHA-256 is pinned, so a change in the ranking cannot go unnoticed."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from importlib import resources
from pathlib import Path

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


def test_build_script_needs_only_its_build_requirements() -> None:
    """build.py runs in an isolated build environment (setuptools and cffi only): the rules must load without
    numpy or the package __init__."""
    root = Path(__file__).resolve().parents[1]
    code = (
        "import sys; sys.modules['numpy'] = None; "
        f"sys.path.insert(0, {str(root)!r}); import build; "
        "reference, perfect_hash = build.load_rules(); "
        "print(reference.evaluate((0, 5, 10, 15)), perfect_hash.HAND_COUNT, 'badugi_fast._backend' in sys.modules)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["1", "270725", "False"]
