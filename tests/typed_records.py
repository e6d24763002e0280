"""A JSON Lines record of ``badugi score`` as its typed Parquet record should hold it, typed here by the standard
library alone (``Decimal``, ``datetime``), so that tests check ``history.parquet.typed`` against an independent
reading."""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Any

__all__ = ["typed_record"]


def typed_record(record: dict[str, Any]) -> dict[str, Any]:
    """A JSON Lines record as the typed Parquet record should hold it, typed here by the standard library."""

    def amount(text: str | None) -> Decimal | None:
        return None if text is None else Decimal(text).quantize(Decimal("0.01"))

    typed = dict(record)
    typed["big_blind"] = amount(record["big_blind"])
    started = record["started"]
    typed["started"] = None if started is None else datetime.datetime.strptime(started, "%Y-%m-%d %H:%M:%S")
    typed["players"] = [
        {
            name: amount(value) if name in ("collected", "expected", "put_in", "net") else value
            for name, value in p.items()
        }
        for p in record["players"]
    ]
    return typed
