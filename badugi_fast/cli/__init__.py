"""The ``badugi`` command line: parses arguments and calls the API; nothing else happens here.

Each subcommand is a module of this package with ``add_arguments(parser)`` and ``run(args) -> int``, which calls
the library; no library module imports one. Bad input ends in a one-line error on stderr and exit status 2; a
reader that goes away (``badugi score | head``) ends the command quietly with status 141, as a shell reports
SIGPIPE.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from types import ModuleType

from badugi_fast.cli import advise, bench, convert, equity, evaluate, odds, score, simulate

__all__ = ["BROKEN_PIPE", "main"]

#: subcommand -> (module with add_arguments/run, one-line help)
_COMMANDS: dict[str, tuple[ModuleType, str]] = {
    "eval": (evaluate, "rank one or more hands, and say who wins"),
    "score": (score, "check every showdown and pot in hand histories"),
    "simulate": (simulate, "play hands with simple policies and write PokerStars hand histories or PHH"),
    "odds": (odds, "what a hand becomes after its draws, under a named drawing policy"),
    "equity": (equity, "each hand's share of the pot with draws to come"),
    "advise": (advise, "every discard of a hand with its equity against hands or ranges, best first"),
    "convert": (convert, "write the hands of hand histories as PHH, pokerkit's hand history format"),
    "bench": (bench, "time badugi-fast against pokerkit, poker-equity and numpy on this machine"),
}

#: Exit status when the reader of our output went away: 128 + SIGPIPE, as shells report it.
BROKEN_PIPE = 141


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(prog="badugi", description="Exact Badugi hand evaluation.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, (module, summary) in _COMMANDS.items():
        sub = commands.add_parser(name, help=summary, description=summary)
        sub.set_defaults(run=module.run)
        module.add_arguments(sub)
    args = parser.parse_args(argv)
    run: Callable[[argparse.Namespace], int] = args.run
    try:
        return run(args)
    except BrokenPipeError:
        # Not an error of ours: stop quietly, and point stdout at /dev/null so the final flush cannot fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return BROKEN_PIPE
    except (ValueError, OSError) as error:
        print(f"badugi {args.command}: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"badugi {args.command}: interrupted", file=sys.stderr)
        return 130
