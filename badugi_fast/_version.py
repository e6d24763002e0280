"""``badugi_fast.__version__``: the installed distribution's version, or the checkout's in a source tree.

Read on first use only (``importlib.metadata`` is slow to import). A package imported from a checkout's source tree
(``python build.py``, an editable install, ``PYTHONPATH``) reports the version its ``pyproject.toml`` declares, with
``+source`` (it may differ from what is installed); elsewhere it is the installed metadata's; ``0+unknown`` when
there is neither.
"""

from __future__ import annotations

import re
from importlib import metadata
from pathlib import Path

__all__ = ["package_version"]

#: pyproject.toml's version line of the [project] table (a plain regular expression: tomllib is 3.11+)
_DECLARED = re.compile(r'^name = "badugi-fast"\n(?:.*\n)*?version = "([^"]+)"', re.MULTILINE)


def package_version(package_folder: Path) -> str:
    """The version of the badugi_fast in ``package_folder``."""
    pyproject = package_folder.parent / "pyproject.toml"
    if pyproject.is_file():
        declared = _DECLARED.search(pyproject.read_text(encoding="utf-8"))
        if declared:
            return f"{declared.group(1)}+source"
    try:
        return metadata.version("badugi-fast")
    except metadata.PackageNotFoundError:
        return "0+unknown"
