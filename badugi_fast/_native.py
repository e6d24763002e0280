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


# ---- csrc/odds.c: draw odds and equity (for badugi_fast/odds.py and badugi_fast/policy_table.py) ----------------

#: Entries of a compiled policy table (3 per hand: 1, 2 or 3 draws to come), bins of a rank distribution, and the
#: per-player fields of the equity results: see csrc/odds.h.
POLICY_ENTRIES: int = lib.BADUGI_POLICY_ENTRIES
ODDS_BINS: int = lib.BADUGI_ODDS_BINS
EQUITY_EXACT_FIELDS: int = lib.BADUGI_EQUITY_EXACT_FIELDS
EQUITY_SAMPLE_FIELDS: int = lib.BADUGI_EQUITY_SAMPLE_FIELDS
POLICY_KINDS = {
    "usable": lib.BADUGI_POLICY_USABLE,
    "snow": lib.BADUGI_POLICY_SNOW,
    "pat": lib.BADUGI_POLICY_PAT,
    "basic": lib.BADUGI_POLICY_BASIC,
}

#: Codes meaning "no exact answer here" (the caller samples instead), and what the others mean.
_NOT_EXACT = (lib.BADUGI_E_BUDGET, lib.BADUGI_E_RESHUFFLE, lib.BADUGI_E_RANDOM)
_ODDS_ERRORS = {
    lib.BADUGI_E_ARGUMENT: "a count, size, mask or buffer out of range",
    lib.BADUGI_E_CARDS: "a card code out of range or in two places",
    lib.BADUGI_E_STUB: "a draw needs more cards than the stub and the muck hold",
}


def _odds_status(name: str, status: int) -> bool:
    """True for success, False for an answer that cannot be exact; raises for anything else."""
    if status == 0:
        return True
    if status in _NOT_EXACT:
        return False
    raise ValueError(f"{name}: {_ODDS_ERRORS.get(status, f'error {status}')}")


def _tables(masks: Buffer, first: Buffer | None) -> tuple[Any, int, Any, int]:
    """The policy tables as C arrays and their lengths (first may be absent: always the first choice)."""
    masks_c = ffi.from_buffer("uint8_t[]", masks)
    if first is None:
        return masks_c, len(masks_c), ffi.NULL, 0
    first_c = ffi.from_buffer("double[]", first)
    return masks_c, len(masks_c), first_c, len(first_c)


def policy_table(kind: str, bound: int, masks: Buffer, first: Buffer | None) -> None:
    """Fill ``masks`` (POLICY_ENTRIES uint8) and ``first`` (as many float64, or None) with a built-in policy."""
    status = lib.badugi_policy_table(POLICY_KINDS[kind], bound, *_tables(masks, first))
    _odds_status("badugi_policy_table", status)


def draw_odds_exact(
    hand: list[int],
    discard: int,
    draws: int,
    dead: int,
    masks: Buffer,
    first: Buffer | None,
    max_paths: float,
    probabilities: Buffer,
) -> float | None:
    """The exact rank distribution into ``probabilities`` (ODDS_BINS float64); returns the number of draw
    sequences, or None when more than ``max_paths`` lead to the last draw or a draw would need a reshuffle."""
    deals = ffi.new("double *")
    work = ffi.new("double[]", lib.BADUGI_ODDS_WORK)
    out = ffi.from_buffer("double[]", probabilities)
    status = lib.badugi_draw_odds_exact(
        hand, discard, draws, dead, *_tables(masks, first), max_paths, out, len(out), work, len(work), deals
    )
    return float(deals[0]) if _odds_status("badugi_draw_odds_exact", status) else None


def draw_odds_sample(
    hand: list[int],
    discard: int,
    draws: int,
    dead: int,
    masks: Buffer,
    first: Buffer | None,
    seed: int,
    samples: int,
    threads: int,
    counts: Buffer,
) -> None:
    """``samples`` trials: counts (ODDS_BINS uint64) of each final rank number."""
    out = ffi.from_buffer("uint64_t[]", counts)
    status = lib.badugi_draw_odds_sample(
        hand, discard, draws, dead, *_tables(masks, first), seed, samples, threads, out, len(out)
    )
    _odds_status("badugi_draw_odds_sample", status)


def equity_exact(
    hands: list[int],
    discards: list[int],
    dead: int,
    masks: Buffer,
    first: Buffer | None,
    policy_of: list[int],
    max_work: float,
    threads: int,
    results: Buffer,
) -> float | None:
    """Exact one-draw equity counts into ``results`` (players x EQUITY_EXACT_FIELDS int64); returns the number of
    deals, or None when the count is over ``max_work``, needs a reshuffle or meets a randomized first discard."""
    deals = ffi.new("double *")
    work = ffi.new("uint32_t[]", lib.BADUGI_EQUITY_WORK)
    out = ffi.from_buffer("int64_t[]", results)
    status = lib.badugi_equity_exact(
        len(discards),
        hands,
        discards,
        dead,
        *_tables(masks, first),
        policy_of,
        max_work,
        threads,
        out,
        len(out),
        work,
        len(work),
        deals,
    )
    return float(deals[0]) if _odds_status("badugi_equity_exact", status) else None


def equity_sample(
    hands: list[int],
    discards: list[int],
    draws: int,
    dead: int,
    masks: Buffer,
    first: Buffer | None,
    policy_of: list[int],
    seed: int,
    samples: int,
    threads: int,
    results: Buffer,
) -> None:
    """``samples`` trials: per-player sums into ``results`` (players x EQUITY_SAMPLE_FIELDS uint64)."""
    out = ffi.from_buffer("uint64_t[]", results)
    status = lib.badugi_equity_sample(
        len(discards),
        hands,
        discards,
        draws,
        dead,
        *_tables(masks, first),
        policy_of,
        seed,
        samples,
        threads,
        out,
        len(out),
    )
    _odds_status("badugi_equity_sample", status)
