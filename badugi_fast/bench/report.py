"""One benchmark run as a dict: the machine, the settings, every evaluator's figures, what was skipped or
refused and why, pokerkit's game speed with either hand type, and the ratios the README quotes.

What can fail for a reason of the machine (a fresh interpreter that cannot import badugi_fast) is tried before
anything is measured, and fails in one line then. A stage that fails after the evaluators were measured (pokerkit's
game, the single-call figures) is reported under ``failed`` with its error, and what was measured is kept.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import Any, TypeVar

import badugi_fast
from badugi_fast.bench.evaluators import (
    Hands,
    Row,
    available_evaluators,
    measure_evaluators,
    missing_reason,
    seconds_per,
)
from badugi_fast.bench.machine import describe_machine, load_average

__all__ = ["run_benchmark"]

#: the hand timed alone, one call at a time
SINGLE_HAND = "As2h3d4c"

_T = TypeVar("_T")


def run_benchmark(
    hands: int = 200_000,
    repeat: int = 7,
    *,
    seed: int = 2026,
    slow_hands: int = 20_000,
    game_hands: int = 300,
    progress: Callable[[str], None] = lambda message: None,
) -> dict[str, Any]:
    """Measure everything installed; ``slow_hands``: how many of the hands the pure-Python evaluators get;
    ``game_hands``: hands per pokerkit game run (0: no game runs)."""
    progress("timing the import of badugi_fast in a fresh interpreter")
    import_seconds = _import_seconds(repeat)  # first: a machine that cannot run it fails before anything is measured
    machine = describe_machine()
    progress(f"drawing {hands:,} random hands")
    workload = Hands.random(hands, seed)
    evaluators, skipped = available_evaluators(machine["cores"])
    rows, refused = measure_evaluators(evaluators, workload, min(slow_hands, hands), repeat, progress)
    failed: dict[str, str] = {}
    game = None
    if game_hands:
        game, reason = _kept("pokerkit game", failed, lambda: _pokerkit_game(game_hands, repeat, seed, progress))
        if game is None and reason is not None:
            skipped["pokerkit game"] = str(reason)
        elif game is not None and "refused" in game:
            refused["pokerkit game"] = game["refused"]
    progress("timing single calls")
    summary = _kept("summary", failed, lambda: (_summary(rows, game, repeat, import_seconds), None))[0]
    return {
        "machine": machine,
        "settings": {"hands": hands, "repeat": repeat, "seed": seed, "slow hands": min(slow_hands, hands)},
        "rows": [asdict(row) for row in rows],
        "skipped": skipped,
        "refused": refused,
        "failed": failed,
        "pokerkit game": game,
        "summary": summary or {},
        "load average after": load_average(),
    }


def _kept(
    stage: str, failed: dict[str, str], run: Callable[[], tuple[_T | None, str | None]]
) -> tuple[_T | None, str | None]:
    """``run()``; when it raises, (None, None) with the error under ``failed[stage]``: the figures measured before
    are not lost to a later stage's failure (the report says what failed, and its exit status is 1)."""
    try:
        return run()
    except Exception as error:  # any error of the stage is reported with the figures, none is hidden
        failed[stage] = f"{type(error).__name__}: {error}"
        return None, None


def _pokerkit_game(
    hands: int, repeat: int, seed: int, progress: Callable[[str], None]
) -> tuple[dict[str, Any] | None, str | None]:
    """pokerkit's game speed with either hand type, or (None, why it cannot be measured here)."""
    reason = missing_reason("pokerkit")
    if reason is not None:
        return None, reason
    from badugi_fast.bench.pokerkit_games import measure_pokerkit_games

    progress(f"playing {hands:,} pokerkit hands with each hand type, {repeat} times")
    return measure_pokerkit_games(hands, repeat, seed), None


def _summary(
    rows: list[Row], game: dict[str, Any] | None, repeat: int, import_seconds: float
) -> dict[str, float | None]:
    """The figures the README quotes; None for a peer that was not measured."""
    ns = {row.name: row.ns_per_hand for row in rows}
    single = seconds_per(lambda: [badugi_fast.evaluate(SINGLE_HAND) for _ in range(100_000)], repeat) / 100_000
    summary: dict[str, float | None] = {f"evaluate({SINGLE_HAND!r}) ns": single * 1e9}
    summary[f"pokerkit BadugiHand.from_game({SINGLE_HAND!r}) / evaluate"] = _pokerkit_single(repeat, single)
    summary["poker-equity score_batch / evaluate_many(text, threads=1)"] = _ratio(
        ns, "poker-equity score_batch('badugi', text)", "badugi_fast.evaluate_many(text, threads=1)"
    )
    floor = "floor: numpy take(table, int64 indices)"
    for name in ns:
        if name.startswith("badugi_fast.evaluate_many(uint8"):
            summary[f"{name.removeprefix('badugi_fast.')} / numpy floor"] = _ratio(ns, name, floor)
    summary["import badugi_fast ms"] = import_seconds * 1e3
    summary["pokerkit game: hands/s with badugi_fast.pokerkit / with pokerkit"] = game.get("ratio") if game else None
    return summary


def _ratio(ns: dict[str, float], name: str, baseline: str) -> float | None:
    return ns[name] / ns[baseline] if name in ns and baseline in ns else None


def _pokerkit_single(repeat: int, single: float) -> float | None:
    """pokerkit's from_game on the single hand, in units of one badugi_fast.evaluate; None without pokerkit."""
    if missing_reason("pokerkit") is not None:
        return None
    import pokerkit

    from_game = pokerkit.BadugiHand.from_game
    return seconds_per(lambda: [from_game(SINGLE_HAND) for _ in range(2_000)], repeat) / 2_000 / single


def _import_seconds(repeat: int) -> float:
    """Median time for a fresh interpreter to import badugi_fast (the interpreter's own start-up excluded).

    The interpreter runs in the folder that holds the package this process imported, so that it imports the same
    files: run from a checkout after ``pip install .``, ``python -c`` would import the checkout's unbuilt source tree
    (the working directory comes first on its path). ValueError, in one line, when it cannot import it."""
    code = "import time; t = time.perf_counter(); import badugi_fast; print(time.perf_counter() - t)"
    folder = Path(badugi_fast.__file__).resolve().parents[1]
    runs = []
    for _ in range(repeat):
        result = subprocess.run([sys.executable, "-c", code], cwd=folder, capture_output=True, text=True, check=False)
        if result.returncode != 0:
            last = (result.stderr.strip().splitlines() or ["(nothing on stderr)"])[-1]
            raise ValueError(f"a fresh {sys.executable} cannot import badugi_fast from {folder}: {last}")
        runs.append(float(result.stdout))
    return statistics.median(runs)
