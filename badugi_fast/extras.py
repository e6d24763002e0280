"""Modules that need an optional extra, imported only when asked for: the core package imports none of them.

>>> require("badugi_fast.no_such_module", "this feature")
Traceback (most recent call last):
...
ModuleNotFoundError: No module named 'badugi_fast.no_such_module'
"""

from __future__ import annotations

import importlib
from types import ModuleType

__all__ = ["EXTRA_OF", "require"]

#: The extra that installs each optional package.
EXTRA_OF = {
    "dask": "dask",
    "distributed": "dask",
    "pyarrow": "parquet",
    "pandas": "dask",
    "fsspec": "dask",
    "s3fs": "s3",
    "jinja2": "report",
    "matplotlib": "report",
    "duckdb": "db",
}


def require(module: str, feature: str) -> ModuleType:
    """Module ``module``; a ValueError naming the extra to install when a package it needs is missing (so the
    command line says what to do, with exit status 2)."""
    try:
        return importlib.import_module(module)
    except ImportError as error:
        missing = (error.name or "").partition(".")[0]
        if missing not in EXTRA_OF:
            raise
        raise ValueError(
            f'{feature} needs {missing}, which is not installed: pip install "badugi-fast[{EXTRA_OF[missing]}]"'
        ) from None
