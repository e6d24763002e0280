"""The hands of a run as the site parser reads them, each with whether the C reader vouches for it.

``badugi convert`` writes a hand only when the scorer would not call it a mismatch. For a hand that the C reader
(csrc/stars.c, csrc/phh.c through ``_native.stars_scan`` and ``phh_scan``) answers itself, that is already known:
C answers only for a hand the rules accept and the site paid exactly as we would (``verified`` or ``no_showdown``,
the records ``history.read.results`` takes from C), so the hand is not scored again in Python. The hands themselves
are still ``history.read.hands_of``'s, the definition; C only says which of them need no second verdict. A hand of
another site, a run C does not read, or any hand without the C extension is not vouched for: it is scored as before.
"""

from __future__ import annotations

from collections.abc import Iterator

from badugi_fast._backend import history_fast_paths
from badugi_fast.formats.model import Hand
from badugi_fast.formats.phh import reader as phh
from badugi_fast.formats.pokerstars import reader as stars
from badugi_fast.history.cut import Run, Unit
from badugi_fast.history.read import _utf8, hands_of
from badugi_fast.rules.limits import LIMITS

__all__ = ["vouched_hands"]

if history_fast_paths is not None:
    from badugi_fast._native import HH_FALLBACK, LIMIT_CODES

    #: The C code of each betting structure (record_layout.py).
    _LIMIT_CODE = dict(zip(LIMITS, LIMIT_CODES, strict=True))


def vouched_hands(unit: Unit) -> Iterator[tuple[Hand, bool]]:
    """Every hand of ``unit`` as ``hands_of`` reads it, in order, with True where the C reader answered for it."""
    statuses = _statuses(unit)
    hands = hands_of(unit)
    if statuses is None:
        for hand in hands:
            yield hand, False
        return
    for hand, (status, limit) in zip(hands, statuses, strict=True):
        yield hand, _answered(hand, status, limit)


def _statuses(unit: Unit) -> list[tuple[int, int]] | None:
    """The status and betting structure of each C record of ``unit``, or None for a unit C does not read (the same
    choice as ``history.read.results``)."""
    reader = history_fast_paths
    if reader is None or not isinstance(unit, Run):
        return None
    if unit.site == stars.FORMAT.site:
        records = reader.stars_scan(_utf8(unit.text()))
    elif unit.site == phh.SITE:
        lead = _utf8(unit.lead[: unit.lead.rfind(b"\n") + 1])
        records = reader.phh_scan(lead + _utf8(unit.text()), len(lead), lead.count(b"\n"))
    else:
        return None
    if len(records) != len(unit.starts):  # as history.read checks of PHH: one record per hand the cut found
        raise AssertionError(f"the C reader found {len(records)} hands where the cut found {len(unit.starts)}")
    return [(record.status, record.limit) for record in records]


def _answered(hand: Hand, status: int, limit: int) -> bool:
    """Whether ``history.read._c_result`` takes C's record of ``hand`` (status ``status``, betting structure code
    ``limit``): not FALLBACK, a Badugi hand, held to the betting structure the hand's words name."""
    if status == HH_FALLBACK or not hand.is_badugi or hand.error is not None or hand.limit is None:
        return False
    return _LIMIT_CODE.get(hand.limit) == limit
