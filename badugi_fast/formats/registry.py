"""The formats of hand histories badugi-fast reads, and which format a hand header belongs to.

Every format module offers ``SITE`` (its name in records), ``HEADER_PREFIX`` (how its header lines begin: the
prefixes of different formats never begin one another), ``is_header(line)`` and ``parse_hand(lines, start, end)``.
A hand starts at every line that is a header of some format, whatever came before it, so one file may hold the
hands of several sites, and each is read by its own parser.
"""

from __future__ import annotations

from types import ModuleType

from badugi_fast.formats import fulltilt, kingsclub, merge
from badugi_fast.formats.phh import reader as phh
from badugi_fast.formats.pokerstars import reader as stars

__all__ = ["BY_NAME", "MOST_LEAD_LINES", "PARSERS", "header_site"]

#: The site parsers.
PARSERS: tuple[ModuleType, ...] = (stars, fulltilt, merge, kingsclub, phh)
#: The parsers by ``SITE`` name.
BY_NAME = {parser.SITE: parser for parser in PARSERS}
#: The most lines before its header that a hand of any format may need (a run of hands carries them).
MOST_LEAD_LINES = max(parser.LEAD_LINES for parser in PARSERS)


def header_site(line: str) -> ModuleType | None:
    """The parser of the site whose hand header ``line`` is, or None when it is no header.

    >>> header_site("PokerStars Game #1: Badugi Limit").SITE, header_site("#37732805: Limit Badugi - 30/60").SITE
    ('PokerStars', 'KingsClub')
    >>> header_site("PokerStars says hello")
    """
    for parser in PARSERS:
        if line.startswith(parser.HEADER_PREFIX) and parser.is_header(line):
            return parser
    return None
