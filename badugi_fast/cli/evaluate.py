"""``badugi eval HAND [HAND ...]``: each hand's rank, usable cards and description; with two or more, who wins."""

from __future__ import annotations

import argparse

from badugi_fast.evaluator import best_cards, describe, evaluate

__all__ = ["add_arguments", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "hands",
        nargs="+",
        metavar="HAND",
        help='four cards, e.g. "As2h3d4c", "As 2h 3d 4c", "A♠2♥3♦4♣" or "10s Jd Qh Kc" (quote hands with spaces)',
    )


def run(args: argparse.Namespace) -> int:
    """Print one line per hand, then the result of the showdown when there are several hands."""
    rows = []
    for number, hand in enumerate(args.hands, 1):
        try:
            rank = evaluate(hand)
        except ValueError as error:
            raise ValueError(f"hand {number} ({hand!r}): {error}") from None
        rows.append((hand, rank, " ".join(best_cards(hand)), describe(rank)))
    width = max(len(hand) for hand, *_ in rows)
    for hand, rank, usable, description in rows:
        print(f"{hand:<{width}}  rank {rank:>4}  plays {usable:<11}  {description}")
    if len(rows) > 1:
        best = min(rank for _, rank, _, _ in rows)
        winners = [str(number) for number, (_, rank, _, _) in enumerate(rows, 1) if rank == best]
        if len(winners) == 1:
            print(f"hand {winners[0]} wins")
        else:
            print(f"hands {', '.join(winners)} split the pot")
    return 0
