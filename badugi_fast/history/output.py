r"""Renderings of scored hands: JSON Lines (one object per hand), CSV (one row per hand) and a table for people.

Each result renders to its own text, independently of the others, so that worker processes can render the hands
they scored and the parent only writes text out: a bulk run streams, whatever the number of processes.

Names and file names are whatever a file says, so two renderings guard against them. The table, meant for a
terminal, shows control characters (ANSI escapes, newlines, C0 and C1 controls, bidi overrides) as visible escapes
such as ``\x1b`` instead of letting them act. CSV, meant for spreadsheets, prefixes a cell that starts with
``=``, ``+``, ``-``, ``@``, a tab or a carriage return with a single quote, so that no cell is run as a formula
(OWASP's advice against CSV injection). JSON Lines is data for programs and stays exact.
"""

from __future__ import annotations

import functools
import io
import typing
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from badugi_fast.patterns import pattern

if TYPE_CHECKING:  # the record's classes are imported with the first record rendered here: C writes the others
    from badugi_fast.history.record import PlayerResult, Result

__all__ = ["FORMATS", "TEXT_FORMATS", "check_format", "header", "renderer"]

#: The formats rendered here, record by record.
TEXT_FORMATS = ("jsonl", "csv", "table")
#: Every output format of ``badugi score``: Parquet is the JSON Lines records typed (``parquet``, the dask extra).
FORMATS = (*TEXT_FORMATS, "parquet")

#: The width of the table's first column (file, hand number, hand id), in terminal columns.
_WHERE = 40
#: One line, whose last column says how to read the amounts: what the file says a player collected, then what the
#: rules pay (``14.00/14.25``: a mismatch).
_TABLE_HEADER = (
    f"{'file:hand #id':<{_WHERE}} {'site':<10} {'status':<11} "
    "paid: player [cards] (hand) collected in the file/due by the rules; or the reason\n"
)


def header(form: str) -> str:
    """The text that comes before the first record in format ``form`` (empty for JSON Lines).

    >>> header("csv")
    'file,index,hand_id,site,game,limit,status,reason,players,started,time_zone,currency,stakes,big_blind\\n'
    """
    check_format(form)
    return ",".join(_csv_fields()) + "\n" if form == "csv" else {"jsonl": "", "table": _TABLE_HEADER}[form]


def renderer(form: str) -> Callable[[Result], str]:
    """A function giving the text of one result in format ``form`` (one of ``TEXT_FORMATS``), newline included."""
    check_format(form)
    if form == "jsonl":
        return _json_line()
    if form == "csv":
        return _csv_row
    return _table_line


@functools.cache
def _csv_fields() -> tuple[str, ...]:
    """The columns of a CSV row: the record's fields (``record``, imported when a CSV header or row is made)."""
    from badugi_fast.history.record import Result, record_fields

    return tuple(item.name for item in record_fields(Result))


def check_format(form: str) -> None:
    """ValueError unless ``form`` is one of ``TEXT_FORMATS``."""
    if form not in TEXT_FORMATS:
        raise ValueError(f"unknown output format {form!r}: choose one of {', '.join(TEXT_FORMATS)}")


def _json_source() -> str:
    """The source of ``_json_line``, made from the record's fields (``record``): each written as
    ``json.dumps(..., ensure_ascii=False)`` writes its value, in order. A function written out field by field rather
    than a loop over the fields, because building and walking dicts took longer than scoring. Mirrored in
    csrc/render.c: render_hand(), json_player(), which write the records of the hands C answered (read.rendered)."""
    from badugi_fast.history.record import PlayerResult, Result, record_fields

    def value(owner: str, name: str, hint: object) -> str:
        text = f"{owner}.{name}"
        if hint in (str, str | None):
            written = f"_string({text})"
        elif hint in (int, int | None):
            written = text
        elif hint is bool:
            return f'"true" if {text} else "false"'
        else:
            raise TypeError(f"no JSON rendering for the record field {name} ({hint})")
        return written if hint in (str, int) else f'"null" if {text} is None else {written}'

    def members(owner: str, kind: type[Result] | type[PlayerResult]) -> str:
        hints = typing.get_type_hints(kind)
        return ", ".join(
            '"players": [{players}]'
            if item.name == "players"
            else f'"{item.name}": {{{value(owner, item.name, hints[item.name])}}}'
            for item in record_fields(kind)
        )

    players = members("p", PlayerResult)
    return (
        "def _json_line(result):\n"
        f"    players = ', '.join([f'{{{{{players}}}}}' for p in result.players])\n"
        f"    return f'{{{{{members('result', Result)}}}}}\\n'\n"
    )


@functools.cache
def _json_line() -> Callable[[Result], str]:
    """The function rendering ``result.as_dict()`` as ``json.dumps(..., ensure_ascii=False)`` writes it, and a
    newline (tests check they agree): ``_json_source`` compiled, on first use (a run whose records C writes never
    needs it)."""
    import json  # with the rendering: the records C writes need no ``json``

    # ``_string``: how ``json`` writes a string with ``ensure_ascii=False`` (its C function when there is one).
    namespace: dict[str, Any] = {"_string": json.encoder.encode_basestring}
    exec(compile(_json_source(), "<badugi_fast.history.output._json_line>", "exec"), namespace)
    render: Callable[[Result], str] = namespace["_json_line"]
    return render


def _csv_row(result: Result) -> str:
    """One CSV row: the record's fields in order, players joined into one column with ``_player_text``. Text cells
    are ``_inert``. Mirrored in csrc/render.c: render_hand(), csv_player(), end_cell()."""
    cells: list[str | int] = [
        _inert("; ".join(_player_text(player) for player in result.players))
        if name == "players"
        else _cell(getattr(result, name))
        for name in _csv_fields()
    ]
    import csv  # with the rendering: the records C writes need no ``csv``

    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerow(cells)
    return buffer.getvalue()


def _cell(value: str | int | None) -> str | int:
    """A field's CSV cell: a number as it is, text made ``_inert``, nothing as an empty cell."""
    return value if isinstance(value, int) else _inert(value or "")


#: What a spreadsheet may take as the start of a formula (OWASP, "CSV Injection").
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _inert(cell: str) -> str:
    r"""``cell``, with a single quote before it when a spreadsheet would read it as a formula.

    >>> _inert("=HYPERLINK(\"http://x\")"), _inert("-5"), _inert("Hero [As 2h 3d 4c] 1.00/1.00")
    ('\'=HYPERLINK("http://x")', "'-5", 'Hero [As 2h 3d 4c] 1.00/1.00')
    """
    return "'" + cell if cell.startswith(_FORMULA_STARTS) else cell


#: Characters that act on a terminal instead of showing: C0 and C1 controls and DEL (ANSI escapes, newlines,
#: carriage returns, bells), the bidirectional marks, embeddings, overrides and isolates, and the line and
#: paragraph separators.
_CONTROLS = pattern(r"[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")


def _visible(text: str) -> str:
    r"""``text`` with every character of ``_CONTROLS`` written as its Python escape, for a terminal.

    >>> print(_visible("\x1b[31mred\x1b[0m\nnext \u202egnp.exe"))
    \x1b[31mred\x1b[0m\nnext \u202egnp.exe
    """
    return _CONTROLS.sub(lambda found: found.group().encode("unicode_escape").decode("ascii"), text)


def _table_line(result: Result) -> str:
    """One or two lines: where the hand is, its site and status, who was paid; then the reason if any. Every
    text from a file is ``_visible``; a file name too long for the first column is shortened in its middle."""
    place = _visible(f":{result.index} #{result.hand_id}")
    where = _elide(_visible(_short(result.file)), _WHERE - _columns(place)) + place
    detail = _visible(result.reason or "") if result.status in ("error", "skipped", "mismatch") else ""
    paid = _visible(", ".join(_player_text(p) for p in result.players if p.collected not in (None, "0", "0.00")))
    text = f"{_padded(where, _WHERE)} {_visible(result.site):<10} {result.status:<11} {paid or detail}\n"
    if detail and paid:
        text += f"{'':<{_WHERE + 23}} {detail}\n"
    return text


def _columns(text: str) -> int:
    """How many terminal columns ``text`` takes: wide (East Asian) characters take two, combining marks none."""
    if text.isascii():
        return len(text)
    import unicodedata  # only for a name that is not ASCII in a table: not imported by every ``badugi score``

    return sum(
        0 if unicodedata.combining(char) else 2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in text
    )


def _elide(text: str, width: int) -> str:
    """``text``, or its start and its end around an ellipsis, in at most ``width`` columns.

    >>> _elide("HH20201030 Aalto II - 30-60 - USD Badugi Fixed Limit.txt", 30)
    'HH20201030 Aalt…ixed Limit.txt'
    """
    if _columns(text) <= width:
        return text
    room = width - 1  # the ellipsis takes one
    return _start(text, room - room // 2) + "…" + _start(text[::-1], room // 2)[::-1]


def _start(text: str, width: int) -> str:
    """The longest start of ``text`` that takes at most ``width`` columns."""
    used = 0
    for end, char in enumerate(text):
        used += _columns(char)
        if used > width:
            return text[:end]
    return text


def _padded(text: str, width: int) -> str:
    """``text`` and spaces up to ``width`` columns."""
    return text + " " * (width - _columns(text))


def _player_text(player: PlayerResult) -> str:
    """``name [cards] (description) collected/expected``, leaving out what is unknown.

    >>> from badugi_fast.history.record import PlayerResult
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
