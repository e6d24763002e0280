"""The package under test is the installed one: the wheel's files when it was installed from a wheel (``.ci``
tests the wheel: a file missing from it fails here, not on a user's machine), this checkout's own files when it was
installed editable (or not at all). A suite that imported the checkout instead of the wheel fails here."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import badugi_fast
from badugi_fast import _badugi  # the compiled extension (test_backend.py checks it is in use)

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "badugi_fast"  # the package's source tree (a virtual environment in the checkout is not part of it)


def installed_from_a_wheel() -> metadata.Distribution | None:
    """The installed distribution, unless it is an editable install (or none). Installed: by an installer (which
    writes INSTALLER), not the metadata a build leaves in the checkout (badugi_fast.egg-info)."""
    installed = [found for found in metadata.distributions(name="badugi-fast") if found.read_text("INSTALLER")]
    if not installed:
        return None
    distribution = installed[0]
    direct = json.loads(distribution.read_text("direct_url.json") or "{}")
    return None if direct.get("dir_info", {}).get("editable", False) else distribution


def expected_files() -> tuple[Path, Path]:
    """Where the package's ``__init__.py`` and its compiled extension must be: installed, or this checkout's."""
    distribution = installed_from_a_wheel()
    if distribution is None:
        folder = SOURCE  # editable (a strict install links to these files), or not installed
    else:
        folder = Path(str(distribution.locate_file("badugi_fast"))).resolve()
        # the source tree, not the checkout: the README's .venv lives in the checkout, its site-packages with it
        assert folder != SOURCE, f"the wheel's files are the checkout's source tree: {folder}"
    return folder / "__init__.py", folder / Path(_badugi.__file__).name


def test_the_tests_import_the_package_under_test() -> None:
    package, extension = expected_files()
    assert Path(badugi_fast.__file__).resolve() == package
    assert Path(_badugi.__file__).resolve() == extension
    assert (package.parent / "_table.bin").is_file()
    # where the package is imported from (a strict editable install's links): the pure-Python backend reads it there
    assert (Path(badugi_fast.__file__).parent / "_table.bin").is_file()


def test_commands_the_tests_start_import_it_too() -> None:
    """``python -m badugi_fast`` run by the tests (from pytest's working directory) imports the same files."""
    code = "import badugi_fast, badugi_fast._badugi as c; print(badugi_fast.__file__); print(c.__file__)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert [Path(line).resolve() for line in result.stdout.split("\n")[:2]] == list(expected_files())


def test_an_unbuilt_source_tree_in_the_working_directory_uses_the_built_copy(tmp_path: Path) -> None:
    """``python -c "import badugi_fast"`` run in a checkout after ``pip install .``: the working directory's source
    tree (no rank table, no C extension) comes first on the path; its modules are then the built copy's, and the
    command works. ``badugi_fast._checkout``."""
    package = Path(badugi_fast.__path__[0])
    checkout = tmp_path / "checkout"
    shutil.copytree(
        package, checkout / "badugi_fast", ignore=shutil.ignore_patterns("_table.bin", "_badugi*", "__pycache__")
    )
    code = "import badugi_fast; print(badugi_fast.evaluate('As 2h 3d 4c')); print(badugi_fast.evaluator.__file__)"
    built_copy_later_on_the_path = {**os.environ, "PYTHONPATH": str(package.parent)}
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=checkout, env=built_copy_later_on_the_path, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    rank, module = result.stdout.split("\n")[:2]
    assert rank == "1"
    assert Path(module).parent == package


def test_an_unbuilt_source_tree_alone_says_what_to_do(tmp_path: Path) -> None:
    """Without a built copy anywhere on the path, the source tree is used, and the error says how to build it."""
    package = Path(badugi_fast.__path__[0])
    checkout = tmp_path / "checkout"
    shutil.copytree(
        package, checkout / "badugi_fast", ignore=shutil.ignore_patterns("_table.bin", "_badugi*", "__pycache__")
    )
    result = subprocess.run(
        [
            sys.executable,
            "-I",
            "-S",
            "-c",
            "import sys; sys.path.insert(0, ''); import badugi_fast",
        ],  # no site-packages: no installed copy
        cwd=checkout,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 1
    assert result.stderr.splitlines()[-1] == (
        f"ImportError: {checkout / 'badugi_fast' / '_table.bin'} is missing: the rank table is written when the "
        f"package is built: run `python build.py` in {checkout} (a checkout), or reinstall badugi-fast "
        "(`pip install .` in the checkout)"
    )
