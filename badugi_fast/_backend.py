"""Choose the lookup backend once, at import: the C extension if it was built, else pure Python (with a warning).

BADUGI_FAST_BACKEND=c insists on the C extension (ImportError without it); BADUGI_FAST_BACKEND=python picks the
pure-Python lookups on purpose (no warning). Unset, the C extension is used when present.
"""

from __future__ import annotations

import os
import warnings
from types import ModuleType

__all__ = ["backend"]

_CHOICES = ("c", "python")


def _choose() -> ModuleType:
    wanted = os.environ.get("BADUGI_FAST_BACKEND", "").strip().lower()
    if wanted and wanted not in _CHOICES:
        raise ImportError(f"BADUGI_FAST_BACKEND must be 'c' or 'python', not {wanted!r}")
    if wanted == "python":
        from badugi_fast import _fallback

        return _fallback
    try:
        from badugi_fast import _native
    except ImportError as error:
        if wanted == "c":
            raise ImportError(f"BADUGI_FAST_BACKEND=c but the C extension is not available: {error}") from error
        warnings.warn(
            f"badugi-fast: the C extension is not available ({error}); using the pure-Python backend, which gives "
            "the same results more slowly. Reinstall with a C compiler for the fast one.",
            RuntimeWarning,
            stacklevel=2,
        )
        from badugi_fast import _fallback

        return _fallback
    return _native


backend = _choose()
