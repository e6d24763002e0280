"""``badugi equity HAND HAND [...]``: each hand's share of the pot with draws to come (or ``--json``); a hand may
have unknown cards (``'As 2h ? ?'``, ``random``) or be a range (``'pat 9'``)."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

from badugi_fast.cli.odds import add_common_arguments, bar, common_options, percent

if TYPE_CHECKING:
    from badugi_fast.spots.result import EquityResult

__all__ = ["add_arguments", "discards_argument", "policies_argument", "run"]

#: --discards words: stand pat, or leave the choice to the policy
_PAT = ("-", "pat")
_POLICY = ("auto", "policy")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "hands",
        nargs="+",
        metavar="HAND",
        help="2 to 6 hands: four cards ('As 2h 3d 3c'), unknown cards ('As 2h ? ?', 'random') or a range ('pat 9', "
        "'3-card 7 draw', 'pat 8: 0.5, 3-card 6 draw: 0.5')",
    )
    parser.add_argument(
        "--discards",
        nargs="+",
        metavar="CARDS",
        help="per hand, the cards thrown at the next draw: cards, 'pat' to stand pat, or 'auto' for the policy's "
        "choice (default: the policy's choice for every hand)",
    )
    add_common_arguments(parser)
    parser.add_argument(
        "--policy",
        default="usable",
        metavar="P",
        help="drawing policy for every hand, or one per hand separated by commas: usable (default), snow, basic, "
        "pat:BOUND",
    )


def run(args: argparse.Namespace) -> int:
    discards = discards_argument(args.discards)
    from badugi_fast.odds import equity  # numpy and the policy tables: loaded when the command runs

    result = equity(args.hands, discards=discards, policy=policies_argument(args.policy), **common_options(args))
    if args.json:
        print(json.dumps(result.to_dict()))
    else:
        print(equity_table(result, discards))
    return 0


def discards_argument(words: list[str] | None) -> list[str | None] | None:
    """``--discards`` words: cards, ``pat`` (stand pat; ``-`` too, as before) or ``auto`` (the policy's choice:
    None)."""
    if words is None:
        return None
    return [None if word in _POLICY else ("pat" if word in _PAT else word) for word in words]


def policies_argument(text: str) -> str | list[str]:
    """``--policy``: one policy, or one per hand separated by commas."""
    policies = [name.strip() for name in text.split(",")]
    return policies[0] if len(policies) == 1 else policies


def equity_table(result: EquityResult, discards: list[str | None] | None) -> str:
    """One row per hand (what it throws first, its policy, equity, win, tie and a bar), then how it was answered."""
    throws = [
        "policy" if discards is None or discards[i] is None else (discards[i] or "pat")
        for i in range(len(result.hands))
    ]
    hand_width = max(len("hand"), *map(len, result.hands))
    throw_width = max(len("throws"), *map(len, throws))
    policy_width = max(len("policy"), *map(len, result.policies))
    head = f"{'hand':<{hand_width}}  {'throws':<{throw_width}}  {'policy':<{policy_width}}"
    lines = [f"{head}  {'equity':>7}  {'win':>7}  {'tie':>7}"]
    for hand, thrown, policy, share, win, tie in zip(
        result.hands, throws, result.policies, result.equity, result.win, result.tie, strict=True
    ):
        row = f"{hand:<{hand_width}}  {thrown:<{throw_width}}  {policy:<{policy_width}}"
        lines.append(f"{row}  {percent(share):>7}  {percent(win):>7}  {percent(tie):>7}  {bar(share, 1.0)}")
    draws = f"{result.draws} draw{'s' if result.draws != 1 else ''} to come"
    if result.exact:
        lines.append(f"exact: {result.deals:,} deals, {draws}")
    else:
        worst = percent(max(result.stderr))
        lines.append(f"sampled: {result.samples:,} trials, seed {result.seed}, {draws}; standard error at most {worst}")
    return "\n".join(lines)
