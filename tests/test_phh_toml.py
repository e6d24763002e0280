"""PHH's TOML reader (``badugi_fast.formats.phh.toml_reader``) held to the standard library's ``tomllib``.

- Documents made by hypothesis from Python values (every kind of TOML value, tables, arrays of tables, dotted keys,
  inline tables, comments): both readers give back exactly the values written (an oracle of its own, not tomllib).
- Documents of random statements on a few keys, most of them defining something twice, and documents mutated a
  character at a time: both readers give the same value, or both refuse.
- PHH as badugi-fast writes it (simulated hands of every betting structure, converted histories) and as pokerkit
  writes it (its own PHH samples, from its test of the papers' hands, and its ``dumps`` of our hands).
- The limits: just under them read as tomllib reads, just over them refused with the line.
- The hostile cases of issue 17 and other 1 MiB inputs, each read in a child process under a time limit, its memory
  measured by ``tracemalloc``: what takes tomllib gigabytes or minutes takes a few megabytes here.
"""

from __future__ import annotations

import ast
import datetime
import io
import json
import subprocess
import sys
import textwrap
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from badugi_fast.formats import phh
from badugi_fast.formats.phh.toml_reader import MOST_KEY_PARTS, MOST_NESTING, MOST_VALUES, TOMLDecodeError, loads
from badugi_fast.game import TableRules
from badugi_fast.game.played import hands_of as recorded_hands
from badugi_fast.game.simulate import simulate
from badugi_fast.history import parse, score_file
from badugi_fast.history.sources import SAMPLES

if sys.version_info >= (3, 11):
    import tomllib
else:  # the backport, a dependency on 3.10
    import tomli as tomllib


def standard(text: str) -> dict[str, Any]:
    return tomllib.loads(text, parse_float=Decimal)


def canonical(value: Any, ordered: bool = True) -> Any:
    """``value`` in a form that compares what a reader gave exactly: types, a Decimal's digits and sign (``1.0`` is
    not ``1.00``, a NaN equals a NaN), a datetime's offset, and the order of keys unless ``ordered`` is False."""
    if isinstance(value, dict):
        items = tuple((key, canonical(item, ordered)) for key, item in value.items())
        return ("table", items if ordered else tuple(sorted(items)))
    if isinstance(value, list):
        return ("array", tuple(canonical(item, ordered) for item in value))
    return (type(value).__name__, repr(value))


def outcome(read: Callable[[str], Any], text: str) -> Any:
    """What ``read`` makes of ``text``: its value (canonical), or "refused". A ValueError is a refusal: tomllib's
    ``TOMLDecodeError``, ours, and the plain ValueError of tomllib on an integer of too many digits."""
    try:
        return canonical(read(text))
    except ValueError:
        return "refused"


def same_as_tomllib(text: str) -> Any:
    """Both readers' outcome on ``text``, checked equal."""
    ours = outcome(loads, text)
    assert ours == outcome(standard, text), text
    return ours


def _accepts(text: str) -> bool:
    try:
        standard(text)
    except ValueError:
        return False
    return True


#: The reference reads TOML 1.1 (a newer tomli or tomllib than Python 3.11's): it takes newlines in inline tables,
#: ``\e``, times without seconds, which TOML 1.0 (and this reader, and Python 3.11's tomllib) refuse.
TOML_1_1 = _accepts("x = {a = 1,}") or _accepts('x = "\\e"') or _accepts("x = 07:32")


# ---- values written as TOML, each with the value it stands for --------------------------------------------------

Written = tuple[str, Any]  # TOML text, and the Python value it stands for
WHITE = st.sampled_from(["", " ", "\t", "  "])
BARE = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
_ESCAPES = {"\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r", '"': '\\"', "\\": "\\\\"}


def _must_escape(char: str, multiline: bool) -> bool:
    code = ord(char)
    return char in '"\\' or code == 0x7F or (code < 0x20 and char != "\t" and not (multiline and char == "\n"))


@st.composite
def basic_text(draw: st.DrawFn, text: str, multiline: bool = False) -> str:
    """``text`` as the inside of a basic string: what must be escaped escaped, the rest as it is or escaped (short
    escapes, ``\\uXXXX``, ``\\UXXXXXXXX``), at random."""
    pieces: list[str] = []
    for char in text:
        if _must_escape(char, multiline) or draw(st.integers(0, 3)) == 0:
            short = _ESCAPES.get(char, "")
            forms = ["short"] * bool(short) + ["u"] * (ord(char) <= 0xFFFF) + ["U"]
            form = draw(st.sampled_from(forms))
            pieces.append(short if form == "short" else f"\\u{ord(char):04X}" if form == "u" else f"\\U{ord(char):08x}")
        else:
            pieces.append(char)
    return "".join(pieces)


CHARACTERS = st.characters(exclude_categories=["Cs"])  # any character but a lone surrogate (not in a UTF-8 file)
SHORT_TEXT = st.text(CHARACTERS, max_size=8)


@st.composite
def basic_strings(draw: st.DrawFn) -> Written:
    text = draw(SHORT_TEXT)
    return f'"{draw(basic_text(text))}"', text


@st.composite
def literal_strings(draw: st.DrawFn) -> Written:
    text = draw(st.text(st.characters(exclude_categories=["Cs", "Cc"], exclude_characters="'"), max_size=8))
    return f"'{text}'", text


@st.composite
def multiline_basic_strings(draw: st.DrawFn) -> Written:
    """A multi-line basic string: newlines as they are or escaped, a line-ending backslash here and there (which
    stands for nothing), the newline right after the opening quotes (which stands for nothing) or not."""
    text = draw(st.text(st.one_of(CHARACTERS, st.sampled_from(["\n", '"', "\\", " "])), max_size=10))
    pieces = []
    for at, char in enumerate(text):
        escaped = draw(basic_text(char, multiline=True))
        if at == 0 and escaped == "\n":  # a first newline would be left out
            escaped = "\\n"
        if escaped[0] not in " \t\n" and draw(st.integers(0, 4)) == 0:  # it would take the space after it too
            pieces.append(draw(st.sampled_from(["\\\n", "\\  \n  \n\t", "\\\n\n"])))
        pieces.append(escaped)
    opening = draw(st.sampled_from(['"""', '"""\n']))
    return f'{opening}{"".join(pieces)}"""', text


@st.composite
def multiline_literal_strings(draw: st.DrawFn) -> Written:
    alphabet = st.one_of(
        st.characters(exclude_categories=["Cs", "Cc"], exclude_characters="'"), st.sampled_from(["'", "\n", "\t"])
    )
    text = draw(st.text(alphabet, max_size=10).filter(lambda text: "'''" not in text))
    opening = "'''\n" if text.startswith("\n") or draw(st.booleans()) else "'''"
    return f"{opening}{text}'''", text


def _underscored(draw: st.DrawFn, digits: str) -> str:
    """Digits with an underscore between two of them here and there."""
    return "".join(
        digit + ("_" if at < len(digits) - 1 and draw(st.integers(0, 3)) == 0 else "")
        for at, digit in enumerate(digits)
    )


@st.composite
def integers(draw: st.DrawFn) -> Written:
    number = draw(st.one_of(st.integers(-300, 300), st.integers(-(10**40), 10**40)))
    base = draw(st.sampled_from(["d", "d", "x", "X", "o", "b"])) if number >= 0 else "d"
    if base == "d":
        sign = "-" if number < 0 else draw(st.sampled_from(["", "+"]))
        return sign + _underscored(draw, str(abs(number))), number
    digits = format(number, base)
    prefix = {"X": "x"}.get(base, base)  # TOML's prefix is lowercase, hexadecimal digits either case
    return f"0{prefix}{_underscored(draw, digits)}", number


@st.composite
def floats(draw: st.DrawFn) -> Written:
    special = draw(st.sampled_from([None, None, None, "inf", "+inf", "-inf", "nan", "+nan", "-nan"]))
    if special:
        return special, Decimal(special)
    whole = str(draw(st.integers(0, 10**12)))
    fraction = draw(st.text("0123456789", max_size=6))
    exponent = draw(st.one_of(st.none(), st.integers(-30, 30)))
    assume(fraction or exponent is not None)
    text = draw(st.sampled_from(["", "-", "+"])) + whole + (f".{fraction}" if fraction else "")
    if exponent is not None:
        sign = "-" if exponent < 0 else draw(st.sampled_from(["", "+"]))
        text += draw(st.sampled_from(["e", "E"])) + sign + str(abs(exponent))
    pieces = [_underscored(draw, part) if part.isdigit() else part for part in _split_digits(text)]
    return "".join(pieces), Decimal(text)


def _split_digits(text: str) -> list[str]:
    """``text`` in runs of digits and runs of the rest."""
    runs: list[str] = []
    for char in text:
        if runs and runs[-1][-1].isdigit() == char.isdigit():
            runs[-1] += char
        else:
            runs.append(char)
    return runs


@st.composite
def dates_and_times(draw: st.DrawFn) -> Written:
    """A date, a time, a local date-time or one with an offset; fractions of a second of 1 to 9 digits (past six
    they are cut, as TOML says)."""
    moment = draw(st.datetimes(datetime.datetime(1, 1, 1), datetime.datetime(9999, 12, 31)))
    date = f"{moment.year:04d}-{moment.month:02d}-{moment.day:02d}"
    kind = draw(st.sampled_from(["date", "time", "local", "offset"]))
    if kind == "date":
        return date, moment.date()
    fraction = draw(st.sampled_from(["", "", draw(st.text("0123456789", min_size=1, max_size=9))]))
    micro = int(fraction[:6].ljust(6, "0")) if fraction else 0
    clock = f"{moment.hour:02d}:{moment.minute:02d}:{moment.second:02d}" + (f".{fraction}" if fraction else "")
    time = datetime.time(moment.hour, moment.minute, moment.second, micro)
    if kind == "time":
        return clock, time
    text = date + draw(st.sampled_from(["T", "t", " "])) + clock
    if kind == "local":
        return text, datetime.datetime.combine(moment.date(), time)
    hours, minutes = draw(st.integers(-23, 23)), draw(st.integers(0, 59))
    if hours == minutes == 0 and draw(st.booleans()):
        zone, offset = draw(st.sampled_from(["Z", "z"])), datetime.timezone.utc
    else:
        sign = "-" if hours < 0 or (hours == 0 and draw(st.booleans())) else "+"
        delta = datetime.timedelta(hours=abs(hours), minutes=minutes)
        zone, offset = f"{sign}{abs(hours):02d}:{minutes:02d}", datetime.timezone(-delta if sign == "-" else delta)
    return text + zone, datetime.datetime.combine(moment.date(), time, offset)


SCALARS = st.one_of(
    basic_strings(),
    literal_strings(),
    multiline_basic_strings(),
    multiline_literal_strings(),
    integers(),
    floats(),
    st.booleans().map(lambda truth: (str(truth).lower(), truth)),
    dates_and_times(),
)
KEY_TEXT = st.text(st.sampled_from("ab1_-. \"'\\é\t"), max_size=3)


@st.composite
def keys(draw: st.DrawFn, name: str) -> str:
    """One part of a key, as TOML may write it: bare when it can be, else quoted (basic or literal)."""
    forms = ["basic"] + (["bare", "bare"] if name and set(name) <= BARE else [])
    forms += ["literal"] if "'" not in name and "\t" not in name else []
    form = draw(st.sampled_from(forms))
    if form == "bare":
        return name
    return f'"{draw(basic_text(name))}"' if form == "basic" else f"'{name}'"


@st.composite
def dotted(draw: st.DrawFn, names: list[str]) -> str:
    return "".join((draw(WHITE) + "." + draw(WHITE) if at else "") + draw(keys(name)) for at, name in enumerate(names))


def _array_text(draw: st.DrawFn, items: list[str]) -> str:
    """Items written as an array: space, newlines and comments around them, a comma after the last or not."""
    gap = st.sampled_from(["", " ", "\n", "\n  ", "  # a note, [x] = 1\n ", "\t"])
    text = "[" + draw(gap)
    for at, item in enumerate(items):
        text += item + draw(gap)
        if at < len(items) - 1 or draw(st.booleans()):
            text += "," + draw(gap)
    return text + "]"


def values(depth: int = 2) -> st.SearchStrategy[Written]:
    """Any value: a scalar, or an array or an inline table of values (``depth`` levels at most)."""
    if depth == 0:
        return SCALARS
    inner = values(depth - 1)
    return st.one_of(SCALARS, SCALARS, arrays(inner), inline_tables(inner))


Entry = tuple[str, Any]  # ("value", Written), ("dotted", {name: Written}), ("table", tree), ("aot", [tree, ...])


@st.composite
def arrays(draw: st.DrawFn, inner: st.SearchStrategy[Written]) -> Written:
    items = draw(st.lists(inner, max_size=4))
    return _array_text(draw, [text for text, _ in items]), [value for _, value in items]


@st.composite
def inline_tables(draw: st.DrawFn, inner: st.SearchStrategy[Written]) -> Written:
    """An inline table; a sub-table in it may be written as a nested inline table or as dotted keys."""
    group = st.dictionaries(KEY_TEXT, inner, min_size=1, max_size=2).map(lambda group: ("dotted", group))
    entries: dict[str, Entry] = draw(st.dictionaries(KEY_TEXT, st.one_of(inner.map(_tagged), group), max_size=3))
    pairs = []
    value = {}
    for name, (kind, item) in entries.items():
        if kind == "dotted":  # a.x = 1, a.y = 2
            for sub, (text, _) in item.items():
                pairs.append(f"{draw(dotted([name, sub]))}{draw(WHITE)}={draw(WHITE)}{text}")
            value[name] = {sub: sub_value for sub, (_, sub_value) in item.items()}
        else:
            text, value[name] = item
            pairs.append(f"{draw(keys(name))}{draw(WHITE)}={draw(WHITE)}{text}")
    separator = draw(WHITE) + "," + draw(WHITE)
    return "{" + draw(WHITE) + separator.join(pairs) + draw(WHITE) + "}", value


def _tagged(written: Written) -> Entry:
    return ("value", written)


# ---- documents written from a tree of tables ----------------------------------------------------------------------


Tree = dict[str, Entry]


@st.composite
def tables(draw: st.DrawFn, depth: int = 2) -> Tree:
    """A tree of tables: each entry a value, a table, or an array of tables."""
    inner: st.SearchStrategy[Entry] = values(1).map(_tagged)
    if depth:
        table = tables(depth - 1).map(lambda tree: ("table", tree))
        array = st.lists(tables(depth - 1), min_size=1, max_size=2).map(lambda trees: ("aot", trees))
        inner = st.one_of(inner, inner, table, array)
    return draw(st.dictionaries(KEY_TEXT, inner, max_size=4))


def plain(tree: Tree) -> dict[str, Any]:
    """The tree as a TOML reader gives it."""
    out: dict[str, Any] = {}
    for name, (kind, item) in tree.items():
        out[name] = plain(item) if kind == "table" else [plain(table) for table in item] if kind == "aot" else item[1]
    return out


def _dottable(tree: Tree) -> bool:
    """Whether a table can be written as dotted keys: it has entries, each a value or a table that can be."""
    return bool(tree) and all(kind == "value" or (kind == "table" and _dottable(item)) for kind, item in tree.values())


@st.composite
def document(draw: st.DrawFn, tree: Tree) -> str:
    """The tree as a TOML document: each table as a section with its header (or without, left implicit, when it
    holds tables only), as dotted keys in its parent's section, or as an array of tables; comments and blank lines
    between statements; CRLF or LF."""
    lines: list[str] = []

    def assign(path: list[str], written: Written) -> None:
        comment = draw(st.sampled_from(["", "", "  # note = 1"]))
        lines.append(f"{draw(WHITE)}{draw(dotted(path))}{draw(WHITE)}={draw(WHITE)}{written[0]}{comment}")

    def values_of(prefix: list[str], table: Tree, later: list[tuple[list[str], Entry]]) -> None:
        """The statements of ``table`` in its section (dotted from ``prefix``); its other tables in ``later``."""
        for name, (kind, item) in table.items():
            if kind == "value":
                assign([*prefix, name], item)
            elif kind == "table" and _dottable(item) and draw(st.booleans()):
                values_of([*prefix, name], item, later)
            else:
                later.append(([*prefix, name], (kind, item)))

    def section(path: list[str], table: Tree, header: str | None) -> None:
        later: list[tuple[list[str], Entry]] = []
        if header is None and path:  # an implicit table: its tables are all in sections of their own
            later = [([name], entry) for name, entry in table.items()]
        else:
            if header is not None:
                lines.append(header)
            values_of([], table, later)
        for sub, (kind, item) in later:
            full = path + sub
            if kind == "table":
                implicit = bool(item) and all(entry[0] != "value" for entry in item.values()) and draw(st.booleans())
                section(full, item, None if implicit else f"[{draw(WHITE)}{draw(dotted(full))}{draw(WHITE)}]")
            else:
                for element in item:
                    section(full, element, f"[[{draw(WHITE)}{draw(dotted(full))}{draw(WHITE)}]]")
        if draw(st.integers(0, 3)) == 0:
            lines.append(draw(st.sampled_from(["", "# a comment [x]", "   ", "\t# x = 1"])))

    section([], tree, None)
    return draw(st.sampled_from(["\n", "\r\n"])).join(lines) + draw(st.sampled_from(["", "\n"]))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.data())
def test_documents_read_back_as_written(data: st.DataObject) -> None:
    tree = data.draw(tables())
    text = data.draw(document(tree))
    expected = canonical(plain(tree), ordered=False)  # a table's values come before its tables in the text
    assert canonical(loads(text), ordered=False) == expected
    assert canonical(loads(text)) == canonical(standard(text))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(values(3))
def test_values_read_back_as_written(written: Written) -> None:
    text, value = written
    assert canonical(loads(f"x = {text}")) == canonical({"x": value})


# ---- documents that redefine keys and tables: the same value, or both refuse ---------------------------------------

FEW = st.sampled_from(["a", "b", "1"])


@st.composite
def statements(draw: st.DrawFn) -> str:
    """A statement on a few keys: most documents of them define a key or a table twice, in one way or another."""
    path = [draw(FEW) for _ in range(draw(st.integers(1, 3)))]
    kind = draw(st.sampled_from(["value", "value", "table", "array of tables", "comment"]))
    if kind == "table":
        return f"[{draw(dotted(path))}]"
    if kind == "array of tables":
        return f"[[{draw(dotted(path))}]]"
    if kind == "comment":
        return "# " + draw(st.sampled_from(["", "a = 1", "[a]"]))
    value = draw(st.one_of(SCALARS.map(lambda written: written[0]), st.sampled_from(["{}", "[]", "{b = 1}", "[{}]"])))
    return f"{draw(dotted(path))} = {value}"


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(statements(), max_size=8))
def test_what_tomllib_refuses_is_refused(lines: list[str]) -> None:
    same_as_tomllib("\n".join(lines))


REDEFINITIONS = [
    "a = 1\na = 2",
    "a.b = 1\n[a]",
    "a.b = 1\na.c = 2\n[a.d]",
    "[a.b.c]\n[a]\nb.d = 1\n[a.b]",
    "[a]\nb.c = 1\n[a.b.c]",
    "[a]\n[a]",
    "[[a]]\n[a]",
    "[a]\n[[a]]",
    "[[a]]\nb.c = 1\n[[a]]\nb.c = 2",
    "[[a]]\n[a.b]\n[[a]]\n[a.b]",
    "a = [1]\n[[a]]",
    "a = {b = 1}\n[a.c]",
    "a = {b = 1}\na.c = 1",
    "x = {a.b = 1, a.c = 2}",
    "x = {a = {b = 1}, a.c = 2}",
    "x = {a.b = 1, a = 2}",
    "x = {a = [1], a.b = 1}",
    "[a.b]\n[a]\nb.c = 1",
    "[[a.b]]\n[a]\nb.x = 1",
    "[x]\n[x.y]\nz = 1\n[x.y.z]",
    "a = 1\n[a.b]",
]


@pytest.mark.parametrize("text", REDEFINITIONS)
def test_redefinitions_as_tomllib_says(text: str) -> None:
    same_as_tomllib(text)


#: Values at the edges of TOML's grammar, each read by both readers the same, or refused by both.
EDGES = [
    *(f"x = {number}" for number in ["1_000", "1__0", "1_", "_1", "+1_0", "1_.5", "1._5", "1.5_", "1e_5", "1e5_"]),
    *(f"x = {number}" for number in ["0x_1", "0x1_", "0xA_b", "0b1_2", "0o7_7", "0o_7", "01", "-0", "+0x1", "0X1"]),
    *(f"x = {number}" for number in ["1.", ".5", "1e", "1.5e-3", "1E+3", "-inf", "+nan", "infinity", "nan1"]),
    *(f"x = {text}" for text in ['""', '"""a""""', '"""a"""""', '"""a""""""', "'''a''''", "'''a'''''", "'''a''''''"]),
    *(f"x = {text}" for text in ['"""\na"""', '"""a\\\n   b"""', '"""a\\   \n  b"""', '"""a\\ b"""', '"""a"b""c"""']),
    *(f"x = {text}" for text in ['"\\u0041\\U0001F600"', '"\\uD800"', '"\\U00110000"', '"\\x41"', '"a\tb"', '"a\x01"']),
    *(f"x = {text}" for text in ["1979-05-27", "1979-05-27T07:32:00", "1979-05-27 07:32:00Z", "1979-05-27 x"]),
    *(f"x = {text}" for text in ["1979-05-27T07:32:00.999999999-07:00", "07:32:00", "2000-02-30", "24:00:00"]),
    *(f"x = {text}" for text in ["true", "truex", "false", "[1979-05-27,1]", "[1,2,]", "[,]", "[1 2]", "{a=1,}"]),
    *["x = [\n1, # c\n2 # d\n]", '"a b" = 1', "'a b' = 1", '"" = 1', "a . b . c = 1", "1.2 = 3", "x = 1 # c\x01"],
    *[
        "x = 1\r\ny = 2",
        "x = 1\ry = 2",
        'x = "a\rb"',
        "# a\rb",
        '[ a . "b" ]\nx=1',
        "[a]x=1",
        "[[a] ]",
        "[ [a]]",
        "\ufeffx = 1",
    ],
]


@pytest.mark.parametrize("text", EDGES)
def test_the_edges_of_the_grammar_as_tomllib_reads_them(text: str) -> None:
    same_as_tomllib(text)


# ---- mutated documents ----------------------------------------------------------------------------------------

MUTATIONS = st.sampled_from([*"\"'[]{}=.,#\n\\ \t_-+:0129aeftinxobTZz\r\x7f\x01é", '"""', "'''", "\\u", "]]"])


@st.composite
def mutated(draw: st.DrawFn, text: str) -> str:
    """``text`` with a few characters inserted, deleted or replaced, or a line doubled."""
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["insert", "delete", "replace", "line"]))
        if kind == "insert":
            text = text[:at] + draw(MUTATIONS) + text[at:]
        elif kind == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 3)) :]
        elif kind == "replace":
            text = text[:at] + draw(MUTATIONS) + text[at + 1 :]
        else:
            lines = text.split("\n")
            line = draw(st.integers(0, len(lines) - 1))
            text = "\n".join([*lines[: line + 1], lines[line], *lines[line + 1 :]])
    return text


SKIP_ON_TOML_1_1 = pytest.mark.skipif(
    TOML_1_1, reason="the reference reads TOML 1.1, a mutation may make what 1.1 allows and 1.0 does not"
)


@SKIP_ON_TOML_1_1
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.data())
def test_mutated_documents_agree_with_tomllib(data: st.DataObject) -> None:
    text = data.draw(document(data.draw(tables(1))))
    same_as_tomllib(data.draw(mutated(text)))


def simulated_phh(hands: int, players: int, rules: TableRules, seed: int) -> str:
    out = io.StringIO()
    for done in phh.write(recorded_hands(simulate(hands, players, rules, seed=seed)), out):
        assert not isinstance(done, phh.Skipped)
    return out.getvalue()


#: Hands as badugi-fast writes them: every betting structure, chips and dollars, rake, 2 to 9 players.
WRITTEN = [
    simulated_phh(30, 6, TableRules(10, 20), 1),
    simulated_phh(20, 2, TableRules(10, 25, rake_percent=5), 2),
    simulated_phh(20, 9, TableRules(10, 20, "pot"), 3),
    simulated_phh(20, 4, TableRules(25, 50, "half-pot", rake_percent=3), 4),
    simulated_phh(20, 3, TableRules(10, 20, "no"), 5),
]
WRITTEN_HANDS = [f"[{hand}" for text in WRITTEN for hand in ("\n" + text).split("\n[")[1:]]


@SKIP_ON_TOML_1_1
@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(WRITTEN_HANDS[:40]), st.data())
def test_mutated_phh_hands_agree_with_tomllib(hand: str, data: st.DataObject) -> None:
    same_as_tomllib(data.draw(mutated(hand)))


# ---- PHH as badugi-fast and pokerkit write it ---------------------------------------------------------------------


def test_simulated_phh_reads_as_tomllib_reads_it() -> None:
    for text in WRITTEN:
        assert canonical(loads(text)) == canonical(standard(text))
    for hand in WRITTEN_HANDS:
        assert canonical(loads(hand)) == canonical(standard(hand))
    assert len(WRITTEN_HANDS) == 110


def converted_hands(histories: Path) -> list[str]:
    """The hands of ``histories`` as ``badugi convert`` writes them, one TOML table each (as the PHH reader reads
    them: a whole file may hold more values than a document may)."""
    return [phh.table_text(str(number), hand) for number, hand in enumerate(phh_convertible(histories), 1)]


def phh_convertible(histories: Path) -> list[Any]:
    return [done for done in phh.write(parse(histories), io.StringIO()) if not isinstance(done, phh.Skipped)]


def test_converted_histories_read_as_tomllib_reads_them() -> None:
    hands = converted_hands(SAMPLES)
    assert len(hands) > 40  # the samples' Badugi hands PHH can hold
    for hand in hands:
        assert canonical(loads(hand)) == canonical(standard(hand))


def test_shared_histories_converted_read_as_tomllib_reads_them(shared_histories: Path) -> None:
    hands = converted_hands(shared_histories)
    assert len(hands) > 100
    for hand in hands:
        assert canonical(loads(hand)) == canonical(standard(hand))


def pokerkit_samples() -> list[str]:
    """The PHH texts in pokerkit's test of the hands of its papers (the package ships its tests, not .phh files)."""
    pokerkit = pytest.importorskip("pokerkit", reason="pokerkit (the test extra) needs Python 3.11+")
    source = (Path(pokerkit.__file__).parent / "tests" / "test_papers.py").read_text(encoding="utf-8")
    return [
        textwrap.dedent(node.value)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and "variant = " in node.value
    ]


def test_pokerkits_own_phh_samples_read_as_tomllib_reads_them() -> None:
    samples = pokerkit_samples()
    assert len(samples) >= 6  # its hands of the papers: hold'em, stud, Omaha, triple draw, Badugi...
    for sample in samples:
        assert canonical(loads(sample)) == canonical(standard(sample))
    assert any("'''" in sample or "# " in sample for sample in samples)


def test_phh_written_by_pokerkit_reads_as_tomllib_reads_it() -> None:
    """pokerkit's ``dumps`` writes literal strings ('...', or '''...''' when a string holds an apostrophe), ``inf``
    and times: its samples and our hands, loaded and written again by pokerkit."""
    pytest.importorskip("pokerkit", reason="pokerkit (the test extra) needs Python 3.11+")
    from badugi_fast.formats.phh.replay import HandHistory, load_all

    dumped = [HandHistory.loads(sample).dumps() for sample in pokerkit_samples()]
    dumped += [history.dumps() for text in WRITTEN for history in load_all(text)]
    assert len(dumped) > 100
    assert any("actions = ['d dh p1 " in text for text in dumped)
    for text in dumped:
        assert canonical(loads(text)) == canonical(standard(text))


def test_the_reader_scores_as_with_tomllib(monkeypatch: pytest.MonkeyPatch) -> None:
    """``badugi score`` on PHH gives the same records with this reader as with tomllib's."""
    from badugi_fast.formats.phh import toml_reader

    text = "\n".join(WRITTEN)
    ours = score_file(text)
    monkeypatch.setattr(toml_reader, "loads", standard)  # the PHH reader takes it from there at each hand
    assert score_file(text) == ours
    assert len(ours) == 110


# ---- limits and errors ------------------------------------------------------------------------------------------


def test_keys_of_up_to_the_most_parts_are_read_and_longer_ones_refused() -> None:
    longest = ".".join(["a"] * MOST_KEY_PARTS)
    assert same_as_tomllib(f"{longest} = 1") != "refused"
    assert same_as_tomllib(f"[{longest}]\nx = 1") != "refused"
    for text in (f"x = 1\n{longest}.a = 1", f"x = 1\n[{longest}.a]", f"x = {{ {longest}.a = 1 }}"):
        with pytest.raises(TOMLDecodeError, match=rf"more than {MOST_KEY_PARTS} parts: not read \(at line"):
            loads(text)
        assert _accepts(text)


def test_nesting_up_to_the_most_is_read_and_deeper_refused() -> None:
    assert same_as_tomllib("x = " + "[" * MOST_NESTING + "]" * MOST_NESTING) != "refused"
    assert same_as_tomllib("x = " + "{a = " * MOST_NESTING + "1" + "}" * MOST_NESTING) != "refused"
    deeper = "x = 1\ny = " + "[{a = " * (MOST_NESTING // 2) + "[1]" + "}]" * (MOST_NESTING // 2)
    with pytest.raises(TOMLDecodeError, match=rf"nested more than {MOST_NESTING} deep: not read \(at line 2,"):
        loads(deeper)
    assert _accepts(deeper)


def test_up_to_the_most_values_are_read_and_more_refused() -> None:
    """Every value counts, an array and each of its items, and every table."""
    most = "x = [" + "1," * (MOST_VALUES - 1) + "]"
    assert same_as_tomllib(most) != "refused"
    for text in (
        most + "\ny = 1",
        "x = [" + "1, " * MOST_VALUES + "]",  # each item read alone: no simple statement of so many
        "".join(f"[t{number}]\n" for number in range(MOST_VALUES + 1)),
        "".join(f"k{number}.a = 1\n" for number in range(MOST_VALUES // 2 + 1)),
    ):
        with pytest.raises(TOMLDecodeError, match=rf"More than {MOST_VALUES:,} values and tables: not read"):
            loads(text)
        assert _accepts(text)


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("a = 1\nb = = 2", 2),
        ("a = 1\nb = 2\na = 3", 3),
        ('actions = [\n  "p1 cc",\n  "p2 cc"\n  "p3 f",\n]', 4),
        ('a = "x\nb = 1', 1),
        ('a = 1\n\n\nb = """never closed\n\n', 6),
        ("a = 1\nb = 2000-02-30", 2),
        ('[1]\nvariant = "FB"\n[1]', 3),
        ("x = 1\ny = 1" + "0" * 5000, 2),
        ("x = 1\r\ny = 2\r\nz = [1,,2]", 3),
    ],
)
def test_errors_say_the_line(text: str, line: int) -> None:
    with pytest.raises(TOMLDecodeError, match=rf"\(at line {line}, column \d+\)$"):
        loads(text)
    assert not _accepts(text)


def test_the_phh_reader_says_the_files_line() -> None:
    wikipedia = (Path(__file__).with_name("data") / "wikipedia-badugi.phh").read_text(encoding="utf-8")
    broken = wikipedia.replace('"p2 cbr 2", "p4 cc"', '"p2 cbr 2" "p4 cc"')
    line = next(number for number, text in enumerate(broken.splitlines(), 1) if '"p2 cbr 2" "p4' in text)
    assert line > 10
    (result,) = score_file(broken)
    assert result.status == "error"
    assert (result.reason or "").startswith(f"line {line}: bad TOML: Unclosed array")


# ---- hostile inputs: time limited, memory measured ------------------------------------------------------------------

MIB = 1 << 20


def _filled(head: str, unit: str, tail: str, size: int = MIB) -> str:
    return head + unit * ((size - len(head) - len(tail)) // len(unit)) + tail


#: Each a TOML text of up to 1 MiB that a naive reader takes too long or too much memory to read, and whether this
#: reader reads it or refuses it. The first three are issue 17's: tomllib takes 1.6 GB, runs out of 4 GB, 42 s.
HOSTILE: dict[str, tuple[str, bool]] = {
    "issue 17: a 40 KB dotted key": ("a" + ".a" * 20_000 + " = 1", False),
    "issue 17: a 100 KB dotted key": ("a" + ".a" * 50_000 + " = 1", False),
    "issue 17: a 200 KB table header": ("[a" + ".a" * 100_000 + "]", False),
    "a 1 MiB table header": ("[a" + ".a" * (MIB // 2 - 2) + "]", False),
    "a 1 MiB array of ints": (_filled("x = [", "1,", "]"), False),
    "a 1 MiB array of decimals": (_filled("x = [", "0.0,", "]"), False),
    "a 1 MiB array of strings": (_filled("x = [", '"ab",', "]"), False),
    "a 1 MiB array of empty arrays": (_filled("x = [", "[],", "]"), False),
    "a 1 MiB array of empty inline tables": (_filled("x = [", "{},", "]"), False),
    "an unclosed array of 1 MiB": ("x = [" + "1," * (MIB // 2 - 4), False),
    "simple arrays, 1 MiB of them": ("".join(f"k{n} = [" + "1," * 200 + "1]\n" for n in range(MIB // 420)), False),
    "1 MiB of keys": ("".join(f"k{n} = 1\n" for n in range(MIB // 12)), False),
    "1 MiB of table headers": ("".join(f"[t{n}]\n" for n in range(MIB // 10)), False),
    "1 MiB of keys of the most parts": ("".join(f"k{n}" + ".a" * 31 + " = 1\n" for n in range(MIB // 70)), False),
    "1 MiB of dotted keys in an inline table": (
        "x = {" + ", ".join(f"k{n}.a = 1" for n in range(MIB // 12)) + "}",
        False,
    ),
    "nesting 1 MiB deep": ("x = " + "[" * (MIB // 2) + "]" * (MIB // 2), False),
    "1 MiB of nested arrays 32 deep": (_filled("x = [", "[" * 31 + "]" * 31 + ",", "]"), False),
    "a 1 MiB integer": ("x = " + "1" * (MIB - 4), False),
    "a 1 MiB integer with underscores": ("x = 1" + "_1" * (MIB // 2 - 4), False),
    "a 1 MiB decimal": ("x = 1." + "1" * (MIB - 6), True),
    "a 1 MiB hexadecimal": ("x = 0x" + "f" * (MIB - 6), True),
    # these two take a Python step for each escape and each comment: a quarter of the size keeps the test short
    "a 256 KiB string of escapes": ('x = "' + "\\n" * (MIB // 8 - 4) + '"', True),
    "a 1 MiB multi-line string of quotes": ('x = """' + 'a"' * (MIB // 2 - 8) + '"""', True),
    "a 1 MiB multi-line literal string": ("x = '''" + "a'" * (MIB // 2 - 8) + "'''", True),
    "an unclosed 1 MiB string": ('x = "' + "a" * (MIB - 5), False),
    "a 1 MiB comment": ("# " + "a" * (MIB - 2), True),
    "256 KiB of comments in an array": ("x = [" + "#\n" * (MIB // 8 - 4) + "]", True),
    "an array of 1 MiB of space": ("x = [" + '"a",' * 1000 + " " * (MIB - 5000) + "x]", False),
}

#: Run in a child process: read each file given, and print a JSON line of what came out, the CPU seconds and the
#: most memory Python allocated while reading, beyond the text.
_CHILD = """
import json, sys, time, tracemalloc
from badugi_fast.formats.phh.toml_reader import TOMLDecodeError, loads
for path in sys.argv[1:]:
    text = open(path, encoding="utf-8", newline="").read()
    tracemalloc.start()
    started = time.process_time()
    try:
        loads(text)
        said = None
    except TOMLDecodeError as error:
        said = str(error)
    seconds = time.process_time() - started
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    print(json.dumps({"read": said is None, "said": said, "seconds": seconds, "peak": peak}), flush=True)
"""


@pytest.fixture(scope="module")
def hostile_outcomes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    """What the reader makes of each hostile input, read in one child process under a time limit far beyond what
    linear reading takes (a few seconds in all) and far below what a quadratic one would (a 1 MiB table header:
    some 1,000 s at tomllib's 42 s for 200 KB)."""
    folder = tmp_path_factory.mktemp("hostile")
    paths = []
    for number, (text, _) in enumerate(HOSTILE.values()):
        path = folder / f"{number}.toml"
        path.write_text(text, encoding="utf-8", newline="")
        paths.append(str(path))
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, *paths], capture_output=True, text=True, timeout=300, check=True
    )
    lines = done.stdout.splitlines()
    assert len(lines) == len(HOSTILE), done.stderr
    return {name: json.loads(line) for name, line in zip(HOSTILE, lines, strict=True)}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_hostile_input_is_read_in_bounded_memory(name: str, hostile_outcomes: dict[str, dict[str, Any]]) -> None:
    """Python objects are bigger than the text they come from; the limits hold them to a few MiB in all, where
    tomllib took 1.6 GB for the first case, and ``re`` alone would take hundreds of bytes per byte matched by a
    repeated group."""
    text, read = HOSTILE[name]
    result = hostile_outcomes[name]
    assert result["read"] is read, result["said"]
    if not read:
        assert "(at line " in result["said"]
    assert result["peak"] <= 2 * len(text) + 4 * MIB, f"{result['peak'] / MIB:.1f} MiB for {len(text) / MIB:.2f}"


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="the child's peak memory is read from /proc")
def test_badugi_score_on_issue_17s_hands_gives_an_error_record_each(tmp_path: Path) -> None:
    """The PHH hands of issue 17 through ``badugi score`` in a child process: one error record each that says the
    line, within a time limit, under the README's bound of 300 MB (the child's peak resident memory, Linux's VmHWM:
    ru_maxrss would carry over the peak of the pytest process it was forked from)."""
    variant = '[1]\nvariant = "FB"\n'
    texts = [
        variant + "a" + ".a" * 20_000 + " = 1\n",
        variant + "a" + ".a" * 50_000 + " = 1\n",
        variant + "[1.a" + ".a" * 100_000 + "]\n",
    ]
    paths = []
    for number, text in enumerate(texts):
        paths.append(tmp_path / f"hostile-{number}.phhs")
        paths[-1].write_text(text, encoding="utf-8")
    child = (
        "import sys\n"
        "from badugi_fast.cli import main\n"
        "status = main(sys.argv[1:])\n"
        "peak = [line for line in open('/proc/self/status') if line.startswith('VmHWM:')]\n"
        "print('peak', peak[0].split()[1], file=sys.stderr)\n"
        "sys.exit(status)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", child, "score", "--format", "jsonl", *map(str, paths)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    records = [json.loads(line) for line in done.stdout.splitlines()]
    assert [record["status"] for record in records] == ["error"] * 3, done.stderr
    assert [record["reason"].split(":")[0] for record in records] == ["line 3"] * 3
    assert all(f"more than {MOST_KEY_PARTS} parts" in record["reason"] for record in records)
    peak_kib = int(done.stderr.splitlines()[-1].split()[1])  # VmHWM, in KiB: this process's own peak
    assert peak_kib * 1024 < 300e6
