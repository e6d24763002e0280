"""``Kept``: what the writers make again and again (amounts, dates, whole lines, a table's players), remembered.

Looking a text up costs less than making it again (or than an ``lru_cache`` call), and the same amounts, clocks and
players recur from hand to hand. A ``Kept`` forgets everything once it holds ``most`` of them, so that a long run
cannot make it grow without end.

>>> squares = Kept(lambda number: number * number, most=2)
>>> squares[3], squares[4], len(squares), squares[5], len(squares)
(9, 16, 2, 25, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

__all__ = ["Kept"]

Key = TypeVar("Key", bound=Hashable)
Made = TypeVar("Made")


class Kept(dict[Key, Made]):
    """``kept[key]`` is ``make(key)``, remembered; at most ``most`` of them (then all are forgotten at once)."""

    def __init__(self, make: Callable[[Key], Made], most: int = 1 << 14) -> None:
        super().__init__()
        self.make = make
        self.most = most

    def __missing__(self, key: Key) -> Made:
        if len(self) >= self.most:
            self.clear()
        made = self[key] = self.make(key)
        return made
