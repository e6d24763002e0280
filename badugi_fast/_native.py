"""The one door to the compiled module (csrc/ through cffi): a thin, typed, checked wrapper per C entry point.

Nothing else in the package touches cffi's ``lib`` or ``ffi``. Python owns every buffer (``ffi.new``,
``ffi.from_buffer``) and checks its size before C sees it; C checks everything again and answers bad input with a
negative ``BADUGI_E_*`` code, which the callers turn into messages. The four single-hand lookups are the C functions
themselves, typed: a Python wrapper per call would double the cost of a lookup, and C checks their arguments.

This module is the C backend of ``_backend.Backend``, and its ``HistoryFastPaths`` and ``OddsLoops``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from badugi_fast import record_layout as layout
from badugi_fast._badugi import ffi, lib

#: A writable or readable C-contiguous buffer (a numpy array in practice; numpy is not imported here, to keep
#: ``import badugi_fast`` fast).
Buffer = Any

__all__ = [
    "ADVICE_MAX_OPTIONS",
    "EQUITY_EXACT_FIELDS",
    "EQUITY_SAMPLE_FIELDS",
    "FACT_FOLDED",
    "FACT_PFR",
    "FACT_THREE_BET",
    "FACT_THREE_BET_CHANCE",
    "FACT_VPIP",
    "HH_FALLBACK",
    "HH_MONEY",
    "HH_SHOWDOWN",
    "HH_SPLIT",
    "HH_TOURNAMENT",
    "HH_VERIFIED",
    "LIMIT_CODES",
    "MATCHERS",
    "MAX_THREADS",
    "NAME",
    "ODDS_BINS",
    "PLAYER_FIELDS",
    "POLICY_ENTRIES",
    "POLICY_KINDS",
    "SITE_ASK",
    "HeaderFinder",
    "OddsQuestion",
    "StarsHand",
    "advice_sample",
    "draw_odds_exact",
    "draw_odds_sample",
    "equity_exact",
    "equity_sample",
    "find_headers",
    "header_finder",
    "index4",
    "phh_scan",
    "policy_table",
    "rank4",
    "rank_codes_many",
    "rank_text",
    "rank_text_many",
    "stars_scan",
    "usable4",
]

NAME = "c"

#: The rank number of four card codes in any order, or BADUGI_E_CODE / BADUGI_E_DUPLICATE.
rank4: Callable[[int, int, int, int], int] = lib.badugi_rank4
#: Bit i set when argument i plays; errors as rank4.
usable4: Callable[[int, int, int, int], int] = lib.badugi_usable4
#: The perfect-hash index of four card codes (``perfect_hash.hand_index``); errors as rank4.
index4: Callable[[int, int, int, int], int] = lib.badugi_index4
#: rank_text(utf8, length): the rank number of a hand written as text, or a negative error code.
rank_text: Callable[[bytes, int], int] = lib.badugi_rank_text

#: What the bulk functions return for buffers that do not match the count: (size_t)-1.
_REFUSED = int(ffi.cast("size_t", -1))


def rank_codes_many(codes: Buffer, out: Buffer, threads: int) -> tuple[int, int]:
    """Ranks of N hands of four uint8 codes (C-contiguous, N * 4 bytes) into ``out`` (N uint16), in one C call.
    Returns (number of invalid hands, index of the first); invalid hands get 0."""
    first_bad = ffi.new("size_t *")
    cards = ffi.from_buffer("uint8_t[]", codes)
    ranks = ffi.from_buffer("uint16_t[]", out)
    bad = lib.badugi_rank_codes_many(cards, len(cards), ranks, len(ranks), threads, first_bad)
    if bad == _REFUSED:
        raise AssertionError("badugi_rank_codes_many: the buffers do not match")  # a bug in the caller
    return bad, first_bad[0]


def rank_text_many(text: bytes, out: Buffer, threads: int) -> tuple[int, int]:
    """Ranks of len(out) NUL-separated hand strings into ``out`` (uint16), in one C call; returns as
    rank_codes_many."""
    first_bad = ffi.new("size_t *")
    ranks = ffi.from_buffer("uint16_t[]", out)
    bad = lib.badugi_rank_text_many(text, len(text), ranks, len(ranks), threads, first_bad)
    if bad == _REFUSED:
        raise AssertionError("badugi_rank_text_many: the buffer does not hold one record per hand")  # a caller bug
    return bad, first_bad[0]


# ---- the PokerStars reader (csrc/stars.c; its Python original is formats/pokerstars/reader.py and history/score.py)

#: Record status: Python must read the hand; the site paid every pot as we would, with or without a showdown.
HH_FALLBACK: int = lib.BADUGI_HH_FALLBACK
HH_VERIFIED: int = lib.BADUGI_HH_VERIFIED
HH_NO_SHOWDOWN: int = lib.BADUGI_HH_NO_SHOWDOWN
#: Record flags: the hand reached a showdown; a pot was split (in money: C leaves a split in whole chips to Python); its
#: amounts are money, with two places (PHH records only: csrc/phh.h).
HH_SHOWDOWN: int = lib.BADUGI_HH_SHOWDOWN
HH_SPLIT: int = lib.BADUGI_HH_SPLIT
HH_MONEY: int = lib.BADUGI_HH_MONEY
HH_TOURNAMENT: int = lib.BADUGI_HH_TOURNAMENT


#: The values of a player entry of a hand record, in order (``record_layout``, the one definition of the layout,
#: says what each holds). ``StarsHand.players`` holds the entries back to back, and their reader (history/read.py)
#: picks each value by its name's position here: an object per player cost more than reading the hand.
PLAYER_FIELDS = layout.PLAYER_FIELDS
#: The flags of a player entry's ``facts`` (csrc/rules.h BADUGI_FACT_*; history/facts.Facts is the definition).
FACT_VPIP: int = lib.BADUGI_FACT_VPIP
FACT_PFR: int = lib.BADUGI_FACT_PFR
FACT_THREE_BET: int = lib.BADUGI_FACT_THREE_BET
FACT_THREE_BET_CHANCE: int = lib.BADUGI_FACT_THREE_BET_CHANCE
FACT_FOLDED: int = lib.BADUGI_FACT_FOLDED


class StarsHand(NamedTuple):
    """A hand record of csrc/stars.c or csrc/phh.c: the hand's values of ``record_layout`` (which says what each
    holds) by name, its player entries back to back in ``players``. Typed here for mypy; checked against the layout
    at import (``_check_layout``)."""

    status: int  # HH_FALLBACK, HH_VERIFIED, or else the site paid a hand without a showdown as we would
    flags: int  # HH_SHOWDOWN | HH_SPLIT | HH_MONEY | HH_TOURNAMENT
    first_line: int
    end_line: int
    first_byte: int
    end_byte: int
    id_start: int
    id_end: int
    game_start: int
    game_end: int
    limit: int  # a value of LIMIT_CODES
    stakes_low: int
    stakes_high: int
    largest_blind: int
    currency_start: int
    currency_end: int
    started: int
    zone_start: int
    zone_end: int
    players: list[int]  # the player entries back to back, PLAYER_FIELDS values each; none in a FALLBACK record


def _check_layout() -> None:
    """``StarsHand`` is ``record_layout``'s hand, field for field, and the compiled module was built from the
    same table (build.py generates its C positions from it): a layout changed without a rebuild fails at import."""
    if StarsHand._fields != layout.HAND_FIELDS:
        raise ImportError("badugi_fast/_native.StarsHand and record_layout.py disagree on the hand's fields")
    expected = [(name, position) for position, name in enumerate(layout.HAND_FIELDS)]
    expected += [(name, position) for position, name in enumerate(layout.PLAYER_FIELDS)]
    expected += [("hand_fields", len(layout.HAND_FIELDS)), ("player_fields", len(layout.PLAYER_FIELDS))]
    for name, position in expected:
        if getattr(lib, f"BADUGI_HH_{name.upper()}") != position:
            raise ImportError(f"the C extension was built from another record layout ({name!r}): rebuild it")


_check_layout()

#: The codes of ``StarsHand.limit``: fixed, pot, half-pot and no limit (``rules.limits``' order of ``LIMITS``).
LIMIT_CODES: tuple[int, ...] = (
    lib.BADUGI_LIMIT_FIXED,
    lib.BADUGI_LIMIT_POT,
    lib.BADUGI_LIMIT_HALF_POT,
    lib.BADUGI_LIMIT_NO,
)

_HAND_FIELDS = len(StarsHand._fields)
_PLAYERS = _HAND_FIELDS - 1  # the player count: StarsHand's (the layout's) last value, which the entries follow
_PLAYER_FIELDS = len(PLAYER_FIELDS)
_MAX_PLAYERS: int = lib.BADUGI_HH_MAX_PLAYERS
#: Hands per call into C: the output buffer holds this many records of the largest size (a buffer that stays small
#: costs little to allocate, for runs of any size).
_HANDS_PER_CALL = 128
_new = tuple.__new__  # builds the records from slices without NamedTuple's argument parsing (a speed-up)


def stars_scan(data: bytes | bytearray) -> list[StarsHand]:
    """One record per hand of the UTF-8 PokerStars text ``data`` (``\\n`` newlines), in order; text before the first
    hand header is skipped, as ``history.pokerstars.reader`` skips it. A list (a run's thousand records), not a
    generator: resuming a generator for every hand cost more than reading it."""
    return _scan(lib.badugi_stars_scan, data, 0, 0)


def phh_scan(data: bytes | bytearray, start: int, line: int) -> list[StarsHand]:
    """One record per PHH hand of the UTF-8 text ``data`` from byte ``start`` (line ``line``) on, in order (csrc/phh.c):
    the text before ``start`` (a run's lead lines) is looked into for the first hand's table header."""
    return _scan(lib.badugi_phh_scan, data, start, line)


def _scan(scan: Any, data: bytes | bytearray, start: int, line: int) -> list[StarsHand]:
    """The records that the C reader ``scan`` writes of ``data`` from byte ``start`` (line ``line``) on (``bytes``,
    or the ``bytearray`` of a run that took the cutter's buffer: read in place)."""
    text = ffi.from_buffer(data)
    out = ffi.new("int64_t[]", _HANDS_PER_CALL * lib.BADUGI_HH_RECORD_MAX)
    offset, at_line = ffi.new("size_t *", start), ffi.new("size_t *", line)
    records: list[StarsHand] = []
    add = records.append
    while used := scan(text, len(data), offset, at_line, out, len(out)):
        if used > len(out):
            raise AssertionError("a C reader wrote past its buffer")
        values = ffi.unpack(out, used)
        at = 0
        while at < used:
            players_at = at + _HAND_FIELDS
            count = values[at + _PLAYERS]
            end = players_at + count * _PLAYER_FIELDS
            if not 0 <= count <= _MAX_PLAYERS or end > used:
                raise AssertionError(f"a C reader wrote a malformed record ({count} players)")
            record = values[at : at + _PLAYERS]
            record.append(values[players_at:end])
            add(_new(StarsHand, record))
            at = end
    return records


# ---- the records of the hands C answered, as text (csrc/render.c; its Python original is history/output.py) ----

RENDER_FORMS: dict[str, int] = {"jsonl": lib.BADUGI_RENDER_JSONL, "csv": lib.BADUGI_RENDER_CSV}
RENDER_READERS: dict[str, int] = {"stars": lib.BADUGI_READ_STARS, "phh": lib.BADUGI_READ_PHH}
#: The values ``render_scan`` gives per hand, by name (csrc/render.h BADUGI_RENDER_*), and how many there are.
RENDER_STATUS: int = lib.BADUGI_RENDER_STATUS
RENDER_FLAGS: int = lib.BADUGI_RENDER_FLAGS
RENDER_FIRST_LINE: int = lib.BADUGI_RENDER_FIRST_LINE
RENDER_FIRST_BYTE: int = lib.BADUGI_RENDER_FIRST_BYTE
RENDER_END_BYTE: int = lib.BADUGI_RENDER_END_BYTE
RENDER_TEXT_END: int = lib.BADUGI_RENDER_TEXT_END
RENDER_INFO: int = lib.BADUGI_RENDER_INFO
#: How many words ``RenderWords`` takes: the limits' names, the 52 cards, our description of every rank.
RENDER_LIMITS: int = lib.BADUGI_RENDER_LIMITS
RENDER_WORDS: int = lib.BADUGI_RENDER_WORDS
#: The first size of ``render_scan``'s output buffer, by reader: this many bytes per byte of the text, and some. A
#: JSON Lines record is about 1.7 times its PokerStars hand's text and 2.6 times the same hand's PHH (20,000 simulated
#: hands: 52 MB of records from 30 and 20 MB): a run that outgrows its buffer is written in a second one, then joined
#: (PHH at 2: two calls a run and a copy of all the records, 4 % of a score's instructions).
_RENDER_RATIOS = {"stars": 2, "phh": 3}
_RENDER_SPARE = 1 << 16
#: Buffers C writes before Python reads them: not cleared first (clearing megabytes a run cost more than writing them).
_new_unclear = ffi.new_allocator(should_clear_after_alloc=False)


class RenderWords:
    """The words that Python defines and csrc/render.c writes (the badugi_render_words of csrc/render.h), kept
    alive here."""

    def __init__(self, words: Sequence[str]) -> None:
        if len(words) != RENDER_WORDS:
            raise ValueError(f"csrc/render.c takes {RENDER_WORDS} words, not {len(words)}")
        encoded = [word.encode() for word in words]
        starts = [0]
        for word in encoded:
            starts.append(starts[-1] + len(word))
        self._text = ffi.new("char[]", b"".join(encoded))
        self._starts = ffi.new("uint32_t[]", starts)
        self.table = ffi.new("badugi_render_words *", {"text": self._text, "starts": self._starts})


def render_scan(
    reader: str,
    form: str,
    data: bytes | bytearray,
    start: int,
    line: int,
    words: RenderWords,
    file: str,
    site: str,
    index: int,
) -> tuple[memoryview, list[int]]:
    """The records, in format ``form``, of the hands that the C reader ``reader`` (``RENDER_READERS``) answered in the
    UTF-8 text ``data`` from byte ``start`` (line ``line``) on, hand k numbered ``index + k`` of file ``file`` and
    site ``site``: their text back to back, and ``RENDER_INFO`` values per hand read (a FALLBACK hand has no text:
    Python renders it). ``RENDER_TEXT_END`` counts from the start of the text returned. Mostly one call into C; the
    text is a view of the buffer C wrote it in (52 MB of records for 20,000 hands were copied out of it)."""
    file_bytes, site_bytes = file.encode(), site.encode()
    text = ffi.from_buffer(data)  # bytes, or a run's bytearray (history/cut.py: _take), read in place

    def scan(offset: Any, at_line: Any, out: Any, room: int, info: Any, hands: int, done: int) -> int:
        count: int = lib.badugi_render_scan(
            RENDER_READERS[reader], RENDER_FORMS[form], text, len(data), offset, at_line, words.table,
            file_bytes, len(file_bytes), site_bytes, len(site_bytes), index + done, out, room, info, hands,
        )  # fmt: skip
        return count

    ratio = _RENDER_RATIOS[reader]
    return _texts_scanned(scan, data, start, line, ratio, RENDER_INFO, RENDER_TEXT_END, "csrc/render.c")


def _texts_scanned(
    scan: Callable[[Any, Any, Any, int, Any, int, int], int],
    data: bytes | bytearray,
    start: int,
    line: int,
    ratio: int,
    width: int,
    text_end: int,
    writer: str,
) -> tuple[memoryview, list[int]]:
    """What a C scan that writes a text and ``width`` values per hand gives for ``data`` from byte ``start`` (line
    ``line``) on: the texts back to back, and the values (``text_end``: where a hand's text ends, made to count from
    the start of all). ``scan(offset, line, out, room, info, hands, done)`` reads on from ``*offset``, writes at most
    ``room`` bytes and ``hands`` hands (``done`` before it) and returns how many it wrote, 0 when the next one does
    not fit: the buffer is then grown. Mostly one call into C (``writer``, named when it breaks its bounds)."""
    offset, at_line = ffi.new("size_t *", start), ffi.new("size_t *", line)
    texts: list[Any] = []  # cffi buffers
    values: list[int] = []
    room = ratio * (len(data) - start) + _RENDER_SPARE
    hands = (len(data) - start) // 64 + 1  # a hand takes more than 64 bytes: room for all in one call
    info = _new_unclear("int64_t[]", hands * width)
    written = done = 0
    while offset[0] < len(data):
        out = _new_unclear("char[]", room)
        count = scan(offset, at_line, out, room, info, hands, done)
        if count > hands:
            raise AssertionError(f"{writer} wrote past its buffer")
        if count == 0:  # one hand's text is larger than the buffer
            room *= 2
            continue
        got = ffi.unpack(info, count * width)
        used = got[(count - 1) * width + text_end]
        if written:
            for at in range(text_end, len(got), width):
                got[at] += written
        texts.append(ffi.buffer(out, used))
        values += got
        written += used
        done += count
    # One buffer (mostly): its text where C wrote it, not copied out (the view keeps the buffer alive).
    return memoryview(texts[0] if len(texts) == 1 else b"".join(texts)), values


#: The largest buffer whose memory the C library keeps for the next run (glibc's largest mmap threshold).
_KEPT_BUFFER = 32 << 20


def keep_freed_memory() -> bool:
    """Have the C library keep the memory a run's buffers free for the next run's, instead of unmapping it and
    faulting it in again (csrc/render.h: badugi_render_keep_memory); for commands that score in bulk, once per
    process. Whether it took effect (glibc only)."""
    return bool(lib.badugi_render_keep_memory(_KEPT_BUFFER))


# ---- hand headers of every format (csrc/sites.c; its Python original is badugi_fast/history/sites.py) -----------

#: The matchers csrc/sites.c has, by the name a format gives as its ``c_matcher`` (formats/format.py).
MATCHERS: dict[str, int] = {
    "pokerstars": lib.BADUGI_MATCH_POKERSTARS,
    "full_tilt": lib.BADUGI_MATCH_FULL_TILT,
    "merge": lib.BADUGI_MATCH_MERGE,
    "kingsclub": lib.BADUGI_MATCH_KINGSCLUB,
    "phh": lib.BADUGI_MATCH_PHH,
}
#: The site code of a header line only Python can decide about.
SITE_ASK: int = lib.BADUGI_SITE_ASK
_HEADERS_PER_CALL = 4096


class HeaderFinder:
    """The formats ``find_headers`` looks for, in C's terms: each one's header prefix and matcher, in order."""

    __slots__ = ("_formats", "_prefixes", "count")

    def __init__(self, formats: Sequence[tuple[str, str | None]]) -> None:
        """``formats``: ``(header prefix, matcher name or None)`` of each format; None (or a name C does not have)
        leaves every line with that prefix to Python."""
        if not 0 < len(formats) <= lib.BADUGI_MAX_FORMATS:
            raise ValueError(f"a header finder looks for 1 to {lib.BADUGI_MAX_FORMATS} formats, not {len(formats)}")
        self._prefixes = [ffi.new("char[]", prefix.encode()) for prefix, _ in formats]  # kept alive with the table
        self._formats = ffi.new("badugi_format[]", len(formats))
        for entry, keep, (prefix, matcher) in zip(self._formats, self._prefixes, formats, strict=True):
            if not prefix:
                raise ValueError("a format's header prefix is not empty")
            entry.prefix = keep
            entry.length = len(prefix.encode())
            entry.matcher = MATCHERS.get(matcher or "", lib.BADUGI_MATCH_NONE)
        self.count = len(formats)


def header_finder(formats: Sequence[tuple[str, str | None]]) -> HeaderFinder:
    """A ``HeaderFinder`` of ``formats``: each one's header prefix and matcher name (None: no matcher)."""
    return HeaderFinder(formats)


def find_headers(
    data: bytes | bytearray, start: int, end: int, finder: HeaderFinder
) -> tuple[list[int], list[int], list[int], int]:
    """The hand headers among the lines of ``data[start:end]`` as parallel lists: offsets, formats (their index in
    ``finder``, or SITE_ASK) and lines (the newlines from ``start``); and the number of newlines in that range.
    ``start`` is a line's start and ``end`` a line's end, as ``history.sites.headers_in`` requires."""
    if not 0 <= start <= end <= len(data):
        raise ValueError(f"find_headers: {start}:{end} is not a range of {len(data)} bytes")
    offsets, sites = ffi.new("size_t[]", _HEADERS_PER_CALL), ffi.new("uint8_t[]", _HEADERS_PER_CALL)
    lines, after, newlines = ffi.new("size_t[]", _HEADERS_PER_CALL), ffi.new("size_t *"), ffi.new("size_t *")
    found_offsets: list[int] = []
    found_sites: list[int] = []
    found_lines: list[int] = []
    counted = 0
    at = start
    formats = finder._formats  # noqa: SLF001  # the table this module made
    # Released on the way out, whatever happens: ``data`` is the cutter's buffer, which cannot grow while exported.
    with ffi.from_buffer(data) as text:
        while True:
            count = lib.badugi_find_headers(
                text, len(data), at, end, formats, finder.count, offsets, sites, lines, len(offsets), after, newlines
            )
            if count == _REFUSED:
                raise AssertionError("badugi_find_headers refused its arguments")
            found_offsets += ffi.unpack(offsets, count)
            found_sites += ffi.unpack(sites, count)
            found_lines += (
                [counted + line for line in ffi.unpack(lines, count)] if counted else ffi.unpack(lines, count)
            )
            counted += newlines[0]
            if after[0] >= end:
                return found_offsets, found_sites, found_lines, counted
            at = after[0]


# ---- csrc/odds.c: draw odds, equity and advice (for badugi_fast/odds/ and badugi_fast/odds/policy_table.py) ------

#: Entries of a compiled policy table (3 per hand: 1, 2 or 3 draws to come), bins of a rank distribution, the
#: per-player fields of the equity results, the most advice options, the most native threads: see csrc/odds.h and
#: csrc/badugi.h.
POLICY_ENTRIES: int = lib.BADUGI_POLICY_ENTRIES
ODDS_BINS: int = lib.BADUGI_ODDS_BINS
EQUITY_EXACT_FIELDS: int = lib.BADUGI_EQUITY_EXACT_FIELDS
EQUITY_SAMPLE_FIELDS: int = lib.BADUGI_EQUITY_SAMPLE_FIELDS
ADVICE_MAX_OPTIONS: int = lib.BADUGI_ADVICE_MAX_OPTIONS
MAX_THREADS: int = lib.BADUGI_MAX_THREADS
POLICY_KINDS = {
    "usable": lib.BADUGI_POLICY_USABLE,
    "snow": lib.BADUGI_POLICY_SNOW,
    "pat": lib.BADUGI_POLICY_PAT,
    "basic": lib.BADUGI_POLICY_BASIC,
}

#: Codes meaning "no exact answer here" (the caller samples instead), and what the others mean.
_NOT_EXACT = (lib.BADUGI_E_BUDGET, lib.BADUGI_E_RESHUFFLE, lib.BADUGI_E_RANDOM)
_ODDS_ERRORS = {
    lib.BADUGI_E_ARGUMENT: "a count, size, mask or buffer out of range",
    lib.BADUGI_E_CARDS: "a card code out of range or in two places",
    lib.BADUGI_E_STUB: "a draw needs more cards than the stub and the muck hold",
    lib.BADUGI_E_RANGES: "the ranges and the known cards leave no deal (or almost none)",
}


class OddsQuestion(NamedTuple):
    """The fields of ``struct badugi_question`` (csrc/odds.h): per player four cards (-1: dealt at random), the
    first discard's positions (-1: the policy's choice), its policy table, the bounds of its range in
    ``range_cards`` (equal: none); the dead cards as a 52-bit set; the ranges' hands (uint8, four codes each) with
    the running totals of their weights (float64); the policy tables."""

    players: int
    draws: int
    cards: list[int]
    discards: list[int]
    policy_of: list[int]
    range_begin: list[int]
    range_end: list[int]
    dead: int
    range_cards: Buffer | None
    range_weights: Buffer | None
    masks: Buffer
    first: Buffer | None


def _odds_status(name: str, status: int) -> bool:
    """True for success, False for an answer that cannot be exact; raises for anything else."""
    if status == 0:
        return True
    if status in _NOT_EXACT:
        return False
    raise ValueError(f"{name}: {_ODDS_ERRORS.get(status, f'error {status}')}")


def _buffer(kind: str, data: Buffer | None) -> tuple[Any, int]:
    """A C view of ``data`` and its length, or NULL and 0."""
    if data is None:
        return ffi.NULL, 0
    view = ffi.from_buffer(kind, data)
    return view, len(view)


def _question(q: OddsQuestion) -> tuple[Any, list[Any]]:
    """The C struct of ``q`` and the buffer views it points into (kept alive by the caller until C returns)."""
    c = ffi.new("struct badugi_question *")
    c.players, c.draws, c.dead = q.players, q.draws, q.dead
    for field, values, size in (
        ("cards", q.cards, 4 * lib.BADUGI_ODDS_MAX_PLAYERS),
        ("discards", q.discards, lib.BADUGI_ODDS_MAX_PLAYERS),
        ("policy_of", q.policy_of, lib.BADUGI_ODDS_MAX_PLAYERS),
        ("range_begin", q.range_begin, lib.BADUGI_ODDS_MAX_PLAYERS),
        ("range_end", q.range_end, lib.BADUGI_ODDS_MAX_PLAYERS),
    ):
        if len(values) > size:
            raise ValueError(f"badugi_question: {len(values)} values of {field} for {size} places")
        getattr(c, field)[0 : len(values)] = values
    keep = []
    for pointer, size, kind, data in (
        ("range_cards", "range_cards_size", "uint8_t[]", q.range_cards),
        ("range_weights", "range_weights_size", "double[]", q.range_weights),
        ("masks", "masks_size", "uint8_t[]", q.masks),
        ("first", "first_size", "double[]", q.first),
    ):
        view, length = _buffer(kind, data)
        setattr(c, pointer, view)
        setattr(c, size, length)
        keep.append(view)
    return c, keep


def policy_table(kind: str, bound: int, masks: Buffer, first: Buffer | None) -> None:
    """Fill ``masks`` (POLICY_ENTRIES uint8) and ``first`` (as many float64, or None) with a built-in policy."""
    masks_c, masks_size = _buffer("uint8_t[]", masks)
    first_c, first_size = _buffer("double[]", first)
    status = lib.badugi_policy_table(POLICY_KINDS[kind], bound, masks_c, masks_size, first_c, first_size)
    _odds_status("badugi_policy_table", status)


def draw_odds_exact(q: OddsQuestion, max_paths: float, max_work: float, probabilities: Buffer) -> float | None:
    """The exact rank distribution of a one-player question into ``probabilities`` (ODDS_BINS float64); returns the
    number of draw sequences, or None when it would be over the budgets or need a reshuffle."""
    question, _keep = _question(q)
    deals = ffi.new("double *")
    work = ffi.new("double[]", lib.BADUGI_ODDS_WORK)
    sets = ffi.new("uint64_t[]", lib.BADUGI_ODDS_WORK)
    out = ffi.from_buffer("double[]", probabilities)
    status = lib.badugi_draw_odds_exact(
        question, max_paths, max_work, out, len(out), work, len(work), sets, len(sets), deals
    )
    return float(deals[0]) if _odds_status("badugi_draw_odds_exact", status) else None


def draw_odds_sample(q: OddsQuestion, seed: int, first_trial: int, samples: int, threads: int, counts: Buffer) -> None:
    """Trials ``first_trial`` .. ``first_trial + samples - 1``: counts (ODDS_BINS uint64) of each final rank number."""
    question, _keep = _question(q)
    out = ffi.from_buffer("uint64_t[]", counts)
    status = lib.badugi_draw_odds_sample(question, seed, first_trial, samples, threads, out, len(out))
    _odds_status("badugi_draw_odds_sample", status)


def equity_exact(
    q: OddsQuestion, max_work: float, parallel_from: float, threads: int, results: Buffer
) -> tuple[float, float] | None:
    """Exact one-draw equity into ``results`` (players x EQUITY_EXACT_FIELDS float64: the chances of winning alone
    and of splitting k ways); returns the number of deals and the steps taken, or None when the count is over
    ``max_work``, needs a reshuffle or meets a randomized first discard."""
    question, _keep = _question(q)
    deals, steps = ffi.new("double *"), ffi.new("double *")
    work = ffi.new("uint32_t[]", lib.BADUGI_EQUITY_WORK)
    out = ffi.from_buffer("double[]", results)
    status = lib.badugi_equity_exact(
        question, max_work, parallel_from, threads, out, len(out), work, len(work), deals, steps
    )
    return (float(deals[0]), float(steps[0])) if _odds_status("badugi_equity_exact", status) else None


def equity_sample(q: OddsQuestion, seed: int, first_trial: int, samples: int, threads: int, results: Buffer) -> None:
    """Trials ``first_trial`` .. ``first_trial + samples - 1``: per-player sums into ``results`` (players x
    EQUITY_SAMPLE_FIELDS uint64)."""
    question, _keep = _question(q)
    out = ffi.from_buffer("uint64_t[]", results)
    status = lib.badugi_equity_sample(question, seed, first_trial, samples, threads, out, len(out))
    _odds_status("badugi_equity_sample", status)


def advice_sample(
    q: OddsQuestion, options: list[int], seed: int, first_trial: int, samples: int, threads: int, results: Buffer
) -> bool:
    """Player 0's one-draw equity sums for each first discard in ``options`` (position masks), every option on the
    same trials, into ``results`` (options x EQUITY_SAMPLE_FIELDS uint64); False when a trial would need a
    reshuffle (then each option must be sampled on its own)."""
    question, _keep = _question(q)
    out = ffi.from_buffer("uint64_t[]", results)
    status = lib.badugi_advice_sample(
        question, options, len(options), seed, first_trial, samples, threads, out, len(out)
    )
    return _odds_status("badugi_advice_sample", status)


# ---- PokerStars hands written as PHH (csrc/phh_write.c; its Python original is formats/phh/writer.py) -----------

#: What ``phh_write_scan`` says of each hand: these values per hand (csrc/phh_write.h BADUGI_PHH_WRITE_*).
PHH_WRITE_INFO: int = lib.BADUGI_PHH_WRITE_INFO
PHH_WRITE_CODE: int = lib.BADUGI_PHH_WRITE_CODE
PHH_WRITE_LIMIT: int = lib.BADUGI_PHH_WRITE_LIMIT
PHH_WRITE_FIRST_LINE: int = lib.BADUGI_PHH_WRITE_FIRST_LINE
PHH_WRITE_FIRST_BYTE: int = lib.BADUGI_PHH_WRITE_FIRST_BYTE
PHH_WRITE_END_BYTE: int = lib.BADUGI_PHH_WRITE_END_BYTE
PHH_WRITE_TEXT_END: int = lib.BADUGI_PHH_WRITE_TEXT_END
#: A hand's code: written by C, else why not (Python writes it), by name.
PHH_WRITE_CODES: dict[int, str] = {
    lib.BADUGI_PHH_WRITE_WRITTEN: "written",
    lib.BADUGI_PHH_WRITE_NOT_READ: "not read by C",
    lib.BADUGI_PHH_WRITE_LINE: "a line C does not write from",
    lib.BADUGI_PHH_WRITE_CARDS: "cards C does not follow",
    lib.BADUGI_PHH_WRITE_REFUSED: "refused by the PHH writer",
}
PHH_WRITTEN: int = lib.BADUGI_PHH_WRITE_WRITTEN
PHH_NOT_READ: int = lib.BADUGI_PHH_WRITE_NOT_READ


def phh_write_scan(data: bytes | bytearray) -> tuple[bytes, list[int]]:
    """The PHH tables (each without its ``[n]`` line) of the PokerStars hands of the UTF-8 text ``data`` that
    csrc/stars.c answered and csrc/phh_write.c writes, back to back, and ``PHH_WRITE_INFO`` values per hand read
    (``PHH_WRITE_CODE`` says whether C wrote it; ``PHH_WRITE_TEXT_END`` counts from the start of the text returned).
    Mostly one call into C; a buffer too small for the next hand is grown and the call made again."""
    text = ffi.from_buffer(data)  # bytes, or a run's bytearray (history/cut.py: _take), read in place

    def scan(offset: Any, at_line: Any, out: Any, room: int, info: Any, hands: int, done: int) -> int:
        count: int = lib.badugi_phh_write_scan(text, len(data), offset, at_line, out, room, info, hands)
        return count

    # a table is shorter than twice its hand's text, but for the smallest hands
    tables, info = _texts_scanned(scan, data, 0, 0, 2, PHH_WRITE_INFO, PHH_WRITE_TEXT_END, "csrc/phh_write.c")
    return bytes(tables), info
