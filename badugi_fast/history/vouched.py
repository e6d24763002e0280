"""The hands of a run as the site parser reads them, each with whether the C reader vouches for it.

``badugi convert`` writes a hand only when the scorer would not call it a mismatch. For a hand that the C reader
(csrc/stars.c, csrc/phh.c through ``_native.stars_scan`` and ``phh_scan``) answers itself, that is already known:
C answers only for a hand the rules accept and the site paid exactly as we would (``verified`` or ``no_showdown``,
the records ``history.read.results`` takes from C), so the hand is not scored again in Python. The hands themselves
are still ``history.read.hands_of``'s, the definition; C only says which of them need no second verdict. A hand of
another site, a run C does not read, or any hand without the C extension is not vouched for: it is scored as before.
``history.converted`` takes the hands of every run but PokerStars' from here (PokerStars hands C writes as PHH itself).
"""

from __future__ import annotations

from collections.abc import Iterator

from badugi_fast.formats.model import Hand
from badugi_fast.history.cut import Unit
from badugi_fast.history.read import c_records, hands_of

__all__ = ["vouched_hands"]


def vouched_hands(unit: Unit) -> Iterator[tuple[Hand, bool]]:
    """Every hand of ``unit`` as ``hands_of`` reads it, in order, with True where the C reader answered for it (its
    record is not FALLBACK: ``history.read`` takes it as it is)."""
    read_by_c = c_records(unit)
    hands = hands_of(unit)
    if read_by_c is None:
        for hand in hands:
            yield hand, False
        return
    from badugi_fast._native import HH_FALLBACK  # the C extension is there: it read the unit

    for hand, record in zip(hands, read_by_c[1], strict=True):
        yield hand, record.status != HH_FALLBACK
