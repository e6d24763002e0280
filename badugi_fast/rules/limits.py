"""Betting structures: how much a bet or raise may be under fixed limit, pot limit, half-pot limit and no limit.

One pure function per question, on plain integers, so the engine and the player policies ask the same thing the
same way. Amounts are "raise to" totals for the betting round (what the player will have in front of them), as
PokerStars writes them (``raises $0.25 to $0.50``).
"""

from __future__ import annotations

__all__ = ["FIXED", "HALF_POT", "LIMITS", "NO_LIMIT", "POT", "raise_to_bounds"]

FIXED = "fixed"
POT = "pot"
HALF_POT = "half-pot"
NO_LIMIT = "no"
#: Every betting structure, by the name the CLI and ``TableRules.limit`` use.
LIMITS = (FIXED, POT, HALF_POT, NO_LIMIT)


def raise_to_bounds(limit: str, level: int, own_bet: int, stack: int, pot: int, min_raise: int) -> tuple[int, int]:
    """The smallest and largest legal "raise to" total for a player, all-in included.

    ``level`` is the round's bet to match (0 when nobody has bet; in fixed limit, the bet of the last full bet or
    raise, which an all-in for less does not move: docs/rules.md), ``own_bet`` what the player already has in front
    of them this round, ``stack`` what they have behind, ``pot`` every chip in the middle including all the bets of
    this round, and ``min_raise`` the smallest full raise (the fixed bet in fixed limit; in the big-bet games the
    larger of the big blind and the last full raise of the round).

    A full raise is ``level + min_raise``. Fixed limit allows only that; pot limit allows up to the pot after the
    call (``level + pot + level - own_bet``), half-pot limit half of that (rounded down), no limit the whole stack.
    When the limit is below a full raise, a full raise is still allowed. A player who cannot make a full raise may
    go all-in for less. The caller checks that raising is allowed at all (turn, cap, reopening) and that the stack
    covers more than the call.

    >>> raise_to_bounds("fixed", 20, 10, 1000, 30, 20)
    (40, 40)
    >>> raise_to_bounds("pot", 0, 0, 1000, 30, 20), raise_to_bounds("half-pot", 0, 0, 1000, 30, 20)
    ((20, 30), (20, 20))
    >>> raise_to_bounds("pot", 20, 10, 1000, 30, 20)
    (40, 60)
    >>> raise_to_bounds("no", 20, 10, 25, 30, 20)
    (35, 35)
    """
    all_in = own_bet + stack
    smallest = level + min_raise
    if limit == FIXED:
        largest = smallest
    elif limit == POT:
        largest = level + pot + level - own_bet
    elif limit == HALF_POT:
        largest = level + (pot + level - own_bet) // 2
    elif limit == NO_LIMIT:
        largest = all_in
    else:
        raise ValueError(f"unknown betting structure {limit!r}: choose one of {', '.join(LIMITS)}")
    # Comparisons rather than min() and max(), which cost more on this path (asked before every bet or raise).
    if largest < smallest:
        largest = smallest
    if smallest > all_in:
        smallest = all_in
    return smallest, largest if largest < all_in else all_in
