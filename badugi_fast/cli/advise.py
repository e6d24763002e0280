"""``badugi advise HAND --against HAND|RANGE [...]``: every discard of a hand with its equity against the
opponents (or, with ``--goal``, its chance of reaching a hand), best first, as a table with bars (or ``--json``)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import TYPE_CHECKING

from badugi_fast.cli.equity import discards_argument, policies_argument
from badugi_fast.cli.odds import add_common_arguments, bar, common_options, percent

if TYPE_CHECKING:
    from badugi_fast.spots.advice import DiscardAdvice, DrawAdvice

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("hand", metavar="HAND", help="your four cards, e.g. 'As 2h 3d Kd'")
    against = parser.add_mutually_exclusive_group(required=True)
    against.add_argument(
        "--against",
        nargs="+",
        metavar="HAND",
        help="1 to 5 opponents: four cards ('4s 5h 6d 6c'), unknown cards ('4s ? ? ?', 'random') or a range "
        "('pat 9', '3-card 7 draw', 'pat 8: 0.5, 3-card 6 draw: 0.5')",
    )
    against.add_argument(
        "--goal", metavar="BOUND", help="instead of opponents: the hand to reach or beat, e.g. '8' (a badugi 8-high)"
    )
    parser.add_argument(
        "--against-discards",
        nargs="+",
        metavar="CARDS",
        help="per opponent, the cards thrown at this draw: cards, 'pat' to stand pat, or 'auto' for the policy's "
        "choice (default: the policy's choice)",
    )
    add_common_arguments(parser)
    parser.add_argument(
        "--policy",
        default="usable",
        metavar="P",
        help="drawing policy for every player (later draws), or one per player separated by commas, yours first: "
        "usable (default), snow, basic, pat:BOUND",
    )


def run(args: argparse.Namespace) -> int:
    from badugi_fast.odds import best_discard, best_draw  # numpy and the policy tables: loaded when the command runs

    options = common_options(args)
    if args.goal is not None:
        if args.against_discards is not None:
            raise ValueError("--against-discards needs --against")
        policy = policies_argument(args.policy)
        if not isinstance(policy, str):
            raise ValueError("--goal takes one policy")
        draw = best_draw(args.hand, args.goal, policy=policy, **options)
        print(json.dumps(draw.to_dict()) if args.json else draw_table(draw))
        return 0
    advice = best_discard(
        args.hand,
        args.against,
        against_discards=discards_argument(args.against_discards),
        policy=policies_argument(args.policy),
        **options,
    )
    print(json.dumps(advice.to_dict()) if args.json else advice_table(advice))
    return 0


def _draws_text(draws: int) -> str:
    return f"{draws} draw{'s' if draws != 1 else ''} to come"


def _answer_line(options: int, sampled: int, samples: int, seed: int | None, worst: float) -> str:
    """How the options were answered."""
    if not sampled:
        return f"exact: every one of the {options} options counted"
    how = f"{samples:,} trials each, seed {seed}, standard error at most {percent(worst)}"
    if sampled == options:
        return f"sampled: {how}"
    return f"{options - sampled} options exact, {sampled} sampled ({how})"


def advice_table(advice: DiscardAdvice) -> str:
    """One row per discard, best first: what it throws, equity, win, tie, a bar; the best marked."""
    head = f"{advice.hand} against {', '.join(advice.against)}: {_draws_text(advice.draws)}"
    rows = [(option.throw, (option.equity, option.win, option.tie), option.equity) for option in advice.options]
    return _table(f"{head}, policies {', '.join(advice.policies)}", ("equity", "win", "tie"), rows, 1.0, advice)


def draw_table(advice: DrawAdvice) -> str:
    """One row per discard, likeliest first: what it throws, the chance of reaching the goal, a bar."""
    head = f"{advice.hand}: {_draws_text(advice.draws)}, policy {advice.policy}, goal {advice.goal} or better"
    rows = [(option.throw, (option.chance,), option.chance) for option in advice.options]
    return _table(head, ("chance",), rows, advice.best.chance, advice)


def _table(
    head: str,
    columns: tuple[str, ...],
    rows: Sequence[tuple[str, tuple[float, ...], float]],
    tallest: float,
    advice: DiscardAdvice | DrawAdvice,
) -> str:
    """The question, a row per option (what it throws, its figures, a bar of the last value, the best marked), and
    how the options were answered."""
    width = max(len("throw"), *(len(throw) for throw, _, _ in rows))
    lines = [head, "  ".join([f"{'throw':<{width}}", *(f"{column:>7}" for column in columns)])]
    for rank, (throw, values, size) in enumerate(rows):
        figures = "  ".join([f"{throw:<{width}}", *(f"{percent(value):>7}" for value in values)])
        lines.append(f"{figures}  {bar(size, tallest):<31}{'  best' if rank == 0 else ''}".rstrip())
    sampled = [option for option in advice.options if not option.exact]
    worst = max((option.stderr for option in sampled), default=0.0)
    lines.append(_answer_line(len(advice.options), len(sampled), advice.samples, advice.seed, worst))
    return "\n".join(lines)
