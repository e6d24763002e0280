"""Players' results and statistics over scored hands (``badugi stats``): partial sums of the facts each scored
record carries (``tally``), merged from any number of parts, and the public fields made from them (``fields``);
docs/stats.md defines every field."""

from badugi_fast.stats.collect import is_records, tally_histories, tally_on_dask, tally_records
from badugi_fast.stats.fields import FIELDS, row
from badugi_fast.stats.tally import Filters, Sums, Tally

__all__ = [
    "FIELDS",
    "Filters",
    "Sums",
    "Tally",
    "is_records",
    "row",
    "tally_histories",
    "tally_on_dask",
    "tally_records",
]
