"""`badugi bench` from a checkout, plus the one figure only a checkout has: how long build.py takes to build the
rank table.

    python scripts/bench.py [badugi bench options] [--skip-build]
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from badugi_fast.cli import bench as command

ROOT = Path(__file__).resolve().parents[1]


def table_build_seconds() -> float:
    """Time to build the rank table with the reference, as build.py does at install."""
    spec = importlib.util.spec_from_file_location("badugi_build", ROOT / "build.py")
    assert spec is not None
    assert spec.loader is not None
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    started = time.perf_counter()
    build.make_table()
    return time.perf_counter() - started


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    command.add_arguments(parser)
    parser.add_argument("--skip-build", action="store_true", help="do not time the table build (about 10 s)")
    args = parser.parse_args(argv)
    try:
        report = command.measure(args)
    except ValueError as error:
        parser.error(str(error))
    if not args.skip_build:
        report["summary"]["table build seconds (build.py)"] = table_build_seconds()
    return command.emit(report, args.json)


if __name__ == "__main__":
    sys.exit(main())
