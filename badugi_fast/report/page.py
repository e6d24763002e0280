"""``badugi report``'s page: one self-contained HTML file from a Jinja2 template (``page.html.j2``), its charts
drawn as SVG (``charts``), its styles inline and its one script (sorting a table by a click on its heading) only an
addition: the page reads the same without it, and loads nothing from anywhere.
"""

from __future__ import annotations

import importlib.resources
from typing import Any

import jinja2

from badugi_fast.money import amount_text
from badugi_fast.report import charts
from badugi_fast.report.gather import Gathered, Pot
from badugi_fast.report.replay import Replay, replay
from badugi_fast.report.summary import results_of
from badugi_fast.stats.fields import row
from badugi_fast.stats.tournaments import summaries, tournament_rows

__all__ = ["MAX_PLAYERS", "render"]

#: The most players the results table lists (most hands first): a page for 100,000 hands stays small.
MAX_PLAYERS = 300


def render(gathered: Gathered, player: str | None = None, title: str = "Badugi hands") -> str:
    """The page of ``gathered`` (``player``: whose results to chart; default the hero of the most hands)."""
    tally = gathered.tally
    keys = sorted(tally.rows, key=lambda key: (-tally.rows[key].hands, key))
    rows = [row(key, tally.rows[key]) for key in keys[:MAX_PLAYERS]]
    results = results_of(gathered.played, player)
    followed = results[0].player if results else None
    tournaments = tournament_rows(gathered.tournaments, frozenset({followed})) if followed else []
    counts = tally.statuses
    run = {
        "files": len(tally.files),
        "hands": sum(counts.values()),
        **{name: counts[name] for name in ("verified", "no_showdown", "unverified", "mismatch", "error", "skipped")},
    }
    context: dict[str, Any] = {
        "title": title,
        "run": run,
        "wrong": gathered.wrong,
        "rows": rows,
        "more_players": max(0, len(keys) - MAX_PLAYERS),
        "results": results,
        "followed": followed,
        "net_charts": [charts.net_won(item.money, item.big_blinds, item.currency) for item in results],
        "draw_chart": _draw_chart(rows, followed),
        "pots": _replays([pot for pot in gathered.pots if pot.player == followed]),
        "tournaments": tournaments,
        "tournament_summaries": summaries(tournaments),
    }
    return _template().render(context)


def _draw_chart(rows: list[dict[str, Any]], player: str | None) -> str | None:
    """How the followed player drew at each draw (the share of each number of cards), as bars."""
    mine = next((item for item in rows if item["player"] == player), None)
    if mine is None:
        return None
    kinds = ("pat", "1", "2", "3", "4")
    series = {f"draw {draw}": [mine[f"draw{draw}_{kind}"] or 0.0 for kind in kinds] for draw in (1, 2, 3)}
    return charts.bars(f"{player}: cards drawn (share of the draws made)", ["pat", "1", "2", "3", "4"], series)


def _replays(pots: list[Pot]) -> list[tuple[str, Replay]]:
    """The pots to replay, each with its one line (won or lost, how much, in what) and its replay (none for a hand
    its parser cannot read again)."""
    replays = []
    for pot in pots:
        replayed = replay(pot.text)
        if replayed is not None:
            verb = "won" if pot.net > 0 else "lost"
            amount = amount_text(abs(pot.net), 0 if pot.currency == "chips" else 2)
            replays.append((f"{verb} {amount} {pot.currency} ({abs(pot.big_blinds):.2f} big blinds)", replayed))
    return replays


def _template() -> jinja2.Template:
    text = importlib.resources.files("badugi_fast.report").joinpath("page.html.j2").read_text(encoding="utf-8")
    environment = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined, trim_blocks=True)
    return environment.from_string(text)
