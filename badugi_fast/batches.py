"""Checking and shaping batches of hands, for the fast and the reference ``evaluate_many`` / ``showdown_many``.

A batch is an (N, 4) array of card codes (any integer dtype) or a sequence of hand strings. Everything here is
independent of the backend, so both evaluators accept exactly the same input and report it the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal, TypeGuard

import numpy as np
from numpy.typing import ArrayLike, NDArray

from badugi_fast.cards import card_str, hand_codes

__all__ = [
    "Batch",
    "Errors",
    "check_options",
    "code_rows",
    "is_text_batch",
    "row_error",
    "showdown_mask",
    "text_rows",
]

#: What evaluate_many accepts: an (N, 4) integer array (or anything numpy turns into one), or hand strings.
Batch = ArrayLike | Sequence[str]
#: "raise": the first invalid row raises ValueError; "mark": invalid rows get rank 0.
Errors = Literal["raise", "mark"]


def check_options(threads: int | None, errors: str) -> None:
    """ValueError unless ``threads`` is None or a positive int and ``errors`` is "raise" or "mark"."""
    if threads is not None and (isinstance(threads, bool) or not isinstance(threads, int) or threads < 1):
        raise ValueError(f"threads must be a positive int or None, not {threads!r}")
    if errors not in ("raise", "mark"):
        raise ValueError(f"errors must be 'raise' or 'mark', not {errors!r}")


def is_text_batch(hands: object) -> TypeGuard[Sequence[str]]:
    """True for a non-empty list or tuple whose first item is a str (a batch of hand strings)."""
    return isinstance(hands, (list, tuple)) and len(hands) > 0 and isinstance(hands[0], str)


def text_rows(hands: Sequence[str]) -> bytes:
    """The hand strings as UTF-8, separated by NUL bytes; ValueError naming the first item that is not a hand
    string (not a str, or containing a NUL)."""
    try:
        joined = "\0".join(hands)
    except TypeError:
        row = next(i for i, hand in enumerate(hands) if not isinstance(hand, str))
        raise ValueError(f"row {row}: expected a hand string, got {type(hands[row]).__name__}") from None
    if joined.count("\0") != len(hands) - 1:
        row = next(i for i, hand in enumerate(hands) if "\0" in hand)
        raise ValueError(f"row {row}: a hand string cannot contain a NUL character: {hands[row]!r}")
    # Lone surrogates pass through as bytes that are not UTF-8, so the parser refuses that row and only that row.
    return joined.encode("utf-8", "surrogatepass")


def code_rows(hands: ArrayLike) -> NDArray[np.uint8]:
    """The codes as an (N, 4) C-contiguous uint8 array; rows with a code outside 0..51 get 255s, so that the
    lookup refuses them too instead of seeing the value wrapped around. A C-contiguous uint8 array comes back as it
    is, without a copy; any other layout (Fortran order, strides, negative strides, views) or byte order is
    copied into a new C-contiguous array, which is what the C lookup reads.

    >>> code_rows(np.asfortranarray(np.array([[3, 6, 9, 12], [0, 1, 2, 300]], dtype=">i4"))).tolist()
    [[3, 6, 9, 12], [255, 255, 255, 255]]
    """
    array = np.asarray(hands)
    if array.size == 0 and array.ndim == 1:  # an empty list: numpy cannot know its shape or dtype
        return np.empty((0, 4), dtype=np.uint8)
    if array.ndim != 2 or array.shape[1] != 4:
        raise ValueError(f"hands must have shape (N, 4), got shape {array.shape}")
    if array.dtype == np.bool_ or not np.issubdtype(array.dtype, np.integer):
        raise ValueError(f"card codes must be an integer array, got dtype {array.dtype}")
    if array.dtype == np.uint8:
        return np.ascontiguousarray(array)
    out_of_range = np.asarray(((array < 0) | (array > 51)).any(axis=1))
    codes = np.ascontiguousarray(array, dtype=np.uint8)  # a new array: out-of-range codes wrap, then are marked
    if out_of_range.any():
        codes[out_of_range] = 255
    return codes


def row_error(hands: Batch, row: int) -> ValueError:
    """The ValueError for invalid row ``row`` of ``hands``: says which row and what is wrong with it."""
    hand = hands[row] if is_text_batch(hands) else np.asarray(hands)[row].tolist()
    try:
        hand_codes(hand)
    except ValueError as error:
        return ValueError(f"row {row}: {error}")
    return ValueError(f"row {row}: not a valid hand: {hand!r}")  # pragma: no cover - the lookup refused it


def showdown_mask(
    hands: ArrayLike,
    active: ArrayLike | None,
    evaluate_many: Callable[..., NDArray[np.uint16]],
    check_duplicates: bool = False,
) -> NDArray[np.bool_]:
    """Seats that win or split each deal: hands (N, P, 4), active (N, P) bool or None (every seat in). No deal
    (N = 0) gives an empty (0, P) mask; deals without seats (P = 0) have no winner: ValueError. With
    ``check_duplicates``, a card held by two active seats of a deal is a ValueError too."""
    deals = np.asarray(hands)
    if deals.ndim != 3 or deals.shape[2] != 4:
        raise ValueError(f"hands must have shape (N, P, 4): N deals of P seats of 4 cards, got shape {deals.shape}")
    if not isinstance(check_duplicates, bool):
        raise ValueError(f"check_duplicates must be True or False, not {check_duplicates!r}")
    count, seats = deals.shape[:2]
    if active is None:
        playing = np.ones((count, seats), dtype=bool)
    else:
        playing = np.asarray(active)
        if playing.shape != (count, seats) or playing.dtype != np.bool_:
            raise ValueError(
                f"active must be a bool array of shape {(count, seats)}, got {playing.dtype} of shape {playing.shape}"
            )
    if count == 0:
        return np.zeros((0, seats), dtype=bool)
    if seats == 0:
        raise ValueError(f"hands has shape {deals.shape}: deals with no seats have no winner")
    ranks = evaluate_many(deals.reshape(count * seats, 4), errors="mark").reshape(count, seats)
    bad = playing & (ranks == 0)
    if bad.any():
        deal, seat = (int(i) for i in np.argwhere(bad)[0])
        detail = row_error(deals.reshape(count * seats, 4), deal * seats + seat)
        raise ValueError(f"deal {deal}, seat {seat}: {str(detail).split(': ', 1)[1]}")
    empty = ~playing.any(axis=1)
    if empty.any():
        raise ValueError(f"deal {int(np.argmax(empty))} has no active seat")
    if check_duplicates:
        _check_no_card_twice(deals, playing)
    contested = np.where(playing, ranks, np.iinfo(np.uint16).max)
    winners: NDArray[np.bool_] = playing & (contested == contested.min(axis=1, keepdims=True))
    return winners


def _check_no_card_twice(deals: NDArray[np.integer], playing: NDArray[np.bool_]) -> None:
    """ValueError naming the first deal, card and seats where two active seats hold the same card.

    Every active hand is already known to be four distinct codes 0..51, so each is a 52-bit set, and a deal holds
    no card twice exactly when the sum of its active seats' sets equals their union. (More than 13 active seats
    cannot hold 52 distinct cards; the sum of 4,096 seats would not fit 64 bits.)"""
    count, seats = playing.shape
    codes = code_rows(deals.reshape(count * seats, 4)).reshape(count, seats, 4)
    by_seat = np.ascontiguousarray(codes.transpose(1, 2, 0))  # (seat, card, deal): each deal's codes in a row
    bits = np.left_shift(np.uint64(1), by_seat, dtype=np.uint64)  # numpy shifts past 63 to 0: junk has no bit
    sets = bits[:, 0] | bits[:, 1] | bits[:, 2] | bits[:, 3]
    sets *= playing.T  # inactive seats, whatever they hold, hold no card
    shared = sets.sum(axis=0, dtype=np.uint64) != np.bitwise_or.reduce(sets, axis=0)
    if seats > 13:
        shared |= playing.sum(axis=1) > 13
    if not shared.any():
        return
    deal = int(np.argmax(shared))
    holder: dict[int, int] = {}
    for seat in np.flatnonzero(playing[deal]).tolist():
        for code in deals[deal, seat].tolist():
            if code in holder:
                raise ValueError(f"deal {deal}: card {card_str(code)} is in seat {holder[code]} and seat {seat}")
            holder[code] = seat
