"""The one contract every format of hand histories meets, so that the pipeline reads all of them the same way.

A format says how its hands begin (a header line: one of its ``header_prefixes``, then ``header_line``'s pattern: a
site may spell its header two ways, and a TOML key may be indented or quoted), how many lines
before its header a hand may use (``lead_lines``: Merge's ``<description>``, the PHH keys before ``variant``), how
to read one hand into the model (``parse_hand``). ``c_matcher``
names the matcher csrc/sites.c has for its headers (None: the C finder leaves its lines to Python, which still finds
them). ``formats.registry`` lists them: adding a format is its module, its line there, and its tests.

A format badugi-fast writes is also a ``Writer``, which ``formats.registry.WRITERS`` lists by the name the commands
give it (``simulate --format``, ``convert --to``, the RL environment's ``hand_history``): they choose writers there.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, TextIO

from badugi_fast.formats.model import Hand

if TYPE_CHECKING:
    from badugi_fast.rules.engine import PlayedHand

__all__ = ["Format", "HandParser", "HandsWriter", "PlayedText", "PlayedWriter", "TextFormat", "Writer"]

#: Reads the hand written on ``lines[start:end]`` (``lines[start]`` is its header; lines before it may be used, as
#: many as the format's ``lead_lines``); raises ``common.ParseError`` for a line it cannot read.
HandParser = Callable[[Sequence[str], int, int], Hand]
#: Writes hands played by the engine to a stream as a file of the format (``currency``: a cash game's, None for
#: chips); returns how many it wrote.
PlayedWriter = Callable[[Iterable["PlayedHand"], TextIO, "str | None"], int]
#: One hand played by the engine as one entry of the format: the hand, its number in the run (from 1), the player
#: whose cards it shows as they are dealt (None for nobody; a format that knows every card ignores it), and the
#: currency as for a ``PlayedWriter``.
PlayedText = Callable[["PlayedHand", int, "int | None", "str | None"], str]
#: Writes hands of the model to a stream as they come, yielding each hand written or a note of one left out
#: (``formats.phh.write``: its ``Skipped``); ``refuse`` may give a reason not to write a hand.
HandsWriter = Callable[..., Iterator[Any]]


class Format(Protocol):
    """What the pipeline needs of a format (``TextFormat`` is the usual way to make one)."""

    @property
    def site(self) -> str:
        """The name of the format's site in records (``Hand.site``): ``PokerStars``, ``PHH``..."""
        ...

    @property
    def header_prefix(self) -> str:
        """How its header lines usually begin (the first of ``header_prefixes``)."""
        ...

    @property
    def header_prefixes(self) -> tuple[str, ...]:
        """Every way its header lines begin; no prefix of one format begins a prefix of another. A prefix of spaces
        or tabs alone says the header may be indented: after the blanks, it begins as another of these."""
        ...

    @property
    def header_line(self) -> re.Pattern[str]:
        """A newline and the start of a header line: searching a text for it finds every header."""
        ...

    @property
    def lead_lines(self) -> int:
        """How many lines before its header a hand may use."""
        ...

    @property
    def c_matcher(self) -> str | None:
        """The name of csrc/sites.c's matcher for its headers, or None."""
        ...

    def is_header(self, line: str) -> bool:
        """Whether ``line`` starts a hand of this format."""
        ...

    def parse_hand(self, lines: Sequence[str], start: int, end: int) -> Hand:
        """The hand written on ``lines[start:end]``."""
        ...


class TextFormat(NamedTuple):
    """A ``Format`` made of its parts. (This and ``Writer`` are NamedTuples rather than frozen dataclasses, which
    took longer to make than anything else at import of a command that reads hand histories.)

    >>> import re
    >>> demo = TextFormat("Demo", "Demo hand", re.compile(r"\\nDemo hand #"), lambda lines, start, end: Hand("Demo"))
    >>> demo.is_header("Demo hand #1"), demo.is_header("Demo handle")
    (True, False)
    """

    site: str
    header_prefix: str
    header_line: re.Pattern[str]
    parser: HandParser
    lead_lines: int = 0
    c_matcher: str | None = None
    #: The other ways its header lines may begin (``header_prefixes``).
    more_prefixes: tuple[str, ...] = ()

    @property
    def header_prefixes(self) -> tuple[str, ...]:
        """``header_prefix``, then ``more_prefixes``."""
        return (self.header_prefix, *self.more_prefixes)

    def is_header(self, line: str) -> bool:
        """Whether ``line`` starts a hand: ``header_line`` matches it."""
        return self.header_line.match("\n" + line) is not None

    def parse_hand(self, lines: Sequence[str], start: int, end: int) -> Hand:
        """The hand written on ``lines[start:end]`` (``parser``)."""
        return self.parser(lines, start, end)


class Writer(NamedTuple):
    """A format badugi-fast writes: its name, its files' suffix, and its ways of writing hands.

    Hands played by the engine (``write_played``, ``played_text``) are written by ``badugi simulate`` and the RL
    environment; hands of the model read from any site (``write_hands``, None when the format cannot) by
    ``badugi convert``.
    """

    name: str
    suffix: str  # of its files, without the dot
    write_played: PlayedWriter
    played_text: PlayedText
    write_hands: HandsWriter | None = None
    #: Its text of a played hand shows every player's cards, whoever the hero: one text serves every seat.
    shows_all: bool = False
