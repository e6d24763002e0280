"""What to tell a user whose filters match no hand: which filter found nothing, and the nearest values the hands
hold (``--player hero``: did you mean Hero?), so that a typo is not read as "no results"."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from badugi_fast.stats.tally import Filters, Tally

__all__ = ["nearest", "unmatched"]


def unmatched(filters: Filters, everything: Tally) -> str:
    """One line saying why ``filters`` match no hand, from ``everything``: the tally of the same hands with no
    filter."""
    seen = everything.seen
    present = {
        "--player": {key[0] for key in everything.rows},
        "--site": {hand[0] for hand in seen},
        "--game": {hand[1] for hand in seen},
        "--limit": {hand[2] for hand in seen if hand[2]},
        "--stakes": {hand[3] for hand in seen if hand[3]},
    }
    asked = {
        "--player": filters.players,
        "--site": filters.sites,
        "--game": filters.games,
        "--limit": filters.limits,
        "--stakes": filters.stakes,
    }
    if not seen:
        return "no hand lists players in these files: nothing to count"
    for option, values in asked.items():
        if values and not values & present[option]:
            wanted = " ".join(f"{option} {value}" for value in sorted(values))
            return f"no hand matches {wanted}: {nearest(values, present[option])}"
    days = sorted(hand[4] for hand in seen if hand[4])
    when = f"the hands are from {days[0]} to {days[-1]}" if days else "no hand has a date"
    if filters.since is not None and (not days or filters.since > days[-1]):
        return f"no hand from --since {filters.since} on: {when}"
    if filters.until is not None and (not days or filters.until < days[0]):
        return f"no hand up to --until {filters.until}: {when}"
    given = [f"{option} {value}" for option, values in asked.items() for value in sorted(values)]
    given += [f"--{name} {day}" for name, day in (("since", filters.since), ("until", filters.until)) if day]
    return f"no hand matches {' and '.join(given)} together ({when})"


def nearest(asked: Iterable[str], present: set[str]) -> str:
    """``did you mean X?`` for the values nearest those asked (ignoring case), else the values there are."""
    folded = {value.casefold(): value for value in present}
    near: list[str] = []
    for value in sorted(asked):
        if value.casefold() in folded:  # the same but for case: that one alone
            near.append(folded[value.casefold()])
        else:
            near += [folded[match] for match in difflib.get_close_matches(value.casefold(), folded, n=3, cutoff=0.6)]
    if near:
        return f"did you mean {' or '.join(dict.fromkeys(near))}?"
    listed = sorted(present)
    more = f" and {len(listed) - 8} more" if len(listed) > 8 else ""
    return f"the hands have {', '.join(listed[:8])}{more}"
