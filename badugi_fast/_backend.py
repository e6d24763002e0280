"""Choose the lookup backend once, at import: the C extension if it was built, else pure Python (with a warning).

BADUGI_FAST_BACKEND=c insists on the C extension (ImportError without it); BADUGI_FAST_BACKEND=python picks the
pure-Python lookups on purpose (no warning). Unset, the C extension is used when present.

``Backend`` is what both backends offer (``_native``: the C lookups; ``_fallback``: the same in Python over the
same table). ``history_fast_paths`` are the C fast paths of ``badugi score`` (finding hand headers, reading
PokerStars text): they exist only with the C backend, because the Python code they mirror (``history.sites``,
``formats.pokerstars.reader``) is the definition and serves without them.
"""

from __future__ import annotations

import os
import warnings
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from collections.abc import Sequence

    from badugi_fast._native import HeaderFinder, StarsHand
    from badugi_fast._native import OddsQuestion as Question

__all__ = ["Backend", "HistoryFastPaths", "OddsLoops", "backend", "history_fast_paths", "odds_loops"]

_CHOICES = ("c", "python")

#: A readable or writable C-contiguous buffer: a numpy array in practice (numpy is not imported by the backends,
#: to keep ``import badugi_fast`` fast).
Buffer = Any


class Backend(Protocol):
    """The lookups every backend offers. The single-hand ones return a negative ``BADUGI_E_*`` code for bad input
    (the caller names the problem); the bulk ones return (number of invalid hands, index of the first)."""

    NAME: str

    def rank4(self, a: int, b: int, c: int, d: int, /) -> int:
        """The rank number of four card codes."""
        ...

    def usable4(self, a: int, b: int, c: int, d: int, /) -> int:
        """Bit i set when argument i is a usable card."""
        ...

    def index4(self, a: int, b: int, c: int, d: int, /) -> int:
        """The perfect-hash index of four card codes."""
        ...

    def rank_text(self, utf8: bytes, length: int, /) -> int:
        """The rank number of a hand written as UTF-8 text of ``length`` bytes."""
        ...

    def rank_codes_many(self, codes: Buffer, out: Buffer, threads: int) -> tuple[int, int]:
        """Ranks of an (N, 4) uint8 C-contiguous array of codes into ``out`` (N uint16); invalid hands get 0."""
        ...

    def rank_text_many(self, text: bytes, out: Buffer, threads: int) -> tuple[int, int]:
        """Ranks of len(out) NUL-separated hand strings into ``out``; invalid hands get 0."""
        ...


class HistoryFastPaths(Protocol):
    """The C fast paths of ``badugi score`` (``_native``)."""

    SITE_ASK: int  # the format code of a header line only Python can decide about

    def header_finder(self, formats: Sequence[tuple[str, str | None]], /) -> HeaderFinder:
        """The formats to look for: each one's header prefix and the name of its C matcher (None: none)."""
        ...

    def find_headers(
        self, data: bytes | bytearray, start: int, end: int, finder: HeaderFinder, /
    ) -> tuple[list[int], list[int], list[int], int]:
        """Offsets, formats (indexes in ``finder``) and lines of the hand headers in a range of lines, and its
        number of newlines."""
        ...

    def stars_scan(self, data: bytes | bytearray) -> list[StarsHand]:
        """One record per hand of UTF-8 PokerStars text, in order."""
        ...

    def phh_scan(self, data: bytes | bytearray, start: int, line: int) -> list[StarsHand]:
        """One record per hand of UTF-8 PHH text from byte ``start`` (line ``line``) on, in order."""
        ...


class OddsLoops(Protocol):
    """The C loops of the odds, equity and advice (``_native``; csrc/odds.c): see their docstrings there."""

    @property
    def POLICY_ENTRIES(self) -> int: ...  # entries of a compiled policy table

    @property
    def ODDS_BINS(self) -> int: ...  # bins of a rank distribution

    @property
    def EQUITY_EXACT_FIELDS(self) -> int: ...  # per-player fields of an exact equity count

    @property
    def EQUITY_SAMPLE_FIELDS(self) -> int: ...  # per-player fields of sampled equity sums

    @property
    def ADVICE_MAX_OPTIONS(self) -> int: ...  # first discards one advice run plays on the same trials

    @property
    def MAX_THREADS(self) -> int: ...  # native threads at most (BADUGI_MAX_THREADS)

    @property
    def OddsQuestion(self) -> type[Question]: ...  # the fields of struct badugi_question

    def policy_table(self, kind: str, bound: int, masks: Buffer, first: Buffer | None) -> None: ...

    def draw_odds_exact(
        self, q: Question, max_paths: float, max_work: float, probabilities: Buffer
    ) -> float | None: ...

    def draw_odds_sample(
        self, q: Question, seed: int, first_trial: int, samples: int, threads: int, counts: Buffer
    ) -> None: ...

    def equity_exact(
        self, q: Question, max_work: float, parallel_from: float, threads: int, results: Buffer
    ) -> tuple[float, float] | None: ...

    def equity_sample(
        self, q: Question, seed: int, first_trial: int, samples: int, threads: int, results: Buffer
    ) -> None: ...

    def advice_sample(
        self,
        q: Question,
        options: list[int],
        seed: int,
        first_trial: int,
        samples: int,
        threads: int,
        results: Buffer,
    ) -> bool: ...


def _choose() -> tuple[Backend, HistoryFastPaths | None, OddsLoops | None]:
    wanted = os.environ.get("BADUGI_FAST_BACKEND", "").strip().lower()
    if wanted and wanted not in _CHOICES:
        raise ImportError(f"BADUGI_FAST_BACKEND must be 'c' or 'python', not {wanted!r}")
    if wanted == "python":
        from badugi_fast import _fallback

        return _fallback, None, None
    try:
        from badugi_fast import _native
    except ImportError as error:
        if wanted == "c":
            raise ImportError(f"BADUGI_FAST_BACKEND=c but the C extension is not available: {error}") from error
        warnings.warn(
            f"badugi-fast: the C extension is not available ({error}); using the pure-Python backend, which gives "
            "the same results more slowly. Reinstall with a C compiler for the fast one.",
            RuntimeWarning,
            stacklevel=2,
        )
        from badugi_fast import _fallback

        return _fallback, None, None
    return _native, _native, _native


backend, history_fast_paths, odds_loops = _choose()
