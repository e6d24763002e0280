"""Regular expressions compiled when first used, not when their module is imported.

The readers of every site are imported by every command that reads hand histories (``formats.registry`` lists
them), but a ``badugi score`` of PokerStars text whose hands the C reader answers uses none of their patterns:
compiling them all took 4 ms of each start (docs/score.md, Speed). ``pattern`` stands for ``re.compile``: the
object it gives compiles on its first use, then has the compiled pattern's methods and attributes as its own, so
each later use costs what a compiled pattern's does.
"""

from __future__ import annotations

import re
from typing import Any, AnyStr, cast

__all__ = ["pattern"]


def pattern(text: AnyStr, flags: int = 0) -> re.Pattern[AnyStr]:
    """``re.compile(text, flags)``, made on first use (typed as the pattern it stands for, which it behaves as but
    for ``isinstance``).

    >>> seat = pattern(r"Seat (\\d+)")
    >>> seat.match("Seat 3: Ann").group(1), seat.pattern, seat.sub("#", "Seat 1, Seat 2")
    ('3', 'Seat (\\\\d+)', '#, #')
    """
    return cast("re.Pattern[AnyStr]", _Pattern(text, flags))


class _Pattern:
    """A pattern not compiled yet: ``__getattr__`` (called only for what the object lacks) compiles it and makes
    the compiled pattern's public attributes (``match``, ``sub``, ``pattern``...) the object's own."""

    def __init__(self, text: str | bytes, flags: int) -> None:
        self._text = text
        self._flags = flags

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):  # not a pattern's (and ``_text`` before it is set: a copy being made)
            raise AttributeError(name)
        compiled = re.compile(self._text, self._flags)
        for attribute in dir(compiled):
            if not attribute.startswith("_"):
                setattr(self, attribute, getattr(compiled, attribute))
        return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"pattern({self._text!r}, {self._flags!r})"
