"""Writers for scored hands: JSON Lines (one object per hand), CSV (one row per hand) and a table for people.

Each writer takes results one at a time, so a bulk run streams: nothing is held back but the table's header.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Callable
from typing import TextIO

from badugi_fast.history.score import PlayerResult, Result

__all__ = ["FORMATS", "writer"]

FORMATS = ("jsonl", "csv", "table")

_CSV_FIELDS = ("file", "index", "hand_id", "site", "game", "limit", "status", "reason", "players")


def writer(form: str, stream: TextIO) -> Callable[[Result], None]:
    """A function that writes one result to ``stream`` in format ``form`` (one of ``FORMATS``)."""
    if form == "jsonl":
        dumps = json.JSONEncoder(ensure_ascii=False).encode

        def write_record(result: Result) -> None:
            stream.write(dumps(result.as_dict()) + "\n")

        return write_record
    if form == "csv":
        rows = csv.writer(stream, lineterminator="\n")
        rows.writerow(_CSV_FIELDS)

        def write_row(result: Result) -> None:
            rows.writerow(
                (
                    result.file,
                    result.index,
                    result.hand_id,
                    result.site,
                    result.game,
                    result.limit or "",
                    result.status,
                    result.reason or "",
                    "; ".join(_player_text(player) for player in result.players),
                )
            )

        return write_row
    if form == "table":
        stream.write(f"{'hand':<40} {'site':<10} {'status':<11} players / reason\n")

        def write_line(result: Result) -> None:
            where = f"{_short(result.file)}:{result.index} #{result.hand_id}"
            detail = result.reason if result.status in ("error", "skipped", "mismatch") else ""
            paid = ", ".join(_player_text(p) for p in result.players if p.collected not in (None, "0", "0.00"))
            stream.write(f"{where:<40} {result.site:<10} {result.status:<11} {paid or detail}\n")
            if detail and paid:
                stream.write(f"{'':<63} {detail}\n")

        return write_line
    raise ValueError(f"unknown output format {form!r}: choose one of {', '.join(FORMATS)}")


def _player_text(player: PlayerResult) -> str:
    """``name [cards] (description) collected/expected``, leaving out what is unknown.

    >>> _player_text(PlayerResult("Hero", "As 2h 3d 4c", 1, "4-card badugi 4-3-2-A", None, "1.00", "1.00"))
    'Hero [As 2h 3d 4c] (4-card badugi 4-3-2-A) 1.00/1.00'
    """
    parts = [player.name]
    if player.cards:
        parts.append(f"[{player.cards}]")
    if player.description:
        parts.append(f"({player.description})")
    parts.append(f"{player.collected}/{player.expected}")
    return " ".join(parts)


def _short(path: str) -> str:
    """The last two parts of a path, enough to tell files apart in a table."""
    return "/".join(path.replace("\\", "/").split("/")[-2:])
