"""Measure draw_odds and equity side by side with poker-equity, in one process, on the same spots.

    python scripts/bench_odds.py [--repeat R] [--peer-repeat P] [--json]

Every spot is first answered by both and the answers compared (exact ones to 1e-12 or 1e-9, sampled ones within four
standard errors); only then is anything timed. Figures are medians of R runs (P for poker-equity's slow exact
walk; its walk of every discard of the advice spot, a minute or more, once), with ratios measured in this run.
poker-equity models one draw only, so a three-draw trial of ours is set against one of its one-draw samples, as
issue 13 asks; and it has no advice, so every discard is its exact walk of that discard, the times added up (issue
19).
"""

from __future__ import annotations

import argparse
import functools
import importlib
import json
import os
import platform
import sys
from collections.abc import Callable, Sequence
from typing import Any

import badugi_fast
from badugi_fast import card_str, parse_cards
from badugi_fast.bench.evaluators import seconds_per
from badugi_fast.spots.spot import PAT

#: The exact heads-up spot: a two-card draw (As 2h, throwing Kc Kd) against a three-card draw (3c, throwing
#: Qh Js Jc): C(44, 2) x C(42, 3) = 10,860,080 deals.
HEADS_UP = (["As 2h Kc Kd", "3c Qh Js Jc"], ["Kc Kd", "Qh Js Jc"])
#: A three-way one-draw spot: two, one and one cards drawn: 1,111,240 deals.
THREE_WAY = (["As 2h Kc Kd", "3c 4d Qh Qs", "5h 6s 7c 7d"], ["Kc Kd", "Qh", "7d"])
#: The single three-draw question for draw_odds.
ODDS_HAND = "As 2h Qd Qc"
#: The advice spot: a two-card draw's every discard against a three-card hand throwing two (Ts Jh), one draw.
ADVICE = ("As 2h 9d Kd", "3c 4d Ts Jh", "Ts Jh")


def median_seconds(run: Callable[[], object], repeat: int) -> float:
    """The median wall time of ``repeat`` runs, after one warm-up run."""
    run()
    return seconds_per(run, repeat)


def peer_spot(hands: Sequence[str], discards: Sequence[str]) -> tuple[list[str], str]:
    """poker-equity's form of a spot: each hand's kept cards, and the discards as dead cards."""
    kept = []
    for hand, thrown in zip(hands, discards, strict=True):
        out = set(parse_cards(thrown))
        kept.append("".join(card_str(code) for code in parse_cards(hand) if code not in out))
    return kept, " ".join(discards)


def check_exact(name: str, ours: badugi_fast.odds.EquityResult, theirs: dict[str, Any]) -> None:
    mine = list(ours.equity)
    peer = [seat["equity"] for seat in theirs["players"]]
    if (
        not ours.exact
        or ours.deals != theirs["samples"]
        or max(abs(a - b) for a, b in zip(mine, peer, strict=True)) > 1e-12
    ):
        raise SystemExit(f"{name}: the exact answers differ: {mine} ({ours.deals} deals) against {peer}")


def measure(args: argparse.Namespace) -> dict[str, Any]:
    poker_equity = importlib.import_module("poker_equity")  # untyped: a module object, not a checked import

    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    r, p = args.repeat, args.peer_repeat
    rows: list[dict[str, Any]] = []

    def add(task: str, who: str, seconds: float, unit: str, count: float) -> None:
        rows.append({"task": task, "who": who, "seconds": seconds, "per_second": count / seconds, "unit": unit})

    # 1. Exact one-draw equity, heads-up and three-way, against poker-equity's exact walk.
    for task, (hands, discards) in (("exact 1 draw, heads-up", HEADS_UP), ("exact 1 draw, 3-way", THREE_WAY)):
        kept, dead = peer_spot(hands, discards)
        ours = badugi_fast.equity(hands, discards=discards, threads=1)
        theirs = poker_equity.exact_from_text("badugi", kept, dead=dead)
        check_exact(task, ours, theirs)
        for threads in sorted({1, cores}):
            run = functools.partial(badugi_fast.equity, hands, discards=discards, threads=threads)
            add(task, f"badugi_fast.equity(threads={threads})", median_seconds(run, r), "deals", ours.deals)
        peer = functools.partial(poker_equity.exact_from_text, "badugi", kept, dead=dead)
        add(task, "poker-equity exact_from_text (its default threads)", median_seconds(peer, p), "deals", ours.deals)

    # 2. Sampling on one thread: our three-draw trials against poker-equity's one-draw samples, same spot.
    hands, discards = HEADS_UP
    kept, dead = peer_spot(hands, discards)
    n = args.samples
    one = badugi_fast.equity(hands, discards=discards, samples=n, seed=1, threads=1)
    exact = badugi_fast.equity(hands, discards=discards)
    if any(abs(a - b) > 4 * s for a, b, s in zip(one.equity, exact.equity, one.stderr, strict=True)):
        raise SystemExit(f"sampled one-draw equity {one.equity} is not within 4 standard errors of {exact.equity}")
    task = f"sampled, heads-up, 1 thread, {n:,} trials"
    for draws in (3, 1):
        trials = functools.partial(
            badugi_fast.equity, hands, discards=discards, draws=draws, samples=n, seed=1, threads=1
        )
        add(task, f"badugi_fast.equity(draws={draws}, threads=1)", median_seconds(trials, r), "trials", n)
    samples = functools.partial(poker_equity.chunk_from_text, "badugi", kept, dead=dead, samples=n, seed=1, threads=1)
    add(task, "poker-equity chunk_from_text(threads=1), 1 draw", median_seconds(samples, r), "samples", n)

    # 3. One three-draw draw_odds question, sampled to a standard error below 0.001, and exactly.
    sampled = badugi_fast.draw_odds(ODDS_HAND, draws=3, samples=1 << 18, seed=1, threads=1)
    exact_odds = badugi_fast.draw_odds(ODDS_HAND, draws=3)
    worst = max(sampled.stderr(p) for p in (sampled.p_badugi, sampled.p_at_or_better("9"), 0.5))
    if not exact_odds.exact or abs(sampled.p_badugi - exact_odds.p_badugi) > 4 * sampled.stderr(exact_odds.p_badugi):
        raise SystemExit("draw_odds: sampled and exact answers disagree")
    task = f"draw_odds('{ODDS_HAND}', draws=3)"
    for threads in sorted({1, cores}):
        question = functools.partial(
            badugi_fast.draw_odds, ODDS_HAND, draws=3, samples=1 << 18, seed=1, threads=threads
        )
        add(
            task,
            f"sampled, 262,144 trials, threads={threads} (stderr <= {worst:.4f})",
            median_seconds(question, r),
            "trials",
            1 << 18,
        )
    add(
        task,
        "exact",
        median_seconds(lambda: badugi_fast.draw_odds(ODDS_HAND, draws=3), r),
        "sequences",
        exact_odds.deals,
    )

    # 4. Every discard of a heads-up one-draw spot, exactly, against poker-equity's walk of each discard added up.
    hero, villain, thrown = ADVICE
    task = "advice: every discard, heads-up, 1 draw, exact, 1 thread"
    advice = badugi_fast.best_discard(hero, [villain], against_discards=[thrown], threads=1)
    if not advice.exact:
        raise SystemExit(f"{task}: not exact")
    walks = []
    for option in advice.options:
        throw = "" if option.throw == PAT else option.throw  # standing pat throws no card
        if len(parse_cards(throw)) == 4:
            continue  # poker-equity reads no hand without a known card: that discard is ours alone (timed anyway)
        kept, dead = peer_spot([hero, villain], [throw, thrown])
        walk = functools.partial(poker_equity.exact_from_text, "badugi", kept, dead=dead)
        theirs = walk()
        if theirs is None or abs(theirs["players"][0]["equity"] - option.equity) > 1e-9:
            raise SystemExit(f"{task}: discard {option.throw!r}: {option.equity} against {theirs}")
        walks.append(walk)
    advise = functools.partial(badugi_fast.best_discard, hero, [villain], against_discards=[thrown], threads=1)
    add(task, "badugi_fast.best_discard (all 16 discards)", median_seconds(advise, r), "discards", 16)
    peer_seconds = sum(seconds_per(walk, args.advice_peer_repeat) for walk in walks)
    add(task, f"poker-equity exact_from_text, {len(walks)} discards added up", peer_seconds, "discards", len(walks))

    # 5. One draw against "random", every discard, one core: exact where the budget allows, else sampled.
    task = "advice: every discard against 'random', 1 draw, 1 thread"
    random_advice = badugi_fast.best_discard(hero, ["random"], threads=1, seed=1)
    worst = max(option.stderr for option in random_advice.options)
    exact_count = sum(option.exact for option in random_advice.options)
    against_random = functools.partial(badugi_fast.best_discard, hero, ["random"], threads=1, seed=1)
    who = f"best_discard ({exact_count} exact, the rest 262,144 shared trials, stderr <= {worst:.5f})"
    add(task, who, median_seconds(against_random, max(3, r // 2)), "discards", 16)

    # 6. Sampled three-draw advice: whole trials (every draw of both players) per second, every option.
    task = f"advice: every discard, heads-up, 3 draws, sampled, 1 thread, {n // 16:,} trials each"
    advice_trials = functools.partial(
        badugi_fast.best_discard, hero, [villain], draws=3, samples=n // 16, seed=1, threads=1
    )
    seconds = median_seconds(advice_trials, r)
    add(task, "badugi_fast.best_discard(draws=3), trials of all options", seconds, "trials", n // 16 * 16)

    ratios = {
        "exact heads-up: poker-equity / ours, 1 thread (target >= 50)": _ratio(rows, "exact 1 draw, heads-up", 1),
        "exact 3-way: poker-equity / ours, 1 thread": _ratio(rows, "exact 1 draw, 3-way", 1),
        "three-draw trials/s / poker-equity one-draw samples/s, 1 thread (target >= 1)": next(
            row["per_second"] for row in rows if row["who"] == "badugi_fast.equity(draws=3, threads=1)"
        )
        / next(row["per_second"] for row in rows if row["who"].startswith("poker-equity chunk")),
        "draw_odds three-draw sampled ms, 1 thread (target < 100)": 1e3
        * next(row["seconds"] for row in rows if row["task"].startswith("draw_odds") and "threads=1 " in row["who"]),
        "advice, every discard exact: poker-equity's walks added up / ours, 1 thread (target >= 300)": peer_seconds
        / next(row["seconds"] for row in rows if row["who"].startswith("badugi_fast.best_discard (all")),
        "advice against 'random', every discard, seconds on 1 thread (target < 1)": next(
            row["seconds"] for row in rows if row["who"].startswith("best_discard (")
        ),
        "three-draw advice trials/s / poker-equity one-draw samples/s, 1 thread (target >= 1)": next(
            row["per_second"] for row in rows if row["who"].startswith("badugi_fast.best_discard(draws=3)")
        )
        / next(row["per_second"] for row in rows if row["who"].startswith("poker-equity chunk")),
    }
    facts = {
        "machine": f"{platform.machine()}, {cores} cores, load average {os.getloadavg()[0]:.2f} at the end",
        "python": platform.python_version(),
        "repeat": f"{r} (poker-equity's exact walk: {p})",
    }
    return {"facts": facts, "rows": rows, "ratios": ratios}


def _ratio(rows: list[dict[str, Any]], task: str, threads: int) -> float:
    ours: float = next(
        row["seconds"] for row in rows if row["task"] == task and row["who"] == f"badugi_fast.equity(threads={threads})"
    )
    theirs: float = next(
        row["seconds"] for row in rows if row["task"] == task and row["who"].startswith("poker-equity")
    )
    return theirs / ours


def print_report(report: dict[str, Any]) -> None:
    for key, value in report["facts"].items():
        print(f"{key}: {value}")
    print()
    print("| task | who | median | per second |")
    print("|---|---|---:|---:|")
    for row in report["rows"]:
        seconds = row["seconds"]
        shown = f"{seconds * 1e3:.2f} ms" if seconds < 10 else f"{seconds:.1f} s"
        print(f"| {row['task']} | {row['who']} | {shown} | {row['per_second']:,.0f} {row['unit']} |")
    print()
    for name, value in report["ratios"].items():
        print(f"{name}: {value:,.1f}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=7, help="timed runs per figure (default 7)")
    parser.add_argument(
        "--peer-repeat", type=int, default=3, help="timed runs of poker-equity's exact walk (default 3)"
    )
    parser.add_argument("--samples", type=int, default=1_000_000, help="trials per sampled run (default 1,000,000)")
    parser.add_argument(
        "--advice-peer-repeat",
        type=int,
        default=1,
        help="timed runs of poker-equity's walk of each advice discard (default 1: a minute or more each)",
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    if min(args.repeat, args.peer_repeat, args.samples, args.advice_peer_repeat) < 1:
        parser.error("--repeat, --peer-repeat, --advice-peer-repeat and --samples must be positive")
    if badugi_fast.BACKEND != "c":
        parser.error("the C extension is not in use (BACKEND is 'python'): nothing to measure")
    try:
        report = measure(args)
    except ImportError:
        parser.error("poker-equity is not installed: pip install -e '.[bench]'")
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_report(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
