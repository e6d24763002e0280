"""PHH's TOML read exactly, in bounded time and memory: the values of ``tomllib.loads(text, parse_float=Decimal)``,
in time that grows with the text and memory that stays a few times its size.

The standard library's ``tomllib`` keeps what it knows of each table in a tree keyed by the table's whole key path
and builds every prefix of every key anew, so a key of n parts costs n^2: a 40 KB dotted key takes 1.6 GB, a 200 KB
table name 42 s, both well under the 1 MiB a hand may have. Here each table's state is kept by the table itself, so
a key costs its length. The grammar is TOML 1.0 as Python 3.11's ``tomllib`` reads it: tables, arrays of
tables, bare, quoted and dotted keys, every string, integer, float (an exact ``Decimal``), boolean, date and time,
arrays and inline tables, comments, and the same rules about what a key may not define again. Refused, and said so,
beyond anything a PHH hand holds (a few hundred values, keys of one or two parts, arrays of plain values): more than
``MOST_VALUES`` values and tables, a key or table name of more than ``MOST_KEY_PARTS`` parts, arrays and inline
tables nested more than ``MOST_NESTING`` deep (``tomllib`` itself dies of a ``RecursionError`` some 500 deep). Every
error is a ``TOMLDecodeError`` that ends with the line and column (``at line N, column M``).

No regular expression here repeats a group over an unbounded stretch of text: Python's ``re`` keeps state for
every repetition of a group until the match ends, hundreds of bytes for each byte matched.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from decimal import Decimal
from typing import Any

__all__ = ["MOST_KEY_PARTS", "MOST_NESTING", "MOST_VALUES", "TOMLDecodeError", "loads"]

#: The most values and tables one document may hold (every item of an array counts, and so does every table).
MOST_VALUES = 10_000
#: The most parts a key or a table name may have (``a.b.c`` has three).
MOST_KEY_PARTS = 32
#: The most arrays and inline tables that may hold one another.
MOST_NESTING = 32


class TOMLDecodeError(ValueError):
    """A document that is not TOML, or that this reader refuses; the message ends with the line and column."""


# TOML forbids the control characters in strings and comments, but the tab (and, in multi-line strings, the
# newline); ``\r`` is one of them: a line ends with ``\n`` or ``\r\n``, and every ``\r\n`` is made ``\n`` first.
_SPACE = re.compile(r"[ \t]*")
_NEWLINES = re.compile(r"[ \t\n]*")
_COMMENT = re.compile(r"#[^\x00-\x08\x0a-\x1f\x7f]*")
#: What may end a statement before its newline: space and a comment.
_TRAIL = re.compile(r"[ \t]*(?:#[^\x00-\x08\x0a-\x1f\x7f]*)?")
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_BASIC = re.compile(r'"([^"\\\x00-\x08\x0a-\x1f\x7f]*)"')
_BASIC_CHUNK = re.compile(r'[^"\\\x00-\x08\x0a-\x1f\x7f]*')
#: Where the text of a multi-line basic string stops being plain: its end, a backslash, or a character it cannot hold.
_MULTILINE_BASIC_STOP = re.compile(r'"""|[\\\x00-\x08\x0b-\x1f\x7f]')
_LITERAL = re.compile(r"'([^'\x00-\x08\x0a-\x1f\x7f]*)'")
_MULTILINE_LITERAL_BAD = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_ESCAPE = re.compile(r'\\(?:([btnfr"\\])|u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8}))')
_ESCAPED = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", '"': '"', "\\": "\\"}
#: A backslash that ends a line of a multi-line basic string: it and the space after it up to the next text vanish.
_LINE_ENDING_BACKSLASH = re.compile(r"\\[ \t]*\n[ \t\n]*")
_TIME = r"([01][0-9]|2[0-3]):([0-5][0-9]):([0-5][0-9])(?:\.([0-9]{1,6})[0-9]*)?"
#: Every other value, in the order TOML tells them apart: a date (and time, and offset), a time, an integer in base
#: 16, 8 or 2, a decimal integer or float (``fraction``: a float), inf and nan. The digits of a number are taken
#: with any underscores, which ``_MISPLACED_UNDERSCORE`` then checks: each must be between two digits.
_SCALAR = re.compile(
    rf"(?P<date>([0-9]{{4}})-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])"
    rf"(?:[Tt ]{_TIME}(?:([Zz])|([+-])([01][0-9]|2[0-3]):([0-5][0-9]))?)?)"
    rf"|(?P<time>{_TIME})"
    r"|(?P<radix>0(?:x[0-9A-Fa-f][0-9A-Fa-f_]*|o[0-7][0-7_]*|b[01][01_]*))"
    r"|(?P<decimal>[+-]?(?:0|[1-9][0-9_]*)(?P<fraction>(?:\.[0-9][0-9_]*)?(?:[eE][+-]?[0-9][0-9_]*)?))"
    r"|(?P<special>[+-]?(?:inf|nan))"
)
_MISPLACED_UNDERSCORE = {
    "decimal": re.compile(r"(?<![0-9])_|_(?![0-9])"),
    "radix": re.compile(r"(?<![0-9A-Fa-f])_|_(?![0-9A-Fa-f])"),
}

# Most statements of a PHH file are read by one match each: a bare key of one part, then a plain string (no escape),
# a short plain number, or an array of up to _SIMPLE_ITEMS of either (on several lines, with a comma after the last
# or not: what pokerkit and badugi-fast write), then the end of the line. Every other statement, and any that does
# not end there, is read piece by piece (``_Document._key_value``), with the same result.
_SIMPLE_ITEMS = 256
_PLAIN_BASIC = r'"[^"\\\x00-\x08\x0a-\x1f\x7f]*"'
_PLAIN_LITERAL = r"'[^'\x00-\x08\x0a-\x1f\x7f]*'"
_PLAIN_NUMBER = r"-?(?:0|[1-9][0-9]{0,99})(?:\.[0-9]+)?"  # short enough for int() (a Decimal may be any length)


def _plain_array(item: str) -> str:
    return rf"\[[ \t\n]*((?:{item}[ \t\n]*,[ \t\n]*){{0,{_SIMPLE_ITEMS}}}(?:{item}[ \t\n]*)?)\]"


_SIMPLE_STATEMENT = re.compile(
    rf"[ \t]*([A-Za-z0-9_-]+)[ \t]*=[ \t]*(?:({_PLAIN_BASIC})|({_PLAIN_LITERAL})|({_PLAIN_NUMBER})"
    rf"|{_plain_array(_PLAIN_BASIC)}|{_plain_array(_PLAIN_LITERAL)}|{_plain_array(_PLAIN_NUMBER)})[ \t]*(?:\n|\Z)"
)


def _plain_numbers(body: str) -> list[int | Decimal]:
    """The numbers of a simple statement's array (plain numbers apart by commas and space: checked)."""
    numbers = body.split(",")
    if not numbers[-1].strip(" \t\n"):  # a comma after the last number, or no number at all
        numbers.pop()
    if "." not in body:
        return list(map(int, numbers))  # int() and Decimal() read a number with space around it
    return [Decimal(number) if "." in number else int(number) for number in numbers]


#: How the value of each kind of simple statement is read, by the number of its group.
_SIMPLE_VALUES: dict[int, Callable[[str], Any]] = {
    2: lambda text: text[1:-1],
    3: lambda text: text[1:-1],
    4: lambda text: Decimal(text) if "." in text else int(text),
    5: lambda body: body.split('"')[1::2],  # the strings hold no quote: checked
    6: lambda body: body.split("'")[1::2],
    7: _plain_numbers,
}


def loads(text: str) -> dict[str, Any]:
    """A TOML document as ``tomllib.loads(text, parse_float=Decimal)`` reads it; ``TOMLDecodeError`` when it is not
    TOML or goes beyond the limits above.

    >>> loads('[1]\\nvariant = "FB"  # fixed limit\\nstacks = [200, 1.50, inf]\\nx.time = 07:32:00')
    {'1': {'variant': 'FB', 'stacks': [200, Decimal('1.50'), Decimal('Infinity')], 'x': {'time': datetime.time(7, 32)}}}
    >>> loads("a = 1\\na = 2")
    Traceback (most recent call last):
    ...
    badugi_fast.formats.phh.toml_reader.TOMLDecodeError: Cannot overwrite a value: 'a' (at line 2, column 1)
    """
    return _Document(text.replace("\r\n", "\n") if "\r" in text else text).read()


def _error(src: str, pos: int, message: str) -> TOMLDecodeError:
    line = src.count("\n", 0, pos) + 1
    column = pos - src.rfind("\n", 0, pos)
    return TOMLDecodeError(f"{message} (at line {line}, column {column})")


class _Document:
    """One document, read statement by statement into ``root``.

    What a statement may still do to a table is ``tables[id(table)]``: False while the table is implicit (made as
    the parent of a table, or by a dotted key): a header may declare it, and dotted keys of the section they made it
    in may add to it; True once declared by a header, or when the section of the dotted keys that made it or added to
    it ends (``pending``): then neither may. An array of tables is in ``tables`` (True) too. A dict or list not in
    ``tables`` is a value: an inline table or array, to which no statement may add. All of them stay in the document
    while it is read, so their ids are never reused.
    """

    def __init__(self, src: str) -> None:
        self.src = src
        self.root: dict[str, Any] = {}
        self.table = self.root  # the table of the current section
        self.tables: dict[int, bool] = {}
        self.pending: list[dict[str, Any]] = []
        self.left = MOST_VALUES  # how many more values and tables the document may hold

    def read(self) -> dict[str, Any]:
        src = self.src
        end = len(src)
        pos = 0
        while pos < end:
            simple = _SIMPLE_STATEMENT.match(src, pos)
            if simple is not None:
                key, kind = simple.group(1), simple.lastindex or 0  # the value's group: always one
                if key in self.table:
                    raise _error(src, pos, f"Cannot overwrite a value: {key!r}")
                value = self.table[key] = _SIMPLE_VALUES[kind](simple.group(kind))
                self._count(1 + len(value) if type(value) is list else 1, pos)
                pos = simple.end()
                continue
            pos = _SPACE.match(src, pos).end()  # type: ignore[union-attr]  # the pattern matches the empty string
            char = src[pos : pos + 1]
            if char == "\n":
                pos += 1
                continue
            if char == "[":
                pos = self._array_table(pos + 2) if src.startswith("[[", pos) else self._table(pos + 1)
            elif char not in ("#", ""):
                pos = self._key_value(pos)
            pos = _TRAIL.match(src, pos).end()  # type: ignore[union-attr]
            char = src[pos : pos + 1]
            if char == "\n":
                pos += 1
            elif char:
                raise _error(src, pos, "Expected newline or end of document after a statement")
        return self.root

    def _count(self, values: int, pos: int) -> None:
        self.left -= values
        if self.left < 0:
            message = f"More than {MOST_VALUES:,} values and tables: not read (a PHH hand has a few hundred)"
            raise _error(self.src, pos, message)

    def _key_value(self, pos: int) -> int:
        """``key = value``, the key dotted or not, in the current section."""
        src = self.src
        pos, parts = _key(src, pos)
        if not src.startswith("=", pos):
            raise _error(src, pos, "Expected '=' after a key in a key/value pair")
        pos, value = self._value(_SPACE.match(src, pos + 1).end(), 0)  # type: ignore[union-attr]
        table = self.table
        for part in parts[:-1]:
            child = table.get(part)
            if child is None:
                child = self._implicit_table(table, part, pos)
            elif type(child) is not dict or self.tables.get(id(child)) is not False:
                raise _error(src, pos, f"Cannot add to {part!r} with a dotted key: it is defined already")
            self.pending.append(child)
            table = child
        if parts[-1] in table:
            raise _error(src, pos, f"Cannot overwrite a value: {parts[-1]!r}")
        table[parts[-1]] = value
        return pos

    def _implicit_table(self, parent: dict[str, Any], name: str, pos: int) -> dict[str, Any]:
        """A new table ``name`` in ``parent``, implicit: made as a parent of a key or of a table header."""
        table: dict[str, Any] = {}
        parent[name] = table
        self.tables[id(table)] = False
        self._count(1, pos)
        return table

    def _header(self, pos: int, close: str) -> tuple[int, dict[str, Any], str]:
        """The key of a table header from ``pos`` (past its ``[``) to its ``close``: where the header ends, the table
        that holds the key's last part (made as needed) and that part. The section before it ends here."""
        for table in self.pending:
            self.tables[id(table)] = True
        self.pending.clear()
        src = self.src
        pos, parts = _key(src, _SPACE.match(src, pos).end())  # type: ignore[union-attr]
        if not src.startswith(close, pos):
            raise _error(src, pos, f"Expected {close!r} at the end of a table header")
        table = self.root
        for part in parts[:-1]:
            child = table.get(part)
            if child is None:
                child = self._implicit_table(table, part, pos)
            elif id(child) not in self.tables:  # a value: a string, an inline table, an array...
                raise _error(src, pos, f"Cannot make a table in {part!r}: it is a value")
            elif type(child) is list:  # an array of tables: in its last table
                child = child[-1]
            table = child
        return pos + len(close), table, parts[-1]

    def _table(self, pos: int) -> int:
        """``[a.b]``: table ``a.b`` declared, and its section begins."""
        pos, parent, name = self._header(pos, "]")
        table = parent.get(name)
        if table is None:
            table = parent[name] = {}
            self._count(1, pos)
        elif type(table) is not dict or self.tables.get(id(table)) is not False:
            raise _error(self.src, pos, f"Cannot declare {name!r} twice, or a value as a table")
        self.tables[id(table)] = True
        self.table = table
        return pos

    def _array_table(self, pos: int) -> int:
        """``[[a.b]]``: a table added to the array of tables ``a.b``, and its section begins."""
        pos, parent, name = self._header(pos, "]]")
        array = parent.get(name)
        if array is None:
            array = parent[name] = []
            self.tables[id(array)] = True
        elif type(array) is not list or id(array) not in self.tables:
            raise _error(self.src, pos, f"Cannot add a table to {name!r}: it is not an array of tables")
        self._count(1, pos)
        self.table = {}
        self.tables[id(self.table)] = True
        array.append(self.table)
        return pos

    def _value(self, pos: int, depth: int) -> tuple[int, Any]:
        """The value at ``pos`` and where it ends; ``depth``: how many arrays and inline tables hold it."""
        src = self.src
        self._count(1, pos)
        char = src[pos : pos + 1]
        if char == '"':
            if src.startswith('"""', pos):
                return _multiline_basic_string(src, pos + 3)
            plain = _BASIC.match(src, pos)
            return (plain.end(), plain.group(1)) if plain is not None else _basic_string(src, pos)
        if char == "'":
            if src.startswith("'''", pos):
                return _multiline_literal_string(src, pos + 3)
            literal = _LITERAL.match(src, pos)
            if literal is None:
                raise _error(src, pos, "Unterminated string, or a character a string cannot hold")
            return literal.end(), literal.group(1)
        if char == "t" and src.startswith("true", pos):
            return pos + 4, True
        if char == "f" and src.startswith("false", pos):
            return pos + 5, False
        if char in ("[", "{"):
            if depth == MOST_NESTING:
                raise _error(src, pos, f"Arrays and inline tables nested more than {MOST_NESTING} deep: not read")
            return self._array(pos + 1, depth + 1) if char == "[" else self._inline_table(pos + 1, depth + 1)
        return _scalar(src, pos)

    def _array(self, pos: int, depth: int) -> tuple[int, list[Any]]:
        """The array whose ``[`` is just before ``pos``: values apart by commas, with space, newlines and comments
        around them, and a comma after the last or not."""
        src = self.src
        items: list[Any] = []
        pos = _array_space(src, pos)
        if src.startswith("]", pos):
            return pos + 1, items
        while True:
            pos, item = self._value(pos, depth)
            items.append(item)
            pos = _array_space(src, pos)
            char = src[pos : pos + 1]
            if char == "]":
                return pos + 1, items
            if char != ",":
                raise _error(src, pos, "Unclosed array")
            pos = _array_space(src, pos + 1)
            if src.startswith("]", pos):
                return pos + 1, items

    def _inline_table(self, pos: int, depth: int) -> tuple[int, dict[str, Any]]:
        """The inline table whose ``{`` is just before ``pos``: on one line, keys apart by commas and none after the
        last. A dotted key may add to a table that a dotted key of the same inline table made (``opened``), and to
        nothing else."""
        src = self.src
        table: dict[str, Any] = {}
        opened: set[int] = set()
        pos = _SPACE.match(src, pos).end()  # type: ignore[union-attr]
        if src.startswith("}", pos):
            return pos + 1, table
        while True:
            pos, parts = _key(src, pos)
            if not src.startswith("=", pos):
                raise _error(src, pos, "Expected '=' after a key in a key/value pair")
            pos, value = self._value(_SPACE.match(src, pos + 1).end(), depth)  # type: ignore[union-attr]
            nest = table
            for part in parts[:-1]:
                child = nest.get(part)
                if child is None:
                    child = nest[part] = {}
                    opened.add(id(child))
                    self._count(1, pos)
                elif id(child) not in opened:
                    raise _error(src, pos, f"Cannot add to {part!r} with a dotted key: it is defined already")
                nest = child
            if parts[-1] in nest:
                raise _error(src, pos, f"Duplicate inline table key {parts[-1]!r}")
            nest[parts[-1]] = value
            pos = _SPACE.match(src, pos).end()  # type: ignore[union-attr]
            char = src[pos : pos + 1]
            if char == "}":
                return pos + 1, table
            if char != ",":
                raise _error(src, pos, "Unclosed inline table")
            pos = _SPACE.match(src, pos + 1).end()  # type: ignore[union-attr]


def _array_space(src: str, pos: int) -> int:
    """Past the space, newlines and comments from ``pos`` (between the values of an array)."""
    pos = _NEWLINES.match(src, pos).end()  # type: ignore[union-attr]
    while src.startswith("#", pos):
        pos = _NEWLINES.match(src, _COMMENT.match(src, pos).end()).end()  # type: ignore[union-attr]
    return pos


def _key(src: str, pos: int) -> tuple[int, list[str]]:
    """The parts of the key at ``pos`` (bare, quoted, dotted), and where it ends, the space after it skipped."""
    parts: list[str] = []
    while True:
        char = src[pos : pos + 1]
        if char == '"':
            pos, part = _basic_string(src, pos)
        elif char == "'":
            literal = _LITERAL.match(src, pos)
            if literal is None:
                raise _error(src, pos, "Unterminated string, or a character a string cannot hold")
            pos, part = literal.end(), literal.group(1)
        else:
            bare = _BARE_KEY.match(src, pos)
            if bare is None:
                raise _error(src, pos, "Invalid statement or key" if not parts else "Invalid key after a dot")
            pos, part = bare.end(), bare.group()
        parts.append(part)
        if len(parts) > MOST_KEY_PARTS:
            raise _error(src, pos, f"A key of more than {MOST_KEY_PARTS} parts: not read")
        pos = _SPACE.match(src, pos).end()  # type: ignore[union-attr]
        if not src.startswith(".", pos):
            return pos, parts
        pos = _SPACE.match(src, pos + 1).end()  # type: ignore[union-attr]


def _scalar(src: str, pos: int) -> tuple[int, Any]:
    """A date, time or number at ``pos``, and where it ends."""
    found = _SCALAR.match(src, pos)
    if found is None:
        raise _error(src, pos, "Invalid value")
    text = found.group()
    kind = found.lastgroup  # the outermost group that matched: the kind of value
    if "_" in text and _MISPLACED_UNDERSCORE[kind].search(text):  # type: ignore[index]  # only numbers have "_"
        raise _error(src, pos, "Invalid number: an underscore must be between two digits")
    if kind == "decimal":
        return found.end(), Decimal(text) if found.group("fraction") else _integer(src, pos, text, 10)
    if kind == "date":
        return found.end(), _date_time(src, pos, found)
    if kind == "time":
        hour, minute, second, micro = found.group(14, 15, 16, 17)  # the groups of the second _TIME
        return found.end(), datetime.time(int(hour), int(minute), int(second), int((micro or "0").ljust(6, "0")))
    if kind == "radix":
        return found.end(), _integer(src, pos, text, 0)
    return found.end(), Decimal(text)  # inf or nan


def _integer(src: str, pos: int, text: str, base: int) -> int:
    """An integer, refused with its line when Python will not read so many digits (``sys.get_int_max_str_digits``;
    ``tomllib`` raises a plain ``ValueError`` there)."""
    try:
        return int(text, base)
    except ValueError as error:
        raise _error(src, pos, f"An integer too long to read: {error}") from None


def _date_time(src: str, pos: int, found: re.Match[str]) -> datetime.date | datetime.datetime:
    # the groups of the date, its _TIME and its offset
    year, month, day, hour, minute, second, micro, zulu, sign, zone_hours, zone_minutes = found.group(*range(2, 13))
    try:
        if hour is None:
            return datetime.date(int(year), int(month), int(day))
        zone: datetime.tzinfo | None = None
        if sign:
            offset = datetime.timedelta(hours=int(zone_hours), minutes=int(zone_minutes))
            zone = datetime.timezone(offset if sign == "+" else -offset)
        elif zulu:
            zone = datetime.timezone.utc
        micro = int((micro or "0").ljust(6, "0"))
        return datetime.datetime(int(year), int(month), int(day), int(hour), int(minute), int(second), micro, zone)
    except ValueError:
        raise _error(src, pos, "Invalid date or datetime") from None


def _basic_string(src: str, pos: int) -> tuple[int, str]:
    """The one-line basic string whose ``"`` is at ``pos``, escapes and all."""
    pieces = []
    pos += 1
    while True:
        chunk = _BASIC_CHUNK.match(src, pos).end()  # type: ignore[union-attr]
        if chunk > pos:
            pieces.append(src[pos:chunk])
        pos = chunk
        char = src[pos : pos + 1]
        if char == '"':
            return pos + 1, "".join(pieces)
        if char != "\\":
            raise _error(src, pos, "Unterminated string" if char in ("", "\n") else f"Illegal character {char!r}")
        pos, piece = _escape(src, pos)
        pieces.append(piece)


def _multiline_basic_string(src: str, pos: int) -> tuple[int, str]:
    """The multi-line basic string whose ``\"\"\"`` ends just before ``pos``: a newline right after the opening
    left out, escapes and line-ending backslashes, and up to two quotes of its own before the closing three."""
    if src.startswith("\n", pos):
        pos += 1
    pieces = []
    while True:
        stop = _MULTILINE_BASIC_STOP.search(src, pos)
        if stop is None:
            raise _error(src, len(src), "Unterminated string")
        if stop.start() > pos:
            pieces.append(src[pos : stop.start()])
        pos = stop.start()
        char = stop.group()
        if char == '"""':
            return _closing_quotes(src, pos + 3, "".join(pieces), '"')
        if char != "\\":
            raise _error(src, pos, f"Illegal character {char!r}")
        backslash = _LINE_ENDING_BACKSLASH.match(src, pos)
        if backslash is not None:
            pos = backslash.end()
            continue
        pos, piece = _escape(src, pos)
        pieces.append(piece)


def _multiline_literal_string(src: str, pos: int) -> tuple[int, str]:
    """The multi-line literal string whose ``'''`` ends just before ``pos``: no escapes, a newline right after the
    opening left out, up to two apostrophes of its own before the closing three."""
    if src.startswith("\n", pos):
        pos += 1
    end = src.find("'''", pos)
    if end < 0:
        raise _error(src, len(src), "Unterminated string")
    bad = _MULTILINE_LITERAL_BAD.search(src, pos, end)
    if bad is not None:
        raise _error(src, bad.start(), f"Illegal character {bad.group()!r}")
    return _closing_quotes(src, end + 3, src[pos:end], "'")


def _closing_quotes(src: str, pos: int, text: str, quote: str) -> tuple[int, str]:
    """A multi-line string may end with one or two of its own quotes before the closing three."""
    extra = 0
    while extra < 2 and src.startswith(quote, pos + extra):
        extra += 1
    return pos + extra, text + quote * extra


def _escape(src: str, pos: int) -> tuple[int, str]:
    """The escape at ``pos`` (its backslash): where it ends and the character it stands for."""
    found = _ESCAPE.match(src, pos)
    if found is None:
        raise _error(src, pos, "Unescaped '\\' in a string")
    simple, four, eight = found.groups()
    if simple is not None:
        return found.end(), _ESCAPED[simple]
    code = int(four or eight, 16)
    if 0xD800 <= code <= 0xDFFF or code > 0x10FFFF:
        raise _error(src, pos, "Escaped character is not a Unicode scalar value")
    return found.end(), chr(code)
