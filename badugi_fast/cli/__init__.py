"""The ``badugi`` command line: parses arguments and calls the API; nothing else happens here.

Each subcommand is a module of this package with ``add_arguments(parser)`` and ``run(args) -> int``, which calls
the library; no library module imports one. Only the chosen subcommand's module is imported (``badugi --help``
loads none), so that the command starts fast. Bad input ends in a one-line error on stderr and exit status 2; a
mistyped command or option is answered with the closest one. A reader that goes away (``badugi score | head``) ends
the command quietly with status 141, as a shell reports SIGPIPE. ``--quiet`` (every command) drops what a command
writes on stderr while it runs (progress, summary, notes, warnings): the error line of a command that fails is still
printed. Closed standard streams (``<&-``, ``>&-``, ``2>&-``) are errors where they are used, never tracebacks:
reading a closed stdin gives an error record, writing to a closed stdout ends with status 2, and a closed stderr
only loses the messages. Ctrl-C ends a command with status 130 and SIGTERM with 143, promptly, after removing any
output not yet complete (no ``.partial`` file is left) and ending its worker processes.
"""

from __future__ import annotations

import argparse
import contextlib
import contextvars
import errno
import gc
import importlib
import io
import os
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from types import ModuleType
from typing import Any

__all__ = ["BROKEN_PIPE", "INTERRUPTED", "TERMINATED", "Terminated", "main", "paths_help"]

#: subcommand -> (module of this package with add_arguments/run, one-line help)
_COMMANDS: dict[str, tuple[str, str]] = {
    "eval": ("evaluate", "rank one or more hands, and say who wins"),
    "score": ("score", "check every showdown and pot in hand histories"),
    "simulate": ("simulate", "play hands with simple policies and write PokerStars hand histories or PHH"),
    "odds": ("odds", "what a hand becomes after its draws, under a named drawing policy"),
    "equity": ("equity", "each hand's share of the pot with draws to come"),
    "advise": ("advise", "every discard of a hand with its equity against hands or ranges, best first"),
    "stats": ("stats", "each player's results and statistics (VPIP, PFR, draws...) over hand histories or records"),
    "report": ("report", "one HTML page: the run, every hand that went wrong, the players' results, charts"),
    "import": ("importing", "score hand histories once into a database file, for stats --db (the db extra)"),
    "convert": ("convert", "write the hands of hand histories as PHH, pokerkit's hand history format"),
    "bench": ("bench", "time badugi-fast against pokerkit, poker-equity and numpy on this machine"),
}

#: Exit status when the reader of our output went away: 128 + SIGPIPE, as shells report it.
BROKEN_PIPE = 141
#: Exit status after Ctrl-C (128 + SIGINT) and after SIGTERM (128 + SIGTERM).
INTERRUPTED, TERMINATED = 130, 143


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    _standard_streams()
    command = "badugi"
    try:
        with _terminated_as_interrupted():
            args = _parse(list(sys.argv[1:] if argv is None else argv))
            command = f"badugi {args.command}"
            return _run(args)
    except KeyboardInterrupt as interrupted:  # Ctrl-C, or SIGTERM: every ``with`` block has cleaned up on the way
        terminated = isinstance(interrupted, Terminated)
        print(f"{command}: {'terminated' if terminated else 'interrupted'}", file=sys.stderr)
        return TERMINATED if terminated else INTERRUPTED


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where the program is, as Ctrl-C raises ``KeyboardInterrupt``: outputs not yet complete are
    removed and worker processes ended on the way out, as for Ctrl-C."""


@contextlib.contextmanager
def _terminated_as_interrupted() -> Iterator[None]:
    """SIGTERM raises ``Terminated`` meanwhile (in the main thread), instead of ending the process on the spot."""

    def terminate(number: int, frame: object) -> None:
        raise Terminated

    try:
        previous = signal.signal(signal.SIGTERM, terminate)
    except ValueError:  # not the main thread: signals stay as they are
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _run(args: argparse.Namespace) -> int:
    """Run the parsed command: its status, or 2 after a one-line error."""
    run: Callable[[argparse.Namespace], int] = args.run
    try:
        with _dropped_stderr() if args.quiet else contextlib.nullcontext():
            status = run(args)
            sys.stdout.flush()  # a write that fails fails here, where it is reported, not at exit
        return status
    except BrokenPipeError:
        # Not an error of ours: stop quietly, and point stdout at /dev/null so the final flush cannot fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return BROKEN_PIPE
    except (ValueError, OSError) as error:
        if isinstance(sys.stdout, _ClosedStream):
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115  # stdout for good: the exit's flush must not fail
        print(f"badugi {args.command}: error: {error}", file=sys.stderr)
        return 2


def _parse(arguments: list[str]) -> argparse.Namespace:
    """The parsed arguments. Only the chosen subcommand gets its arguments (and its module imported); when one is
    chosen and no help is asked for, the other subcommands get no parser at all (making them is slow)."""
    parser = argparse.ArgumentParser(
        prog="badugi",
        description="Exact Badugi hand evaluation, hand-history scoring and simulation.",
        formatter_class=_HelpFormatter,
        **_SUGGEST_ON_ERROR,
    )
    parser.add_argument("--version", action=_Version, help="print the version of badugi-fast and exit")
    # Its ``prog`` given (what argparse would format from a usage line): no width is learnt when no help is shown.
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True, prog=parser.prog)
    chosen = next((argument for argument in arguments if not argument.startswith("-")), None)
    if chosen is not None and chosen not in _COMMANDS:
        import difflib  # only for a mistyped command: not imported by every command that starts

        close = difflib.get_close_matches(chosen, _COMMANDS, n=1)
        if close:
            parser.error(f"unknown command {chosen!r}: did you mean {close[0]}?")
    subparsers: dict[str, argparse.ArgumentParser] = {}
    alone = chosen in _COMMANDS and _HELP_OPTIONS.isdisjoint(arguments)  # the others' parsers would go unused
    for name, (module_name, summary) in _COMMANDS.items():
        if alone and name != chosen:
            continue
        sub = commands.add_parser(
            name, help=summary, description=summary, formatter_class=_HelpFormatter, **_SUGGEST_ON_ERROR
        )
        sub.add_argument(
            "--quiet",
            "-q",
            action="store_true",
            help="write nothing on stderr but the error that ends a failed command (no progress, summary or notes)",
        )
        if name == chosen:
            module = _imported(f"badugi_fast.cli.{module_name}")
            shown = _HELP_SHOWN.set(not _HELP_OPTIONS.isdisjoint(arguments))
            try:
                module.add_arguments(sub)
            finally:
                _HELP_SHOWN.reset(shown)
            sub.set_defaults(run=module.run)
        subparsers[name] = sub
    args, unknown = parser.parse_known_args(arguments)
    if unknown:
        sub = subparsers[args.command]
        sub.error(f"unrecognized arguments: {' '.join(unknown)}{_option_hint(sub, unknown)}")
    return args


def _imported(name: str) -> ModuleType:
    """Module ``name`` (a command's), imported with the cyclic garbage collector paused, and what the import made
    frozen (``gc.freeze``): the modules, classes and functions of a command live until it ends, and the collector
    walked them again and again while they were imported (4 % of the instructions of starting ``badugi score``)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        return importlib.import_module(name)
    finally:
        gc.freeze()
        if enabled:
            gc.enable()


def jobs_of(args: argparse.Namespace, command: str) -> int:
    """The processes ``--jobs`` asks for (0: one per core; by default one, or one per core with ``--dask local``),
    never more than the cores: a larger number is capped, and stderr says so."""
    from badugi_fast.parallel import cores

    asked: int = args.jobs if args.jobs is not None else 0 if args.dask == "local" else 1
    if asked < 0:
        raise ValueError(f"--jobs must be 0 or more, not {asked}")
    available = cores()
    if asked > available:
        print(f"badugi {command}: --jobs {asked}: using {available}, the number of cores", file=sys.stderr)
    return min(asked or available, available)


#: Whether the help being made will be shown: ``_parse`` says no unless the arguments ask for it, so that a command
#: (``badugi stats --db``) does not import every reader only to list them in a help it does not show.
_HELP_SHOWN: contextvars.ContextVar[bool] = contextvars.ContextVar("help_shown", default=True)
_HELP_OPTIONS = frozenset({"-h", "--help"})


def paths_help(default: str) -> str:
    """The help of a command's PATH arguments: every format of ``formats.registry`` and every kind of input that
    ``history.sources`` reads, then ``default`` (just ``hand histories`` when the help will not be shown)."""
    if not _HELP_SHOWN.get():
        return "hand histories"
    from badugi_fast.formats.registry import BY_SITE
    from badugi_fast.history.sources import PACKED_SUFFIXES

    return (
        f"hand histories ({', '.join(BY_SITE)}; several in one file too): files, folders (searched recursively), "
        f"compressed files and archives ({', '.join(PACKED_SUFFIXES)}), fsspec URLs (s3://...: the s3 extra), or - "
        f"for stdin{default}"
    )


class _HelpFormatter(argparse.HelpFormatter):
    """argparse's help formatter, learning the terminal's width only when it formats a help or a usage line:
    argparse makes a formatter for every argument added (to check it), and learning the width imports ``shutil``,
    which imports ``bz2``, ``lzma`` and ``fnmatch`` (2 ms of every start, for a help hardly ever shown)."""

    def __init__(self, prog: str, **options: Any) -> None:
        self._options = options
        super().__init__(prog, **{"width": _UNKNOWN_WIDTH, **options})

    def format_help(self) -> str:
        if "width" not in self._options:  # now it is needed: argparse's own formatter learns it
            learnt = argparse.HelpFormatter(self._prog, **self._options)
            self._width, self._max_help_position = learnt._width, learnt._max_help_position  # noqa: SLF001  # argparse's formatter keeps them so, with no public way to set them
        return super().format_help()


#: The width a ``_HelpFormatter`` is made with until it formats: any will do for argparse's checks.
_UNKNOWN_WIDTH = 80


#: argparse's own suggestions for mistyped choices, where it has them (Python 3.14+; older ones get ours only).
_SUGGEST_ON_ERROR: dict[str, Any] = {"suggest_on_error": True} if sys.version_info >= (3, 14) else {}


def _option_hint(parser: argparse.ArgumentParser, unknown: list[str]) -> str:
    """``(did you mean --jobs?)`` for the first unknown option that is close to one of ``parser``'s."""
    import difflib  # only for a mistyped option, as in ``_parse``

    options = [option for action in parser._actions for option in action.option_strings]  # noqa: SLF001  # argparse has no public list of them
    for word in unknown:
        if word.startswith("-"):
            close = difflib.get_close_matches(word.partition("=")[0], options, n=1)
            if close:
                return f" (did you mean {close[0]}?)"
    return ""


class _Version(argparse.Action):
    """``--version``: ``badugi_fast.__version__`` (the installed distribution's, ``+source`` in a source tree), read
    only when asked (reading metadata is slow to import)."""

    def __init__(self, option_strings: list[str], dest: str, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        import badugi_fast

        print(f"badugi-fast {badugi_fast.__version__}")
        parser.exit()


@contextlib.contextmanager
def _dropped_stderr() -> Iterator[None]:
    """``--quiet``: what is written on stderr meanwhile goes nowhere (a stream that is no terminal: no progress)."""
    with open(os.devnull, "w") as nowhere, contextlib.redirect_stderr(nowhere):
        yield


class _ClosedStream(io.RawIOBase):
    """A standard stream that was closed when the command started: using it is an ``OSError`` that says so."""

    def __init__(self, name: str, reading: bool) -> None:
        super().__init__()
        self._name = name
        self._reading = reading

    def readable(self) -> bool:
        return self._reading

    def writable(self) -> bool:
        return not self._reading

    def readinto(self, buffer: Any) -> int:
        raise OSError(errno.EBADF, f"standard {self._name} is closed")

    def write(self, data: Any) -> int:
        raise OSError(errno.EBADF, f"standard {self._name} is closed")


def _standard_streams() -> None:
    """Python leaves ``sys.stdin``/``stdout``/``stderr`` None when their file descriptor was closed: /dev/null takes
    the descriptor (so that no file opened later gets it, and worker processes have one), stdin and stdout become
    streams that fail with a clear ``OSError`` when used, and stderr writes nowhere."""
    for fd, name in ((0, "stdin"), (1, "stdout"), (2, "stderr")):
        if getattr(sys, name) is not None:
            continue
        null = os.open(os.devnull, os.O_RDWR)
        if null != fd:
            os.dup2(null, fd)
            os.close(null)
        if name == "stderr":
            sys.stderr = open(fd, "w", closefd=False)  # noqa: SIM115  # for the whole run
        elif name == "stdin":
            sys.stdin = io.TextIOWrapper(io.BufferedReader(_ClosedStream("input", reading=True)))
        else:
            # Unbuffered: a write fails at once, and nothing is left to fail again at exit.
            sys.stdout = io.TextIOWrapper(_ClosedStream("output", reading=False), write_through=True)
