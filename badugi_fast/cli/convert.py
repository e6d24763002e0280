"""``badugi convert PATH... --to phh``: hand histories of any site read by ``badugi score`` written as PHH.

Hands are read, converted and written one at a time as the files stream (memory stays bounded), into one ``.phhs``
file (``--output``; it replaces the file only once complete) or stdout. Every hand not written is said on stderr
with the reason: one line per Badugi hand that could not be read or that PHH cannot hold, a count of the hands of
other games. Pot-limit, half-pot-limit and no-limit hands are written with badugi-fast's own variant codes (PHH has
none for them), and stderr says that strict PHH readers refuse them. Exit status: 0; 1 with ``--fail-on-skip``
when a hand was left out (the run stops there and writes no file); 2 on a usage error.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Iterator
from typing import TextIO

from badugi_fast.cli import paths_help
from badugi_fast.files import replacing
from badugi_fast.formats import phh
from badugi_fast.formats.model import Hand
from badugi_fast.formats.phh import NON_STANDARD, VARIANTS, Skipped, changes
from badugi_fast.formats.registry import WRITERS
from badugi_fast.history.converted import Written, write_phh
from badugi_fast.history.inputs import Source
from badugi_fast.history.pipeline import units
from badugi_fast.history.read import bulk_memory
from badugi_fast.history.score import score
from badugi_fast.history.sources import expand, refuse_as_output
from badugi_fast.history.vouched import vouched_hands

__all__ = ["FORMATS", "add_arguments", "run"]

#: What ``--to`` may name: the formats of ``formats.registry.WRITERS`` that write hands of the model.
FORMATS = tuple(name for name, writer in WRITERS.items() if writer.write_hands is not None)


class _Stop(Exception):
    """A hand was left out under ``--fail-on-skip``: the run ends without writing the output."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "paths",
        nargs="+",
        metavar="PATH",
        help=paths_help(""),
    )
    parser.add_argument("--to", choices=FORMATS, default="phh", help="the format to write (default: phh)")
    parser.add_argument("--output", "-o", metavar="FILE", help="write the hands to FILE (a .phhs) instead of stdout")
    parser.add_argument(
        "--fail-on-skip",
        action="store_true",
        help="stop with exit status 1, writing nothing, at the first hand that cannot be converted",
    )


def run(args: argparse.Namespace) -> int:
    """Convert, write, summarise; returns the exit status."""
    bulk_memory()  # each run's megabytes of text and tables reuse the last run's pages
    sources = expand(args.paths, note=_note)
    counts: Counter[str] = Counter()
    try:
        if args.output:
            refuse_as_output(args.output, sources)
            with replacing(args.output) as stream:
                _convert(sources, stream, counts, args.fail_on_skip, args.to)
        else:
            _convert(sources, sys.stdout, counts, args.fail_on_skip, args.to)
    except _Stop:
        _summary(counts, stopped=True)
        return 1
    _summary(counts)
    return 0


def _convert(sources: list[Source], stream: TextIO, counts: Counter[str], stop: bool, form: str) -> None:
    """Write every hand that converts to format ``form``; count and report the others. PHH is written by
    ``history.converted``: C writes the tables of the PokerStars hands it read, Python the others."""
    write = WRITERS[form].write_hands
    if write is None:
        raise ValueError(f"badugi convert cannot write {form}: it writes {', '.join(FORMATS)}")
    written: Iterator[Written | Hand | Skipped]
    if WRITERS[form] is phh.WRITER:
        written = write_phh(units(sources), stream, refuse=_mismatch)
    else:  # a writer of the registry's that C does not write for: every hand of the model, from Python
        hands = _Hands(sources)
        written = write(hands, stream, refuse=hands.not_right)
    for done in written:
        counts["hands"] += 1
        if isinstance(done, Skipped):
            _skipped(done, counts)
            if stop:
                raise _Stop
            continue
        counts["written"] += 1
        if isinstance(done, Hand):  # C writes only hands whose history names the stakes: no change to note
            for change in changes(done):
                _note(f"{done.source}:{done.index} #{done.hand_id} ({done.site}): {change}")
        variant = VARIANTS[done.limit or ""]
        if variant in NON_STANDARD:
            if not counts["non-standard"]:
                _note(
                    f"hands of {done.limit} limit are written with variant {variant!r}: PHH has no code for pot, "
                    f"half-pot or no-limit Badugi, so badugi-fast uses its own ({', '.join(sorted(NON_STANDARD))}); "
                    "strict PHH readers (pokerkit among them) refuse them"
                )
            counts["non-standard"] += 1
    stream.flush()


class _Hands:
    """Every hand of the sources, read as ``badugi score`` reads them, in order; and why the one just read is not
    written (``not_right``, which ``phh.write`` asks of each hand as it comes)."""

    def __init__(self, sources: list[Source]) -> None:
        self.sources = sources
        self.vouched: Hand | None = None  # the hand just read, when the C reader answered for it

    def __iter__(self) -> Iterator[Hand]:
        for unit in units(self.sources):
            for hand, vouched in vouched_hands(unit):
                self.vouched = hand if vouched else None
                yield hand

    def not_right(self, hand: Hand) -> str | None:
        """``_mismatch`` of a hand the C reader did not answer for (``history.vouched``): one it answered for is
        verified or without a showdown, and is not scored again."""
        return None if hand is self.vouched else _mismatch(hand)


def _mismatch(hand: Hand) -> str | None:
    """Why a hand is not written: the scorer calls it a mismatch (it breaks the rules, or was paid wrong), so PHH
    would record what cannot have happened; None for a hand to write (an unreadable one is PHH's to refuse)."""
    if not hand.is_badugi or hand.error is not None:
        return None
    result = score(hand)
    return f"badugi score calls it a mismatch: {result.reason}" if result.status == "mismatch" else None


def _skipped(skipped: Skipped, counts: Counter[str]) -> None:
    """Count a hand left out; name it on stderr unless it is simply of another game."""
    hand = skipped.hand
    if not hand.is_badugi and hand.error is None:
        counts["other games"] += 1
        counts[f"game {hand.game or 'unknown'}"] += 1
        return
    counts["unreadable" if hand.error is not None else "not convertible"] += 1
    _note(f"{hand.source}:{hand.index} #{hand.hand_id} ({hand.site}) not converted: {skipped.reason}")


def _note(message: str) -> None:
    print(f"badugi convert: {message}", file=sys.stderr)


def _summary(counts: Counter[str], stopped: bool = False) -> None:
    games = ", ".join(f"{count} {key[5:]}" for key, count in sorted(counts.items()) if key.startswith("game "))
    _note(
        f"{counts['hands']} hands read, {counts['written']} written as PHH ({counts['non-standard']} with a "
        f"non-standard variant), {counts['other games']} of other games{f' ({games})' if games else ''}, "
        f"{counts['unreadable']} unreadable, {counts['not convertible']} that PHH cannot hold"
        + ("; stopped at the first hand left out (--fail-on-skip): nothing written" if stopped else "")
    )
