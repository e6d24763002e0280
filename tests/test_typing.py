"""Typing that helps users: a user's script is type-checked with ``mypy --strict`` against the installed package
(from a folder outside the checkout, as a user would): the lazily imported names have their real types, and a
misspelt name is an error, not an ``Any``. After a plain ``pip install -e .`` mypy could not find the package at
all (setuptools' default editable finder is invisible to it): the README's strict editable mode is, and CI checks
that too."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

#: Every name that ``badugi_fast``, ``history``, ``game`` and ``reference`` import only when first used.
LAZY = (
    "bf.evaluate_many",
    "bf.showdown_many",
    "bf.draw_odds",
    "bf.equity",
    "history.parse",
    "history.score_file",
    "history.score_files",
    "game.hand_text",
    "game.write_histories",
    "reference.draw_odds",
    "reference.equity",
)
IMPORTS = "import badugi_fast as bf\nfrom badugi_fast import game, history, reference\n\n"

GOOD = IMPORTS + "".join(f"reveal_type({name})\n" for name in LAZY) + 'rank: int = bf.evaluate("As 2h 3d 4c")\n'

#: Misspelt or missing names, each on its own line of the script.
TYPOS = ("bf.evalute", "bf.EquityResult", "history.parze", "game.hand_txt", "reference.draw_od")
BAD = IMPORTS + "".join(f"print({name})\n" for name in TYPOS)


def test_a_user_script_gets_real_types_and_its_typos_are_errors(tmp_path: Path) -> None:
    (tmp_path / "good.py").write_text(GOOD)
    (tmp_path / "bad.py").write_text(BAD)
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "cache"), "good.py", "bad.py"],
        cwd=tmp_path,  # no project configuration: a user's folder
        capture_output=True,
        text=True,
        check=False,
    )
    lines = result.stdout.splitlines()
    assert result.returncode == 1, result.stdout + result.stderr
    revealed = [line for line in lines if line.startswith("good.py") and "Revealed type" in line]
    assert len(revealed) == len(LAZY), result.stdout
    for line in revealed:
        assert re.search(r'Revealed type is "def ', line), line  # a function's signature, never "Any"
    assert not [line for line in lines if line.startswith("good.py") and ": error:" in line], result.stdout
    errors = {int(line.split(":")[1]) for line in lines if line.startswith("bad.py") and "[attr-defined]" in line}
    first = IMPORTS.count("\n") + 1
    assert errors == set(range(first, first + len(TYPOS))), result.stdout
