"""No stale pointer: every comment that ties a C fast path to its Python original, or a Python definition to its C
mirror, names something that exists (issue 25: seventeen pointed at functions or modules that had moved).

The pointers are found where the code says it keeps them (ARCHITECTURE.md, "each side names the other"):

- in C (``csrc/*``), every Python name in a comment: the files each function follows say "each function names the
  Python it mirrors", so a ``module.name`` (``lines.player_action``, ``pokerstars/reader.parse_hand``,
  ``HandState._wager``), a path (``badugi_fast/formats/replay.py``, ``formats/phh/: reader.py, toml_reader.py``)
  and a C file (``verdict.c``) must each resolve;
- in both, a C name given with its file (``verdict.c: pay()``, ``stars.h: BADUGI_HH_POSITION``, ``verdict.c's
  CHIPS_MAX``) must be a function or macro that file defines;
- in Python (``badugi_fast/**/*.py``), every sentence of a comment or docstring that says "mirror(s/ed)", "C mirror"
  or "Python original": its C files must exist, its ``name()`` and ``C mirror: name`` and ````name```` C functions
  must be defined in them (or, for "its ````name````" and "````name```` uses it", be a C function there or a
  name of the module), and its Python paths and dotted names (````score.score````) must resolve.

Names are looked up by reading the source (``ast`` for Python, definitions at the start of a line for C), never by
importing it.
"""

from __future__ import annotations

import ast
import builtins
import io
import re
import tokenize
from collections.abc import Iterator
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "badugi_fast"
CSRC = ROOT / "csrc"

#: ``x.y`` words of C comments that are not Python names: C struct members and a C helper.
NOT_PYTHON = frozenset({"hand.dealt", "hand.places", "fees.split"})


# ---- what exists -------------------------------------------------------------------------------------------------


@cache
def modules() -> dict[str, Path]:
    """Every module of the package by its path below ``badugi_fast`` without ``.py`` (``formats/pokerstars/reader``;
    a package by its folder)."""
    found = {}
    for path in PACKAGE.rglob("*.py"):
        name = path.relative_to(PACKAGE).with_suffix("").as_posix()
        found[name.removesuffix("/__init__")] = path
    return found


def modules_named(name: str) -> list[Path]:
    """The modules a pointer may mean by ``name`` (``lines``, ``pokerstars/reader``, ``formats.replay``,
    ``badugi_fast.cards``): those whose path ends with it."""
    name = name.replace(".", "/").removeprefix("badugi_fast/")
    return [path for module, path in modules().items() if module == name or module.endswith("/" + name)]


@cache
def tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def members(node: ast.Module | ast.ClassDef) -> dict[str, ast.AST]:
    """The names a module or class defines: functions, classes, assignments (and a class's ``self.x`` attributes)."""
    found: dict[str, ast.AST] = {}
    for child in node.body:
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            found[child.name] = child
        elif isinstance(child, ast.Assign | ast.AnnAssign):
            for target in child.targets if isinstance(child, ast.Assign) else [child.target]:
                for name in ast.walk(target):
                    if isinstance(name, ast.Name):
                        found[name.id] = child
        elif isinstance(child, ast.ImportFrom):
            found.update((alias.asname or alias.name, child) for alias in child.names)
    if isinstance(node, ast.ClassDef):
        for sub in ast.walk(node):
            is_self = isinstance(sub, ast.Attribute) and isinstance(sub.value, ast.Name) and sub.value.id == "self"
            if is_self and isinstance(sub, ast.Attribute) and isinstance(sub.ctx, ast.Store):
                found.setdefault(sub.attr, sub)
    return found


@cache
def classes() -> dict[str, list[ast.ClassDef]]:
    found: dict[str, list[ast.ClassDef]] = {}
    for path in modules().values():
        for node in ast.walk(tree(path)):
            if isinstance(node, ast.ClassDef):
                found.setdefault(node.name, []).append(node)
    return found


def attribute_resolves(node: ast.Module | ast.ClassDef, parts: list[str]) -> bool:
    """Whether ``parts`` name a member of ``node``, and each further part a member of that class (a part after a
    value that is not a class is not checked: ``FORMAT.is_header``)."""
    if not parts:
        return True
    found = members(node).get(parts[0])
    if found is None:
        return False
    return attribute_resolves(found, parts[1:]) if isinstance(found, ast.ClassDef) else True


def python_resolves(pointer: str) -> bool:
    """Whether a dotted pointer (``lines._post``, ``pokerstars/reader.FORMAT.is_header``, ``HandState.level``,
    ``history.read._c_result``, ``str.partition``) names something that exists."""
    parts = pointer.split(".")
    if hasattr(builtins, parts[0]):
        return hasattr(getattr(builtins, parts[0]), parts[1])
    for split in range(len(parts), 0, -1):  # the longest module name first: history.read before history
        found = modules_named(".".join(parts[:split]))
        if found:
            return any(attribute_resolves(tree(path), parts[split:]) for path in found)
    return any(attribute_resolves(node, parts[1:]) for node in classes().get(parts[0], []))


def file_resolves(name: str, folder: Path | None = None) -> bool:
    """Whether a file pointer exists: relative to ``folder`` when given, else from the repository, the package or
    csrc, or (a bare name) as the name of one file of the package or csrc."""
    if folder is not None:
        return (folder / name).is_file()
    if any((base / name).is_file() for base in (ROOT, PACKAGE, CSRC)):
        return True
    if "/" not in name:
        return any(PACKAGE.rglob(name)) or name in {"badugi_table.inc"}  # build.py writes the table into csrc
    return False


@cache
def c_functions(path: Path) -> frozenset[str]:
    """The functions ``path`` defines (or declares, for a header): names before ``(`` on a line that starts with
    a type, as this code's style writes every definition."""
    text = path.read_text(encoding="utf-8")
    return frozenset(re.findall(r"^[A-Za-z_][\w \t\*]*?\b([A-Za-z_]\w*)\(", text, re.MULTILINE))


@cache
def c_names(path: Path) -> frozenset[str]:
    """The functions and macros ``path`` defines."""
    macros = re.findall(r"^#define ([A-Za-z_]\w*)", path.read_text(encoding="utf-8"), re.MULTILINE)
    return c_functions(path) | frozenset(macros)


#: A C name pointed at in a C file: ``verdict.c: pay()``, ``verdict.h: badugi_hh_hold``, ``stars.c's CHIPS_MAX``.
_C_IN_FILE = re.compile(r"\b(\w+\.[ch])(?::|'s) ([A-Z][A-Z0-9_]+\b|\w+(?=\(\))|badugi_\w+)")


def stale_c_names(text: str) -> Iterator[str]:
    """The C names of ``text`` that the C file it names them in does not define."""
    for file, name in _C_IN_FILE.findall(text):
        if not (CSRC / file).is_file() or name not in c_names(CSRC / file):
            yield f"{file}: {name}"


# ---- where the pointers are ---------------------------------------------------------------------------------------


def c_comments(path: Path) -> Iterator[tuple[int, str]]:
    """Each comment of a C file (its lines joined) and the line it starts on."""
    text = path.read_text(encoding="utf-8")
    for found in re.finditer(r"/\*.*?\*/|//[^\n]*", text, re.DOTALL):
        yield text.count("\n", 0, found.start()) + 1, re.sub(r"\s*\n\s*\*?(?!/)\s*", " ", found.group())


def python_texts(path: Path) -> Iterator[tuple[int, str]]:
    """Each comment and docstring of a Python file and the line it starts on."""
    source = path.read_text(encoding="utf-8")
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            yield token.start[0], token.string
    for node in ast.walk(tree(path)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            docstring = ast.get_docstring(node, clean=False)
            if docstring is not None and node.body:
                yield node.body[0].lineno, docstring


#: A Python name in a C comment: a dotted name or a path, maybe with slashes (``pokerstars/reader.game_of``).
_PYTHON_IN_C = re.compile(r"(?<![\w./-])((?:[A-Za-z_]\w*/)*[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)")
#: A folder and the files named in it: ``badugi_fast/formats/phh/: reader.py (...), toml_reader.py``.
_FOLDER_LIST = re.compile(r"((?:[\w.]+/)+): ([^;]*?)(?=;|\)\.|\.\s|\.$|$)", re.DOTALL)
_FILE = re.compile(r"\.(?:py|c|h|inc)$")


def stale_in_c(path: Path) -> Iterator[str]:
    for line, comment in c_comments(path):
        for stale in stale_c_names(comment):
            yield f"{path.name}:{line}: {stale}"
        listed = set()
        for folder in _FOLDER_LIST.finditer(comment):
            base = ROOT / folder[1]
            for name in re.findall(r"(?<![\w/])([\w/]+\.py)\b", re.sub(r"\([^)]*\)", "", folder[2])):
                listed.add(name)
                if not file_resolves(name, base) and ("/" not in name or not file_resolves(name)):
                    yield f"{path.name}:{line}: {folder[1]}{name}"
        for found in _PYTHON_IN_C.finditer(comment):
            pointer = found[1]
            if pointer in listed or pointer in NOT_PYTHON:
                continue
            if _FILE.search(pointer):
                if not file_resolves(pointer):
                    yield f"{path.name}:{line}: {pointer}"
            elif not python_resolves(pointer):
                yield f"{path.name}:{line}: {pointer}"


#: What makes a sentence of Python a pointer to C.
_KEYWORDS = re.compile(r"\bmirror(?:s|ed)?\b|\bC mirror\b|\bPython original\b", re.IGNORECASE)


def sentences(text: str) -> Iterator[str]:
    """The sentences of a comment or docstring, its lines joined."""
    joined = re.sub(r"\s*\n\s*(?:#:?\s*)?", " ", text)
    yield from re.split(r"(?<=[.!?])\s+", joined)


def stale_in_python(path: Path) -> Iterator[str]:
    where = path.relative_to(ROOT).as_posix()
    for line, text in python_texts(path):
        for stale in stale_c_names(text):
            yield f"{where}:{line}: {stale}"
        for sentence in sentences(text):
            if not _KEYWORDS.search(sentence):
                continue
            c_files = [CSRC / name for name in re.findall(r"csrc/(\w+\.[ch])\b", sentence)]
            for file in c_files:
                if not file.is_file():
                    yield f"{where}:{line}: csrc/{file.name}"
            defined = set().union(*(c_functions(file) for file in c_files if file.is_file()))
            if not c_files:
                defined = set().union(*(c_functions(file) for file in CSRC.glob("*.[ch]")))
            named = re.findall(r"\b(\w+)\(\)", sentence) + re.findall(r"C mirror: (\w+)", sentence)
            for name in named:
                if name not in defined:
                    yield f"{where}:{line}: {name}() in {[file.name for file in c_files] or 'csrc'}"
            for quoted in re.findall(r"``(\w+(?:\.\w+)+)``", sentence):
                if not python_resolves(quoted):
                    yield f"{where}:{line}: {quoted}"
            for quoted in re.findall(r"\bits ``(\w+)``|``(\w+)`` uses it", sentence):
                name = "".join(quoted)
                if name not in defined and name not in members(tree(path)):
                    yield f"{where}:{line}: ``{name}`` in {[file.name for file in c_files] or 'csrc'} or {where}"
            for file in re.findall(r"(?<![\w/])((?:[\w]+/)+[\w]+\.py)\b", sentence):
                if not file_resolves(file):
                    yield f"{where}:{line}: {file}"


def test_pointers_are_found() -> None:
    """The test sees the pointers it is for (a regex that matched nothing would pass every tree)."""
    in_c = sum(1 for path in CSRC.glob("*.[ch]") for _, comment in c_comments(path) if _PYTHON_IN_C.search(comment))
    in_python = sum(
        1
        for path in PACKAGE.rglob("*.py")
        for _, text in python_texts(path)
        for sentence in sentences(text)
        if _KEYWORDS.search(sentence)
    )
    assert in_c >= 100
    assert in_python >= 40


def test_a_stale_pointer_is_caught() -> None:
    """Pointers to things that moved or never were are reported; pointers to things that exist are not."""
    assert python_resolves("lines.player_action")
    assert python_resolves("pokerstars/reader.FORMAT.is_header")
    assert python_resolves("HandState.level")
    assert python_resolves("str.partition")
    assert not python_resolves("common.amount")
    assert not python_resolves("history/facts.player_facts")
    assert not python_resolves("HandState.no_such_method")
    assert file_resolves("badugi_fast/formats/replay.py")
    assert not file_resolves("badugi_fast/history/lines.py")
    assert "pay" in c_functions(CSRC / "verdict.c")
    assert "pay" not in c_functions(CSRC / "stars.c")
    assert list(stale_c_names("(stars.c's CHIPS_MAX) and stars.c: pay()")) == ["stars.c: CHIPS_MAX", "stars.c: pay"]
    assert list(stale_c_names("(verdict.h's CHIPS_MAX) and verdict.c: pay()")) == []


def test_no_stale_pointer() -> None:
    stale = [*(s for path in sorted(CSRC.glob("*.[ch]")) for s in stale_in_c(path))]
    stale += [s for path in sorted(PACKAGE.rglob("*.py")) for s in stale_in_python(path)]
    assert stale == []
