"""evaluate_many and showdown_many: the same as evaluate and winners on every hand, for every input type, thread
count and code path, in both modules; and a clear error (or a 0 with errors="mark") for every bad row."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import numpy as np
import pytest
from numpy.typing import NDArray

import badugi_fast
from badugi_fast import _fallback, batches, reference
from badugi_fast.cards import card_str

Hands = list[tuple[int, int, int, int]]


@pytest.fixture(scope="module")
def codes(every_hand: Hands) -> NDArray[np.uint8]:
    """Every hand as uint8 codes, each row shuffled so that no input arrives sorted."""
    rng = np.random.default_rng(7)
    array = np.array(every_hand, dtype=np.uint8)
    return np.take_along_axis(array, np.argsort(rng.random(array.shape), axis=1), axis=1)


@pytest.fixture(scope="module")
def expected(reference_ranks: list[int]) -> NDArray[np.uint16]:
    return np.array(reference_ranks, dtype=np.uint16)


@pytest.mark.parametrize("threads", [1, 2, 3, None])
@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.int16, np.uint16, np.int32, np.int64, np.uint64])
def test_every_hand_as_codes(
    codes: NDArray[np.uint8], expected: NDArray[np.uint16], dtype: type, threads: int | None
) -> None:
    ranks = badugi_fast.evaluate_many(codes.astype(dtype), threads=threads)
    assert ranks.dtype == np.uint16
    assert np.array_equal(ranks, expected)


def test_every_hand_from_non_contiguous_and_nested_lists(
    codes: NDArray[np.uint8], expected: NDArray[np.uint16]
) -> None:
    fortran = np.asfortranarray(codes)
    assert np.array_equal(badugi_fast.evaluate_many(fortran), expected)
    strided = np.repeat(codes, 2, axis=0)[::2]
    assert np.array_equal(badugi_fast.evaluate_many(strided), expected)
    assert np.array_equal(badugi_fast.evaluate_many(codes[:5000].tolist()), expected[:5000])


def test_uint8_input_is_not_copied(codes: NDArray[np.uint8]) -> None:
    assert batches.code_rows(codes) is codes


@pytest.mark.parametrize("threads", [1, 2, 5])
def test_every_hand_as_text(codes: NDArray[np.uint8], expected: NDArray[np.uint16], threads: int) -> None:
    spellings = [" ".join, "".join, ",".join]
    texts = [spellings[i % 3]([card_str(code) for code in row]) for i, row in enumerate(codes.tolist())]
    assert np.array_equal(badugi_fast.evaluate_many(texts, threads=threads), expected)
    assert np.array_equal(badugi_fast.evaluate_many(tuple(texts[:100]), threads=threads), expected[:100])


def test_scalar_path_on_every_hand(codes: NDArray[np.uint8], expected: NDArray[np.uint16]) -> None:
    """Batches of fewer than 8 hands never reach the 8-wide SIMD loop."""
    ranks = np.concatenate([badugi_fast.evaluate_many(codes[i : i + 7]) for i in range(0, len(codes), 7)])
    assert np.array_equal(ranks, expected)


def test_eight_wide_path_on_every_hand(codes: NDArray[np.uint8], expected: NDArray[np.uint16]) -> None:
    """Batches of 8 to 15 hands never reach the 16-wide loop (AVX-512, where the processor has it): their first
    eight take the 8-wide one (AVX2)."""
    ranks = np.concatenate([badugi_fast.evaluate_many(codes[i : i + 15]) for i in range(0, len(codes), 15)])
    assert np.array_equal(ranks, expected)


@pytest.mark.parametrize("size", [40, 45])  # 16 + 16 + 8 hands; and 5 more one by one
def test_a_bad_row_in_every_lane_of_every_path(
    codes: NDArray[np.uint8], expected: NDArray[np.uint16], size: int
) -> None:
    for position in range(size):
        hands = codes[:size].copy()
        hands[position] = [5, 9, 9, 12]
        marked = badugi_fast.evaluate_many(hands, errors="mark")
        assert np.flatnonzero(marked == 0).tolist() == [position]
        assert np.array_equal(np.delete(marked, position), np.delete(expected[:size], position))
        with pytest.raises(ValueError, match=f"^row {position}: duplicate card 3d"):
            badugi_fast.evaluate_many(hands)


def test_python_backend_on_every_hand(codes: NDArray[np.uint8], expected: NDArray[np.uint16]) -> None:
    ranks = np.empty(len(codes), dtype=np.uint16)
    assert _fallback.rank_codes_many(codes, ranks, 1) == (0, len(codes))
    assert np.array_equal(ranks, expected)
    texts = ["".join(card_str(code) for code in row) for row in codes[:20000].tolist()]
    ranks = np.empty(len(texts), dtype=np.uint16)
    assert _fallback.rank_text_many(batches.text_rows(texts), ranks, 1) == (0, len(texts))
    assert np.array_equal(ranks, expected[:20000])


def test_reference_evaluate_many_agrees_on_a_sample(codes: NDArray[np.uint8], expected: NDArray[np.uint16]) -> None:
    rows = np.random.default_rng(3).choice(len(codes), 3000, replace=False)
    assert np.array_equal(reference.evaluate_many(codes[rows], threads=2), expected[rows])
    texts = ["".join(card_str(code) for code in codes[row]) for row in rows]
    assert np.array_equal(reference.evaluate_many(texts), expected[rows])


EVALUATE_MANY = [pytest.param(badugi_fast.evaluate_many, id="fast"), pytest.param(reference.evaluate_many, id="ref")]
Evaluate = Callable[..., NDArray[np.uint16]]


@pytest.mark.parametrize("evaluate_many", EVALUATE_MANY)
def test_empty_batches(evaluate_many: Evaluate) -> None:
    empties: list[object] = [[], (), np.empty((0, 4), dtype=np.uint8), np.empty((0, 4), dtype=np.int64)]
    for empty in empties:
        result = evaluate_many(empty)
        assert result.dtype == np.uint16
        assert result.shape == (0,)


BAD_CODE_ROWS = [
    ([1, 1, 2, 3], "duplicate card Ad"),
    ([60, 1, 2, 3], "card 1 is 60, out of range 0..51"),
    ([0, 1, 2, 255], "card 4 is 255"),
    ([0, 1, 2, -1], "card 4 is -1"),
    ([0, 1, 2, 300], "card 4 is 300"),
    ([0, 1, 2, 256 + 3], "card 4 is 259"),  # would wrap to a valid code 3 in uint8
]


@pytest.mark.parametrize("evaluate_many", EVALUATE_MANY)
@pytest.mark.parametrize(("row", "message"), BAD_CODE_ROWS)
@pytest.mark.parametrize("position", [0, 9, 12])
def test_bad_code_rows(evaluate_many: Evaluate, row: list[int], message: str, position: int) -> None:
    hands = np.array([[3, 6, 9, 12]] * 13, dtype=np.int64)
    hands[position] = row
    fits_uint8 = min(row) >= 0 and max(row) <= 255
    for variant in [hands, hands.astype(np.uint8)] if fits_uint8 else [hands]:
        with pytest.raises(ValueError, match=f"^row {position}: .*{message}"):
            evaluate_many(variant)
        marked = evaluate_many(variant, errors="mark")
        assert marked[position] == 0
        assert np.count_nonzero(marked == 1) == 12


def test_first_bad_row_is_reported_whatever_the_threads(codes: NDArray[np.uint8]) -> None:
    hands = codes[:100_000].copy()
    hands[[77_777, 88_888]] = [[0, 0, 1, 2], [1, 1, 2, 3]]
    for threads in (1, 2, 4, 7):
        with pytest.raises(ValueError, match=r"^row 77777: duplicate card Ac"):
            badugi_fast.evaluate_many(hands, threads=threads)
        texts = ["".join(card_str(code) for code in row) for row in hands[77_700:88_900].tolist()]
        with pytest.raises(ValueError, match=r"^row 77: duplicate card Ac"):
            badugi_fast.evaluate_many(texts, threads=threads)
        marked = badugi_fast.evaluate_many(texts, threads=threads, errors="mark")
        assert np.flatnonzero(marked == 0).tolist() == [77, 11_188]


@pytest.mark.parametrize("evaluate_many", EVALUATE_MANY)
@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ("As2h3d", "row 1: a hand has exactly 4 cards, got 3"),
        ("", "row 1: a hand has exactly 4 cards, got 0"),
        ("As2h3dXx", "row 1: bad card text"),
        ("As\x002h3d4c", "row 1: "),
        ("As2h3d\ud800", "row 1: bad card text"),
        (17, "row 1: "),
        (None, "row 1: "),
    ],
)
def test_bad_text_rows(evaluate_many: Evaluate, bad: object, message: str) -> None:
    hands = ["As2h3d4c", bad, "Kc Kd Kh Ks"]
    with pytest.raises(ValueError, match=f"^{message}"):
        evaluate_many(hands)
    if isinstance(bad, str) and "\x00" not in bad:
        assert evaluate_many(hands, errors="mark").tolist() == [1, 0, 1092]


@pytest.mark.parametrize("evaluate_many", EVALUATE_MANY)
@pytest.mark.parametrize(
    ("hands", "message"),
    [
        (np.zeros((5, 3), dtype=np.uint8), r"shape \(N, 4\), got shape \(5, 3\)"),
        (np.zeros(4, dtype=np.uint8), r"shape \(N, 4\), got shape \(4,\)"),
        (np.zeros((2, 2, 4), dtype=np.uint8), r"shape \(N, 4\), got shape \(2, 2, 4\)"),
        (np.zeros((2, 4), dtype=np.float64), "integer array, got dtype float64"),
        (np.zeros((2, 4), dtype=bool), "integer array, got dtype bool"),
        (np.array([[3, 6, 9, None]]), "integer array, got dtype object"),
        ([[3, 6, 9], [3, 6, 9, 12]], "shape|sequence"),
        (12, r"shape \(N, 4\)"),
    ],
)
def test_bad_batches(evaluate_many: Evaluate, hands: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        evaluate_many(hands)


@pytest.mark.parametrize("evaluate_many", EVALUATE_MANY)
@pytest.mark.parametrize(("option", "value"), [("threads", 0), ("threads", -2), ("threads", 1.5), ("threads", True)])
def test_bad_options(evaluate_many: Evaluate, option: str, value: object) -> None:
    with pytest.raises(ValueError, match="threads must be a positive int or None"):
        evaluate_many(["As2h3d4c"], **{option: value})
    with pytest.raises(ValueError, match="errors must be 'raise' or 'mark', not 'ignore'"):
        evaluate_many(["As2h3d4c"], errors="ignore")


def _read_only(array: NDArray[np.int64]) -> NDArray[np.int64]:
    array = array.copy()
    array.setflags(write=False)
    return array


def _unaligned(array: NDArray[np.int64]) -> NDArray[np.int64]:
    """The same values in memory one byte past an aligned address (for dtypes wider than a byte)."""
    raw = np.zeros(array.nbytes + 1, dtype=np.uint8)
    view = np.frombuffer(raw.data, dtype=array.dtype, count=array.size, offset=1).reshape(array.shape)
    view[...] = array
    return view


#: Ways an (N, 4) array may be laid out in memory, each as a function of a C-contiguous array of the same values.
LAYOUTS: dict[str, Callable[[NDArray[np.int64]], NDArray[np.int64]]] = {
    "c": lambda a: a,
    "fortran": np.asfortranarray,
    "strided rows": lambda a: np.repeat(a, 3, axis=0)[::3],
    "strided columns": lambda a: np.repeat(a, 2, axis=1)[:, ::2],
    "negative strides": lambda a: np.ascontiguousarray(a[::-1, ::-1])[::-1, ::-1],
    "transposed view": lambda a: np.ascontiguousarray(a.T).T,
    "view of a 3-d array": lambda a: np.stack([a, a[::-1]], axis=1)[:, 0, :],
    "read-only": _read_only,
    "read-only fortran": lambda a: _read_only(np.asfortranarray(a)),
    "unaligned": _unaligned,
}
LAYOUT_DTYPES = ["u1", "i1", "<i2", ">i2", "<u2", ">u2", "<i4", ">i4", "<i8", ">i8", "<u8", ">u8"]


@pytest.mark.parametrize("layout", list(LAYOUTS))
@pytest.mark.parametrize("dtype", LAYOUT_DTYPES)
def test_every_layout_and_dtype_gives_the_reference_answer(layout: str, dtype: str) -> None:
    """Valid and invalid rows (duplicates, codes out of range that would wrap to valid ones) in every layout and
    byte order: the same ranks, marks and first error as the reference, and the caller's array left as it was."""
    kind = np.dtype(dtype)
    rng = np.random.default_rng(len(layout) * 100 + kind.itemsize)
    values = np.array([rng.permutation(52)[:4] for _ in range(150)], dtype=np.int64)
    bad = [60, 255, 256 + 3, 2**31, 2**40 + 5, -1, -(2**31) - 1]
    fits = [code for code in bad if np.iinfo(kind).min <= code <= np.iinfo(kind).max]
    for k, code in enumerate(fits):
        values[7 + 11 * k, k % 4] = code
    values[3] = [5, 9, 5, 1]  # a duplicate
    hands = LAYOUTS[layout](values.astype(kind))
    before = hands.copy()
    assert np.array_equal(
        badugi_fast.evaluate_many(hands, errors="mark"), reference.evaluate_many(hands, errors="mark")
    )
    with pytest.raises(ValueError) as expected:  # noqa: PT011 - the message is compared below
        reference.evaluate_many(hands)
    with pytest.raises(ValueError) as fast:  # noqa: PT011
        badugi_fast.evaluate_many(hands, threads=2)
    assert str(fast.value) == str(expected.value)
    valid = values.min(axis=1) >= 0
    valid &= values.max(axis=1) <= 51
    valid &= np.array([len(set(row)) == 4 for row in values.tolist()])
    good = LAYOUTS[layout](values[valid].astype(kind))
    assert np.array_equal(badugi_fast.evaluate_many(good), reference.evaluate_many(good))
    assert np.array_equal(hands, before)


@pytest.mark.parametrize("threads", [2**31, 2**63, 2**70])
def test_huge_thread_counts_are_accepted_as_by_the_reference(threads: int) -> None:
    """Results never depend on ``threads``: the reference takes any positive int, and so does the C path."""
    codes = np.array([[3, 6, 9, 12], [0, 1, 2, 60]], dtype=np.int64)
    marked = reference.evaluate_many(codes, threads=threads, errors="mark")
    assert badugi_fast.evaluate_many(codes, threads=threads, errors="mark").tolist() == marked.tolist() == [1, 0]
    assert badugi_fast.evaluate_many(["As2h3d4c", "Kc Kd Kh Ks"], threads=threads).tolist() == [1, 1092]


# ---- showdown_many -------------------------------------------------------------------------------------------

SHOWDOWN_MANY = [pytest.param(badugi_fast.showdown_many, id="fast"), pytest.param(reference.showdown_many, id="ref")]


def random_deals(count: int, seats: int, seed: int) -> tuple[NDArray[np.uint8], NDArray[np.bool_]]:
    """Deals from shuffled decks, with random folded seats (seat 0 always in)."""
    rng = random.Random(seed)
    deals = np.zeros((count, seats, 4), dtype=np.uint8)
    for deal in range(count):
        deck = list(range(52))
        rng.shuffle(deck)
        deals[deal] = np.array(deck[: 4 * seats]).reshape(seats, 4)
    active = np.random.default_rng(seed).random((count, seats)) < 0.7
    active[:, 0] = True
    return deals, active


@pytest.mark.parametrize("showdown_many", SHOWDOWN_MANY)
@pytest.mark.parametrize("seats", [2, 6])
def test_showdown_many_equals_winners(showdown_many: Callable[..., NDArray[np.bool_]], seats: int) -> None:
    deals, active = random_deals(1500, seats, seed=seats)
    # Every third deal: seats 0 and 1 both hold A-2-3-4 in four suits (different cards), a tie for best if seat 1
    # is still in. showdown_many looks at each seat's hand alone, so cards shared with other seats do not matter.
    deals[::3, 0] = [1, 6, 11, 12]
    deals[::3, 1] = [0, 5, 10, 15]
    mask = showdown_many(deals, active)
    ties = 0
    for deal in range(len(deals)):
        seats_in = [seat for seat in range(seats) if active[deal, seat]]
        best = badugi_fast.winners([deals[deal, seat].tolist() for seat in seats_in])
        assert mask[deal].tolist() == [seat in {seats_in[i] for i in best} for seat in range(seats)]
        ties += len(best) > 1
    assert ties > 300
    assert np.array_equal(showdown_many(deals), showdown_many(deals, np.ones(active.shape, dtype=bool)))


@pytest.mark.parametrize("showdown_many", SHOWDOWN_MANY)
def test_showdown_ignores_the_cards_of_inactive_seats(showdown_many: Callable[..., NDArray[np.bool_]]) -> None:
    deals = np.array([[[3, 6, 9, 12], [0, 0, 0, 0], [48, 49, 50, 51]]], dtype=np.uint8)
    assert showdown_many(deals, np.array([[True, False, True]])).tolist() == [[True, False, False]]


@pytest.mark.parametrize("showdown_many", SHOWDOWN_MANY)
@pytest.mark.parametrize(
    ("hands", "active", "message"),
    [
        (np.zeros((2, 4), dtype=np.uint8), None, r"shape \(N, P, 4\)"),
        ([[[3, 6, 9, 12], [0, 0, 1, 2]]], None, "deal 0, seat 1: duplicate card Ac"),
        ([[[3, 6, 9, 12], [48, 49, 50, 51]]], [[True]], r"active must be a bool array of shape \(1, 2\)"),
        ([[[3, 6, 9, 12], [48, 49, 50, 51]]], [[1, 0]], "active must be a bool array"),
        ([[[3, 6, 9, 12], [48, 49, 50, 51]]], [[False, False]], "deal 0 has no active seat"),
    ],
)
def test_showdown_many_errors(
    showdown_many: Callable[..., NDArray[np.bool_]], hands: object, active: object, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        showdown_many(hands, active)


@pytest.mark.parametrize("showdown_many", SHOWDOWN_MANY)
@pytest.mark.parametrize("seats", [0, 1, 3])
def test_no_deals_give_an_empty_mask(showdown_many: Callable[..., NDArray[np.bool_]], seats: int) -> None:
    for active in (None, np.zeros((0, seats), dtype=bool)):
        mask = showdown_many(np.zeros((0, seats, 4), dtype=np.uint8), active, check_duplicates=True)
        assert mask.shape == (0, seats)
        assert mask.dtype == np.bool_


@pytest.mark.parametrize("showdown_many", SHOWDOWN_MANY)
def test_deals_without_seats_are_refused(showdown_many: Callable[..., NDArray[np.bool_]]) -> None:
    with pytest.raises(ValueError, match=r"^hands has shape \(2, 0, 4\): deals with no seats have no winner$"):
        showdown_many(np.zeros((2, 0, 4), dtype=np.int64))


def first_shared_card(deals: NDArray[np.int64], active: NDArray[np.bool_]) -> str | None:
    """The message for the first card held by two active seats, found the plain way (the test's own definition)."""
    for deal in range(len(deals)):
        seen: dict[int, int] = {}
        for seat in range(deals.shape[1]):
            if active[deal, seat]:
                for code in deals[deal, seat].tolist():
                    if code in seen:
                        return f"deal {deal}: card {card_str(code)} is in seat {seen[code]} and seat {seat}"
                    seen[code] = seat
    return None


@pytest.mark.parametrize("showdown_many", SHOWDOWN_MANY)
@pytest.mark.parametrize("seats", [2, 6, 13])
def test_check_duplicates_finds_the_first_card_dealt_twice(
    showdown_many: Callable[..., NDArray[np.bool_]], seats: int
) -> None:
    deals, active = random_deals(120, seats, seed=seats)
    deals = deals.astype(np.int64)
    assert np.array_equal(showdown_many(deals, active, check_duplicates=True), showdown_many(deals, active))
    rng = np.random.default_rng(seats)
    for _ in range(8):
        damaged = deals.copy()
        for deal in rng.choice(120, 3, replace=False):  # a card of one seat also given to another seat
            giver, taker = rng.choice(seats, 2, replace=False)
            damaged[deal, taker, rng.integers(4)] = damaged[deal, giver, rng.integers(4)]
            while len(set(damaged[deal, taker].tolist())) < 4:  # keep every hand valid on its own
                damaged[deal, taker, rng.integers(4)] = rng.integers(52)
        expected = first_shared_card(damaged, active)
        unchecked = showdown_many(damaged, active)  # the default: each seat's hand on its own
        if expected is None:  # the shared card is in a folded seat: not a duplicate among the players
            assert np.array_equal(showdown_many(damaged, active, check_duplicates=True), unchecked)
        else:
            with pytest.raises(ValueError, match=f"^{re.escape(expected)}$"):
                showdown_many(damaged, active, check_duplicates=True)


@pytest.mark.parametrize("showdown_many", SHOWDOWN_MANY)
def test_check_duplicates_past_thirteen_seats_and_junk_in_folded_seats(
    showdown_many: Callable[..., NDArray[np.bool_]],
) -> None:
    deck = np.arange(52).reshape(13, 4)
    full = np.concatenate([deck, [[0, 5, 10, 15]]])[None]  # 14 seats: 52 cards cannot go round
    with pytest.raises(ValueError, match=r"^deal 0: card Ac is in seat 0 and seat 13$"):
        showdown_many(full, check_duplicates=True)
    junk = np.full((1, 5000, 4), 999, dtype=np.int64)  # folded seats may hold anything
    junk[0, [0, 4999]] = [[3, 6, 9, 12], [0, 5, 10, 15]]
    active = np.zeros((1, 5000), dtype=bool)
    active[0, [0, 4999]] = True
    assert np.flatnonzero(showdown_many(junk, active, check_duplicates=True)).tolist() == [0, 4999]
    for bad in (1, "yes", None):
        with pytest.raises(ValueError, match="check_duplicates must be True or False"):
            showdown_many(deck[None], check_duplicates=bad)
