"""``badugi odds HAND``: what a hand becomes after its draws, as a table with bars (or ``--json``).

The options shared with ``badugi equity`` (draws, dead cards, policy, sampling) and the bars are defined here too.
"""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from badugi_fast.ranks import RANK_COUNT, hand_size, rank_values

if TYPE_CHECKING:
    from badugi_fast.spots.result import DrawOdds

__all__ = ["add_arguments", "add_common_arguments", "bar", "common_options", "percent", "run"]

_RANK_TEXT = "A23456789TJQK"
_BAR_WIDTH = 30


def add_common_arguments(parser: argparse.ArgumentParser) -> None:
    """--draws, --dead, --samples, --seed, --threads, --json (``--policy`` differs a little per command)."""
    parser.add_argument("--draws", type=int, default=1, metavar="N", help="draws to come, 0-3 (default 1)")
    parser.add_argument("--dead", default="", metavar="CARDS", help="cards out of play, e.g. 'Kc 9d'")
    parser.add_argument(
        "--samples",
        type=int,
        metavar="N",
        help="sample N trials instead of an exact answer (default: exact when feasible, else 262,144 trials; at "
        "most 1,000,000,000)",
    )
    parser.add_argument("--seed", type=int, metavar="S", help="seed of a sampled answer (default: random, printed)")
    parser.add_argument("--threads", type=int, metavar="N", help="native threads for sampling (default: all cores)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "hand",
        metavar="HAND",
        help="four cards ('As 2h 3d 3c'), unknown cards ('As 2h ? ?', 'random') or a range ('3-card 7 draw')",
    )
    parser.add_argument(
        "--discard", metavar="CARDS", help="the cards thrown now ('pat' to stand pat; default: the policy's choice)"
    )
    add_common_arguments(parser)
    parser.add_argument(
        "--policy", default="usable", metavar="P", help="drawing policy: usable (default), snow, basic, pat:BOUND"
    )


def common_options(args: argparse.Namespace) -> dict[str, Any]:
    """The keyword arguments of draw_odds and equity that the common options give."""
    return {"draws": args.draws, "dead": args.dead, "samples": args.samples, "seed": args.seed, "threads": args.threads}


def run(args: argparse.Namespace) -> int:
    discard = None if args.discard is None else args.discard
    from badugi_fast.odds import draw_odds  # numpy and the policy tables: loaded when the command runs

    odds = draw_odds(args.hand, discard, policy=args.policy, **common_options(args))
    if args.json:
        print(json.dumps(odds.to_dict()))
    else:
        print(odds_table(odds))
    return 0


def odds_table(odds: DrawOdds) -> str:
    """The readable report: the question, how it was answered, the chance of each final hand by size and top card
    (with the chance of that or better and a bar), then the totals by size and the expected rank."""
    draws = f"{odds.draws} draw{'s' if odds.draws != 1 else ''}"
    first = (
        "the policy's choice"
        if odds.discard is None
        else (odds.discard if odds.discard == "pat" else f"throws {odds.discard}")
    )
    lines = [f"{odds.hand}: {draws} to come, policy {odds.policy}, first discard {first}", answer_line(odds)]
    groups: dict[str, float] = {}
    for rank in range(1, RANK_COUNT + 1):
        if odds.probabilities[rank]:
            groups[_group(rank)] = groups.get(_group(rank), 0.0) + odds.probabilities[rank]
    tallest = max(groups.values(), default=0.0)
    lines.append(f"{'final hand':<15} {'chance':>7} {'or better':>9}")
    total = 0.0
    for name, p in groups.items():
        total += p
        lines.append(f"{name:<15} {percent(p):>7} {percent(total):>9}  {bar(p, tallest)}")
    sizes = odds.p_sizes
    words = {4: "badugi", 3: "3 cards", 2: "2 cards", 1: "1 card"}
    lines.append("  ".join(f"{words[size]} {percent(p)}" for size, p in sizes.items() if p))
    spread = f" ± {odds.expected_rank_stderr:.1f}" if not odds.exact else ""
    lines.append(f"expected rank {odds.expected_rank:.1f}{spread}")
    return "\n".join(lines)


def answer_line(odds: DrawOdds) -> str:
    if odds.exact:
        return f"exact: {odds.deals:,} draw sequences"
    return f"sampled: {odds.samples:,} trials, seed {odds.seed}, standard error at most {percent(odds.stderr(0.5))}"


def _group(rank: int) -> str:
    """A row of the table: the hand size and its top card ("badugi 7-high", "3-card K-high")."""
    top = _RANK_TEXT[rank_values(rank)[0] - 1]
    size = hand_size(rank)
    return f"badugi {top}-high" if size == 4 else f"{size}-card {top}-high"


def percent(p: float) -> str:
    return f"{100 * p:.2f}%"


def bar(value: float, tallest: float) -> str:
    """A bar of up to _BAR_WIDTH blocks, in eighths."""
    if tallest <= 0:
        return ""
    eighths = round(8 * _BAR_WIDTH * value / tallest)
    return "█" * (eighths // 8) + ("", "▏", "▎", "▍", "▌", "▋", "▊", "▉")[eighths % 8]
