"""PokerStars text hand histories -> ``model.Hand`` (cash, tournament, home-game and mixed-game files).

The wordings are those of real PokerStars files (see ``../shared/hand-histories/README.md``), defined in
``wordings``. Here is what only PokerStars writes: its headers (cash, tournament, home game, mixed game, play
money). The body is read by ``history.lines.read_body``, shared with Full Tilt: actions are ``name: verb ...``;
lines without the colon (chat, joining, leaving, sitting out, timing out) never move money and are skipped, except
``X collected ...``. The C fast path (``csrc/stars.c``, driven by ``history.read``) reads the same wordings.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from badugi_fast.formats.builder import Builder
from badugi_fast.formats.common import ParseError, game_info
from badugi_fast.formats.format import TextFormat
from badugi_fast.formats.lines import read_body
from badugi_fast.formats.model import Hand
from badugi_fast.formats.pokerstars.wordings import HAND_NUMBERS, HEADER_PREFIX, SITE
from badugi_fast.patterns import pattern

__all__ = ["FORMAT", "game_of", "parse_hand"]

_PREFIX, _NUMBER = re.escape(HEADER_PREFIX), "|".join(map(re.escape, HAND_NUMBERS))  # "PokerStars ", "Game #|Hand #"
#: The hand number and the rest of the header (mirrored in csrc/stars.c: header())
_HEADER = pattern(rf"{_PREFIX}.*?(?:{_NUMBER})(\d+): +(.*)")
_TOURNAMENT = pattern(r"(?:\{[^}]*\} *)?Tournament #\d+, (?:Freeroll|\S+(?: [A-Z]{3})?) (.*)")


#: A newline and the start of a line that starts a hand (mirrored in csrc/sites.c: pokerstars_header()).
_HEADER_LINE = pattern(rf"\n{_PREFIX}[^\n]*?(?:{_NUMBER})")


def parse_hand(lines: Sequence[str], start: int, end: int) -> Hand:
    """The hand written on ``lines[start:end]`` (``lines[start]`` is its header); only the header of a hand that
    is not Badugi is read. Mirrored, with ``score.score``, in csrc/stars.c: scan_hand()."""
    header = _HEADER.match(lines[start])
    if header is None:
        raise ParseError("not a PokerStars hand header", start)
    segments = header.group(2).split(" - ")
    game, is_badugi, limit, tournament, places = game_of(segments[0])
    hand = Hand(
        SITE,
        hand_id=header.group(1),
        game=game,
        limit=limit,
        is_badugi=is_badugi,
        tournament=tournament,
        places=places,
        line=start + 1,
        uncalled={},
    )
    if is_badugi:
        build = Builder(hand)
        build.facts(" - ".join(segments[:-1]), segments[-1])  # stakes or level, then the date
        read_body(build, lines, start + 1, end, separator=":")
    return hand


@functools.lru_cache(maxsize=1024)
def game_of(segment: str) -> tuple[str, bool, str | None, bool, int]:
    """``(game, is_badugi, limit, tournament, places)`` from the header's text before the date: the same few
    texts come back in every hand of a file, so this is cached.

    >>> game_of("Tournament #330855877, $1.00+$0.20 USD Badugi Limit")
    ('Badugi', True, 'fixed', True, 0)
    >>> game_of("8-Game (Badugi Limit, $0.10/$0.20)")
    ('Badugi', True, 'fixed', False, 2)
    """
    tournament = _TOURNAMENT.match(segment)
    name, _, inside = (tournament.group(1) if tournament else segment).partition(" (")
    if inside[:1].isalpha():  # a mixed game names the game being played: "8-Game (Badugi Limit, $0.10/$0.20)"
        name = inside.partition(",")[0].rstrip(")")
    game, is_badugi, limit = game_info(name)
    places = 0 if tournament is not None or not any(sign in segment for sign in "$€£") else 2
    return game, is_badugi, limit, tournament is not None, places


#: PokerStars text, as ``formats.registry`` lists it.
FORMAT = TextFormat(SITE, HEADER_PREFIX, _HEADER_LINE, parse_hand, c_matcher="pokerstars")
