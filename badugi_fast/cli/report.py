"""``badugi report [PATH ...] --output report.html``: one self-contained HTML page of a run of hand histories:
the run, every hand that went wrong (its reason, our payout beside the site's, its text), the players' results,
the hero's (or ``--player``'s) net won as a chart, by stakes and by session, and the draws. Needs the ``report``
extra (Jinja2, matplotlib). Takes ``badugi stats``' selection options; reads hand histories (the page shows the
text of the hands that went wrong, which saved records do not hold), or with ``--db`` the database of
``badugi import`` (``db.report``: the hands that went wrong listed without their text). Exits as ``badugi score``
does on the same hands: 1 when a hand mismatched or could not be read (the page is written all the same, and lists
them), else 0.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from badugi_fast.cli import jobs_of
from badugi_fast.cli.importing import database_of
from badugi_fast.cli.stats import add_selection, nothing_matches, say_left_out, selection
from badugi_fast.extras import require
from badugi_fast.files import replacing
from badugi_fast.history.sources import SAMPLES, expand, no_history, refuse_as_output
from badugi_fast.stats import Filters, is_records

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_selection(parser)
    parser.add_argument("--output", "-o", metavar="FILE", required=True, help="the HTML file to write")
    parser.add_argument("--title", default="Badugi hands", help="the page's title")


def run(args: argparse.Namespace) -> int:
    page = require("badugi_fast.report.page", "badugi report")
    gather = require("badugi_fast.report.gather", "badugi report")
    filters = selection(args)
    if len(args.player) > 1:
        raise ValueError("badugi report follows one player: give --player once")
    player = args.player[0] if args.player else None
    paths = args.paths or ([] if args.db is not None else [str(SAMPLES)])
    if any(is_records(path) for path in paths):
        raise ValueError("badugi report reads hand histories (it shows the hands' text): not saved records")
    sources = expand(paths)
    refuse_as_output(args.output, sources)
    if args.db is not None:
        gathered = _from_database(args, filters, player)
        if sources:
            gathered.merge(gather.gather(sources, filters, player, jobs_of(args, "report")))
    elif args.dask:
        cluster = require("badugi_fast.cluster", "--dask")
        with cluster.connect(args.dask, jobs_of(args, "report")) as client:
            gathered = gather.gather_on_dask(client, sources, filters, player)
    else:
        gathered = gather.gather(sources, filters, player, jobs_of(args, "report"))
    say_left_out("report", gathered.tally)
    if args.db is None and not gathered.tally.statuses:  # as badugi score: files that hold no hand give no page
        raise no_history(sources)
    if not gathered.tally.rows and filters != Filters(by=filters.by):  # no page that shows nothing: say why
        print(f"badugi report: {nothing_matches(args, filters)}", file=sys.stderr)
        return 1
    text = page.render(gathered, player, args.title)
    with replacing(args.output) as stream:
        stream.write(text)
    counts = gathered.tally.statuses
    print(
        f"badugi report: {sum(counts.values())} hands, {counts['mismatch']} mismatches, {counts['error']} errors; "
        f"{len(text.encode()):,} bytes to {args.output}",
        file=sys.stderr,
    )
    return 1 if counts["mismatch"] or counts["error"] else 0  # as badugi score's: the page is written all the same


def _from_database(args: argparse.Namespace, filters: Filters, player: str | None) -> Any:
    """What the page needs of the database of ``--db`` (``db.report``): its hands that went wrong without their
    text, which the database does not keep."""
    store = require("badugi_fast.db.store", "--db")
    report = require("badugi_fast.db.report", "--db")
    with store.connect(database_of(args)) as connection:
        return report.gathered(connection, filters, player)
