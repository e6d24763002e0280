"""``badugi simulate``: play hands with the simple policies and write them as PokerStars hand histories.

Stakes with a ``$`` or a decimal point are dollars (a cash game, written in dollars and cents); whole numbers are
chips (written without currency). The summary line goes to stderr when the hands go to stdout.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import TextIO

from badugi_fast.files import replacing
from badugi_fast.game.engine import TableRules
from badugi_fast.game.limits import LIMITS
from badugi_fast.game.simulate import simulate
from badugi_fast.history.pokerstars.writer import write_histories

__all__ = ["add_arguments", "parse_stakes", "run"]


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
    """Chips, or cents of a dollar amount with at most two decimals."""
    clean = text.strip().lstrip("$")
    whole, dot, cents = clean.partition(".")
    if not (whole + cents).isdigit() or len(cents) > 2 or (dot and not cash):
        raise ValueError(f"not an amount of {'dollars' if cash else 'chips'}: {text!r}")
    return int(whole or "0") * 100 + int(cents.ljust(2, "0")) if cash else int(whole)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--hands", type=int, default=1000, metavar="N", help="how many hands (default 1000)")
    parser.add_argument("--players", type=int, default=6, metavar="P", help="players at the table, 2-10 (default 6)")
    parser.add_argument("--limit", choices=LIMITS, default="fixed", help="betting structure (default fixed)")
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


def run(args: argparse.Namespace) -> int:
    """Simulate, write, and report how fast."""
    small, big, cash = parse_stakes(args.stakes)
    rules = TableRules(
        small,
        big,
        args.limit,
        raise_cap=args.cap or None,
        uncapped_heads_up=args.uncapped_heads_up,
        rake_percent=args.rake,
        rake_cap=None if args.rake_cap is None else _amount(args.rake_cap, cash),
    )
    hands = simulate(args.hands, args.players, rules, args.seed)
    started = time.perf_counter()
    if args.output is None:
        count = write_histories(hands, sys.stdout, "USD" if cash else None)
        report: TextIO = sys.stderr
    else:
        with replacing(args.output) as out:  # a file that was there stays whole until the new one is
            count = write_histories(hands, out, "USD" if cash else None)
        report = sys.stdout
    seconds = time.perf_counter() - started
    where = "" if args.output is None else f" to {args.output}"
    print(f"{count} hands{where} in {seconds:.2f} s ({count / max(seconds, 1e-9):,.0f} hands/s)", file=report)
    return 0
