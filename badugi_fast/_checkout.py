"""``import badugi_fast`` in a checkout after ``pip install .``: the package's modules come from the installed copy.

Python run in a checkout (``python -c``, ``python -m``, a script there) imports the checkout's source tree, because
the working directory comes first on ``sys.path``; that tree has no rank table and no C extension until
``python build.py`` is run in it, even though ``pip install .`` has just installed a built copy. So when the source
tree is not built and a built badugi_fast is found further along ``sys.path``, the package's ``__path__`` is pointed
at that copy: every submodule is then the installed one, and the command just works. A built source tree
(``python build.py``, or an editable install) is used as it is; without an installed copy nothing changes, and the
error of the missing table says what to do.
"""

from __future__ import annotations

import os
import sys
from importlib.machinery import PathFinder

__all__ = ["package_path"]

#: The build product every built copy has (build.py writes it; the wheel holds it).
BUILT = "_table.bin"


def package_path(path: list[str]) -> list[str]:
    """The folders to import the package's submodules from: ``path`` (the package's own ``__path__``) when its
    folder is built, else the installed copy's when there is a built one, else ``path``."""
    # os.path, not pathlib: every ``import badugi_fast`` runs this, and pathlib takes longer to import than the rest
    here = path[0]
    if os.path.isfile(os.path.join(here, BUILT)):
        return path
    parent = os.path.realpath(os.path.dirname(here))
    elsewhere = [entry for entry in sys.path if os.path.realpath(entry or ".") != parent]
    spec = PathFinder.find_spec("badugi_fast", elsewhere)
    if spec is None or not spec.submodule_search_locations:
        return path
    installed = list(spec.submodule_search_locations)
    return installed if os.path.isfile(os.path.join(installed[0], BUILT)) else path
