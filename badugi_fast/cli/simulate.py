"""``badugi simulate``: play hands with the simple policies and write them as PokerStars hand histories (or, with
``--format phh``, as PHH): the writer is the format's in ``formats.registry.WRITERS``.

Stakes with a ``$`` or a decimal point are dollars (a cash game, written in dollars and cents); whole numbers are
chips (written without currency). The summary line goes to stderr (``--quiet`` drops it).
"""

from __future__ import annotations

import argparse
import sys
import time

from badugi_fast.extras import require
from badugi_fast.files import replacing, replacing_folder
from badugi_fast.formats.registry import WRITERS
from badugi_fast.game.simulate import simulate
from badugi_fast.money import SCALE, parse_amount
from badugi_fast.parallel import cores
from badugi_fast.rules.engine import TableRules
from badugi_fast.rules.limits import FIXED, LIMITS

__all__ = ["FORMATS", "add_arguments", "parse_stakes", "run"]

#: What ``--format`` may name: every format badugi-fast writes.
FORMATS = tuple(WRITERS)


def parse_stakes(text: str) -> tuple[int, int, bool]:
    """``SB/BB`` -> (small blind, big blind, cash): dollars become cents, whole numbers stay chips.

    >>> parse_stakes("0.10/0.25"), parse_stakes("$1/$2"), parse_stakes("10/20")
    ((10, 25, True), (100, 200, True), (10, 20, False))
    >>> parse_stakes("10")
    Traceback (most recent call last):
    ...
    ValueError: stakes must be SB/BB, e.g. 10/20 (chips) or 0.10/0.25 (dollars), not '10'
    """
    parts = text.split("/")
    cash = "$" in text or "." in text
    try:
        if len(parts) != 2:
            raise ValueError
        small, big = (_amount(part, cash) for part in parts)
    except ValueError:
        raise ValueError(f"stakes must be SB/BB, e.g. 10/20 (chips) or 0.10/0.25 (dollars), not {text!r}") from None
    return small, big, cash


def _amount(text: str, cash: bool) -> int:
    """The engine's amount: cents of a dollar amount (at most two decimals), or whole chips."""
    if not cash and "." in text:
        raise ValueError(f"not an amount of chips: {text!r}")
    try:
        hundredths = parse_amount(text.strip())
    except ValueError:
        raise ValueError(f"not an amount of {'dollars' if cash else 'chips'}: {text!r}") from None
    return hundredths if cash else hundredths // SCALE


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--hands", type=int, default=1000, metavar="N", help="how many hands (default 1000)")
    parser.add_argument("--players", type=int, default=6, metavar="P", help="players at the table, 2-10 (default 6)")
    parser.add_argument("--limit", choices=LIMITS, default=FIXED, help="betting structure (default fixed)")
    parser.add_argument(
        "--stakes",
        default="10/20",
        metavar="SB/BB",
        help="blinds: chips (10/20, the default) or dollars (0.10/0.25); fixed-limit bets are BB and 2*BB",
    )
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="random seed (default 0)")
    parser.add_argument("--output", "-o", metavar="FILE", help="write the hand histories here (default stdout)")
    parser.add_argument(
        "--cap",
        type=int,
        default=4,
        metavar="BETS",
        help="fixed limit: bets allowed per round, the big blind counting as one; 0 for no cap (default 4)",
    )
    parser.add_argument("--uncapped-heads-up", action="store_true", help="no cap when only two players are in")
    parser.add_argument("--rake", type=float, default=0.0, metavar="PERCENT", help="rake in percent (default 0)")
    parser.add_argument("--rake-cap", metavar="AMOUNT", help="most rake per hand, in the units of the stakes")
    parser.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="play on the Dask cluster at ADDRESS, or on a local cluster of --jobs workers ('local'): tables of "
        "--table-hands hands, one file each in the folder --output (needs the dask extra)",
    )
    parser.add_argument(
        "--jobs", "-j", type=int, default=0, metavar="N", help="with --dask local: N workers (default: one per core)"
    )
    parser.add_argument(
        "--table-hands",
        type=int,
        default=10_000,
        metavar="N",
        help="with --dask: hands per table, each table seeded from --seed and its number (default 10000)",
    )
    parser.add_argument(
        "--format",
        choices=FORMATS,
        default="pokerstars",
        help="pokerstars: PokerStars hand histories (the default); phh: a .phhs file of PHH hands, every card known",
    )


def run(args: argparse.Namespace) -> int:
    """Simulate, write, and report how fast."""
    small, big, cash = parse_stakes(args.stakes)
    if small == big:  # refused here, not hand by hand when the histories are scored
        raise ValueError(
            f"--stakes {args.stakes}: the small blind must be less than the big blind (with equal blinds the "
            "histories do not say which blind is which, and badugi score reads no hand of them)"
        )
    rules = TableRules(
        small,
        big,
        args.limit,
        raise_cap=args.cap or None,
        uncapped_heads_up=args.uncapped_heads_up,
        rake_percent=args.rake,
        rake_cap=None if args.rake_cap is None else _amount(args.rake_cap, cash),
    )
    started = time.perf_counter()
    if args.dask:
        count = _simulate_on_cluster(args, rules, "USD" if cash else None)
        seconds = time.perf_counter() - started
        _summary(count, f" to {args.output}", seconds)
        return 0
    hands = simulate(args.hands, args.players, rules, args.seed)
    write = WRITERS[args.format].write_played
    if args.output is None:
        count = write(hands, sys.stdout, "USD" if cash else None)
    else:
        with replacing(args.output) as out:  # a file that was there stays whole until the new one is
            count = write(hands, out, "USD" if cash else None)
    where = "" if args.output is None else f" to {args.output}"
    _summary(count, where, time.perf_counter() - started)
    return 0


def _summary(count: int, where: str, seconds: float) -> None:
    """The summary line, on stderr as every command's (``--quiet`` drops it; stdout is for the hands)."""
    print(f"{count} hands{where} in {seconds:.2f} s ({count / max(seconds, 1e-9):,.0f} hands/s)", file=sys.stderr)


def _simulate_on_cluster(args: argparse.Namespace, rules: TableRules, currency: str | None) -> int:
    """``--dask``: the hands played as tables on the cluster, a file per table in the folder ``--output``."""
    if args.output is None:
        raise ValueError("--dask writes one file per table: give the folder as --output")
    if args.hands < 0:
        raise ValueError(f"the number of hands must be a non-negative integer, not {args.hands}")
    if args.jobs < 0:
        raise ValueError(f"--jobs must be 0 or more, not {args.jobs}")
    cluster = require("badugi_fast.cluster", "--dask")
    tables = require("badugi_fast.game.dask", "--dask")
    with (
        cluster.connect(args.dask, min(args.jobs or cores(), cores())) as client,
        replacing_folder(args.output, tables.is_table_file) as folder,  # whole, or the folder as it was
    ):
        hands: int = tables.simulate_tables(
            client, args.hands, args.players, rules, args.seed, folder, currency, args.table_hands, args.format
        )
    return hands
