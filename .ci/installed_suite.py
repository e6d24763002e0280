"""Run the test suite against the installed badugi-fast, not this checkout's source tree.

pytest run from a checkout imports the checkout: in its default import mode the rootdir's conftest.py puts the
checkout first on ``sys.path``, and ``python -m`` puts the working directory there. So the suite runs in pytest's
``importlib`` mode (which changes no ``sys.path``; the tests folder is put on it for the tests' own helper modules),
from an empty working directory, and the package's doctests are collected from the installed package's files.
tests/test_installed.py proves that the package under test is the installed one. The tests that need the
repository's files (csrc/, build.py, scripts/, tests/data, README.md, docs/) still find them beside the tests; the
sanitizer test needs build/generated/badugi_table.inc, which only an in-tree build writes: it is written here first.

Usage: ``python .ci/installed_suite.py [PYTEST ARGUMENTS]`` (default: the whole suite: pyproject.toml's testpaths,
with the installed package for the source tree's).
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def write_c_include() -> None:
    """build/generated/badugi_table.inc, as the wheel's build wrote it, for the sanitizer test: by the checkout's
    build.py, in a Python of its own (it loads the package's rule modules under the package's name)."""
    if (ROOT / "build" / "generated" / "badugi_table.inc").exists():
        return
    code = (
        "import build, pathlib, tempfile\n"
        "with tempfile.TemporaryDirectory() as package:  # the table is thrown away: the installed one is used\n"
        "    build.write_generated(pathlib.Path(package))\n"
    )
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)


def _absolute(argument: str) -> str:
    """A path or test id of the command line, made absolute (pytest runs elsewhere); options as they are."""
    path, colons, test = argument.partition("::")
    return str(Path(path).resolve()) + colons + test if Path(path).exists() else argument


def installed_package() -> Path:
    """The folder of the badugi_fast that this Python imports (this script's own folder is first on its path)."""
    spec = importlib.util.find_spec("badugi_fast")
    assert spec is not None, "badugi-fast is not installed"
    assert spec.submodule_search_locations is not None
    return Path(spec.submodule_search_locations[0])


def main(arguments: list[str]) -> int:
    write_c_include()
    package = installed_package()
    targets = [_absolute(argument) for argument in arguments] or [
        str(ROOT / "tests"),
        str(package),
        str(ROOT / "README.md"),
        str(ROOT / "docs"),
    ]
    command = [
        sys.executable,
        "-m",
        "pytest",
        "--import-mode=importlib",
        "-o",
        "pythonpath=tests",
        "-c",
        str(ROOT / "pyproject.toml"),
        "--rootdir",
        str(ROOT),
        *targets,
    ]
    if importlib.util.find_spec("pokerkit") is None:  # as the rootdir's conftest.py does for the checkout's copy
        command.append(f"--ignore={package / 'pokerkit.py'}")
    with tempfile.TemporaryDirectory() as elsewhere:
        return subprocess.call(command, cwd=elsewhere)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
