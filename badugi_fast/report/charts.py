"""The report's charts, drawn by matplotlib as SVG when the page is written (no script, no network: the page shows
them as it is), each on a ``Figure`` of its own (no pyplot, no display). Text stays text (``svg.fonttype: none``,
smaller and searchable), and the ids matplotlib writes are fixed by a salt, so that the same run draws the same
page.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

import matplotlib
from matplotlib.figure import Figure  # not pyplot, which takes half a second to import and keeps every figure

__all__ = ["MAX_POINTS", "bars", "net_won"]

#: The most points a line is drawn with: the net after every k-th hand (and after the last), enough for any screen.
MAX_POINTS = 1500

_STYLE: dict[Any, Any] = {"svg.fonttype": "none", "svg.hashsalt": "badugi-report", "font.size": 9}


def net_won(money: Sequence[float], big_blinds: Sequence[float], currency: str) -> str:
    """The net won after each hand, in money (left axis) and in big blinds (right axis), as SVG."""
    with matplotlib.rc_context(_STYLE):
        figure = Figure(figsize=(8, 3.2))
        left = figure.subplots()
        hands, sampled = _sampled(money)
        left.plot(hands, [value / 100 for value in sampled], color="#1f6f3f", label=f"net ({currency})")
        left.set_xlabel("hands")
        left.set_ylabel(f"net won ({currency})")
        left.axhline(0, color="#999999", linewidth=0.5)
        right = left.twinx()
        hands, sampled = _sampled(big_blinds)
        right.plot(hands, sampled, color="#2f4fa0", linewidth=0.8, linestyle="--", label="net (big blinds)")
        right.set_ylabel("net won (big blinds)")
        figure.legend(loc="upper center", ncols=2, frameon=False)
        figure.tight_layout(rect=(0, 0, 1, 0.92))  # room for the legend above the axes
        return _svg(figure)


def bars(title: str, labels: Sequence[str], series: Mapping[str, Sequence[float]]) -> str:
    """Grouped bars: one group per label, one bar per series, as SVG."""
    with matplotlib.rc_context(_STYLE):
        figure = Figure(figsize=(8, 2.6))
        axes = figure.subplots()
        width = 0.8 / max(len(series), 1)
        for number, (name, values) in enumerate(series.items()):
            axes.bar([at + number * width for at in range(len(labels))], values, width, label=name)
        axes.set_xticks([at + width * (len(series) - 1) / 2 for at in range(len(labels))], labels)
        axes.set_title(title)
        axes.legend(frameon=False, fontsize=8)
        figure.tight_layout()
        return _svg(figure)


def _sampled(values: Sequence[float]) -> tuple[list[int], list[float]]:
    """Hand numbers (1-based) and the values after them, at most ``MAX_POINTS``, the last always included."""
    step = max(1, -(-len(values) // MAX_POINTS))
    hands = list(range(step, len(values) + 1, step))
    if not hands or hands[-1] != len(values):
        hands.append(len(values))
    return hands, [values[hand - 1] for hand in hands] if values else []


def _svg(figure: Figure) -> str:
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None, "Format": None, "Type": None})
    text = buffer.getvalue()
    return text[text.index("<svg") :]  # the page holds the element, not the XML declaration and doctype
