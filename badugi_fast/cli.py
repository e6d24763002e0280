"""The ``badugi`` command line: parses arguments and calls the API; nothing else happens here.

Subcommands live next to the code they drive: each module in ``_COMMANDS`` has ``add_arguments(parser)`` and
``run(args) -> int``. Bad input ends in a one-line error on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

__all__ = ["main"]

#: subcommand -> (module with add_arguments/run, one-line help)
_COMMANDS = {
    "eval": ("badugi_fast.eval_command", "rank one or more hands, and say who wins"),
    "score": ("badugi_fast.history.command", "check every showdown and pot in hand histories"),
    "simulate": ("badugi_fast.game.command", "play hands with simple policies and write PokerStars hand histories"),
    "odds": ("badugi_fast.odds_command", "what a hand becomes after its draws, under a named drawing policy"),
    "equity": ("badugi_fast.equity_command", "each hand's share of the pot with draws to come"),
}


#: Exit status when the reader of our output went away (`badugi score | head`): 128 + SIGPIPE, as shells report.
BROKEN_PIPE = 141


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(prog="badugi", description="Exact Badugi hand evaluation.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, (module_name, summary) in _COMMANDS.items():
        sub = commands.add_parser(name, help=summary, description=summary)
        sub.set_defaults(module_name=module_name)
        importlib.import_module(module_name).add_arguments(sub)
    args = parser.parse_args(argv)
    try:
        status: int = importlib.import_module(args.module_name).run(args)
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
    return status
