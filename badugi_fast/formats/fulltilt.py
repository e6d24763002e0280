"""Full Tilt Poker text hand histories -> ``model.Hand`` (2010-2013 wordings, Badugi and mixed-game files).

Full Tilt writes actions without a colon (``Hero calls $0.10``) and chat with one (``allie3911: OMG``), streets
with the pot (``*** FIRST DRAW *** (Pot: $0.20)``) and winners as ``X wins the pot ($0.95) with ...``. Only the
header is read here; the body is read by ``lines.read_body``, shared with PokerStars.
"""

from __future__ import annotations

from collections.abc import Sequence

from badugi_fast.formats.builder import Builder
from badugi_fast.formats.common import ParseError, game_info
from badugi_fast.formats.format import TextFormat
from badugi_fast.formats.lines import read_body
from badugi_fast.formats.model import Hand
from badugi_fast.patterns import pattern

__all__ = ["FORMAT", "SITE", "parse_hand"]

SITE = "Full Tilt"
_HEADER_PREFIX = "Full Tilt Poker "
#: The header as PokerTracker exports Full Tilt hands: ``FullTiltPoker Game #...``.
_TRACKER_PREFIX = "FullTiltPoker "

_HEADER = pattern(r"(?:Full Tilt Poker|FullTiltPoker) .*?Game #(\d+): *(.*)")

#: A newline and the start of a line that starts a hand (mirrored in csrc/sites.c: full_tilt_header()).
_HEADER_LINE = pattern(r"\n(?:Full Tilt Poker|FullTiltPoker) [^\n]*?Game #")
_TOURNAMENT_WORDS = ("Tournament", "Sit & Go", "Sit&Go")
#: The currency of Full Tilt's amounts in dollars (``$0.10/$0.20``, no code written).
_DOLLARS = "USD"


def parse_hand(lines: Sequence[str], start: int, end: int) -> Hand:
    """The hand written on ``lines[start:end]``; only the header of a hand that is not Badugi is read."""
    header = _HEADER.match(lines[start])
    if header is None:
        raise ParseError("not a Full Tilt hand header", start)
    segments = header.group(2).split(" - ")
    # The game is the first segment after the table that starts with a letter: not stakes, not a time.
    game_text = next((part for part in segments[1:] if part[:1].isalpha()), "")
    game, is_badugi, limit = game_info(game_text)
    tournament = any(word in segments[0] for word in _TOURNAMENT_WORDS)
    hand = Hand(
        SITE,
        hand_id=header.group(1),
        game=game,
        limit=limit,
        is_badugi=is_badugi,
        tournament=tournament,
        places=0 if tournament else 2,
        table=segments[0].removeprefix("Table "),
        line=start + 1,
        uncalled={},
    )
    if is_badugi:
        build = Builder(hand)
        build.facts(" - ".join(segments[1:]), header.group(2), dollars=_DOLLARS)
        read_body(build, lines, start + 1, end, separator=" ")
    return hand


#: Full Tilt hand histories, as ``formats.registry`` lists them.
FORMAT = TextFormat(
    SITE, _HEADER_PREFIX, _HEADER_LINE, parse_hand, c_matcher="full_tilt", more_prefixes=(_TRACKER_PREFIX,)
)
