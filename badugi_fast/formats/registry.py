"""The formats of hand histories badugi-fast reads: the only place that says which formats exist.

Each is a ``format.Format``; a hand starts at every line that is a header of some format, whatever came before it,
so one file may hold the hands of several sites, each read by its own format. Adding a format is its module, its
line in ``FORMATS``, and its tests. The formats badugi-fast writes are ``WRITERS``, by the name the commands give
them: ``badugi simulate --format``, ``badugi convert --to`` and the RL environment's ``hand_history`` choose there.

>>> [header_site(line).site for line in ("PokerStars Game #1: Badugi Limit", "Full Tilt Poker Game #9: x",
...  "FullTiltPoker Game #9: x", '<game id="3-2">', "#37732805: Limit Badugi - 30/60", 'variant = "FB"',
...  '  "variant" = "FB"')]
['PokerStars', 'Full Tilt', 'Full Tilt', 'Merge', 'KingsClub', 'PHH', 'PHH']
>>> header_site("PokerStars says hello"), header_site("variants = 1"), header_site("# a comment")
(None, None, None)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from badugi_fast.formats import fulltilt, kingsclub, merge
from badugi_fast.formats.format import Format, Writer
from badugi_fast.formats.phh import reader as phh
from badugi_fast.formats.pokerstars import reader as pokerstars

__all__ = ["BY_SITE", "FORMATS", "MOST_LEAD_LINES", "WRITERS", "header_site"]

#: Every format, in the order headers are tried (their prefixes never begin one another, so the order only says
#: which is asked first).
FORMATS: tuple[Format, ...] = (pokerstars.FORMAT, fulltilt.FORMAT, merge.FORMAT, kingsclub.FORMAT, phh.FORMAT)
#: The formats by the site name they give their hands (``Hand.site``).
BY_SITE: dict[str, Format] = {form.site: form for form in FORMATS}
#: The most lines before its header that a hand of any format may need: the cutter keeps them before the next run,
#: whatever its format (which carries its own format's).
MOST_LEAD_LINES = max(form.lead_lines for form in FORMATS)

if TYPE_CHECKING:
    #: The formats badugi-fast writes, by name, the first the default (``badugi simulate --format``).
    WRITERS: dict[str, Writer]
else:

    def __getattr__(name: str) -> Any:
        """``WRITERS``, made on first use: the writers (and the text tables they build) are not imported by the
        commands that only read."""
        if name != "WRITERS":
            raise AttributeError(f"module 'badugi_fast.formats.registry' has no attribute {name!r}")
        from badugi_fast.formats import phh as phh_writer
        from badugi_fast.formats.pokerstars import writer as pokerstars_writer

        global WRITERS
        WRITERS = {writer.name: writer for writer in (pokerstars_writer.WRITER, phh_writer.WRITER)}
        return WRITERS


def header_site(line: str, formats: tuple[Format, ...] = FORMATS) -> Format | None:
    """The format whose hand header ``line`` is, or None when it is no header (of ``formats``)."""
    for form in formats:
        if line.startswith(form.header_prefixes) and form.is_header(line):
            return form
    return None
