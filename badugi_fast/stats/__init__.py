"""Players' results and statistics over scored hands (``badugi stats``): each statistic defined once as plain data
(``definitions``: ``COUNTS`` and ``RATIOS``), partial sums of the facts each scored record carries (``tally``),
merged from any number of parts, and the public fields made from them (``fields``); docs/stats.md defines every
field.

``collect``'s names (reading and scoring files: every format's reader) are imported when first asked for, so that
``badugi stats --db``, which reads none, does not start them all (``__getattr__``).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from badugi_fast.stats.definitions import COUNTS, RATIOS
from badugi_fast.stats.fields import FIELDS, fields_of, row, rows_of
from badugi_fast.stats.tally import Filters, Sums, Tally

if TYPE_CHECKING:
    from badugi_fast.stats.collect import is_records, tally_histories, tally_on_dask, tally_records

__all__ = [
    "COUNTS",
    "FIELDS",
    "RATIOS",
    "Filters",
    "Sums",
    "Tally",
    "fields_of",
    "is_records",
    "row",
    "rows_of",
    "tally_histories",
    "tally_on_dask",
    "tally_records",
]

_COLLECTED = frozenset({"is_records", "tally_histories", "tally_on_dask", "tally_records"})


def __getattr__(name: str) -> Any:
    """``collect``'s public names, imported on first use."""
    if name in _COLLECTED:
        return getattr(importlib.import_module("badugi_fast.stats.collect"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
