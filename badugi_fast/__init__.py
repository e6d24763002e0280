"""badugi-fast: the exact Badugi hand evaluator, by perfect-hash table lookup in C.

The same functions as ``badugi_fast.reference`` (the rules in plain Python), with the same results:

>>> import badugi_fast
>>> badugi_fast.evaluate("As 2h 3d 4c"), badugi_fast.describe(badugi_fast.evaluate("2c 2d 4h Ts"))
(1, '3-card T-4-2')

``BACKEND`` is ``"c"`` when the compiled extension is in use, ``"python"`` for the pure-Python table lookups.
``__version__`` is the installed version (``+source`` in a checkout's source tree). ``dir(badugi_fast)`` lists the
public API, ``__all__``, whose bulk and odds functions are imported on first use.
"""

from typing import TYPE_CHECKING, Any

from badugi_fast._checkout import package_path as _package_path

# A checkout's unbuilt source tree, imported from the checkout after ``pip install .``: the installed copy's modules.
__path__[:] = _package_path(__path__)

from badugi_fast.evaluator import (  # noqa: E402  # after __path__ is settled
    BACKEND,
    best_cards,
    card_str,
    compare,
    describe,
    evaluate,
    hand_size,
    parse_cards,
    rank_values,
    winners,
)

if TYPE_CHECKING:
    from badugi_fast.bulk import evaluate_many, showdown_many
    from badugi_fast.odds import best_discard, best_draw, draw_odds, equity

__all__ = [
    "BACKEND",
    "best_cards",
    "best_discard",
    "best_draw",
    "card_str",
    "compare",
    "describe",
    "draw_odds",
    "equity",
    "evaluate",
    "evaluate_many",
    "hand_size",
    "parse_cards",
    "rank_values",
    "showdown_many",
    "winners",
]


_LAZY = {
    # evaluate_many and showdown_many load numpy, so they are imported on first use: ``import badugi_fast`` stays
    # fast for callers who only evaluate single hands
    "evaluate_many": "bulk",
    "showdown_many": "bulk",
    # numpy too, and the policy tables
    "best_discard": "odds",
    "best_draw": "odds",
    "draw_odds": "odds",
    "equity": "odds",
}


def __dir__() -> list[str]:
    """The public API (not the names this module imports for itself)."""
    return sorted([*__all__, "__version__"])


# Hidden from type checkers, which see the real imports above instead: a misspelt name is then an error,
# not an Any.
if not TYPE_CHECKING:

    def __getattr__(name: str) -> Any:
        """The functions of ``_LAZY``, imported on first use, and ``__version__``, read on first use."""
        if name in _LAZY:
            import importlib

            return getattr(importlib.import_module(f"badugi_fast.{_LAZY[name]}"), name)
        if name == "__version__":
            from pathlib import Path

            from badugi_fast._version import package_version

            globals()["__version__"] = version = package_version(Path(__path__[0]))  # the modules in use
            return version
        raise AttributeError(f"module 'badugi_fast' has no attribute {name!r}")
else:
    __version__: str
