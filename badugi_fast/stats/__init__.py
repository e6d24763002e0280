"""Players' results and statistics over scored hands (``badugi stats``): each statistic defined once as plain data
(``definitions``: ``COUNTS`` and ``RATIOS``), partial sums of the facts each scored record carries (``tally``),
merged from any number of parts, and the public fields made from them (``fields``); docs/stats.md defines every
field."""

from badugi_fast.stats.collect import is_records, tally_histories, tally_on_dask, tally_records
from badugi_fast.stats.definitions import COUNTS, RATIOS
from badugi_fast.stats.fields import FIELDS, fields_of, row, rows_of
from badugi_fast.stats.tally import Filters, Sums, Tally

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
