"""PHH, the Poker Hand History format of pokerkit's authors (TOML), both ways.

- Out: ``write`` puts hands of the model (from any site, through ``history.parse``, or the simulator's through
  ``badugi_fast.game.played.hands_of``: ``write_played``) in a ``.phhs`` file, one TOML table per hand (``writer``
  says what goes in each); ``WRITER`` is PHH in ``formats.registry.WRITERS``;
- In: ``reader`` reads ``.phh`` and ``.phhs`` as one more site of ``badugi score``.

The writer's names (``table_text``, ``VARIANTS``...) are imported from it on first use, so that reading PHH (every
command that reads hand histories lists the format) does not import the writer.

>>> import io
>>> from badugi_fast.game import TableRules
>>> from badugi_fast.game import played, simulate
>>> out = io.StringIO()
>>> [type(done).__name__ for done in write(played.hands_of(simulate(2, 3, TableRules(10, 20), seed=1)), out)]
['Hand', 'Hand']
>>> print(out.getvalue().splitlines()[:5])
['[1]', 'variant = "FB"', 'antes = [0, 0, 0]', 'blinds_or_straddles = [10, 20, 0]', 'small_bet = 20']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, NamedTuple, TextIO

from badugi_fast.formats.format import Writer
from badugi_fast.formats.model import Hand

if TYPE_CHECKING:
    from badugi_fast.formats.phh.writer import NON_STANDARD, VARIANTS, NotConvertible, changes, hand_lines, table_text
    from badugi_fast.rules.engine import PlayedHand

__all__ = [
    "NON_STANDARD",
    "VARIANTS",
    "WRITER",
    "NotConvertible",
    "Skipped",
    "changes",
    "hand_lines",
    "table_text",
    "write",
    "write_played",
]


class Skipped(NamedTuple):
    """A hand ``write`` did not write, and why: not Badugi, unreadable, or not something PHH can hold. (A NamedTuple:
    made at import in a third of a frozen dataclass's time.)"""

    hand: Hand
    reason: str

    @property
    def badugi(self) -> bool:
        """Whether the hand is a Badugi hand that was read (so it failed for a reason of its own)."""
        return self.hand.is_badugi and self.hand.error is None


def write(
    hands: Iterable[Hand], out: TextIO, first: int = 1, refuse: Callable[[Hand], str | None] | None = None
) -> Iterator[Hand | Skipped]:
    """Write each hand PHH can hold to ``out`` as a table of a ``.phhs`` file (``[first]``, then on, tables apart by
    a blank line), as it comes; yield each hand written, or a ``Skipped`` for a hand left out: one PHH cannot hold,
    or one ``refuse`` gives a reason not to write (``badugi convert``: a hand the scorer calls a mismatch)."""
    from badugi_fast.formats.phh.writer import NotConvertible, table_text

    number = first
    for hand in hands:
        reason = refuse(hand) if refuse is not None else None
        if reason is not None:
            yield Skipped(hand, reason)
            continue
        try:
            text = table_text(str(number), hand)
        except NotConvertible as error:
            yield Skipped(hand, str(error))
            continue
        out.write(text if number == first else "\n" + text)
        number += 1
        yield hand


def write_played(hands: Iterable[PlayedHand], out: TextIO, currency: str | None = None) -> int:
    """Write hands played by the engine as a ``.phhs`` file, each as the model has it (``game.played``: every card
    known); returns the count."""
    from badugi_fast.game import played  # the engine's package: not imported by those who only read PHH

    return sum(1 for _ in write(played.hands_of(hands, currency), out))


def _played_text(hand: PlayedHand, number: int, hero: int | None, currency: str | None) -> str:
    """One hand played by the engine as table ``[number]`` (every card is known: ``hero`` changes nothing)."""
    from badugi_fast.formats.phh.writer import table_text
    from badugi_fast.game import played

    return table_text(str(number), played.hand_of(hand, currency))


#: PHH, as ``formats.registry.WRITERS`` lists it: of hands played by the engine and of hands read from any site.
WRITER = Writer("phh", "phhs", write_played, _played_text, write, shows_all=True)

#: The names this package gives from its writer.
_FROM_WRITER = frozenset({"NON_STANDARD", "VARIANTS", "NotConvertible", "changes", "hand_lines", "table_text"})

# Hidden from type checkers, which see the real imports above instead: a misspelt name is then an error, not an Any.
if not TYPE_CHECKING:

    def __getattr__(name: str) -> Any:
        """A name of the writer's (``_FROM_WRITER``), imported from it on first use."""
        if name not in _FROM_WRITER:
            raise AttributeError(f"module 'badugi_fast.formats.phh' has no attribute {name!r}")
        from badugi_fast.formats.phh import writer

        return getattr(writer, name)
