"""Batches of hands at the speed of the table: one call into C per batch, optionally over several native threads.

Same results as ``badugi_fast.reference.evaluate_many`` / ``showdown_many``, which loop over ``evaluate``.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from badugi_fast import batches
from badugi_fast._backend import backend
from badugi_fast.batches import Batch, Errors
from badugi_fast.parallel import BULK_THREADS_FROM, cores

__all__ = ["evaluate_many", "showdown_many"]


def evaluate_many(hands: Batch, *, threads: int | None = None, errors: Errors = "raise") -> NDArray[np.uint16]:
    """The rank number of every hand in a batch, as a uint16 array.

    ``hands`` is an (N, 4) array of card codes (any integer dtype; C-contiguous uint8 is used without a copy) or a
    sequence of hand strings (parsed in C). ``threads``: how many native threads to use (default: every core for
    batches of at least BULK_THREADS_FROM hands, else one); the results do not depend on it. With
    ``errors="raise"`` the first invalid row raises ValueError; with ``errors="mark"`` invalid rows get 0.

    >>> evaluate_many(["As2h3d4c", "Kc Kd Kh Ks"]).tolist()
    [1, 1092]
    >>> evaluate_many(np.array([[3, 6, 9, 12], [0, 0, 1, 2]], dtype=np.uint8), errors="mark").tolist()
    [1, 0]
    >>> evaluate_many([[3, 6, 9, 12], [0, 0, 1, 2]])
    Traceback (most recent call last):
    ...
    ValueError: row 1: duplicate card Ac in hand (Ac, Ac, Ad, Ah)
    """
    batches.check_options(threads, errors)
    if batches.is_text_batch(hands):
        text = batches.text_rows(hands)
        ranks = np.empty(len(hands), dtype=np.uint16)
        bad, first_bad = backend.rank_text_many(text, ranks, _threads(threads, len(ranks)))
    else:
        codes = batches.code_rows(hands)
        ranks = np.empty(len(codes), dtype=np.uint16)
        bad, first_bad = backend.rank_codes_many(codes, ranks, _threads(threads, len(ranks)))
    if bad and errors == "raise":
        raise batches.row_error(hands, first_bad)
    return ranks


def showdown_many(
    hands: ArrayLike, active: ArrayLike | None = None, *, check_duplicates: bool = False
) -> NDArray[np.bool_]:
    """Which seats win or split each deal: ``hands`` (N, P, 4) card codes, ``active`` an optional (N, P) bool mask of
    the seats still in (default: all). Returns an (N, P) bool mask; inactive seats never win.

    >>> showdown_many([[[3, 6, 9, 12], [48, 49, 50, 51], [0, 5, 10, 15]]]).tolist()
    [[True, False, True]]
    """
    return batches.showdown_mask(hands, active, evaluate_many, check_duplicates)


def _threads(threads: int | None, count: int) -> int:
    """The number of native threads for a batch of ``count`` hands. The C code uses at most BADUGI_MAX_THREADS
    and one per hand; a count past C's int (``threads=2**31``) is brought within it here, as the reference
    accepts any positive count and results never depend on it."""
    if threads is None:
        return cores() if count >= BULK_THREADS_FROM else 1
    return min(threads, _INT_MAX)


_INT_MAX = 2**31 - 1
