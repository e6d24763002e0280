"""A player's database (the ``db`` extra): hands scored once by ``badugi import`` and kept in an embedded DuckDB
file, which ``badugi stats --db`` and ``badugi report --db`` read back (docs/db.md).

- ``store``: where the file is, its tables, opening it (one writer at a time, readers retrying on its lock);
- ``load``: importing sources into it, each hand once, a batch per transaction, grown files read on;
- ``sums``: the statistics' sums in SQL made from ``stats.definitions``, and the partial sums each import keeps;
- ``tally``: ``stats --db``'s and ``report --db``'s sums, added up inside DuckDB from the partial sums;
- ``records``: its hands read back as the Arrow records ``badugi score --format parquet`` writes (``--export``).
"""
