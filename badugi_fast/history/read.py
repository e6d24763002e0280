"""The fourth stage of ``badugi score``: a run of hands read and scored, with C where it vouches, else Python.

``results`` is the one place that chooses. PokerStars and PHH runs go to their C readers (csrc/stars.c and
csrc/phh.c through ``_native.stars_scan`` and ``phh_scan``), which read each hand as the site parser (``stars``,
``lines``; ``phh``) does and pay the pots as ``score`` and ``pots`` do (csrc/verdict.c), but only answer for a
hand the site paid exactly as we would (``verified`` or ``no_showdown``). Every other hand (a mismatch, an error, not
Badugi, a wording or a character the C code does not model, a split pot in whole tournament chips) is read by the
site parser and scored by ``score``, which are the definition; so is every hand of the other sites, and every hand
when the C extension is not in use. A hand's record is the same either way: the tests compare both paths on every
hand they have. C decides which hands are its own (a FALLBACK record says "not mine"), and answers a hand completely:
its game, betting structure and table are in the record, so ``_c_result`` only decodes it and never refuses a hand C
answered.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING

from badugi_fast._backend import history_fast_paths
from badugi_fast.cards import card_str
from badugi_fast.evaluator import describe
from badugi_fast.formats.common import ParseError, hand_id_of
from badugi_fast.formats.format import Format
from badugi_fast.formats.model import Action, Draw, Facts, Hand, Sight
from badugi_fast.formats.phh import reader as phh
from badugi_fast.formats.pokerstars import reader as stars
from badugi_fast.formats.registry import BY_SITE
from badugi_fast.history.cut import Run, Unit, Unreadable
from badugi_fast.history.output import renderer
from badugi_fast.history.rendered import Records
from badugi_fast.history.score import player_entry, score, table_of
from badugi_fast.history.sources import text_of
from badugi_fast.rules.limits import LIMITS

if TYPE_CHECKING:
    from badugi_fast._native import StarsHand
    from badugi_fast.history.record import PlayerResult, Result

__all__ = ["C_READER", "bulk_memory", "c_records", "hands_of", "parse_one", "rendered", "results"]

#: Whether PokerStars and PHH runs are read by the C readers (the C extension is built and chosen).
C_READER = history_fast_paths is not None
if C_READER:
    from badugi_fast._native import (
        FACT_FOLDED,
        FACT_PFR,
        FACT_THREE_BET,
        FACT_THREE_BET_CHANCE,
        FACT_VPIP,
        HH_FALLBACK,
        HH_MONEY,
        HH_NO_SHOWDOWN,
        HH_SHOWDOWN,
        HH_TOURNAMENT,
        HH_VERIFIED,
        LIMIT_CODES,
        PLAYER_FIELDS,
        RENDER_END_BYTE,
        RENDER_FIRST_BYTE,
        RENDER_FIRST_LINE,
        RENDER_FLAGS,
        RENDER_FORMS,
        RENDER_INFO,
        RENDER_LIMITS,
        RENDER_STATUS,
        RENDER_TEXT_END,
        RENDER_WORDS,
        RenderWords,
        StarsHand,
        keep_freed_memory,
        render_scan,
    )

    _PLAYER_SIZE = len(PLAYER_FIELDS)
    #: A player entry's values that ``_c_result`` reads, picked by name (record_layout.py puts them where it will).
    _ENTRY = operator.itemgetter(
        *map(
            PLAYER_FIELDS.index,
            (
                "name_start",
                "name_end",
                "cards",
                "rank",
                "words_start",
                "words_end",
                "collected",
                "expected",
                "put_in",
                "position",
                "facts",
                "counts",
                "draws",
                "hero",
            ),
        )
    )
    _LIMIT_OF_CODE = dict(zip(LIMIT_CODES, LIMITS, strict=True))


def results(unit: Unit) -> Iterator[Result]:
    """The result of every hand of ``unit``, in order: one per hand header, or one error record."""
    if isinstance(unit, Run) and (read_by_c := c_records(unit)) is not None:
        return _c_results(unit, *read_by_c)
    return map(score, hands_of(unit))


def hands_of(unit: Unit) -> Iterator[Hand]:
    """The hands of ``unit`` as the site parser reads them; a hand it cannot read is a ``Hand`` with ``error`` set."""
    if isinstance(unit, Unreadable):
        yield Hand(
            unit.site,
            hand_id=unit.hand_id,
            source=unit.source,
            index=unit.index,
            line=unit.line,
            error=unit.reason,
            error_line=unit.line,
        )
        return
    lines, first_line, starts = _lines(unit, unit.text())
    for number in range(len(starts)):
        yield _parse_at(unit, lines, first_line, starts, number)


def _lines(run: Run, text: bytes) -> tuple[list[str], int, list[int]]:
    """The lines of ``run`` (whose text is ``text``) after the whole lines before its first header (for formats that
    look back), the file's line of the first of them (0-based), and where each hand's header is among them."""
    lead = text_of(run.lead).split("\n")[:-1]
    return lead + text_of(text).split("\n"), run.line - len(lead), [len(lead) + line for line in run.starts]


def _parse_at(run: Run, lines: list[str], first_line: int, starts: list[int], number: int) -> Hand:
    """Hand ``number`` of ``run`` (lines as ``_lines`` gives them) read by the site parser."""
    end = starts[number + 1] if number + 1 < len(starts) else len(lines)
    hand = parse_one(BY_SITE[run.site], lines, starts[number], end, first_line)
    hand.source, hand.index = run.source, run.index + number
    return hand


def parse_one(form: Format, lines: Sequence[str], start: int, end: int, first_line: int) -> Hand:
    """One hand, or an error hand saying which line went wrong (line numbers count ``first_line`` more)."""
    try:
        hand = form.parse_hand(lines, start, end)
    except ParseError as error:
        hand = Hand(
            form.site, hand_id=hand_id_of(lines[start]), error=str(error), error_line=first_line + error.index + 1
        )
    except Exception as error:
        hand = Hand(
            form.site,
            hand_id=hand_id_of(lines[start]),
            error=f"cannot read this hand ({type(error).__name__}: {error})",
            error_line=first_line + start + 1,
        )
    hand.line = first_line + start + 1
    # Lines were indexes into ``lines`` (-1: the history does not say where): now the file's lines, 1-based.
    events: list[Action | Draw | Sight] = [*hand.actions, *hand.draws, *hand.sights]
    for event in events:
        event.line = first_line + event.line + 1 if event.line >= 0 else hand.line
    if hand.broken_line is not None:
        hand.broken_line = first_line + hand.broken_line + 1 if hand.broken_line >= 0 else hand.line
    return hand


def _utf8(data: bytes | bytearray) -> bytes | bytearray:
    """``data`` as C reads it, UTF-8: the bytes that are not are Latin-1 (``text_of``)."""
    if not data.isascii():  # ASCII is UTF-8, and much quicker to tell
        try:
            data.decode("utf-8")
        except UnicodeDecodeError:
            return text_of(data).encode("utf-8")
    return data


def c_records(unit: Unit) -> tuple[bytes | bytearray, list[StarsHand]] | None:
    """The text the C reader reads of ``unit`` and its record of each hand of it, in order (one per hand the cut
    found); None for a unit C does not read (another site, an unreadable unit, no C extension). csrc/phh.c reads the
    run's lead lines too, where its first hand's table header is."""
    reader = history_fast_paths
    text = _c_text(unit)
    if reader is None or text is None:
        return None
    data, start, lead_lines = text
    records = reader.phh_scan(data, start, lead_lines) if unit.site == phh.SITE else reader.stars_scan(data)
    _check_starts(unit, [record.first_line for record in records], lead_lines)
    return data, records


def _c_text(unit: Unit) -> tuple[bytes | bytearray, int, int] | None:
    """What the C reader reads of ``unit`` (``c_records``, ``rendered``): the UTF-8 text, where the run starts in it
    (after a PHH run's lead lines) and the lines before that; None for a unit C does not read."""
    if history_fast_paths is None or not isinstance(unit, Run) or unit.site not in _PYTHON_HANDS:
        return None
    if unit.site == phh.SITE:
        lead = _utf8(unit.lead[: unit.lead.rfind(b"\n") + 1])
        return lead + _utf8(unit.in_place()), len(lead), lead.count(b"\n")
    return unit.in_place() if unit.ascii else _utf8(unit.in_place()), 0, 0


def _check_starts(unit: Unit, found: list[int], lead_lines: int = 0) -> None:
    """The C reader must find the hands the cut found (``found``: each hand's line in the text C read, which starts
    ``lead_lines`` lines before the run)."""
    if lead_lines:
        found = [line - lead_lines for line in found]
    if not isinstance(unit, Run) or found != list(unit.starts):
        raise AssertionError(f"the C reader found other hand headers than the cut in {unit.source}")


def _c_results(run: Run, data: bytes | bytearray, records: list[StarsHand]) -> Iterator[Result]:
    """The results of a run C read: C's where it answers for a hand, else the Python reader's and ``score``'s."""
    python_hand = _PYTHON_HANDS[run.site](run, data)
    for number, record in enumerate(records):
        result = _c_result(data, record, run.source, run.index + number, run.site)
        yield result if result is not None else score(python_hand(number, record))


#: A hand of a run that C read, read by the site parser instead: (number, C record) -> Hand.
PythonHand = Callable[[int, "StarsHand"], Hand]


def _stars_hand(run: Run, data: bytes | bytearray) -> PythonHand:
    """Hands of a PokerStars run read by Python from their own lines (the record says where they are in ``data``)."""

    def hand(number: int, record: StarsHand) -> Hand:
        lines = data[record.first_byte : record.end_byte].decode().split("\n")
        read = parse_one(stars.FORMAT, lines, 0, len(lines), run.line + record.first_line)
        read.source, read.index = run.source, run.index + number
        return read

    return hand


def _phh_hand(run: Run, data: bytes | bytearray) -> PythonHand:
    """Hands of a PHH run read by Python from the run's lines, as ``hands_of`` reads them (split once, when a hand
    first needs them)."""
    lined: tuple[list[str], int, list[int]] | None = None

    def hand(number: int, record: StarsHand) -> Hand:
        nonlocal lined
        lined = lined or _lines(run, run.text())
        return _parse_at(run, *lined, number)

    return hand


#: The formats that C reads (by site), and how Python reads a hand of them that C leaves to it.
_PYTHON_HANDS: dict[str, Callable[[Run, bytes | bytearray], PythonHand]] = {
    stars.FORMAT.site: _stars_hand,
    phh.SITE: _phh_hand,
}

#: The C readers of ``rendered`` (csrc/render.h BADUGI_READ_*), by site.
_C_RENDERERS = {stars.FORMAT.site: "stars", phh.SITE: "phh"}


def bulk_memory() -> None:
    """Set this process up to score runs one after another: the memory a run's text and records free is kept for the
    next run's (``_native.keep_freed_memory``), not faulted in again page by page. For commands, not a library."""
    if C_READER:
        keep_freed_memory()


def rendered(unit: Unit, form: str) -> tuple[Records, list[str], list[bool]] | None:
    """The records of the hands of ``unit`` in output format ``form``, their statuses and whether each reached a
    showdown: what ``results`` rendered by ``output.renderer(form)`` gives, made without a ``Result`` for the hands C
    answered (csrc/render.c writes their records from C's own, as ``_c_result`` and ``output`` would, and they stay
    C's bytes); the others are read, scored and rendered by Python. None when C does not read ``unit`` or write
    ``form``: ``results`` is the way."""
    reader = _C_RENDERERS.get(unit.site) if C_READER and form in RENDER_FORMS else None
    text_read = _c_text(unit) if reader is not None and _utf8_text(unit.source) else None
    if reader is None or text_read is None or not isinstance(unit, Run):
        return None
    data, start, lead_lines = text_read
    text, info = render_scan(reader, form, data, start, lead_lines, _render_words(), unit.source, unit.site, unit.index)
    _check_starts(unit, info[RENDER_FIRST_LINE::RENDER_INFO], lead_lines)
    codes = info[RENDER_STATUS::RENDER_INFO]
    records = Records(text, info[RENDER_TEXT_END::RENDER_INFO])
    statuses = list(map(_STATUS_OF_CODE.__getitem__, codes))
    showdowns = [bool(flags & HH_SHOWDOWN) for flags in info[RENDER_FLAGS::RENDER_INFO]]
    if HH_FALLBACK in codes:
        texts: dict[int, str] = {}
        render, python_hand = renderer(form), _PYTHON_HANDS[unit.site](unit, data)
        for number, base in enumerate(range(0, len(info), RENDER_INFO)):
            if codes[number] == HH_FALLBACK:
                where = _fallback_record(info[base : base + RENDER_INFO])
                result = score(python_hand(number, where))
                texts[number], statuses[number], showdowns[number] = render(result), result.status, result.showdown
        records = records.replaced(texts)
    return records, statuses, showdowns


def _fallback_record(info: list[int]) -> StarsHand:
    """The FALLBACK record of a hand ``render_scan`` left to Python (``info``: its values), as the site parser's
    ``_PYTHON_HANDS`` take it: where the hand is, no players."""
    values: dict[str, int] = dict.fromkeys(StarsHand._fields[:-1], -1)  # players (the last) is a list
    values.update(status=HH_FALLBACK, flags=info[RENDER_FLAGS], first_line=info[RENDER_FIRST_LINE])
    values.update(first_byte=info[RENDER_FIRST_BYTE], end_byte=info[RENDER_END_BYTE])
    return StarsHand(**values, players=[])


def _utf8_text(text: str) -> bool:
    """Whether ``text`` is Unicode text that UTF-8 writes (a file name may hold the surrogates of undecodable bytes:
    Python renders the hands of such a file)."""
    if text.isascii():
        return True
    try:
        text.encode()
    except UnicodeEncodeError:
        return False
    return True


#: The statuses of the hands C answered, by their record's code (``_c_result`` names them the same); none yet for a
#: hand it left to Python (``rendered`` puts Python's there).
_STATUS_OF_CODE = {HH_VERIFIED: "verified", HH_NO_SHOWDOWN: "no_showdown", HH_FALLBACK: ""} if C_READER else {}


@functools.cache
def _render_words() -> RenderWords:
    """The words csrc/render.c writes that Python defines (the badugi_render_words of csrc/render.h): the limits'
    names by code, the cards' texts, our description of every rank."""
    limits = [_LIMIT_OF_CODE[code] for code in range(RENDER_LIMITS)]
    ranks = range(1, RENDER_WORDS - RENDER_LIMITS - 52 + 1)
    return RenderWords([*limits, *map(card_str, range(52)), *map(describe, ranks)])


#: What a record says of a hand's table (``score.table_of``: started, time zone, currency, stakes, big blind).
TableFields = tuple[str | None, str | None, str | None, str | None, str | None]


def _table(data: bytes | bytearray, record: StarsHand, tournament: bool, places: int, limit: str) -> TableFields:
    """The table of a hand from its record, as ``score.hand_table`` makes it of a hand the site parser read: the
    stakes, largest blind, currency, date and time zone C read (csrc/verdict.c: table_record(); PokerStars' from the
    header, as pokerstars/reader.parse_hand reads them; PHH's from its TOML, as phh/reader._Reader.table does)."""
    currency = data[record.currency_start : record.currency_end].decode() if record.currency_start >= 0 else None
    zone = data[record.zone_start : record.zone_end].decode() if record.zone_start >= 0 else None
    stakes = (record.stakes_low, record.stakes_high) if record.stakes_high else None
    started = _started(record.started)
    return table_of(started, zone, currency, tournament, places, limit, stakes, record.largest_blind)


@functools.lru_cache(maxsize=65536)
def _started(digits: int) -> str | None:
    """A record's ``started`` (YYYYMMDDhhmmss, -1 for none) as ``table_of`` writes a date (``isoformat(" ")``)."""
    if digits < 0:
        return None
    text = f"{digits:014d}"
    return f"{text[:4]}-{text[4:6]}-{text[6:8]} {text[8:10]}:{text[10:12]}:{text[12:]}"


def _c_result(data: bytes | bytearray, record: StarsHand, source: str, index: int, site: str) -> Result | None:
    """The result of the hand of C record ``record`` of site ``site``, or None for a FALLBACK record (Python must
    read the hand). A record C answered is Badugi (csrc/stars.c: game_words(), csrc/phh.c: limit_of()) and whole."""
    status, flags = record.status, record.flags
    if status == HH_FALLBACK:
        return None
    from badugi_fast.history.record import Result  # a result of C's made: not when C renders it

    limit = _LIMIT_OF_CODE[record.limit]
    places = 2 if flags & HH_MONEY else 0
    table = _table(data, record, bool(flags & HH_TOURNAMENT), places, limit)
    players: list[PlayerResult] = []
    showdown = bool(flags & HH_SHOWDOWN)
    entries = record.players
    for at in range(0, len(entries), _PLAYER_SIZE):
        name_start, name_end, cards, rank, words_start, words_end, collected, expected, *facts = _ENTRY(
            entries[at : at + _PLAYER_SIZE]
        )
        words = data[words_start:words_end].decode() if words_start >= 0 else None  # C checked it (verdict.c: agrees())
        name = data[name_start:name_end].decode()
        cards_text = _cards_text(cards) if cards >= 0 else None
        put_in, position, marks, counts, draws, hero = facts
        known = _facts(position, marks, counts, draws)
        players.append(
            player_entry(
                name, cards_text, rank or None, words, collected, expected, places, known, bool(hero), put_in, showdown
            )
        )
    status_name = "verified" if status == HH_VERIFIED else "no_showdown"
    hand_id = data[record.id_start : record.id_end].decode()
    return Result(source, index, hand_id, site, "Badugi", limit, status_name, None, players, *table, showdown=showdown)


@functools.lru_cache(maxsize=65536)
def _facts(position: int, flags: int, counts: int, draws: int) -> Facts:
    """The facts of a C player entry (record_layout.py: position, facts, counts, draws); cached, as the same
    few come again and again (read only: ``player_entry`` copies them into the entry)."""
    return Facts(
        position if position >= 0 else None,
        bool(flags & FACT_VPIP),
        bool(flags & FACT_PFR),
        bool(flags & FACT_THREE_BET),
        bool(flags & FACT_THREE_BET_CHANCE),
        counts & 0xFFFF,
        counts >> 16 & 0xFFFF,
        counts >> 32 & 0xFFFF,
        [(draws >> shift & 15) - 1 if draws >> shift & 15 else None for shift in (0, 4, 8)],
        bool(flags & FACT_FOLDED),
    )


@functools.lru_cache(maxsize=65536)
def _cards_text(packed: int) -> str:
    """Cards packed by the C code (count in bits 0-2, code k in bits 3 + 6k) as the site writes them."""
    codes = [(packed >> (3 + 6 * k)) & 63 for k in range(packed & 7)]
    return " ".join(map(card_str, codes))
