"""A drawing policy compiled into the discard table the C loops read (layout: csrc/odds.h).

Entry ``3 * index + draws_left - 1`` is for the hand of perfect-hash index ``index`` (``perfect_hash.hand_index``)
with ``draws_left`` draws to come: the mask of the cards its first option throws in the low nibble, its second
option's in the high nibble (the same when there is one option), bit i standing for the hand's i-th lowest card
code. ``first`` holds the first option's probability, or is None when no entry has a second option.

Any policy compiles by asking its Python definition about every hand (``compile_python``: a second or two); the
built-in ones have a C mirror that fills the same table in milliseconds, and the tests check the two are equal.
"""

from __future__ import annotations

import functools
from array import array
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from badugi_fast.cards import card_str
from badugi_fast.drawing import Basic, DrawingPolicy, Pat, Snow, Usable
from badugi_fast.perfect_hash import HAND_COUNT, all_hands

__all__ = ["ENTRIES", "PolicyTable", "compile_policy", "compile_python"]

ENTRIES = 3 * HAND_COUNT

#: The built-in policy classes and their names in C (badugi_policy_table).
_C_KINDS: dict[type[DrawingPolicy], str] = {Usable: "usable", Snow: "snow", Pat: "pat", Basic: "basic"}
#: how many cards a nibble mask throws
_THROWN = [bin(mask).count("1") for mask in range(16)]


@dataclass(frozen=True)
class PolicyTable:
    """A compiled policy: ``masks`` (uint8, ENTRIES) and ``first`` (float64, ENTRIES, or None), read-only."""

    masks: NDArray[np.uint8]
    first: NDArray[np.float64] | None


def compile_policy(policy: DrawingPolicy, opponents: int = 1) -> PolicyTable:
    """The table of ``policy`` (against ``opponents`` players, for a policy that looks at them), made once and
    kept: in C for the built-in policies when the extension is there, else from the Python definition."""
    if not policy.uses_opponents:
        opponents = 1
    try:
        hash(policy)
    except TypeError:  # an unhashable user policy: compiled again at every call
        return _compile(policy, opponents)
    return _cached(policy, opponents)


@functools.lru_cache(maxsize=16)
def _cached(policy: DrawingPolicy, opponents: int) -> PolicyTable:
    return _compile(policy, opponents)


def _compile(policy: DrawingPolicy, opponents: int) -> PolicyTable:
    from badugi_fast._backend import odds_loops

    kind = _C_KINDS.get(type(policy))
    if kind is None or odds_loops is None:
        return compile_python(policy, opponents)
    masks = np.empty(ENTRIES, dtype=np.uint8)
    first = np.empty(ENTRIES, dtype=np.float64) if kind == "basic" else None
    odds_loops.policy_table(kind, policy.bound if isinstance(policy, Pat) else 0, masks, first)
    return _finish(masks, first)


def compile_python(policy: DrawingPolicy, opponents: int = 1) -> PolicyTable:
    """Compile by asking ``policy.options`` about every hand and number of draws to come; ValueError naming the
    hand when an answer is not one or two options throwing cards of the hand with probabilities adding up to 1."""
    masks = bytearray(ENTRIES)  # filled as Python objects: faster per item than numpy scalars
    first = array("d", bytes(8 * ENTRIES))
    entry = 0
    for hand in all_hands():
        position = {code: 1 << i for i, code in enumerate(hand)}
        for draws_left in (1, 2, 3):
            try:
                options = policy.options(hand, draws_left, opponents)
            except (ValueError, TypeError) as error:  # a user policy's own failure, named with the hand
                shown = " ".join(map(card_str, hand))
                raise ValueError(f"policy {policy.name}: {shown} with {draws_left} draws to come: {error}") from None
            mask = _simple(options, position)
            if mask >= 0:  # the common case: one option, checked on the way
                masks[entry] = mask * 17
                first[entry] = 1.0
                entry += 1
                continue
            try:
                masks[entry], first[entry] = _encode(options, position)
            except (ValueError, TypeError) as error:
                shown = " ".join(map(card_str, hand))
                raise ValueError(
                    f"policy {policy.name}: {shown} with {draws_left} draws to come: {error!s} (got {options!r})"
                ) from None
            entry += 1
    probabilities = np.frombuffer(first, dtype=np.float64).copy()
    randomized = bool((probabilities < 1).any())
    return _finish(np.frombuffer(masks, dtype=np.uint8).copy(), probabilities if randomized else None)


def _simple(options: object, position: dict[int, int]) -> int:
    """The mask of a single, sure option throwing distinct cards of the hand, else -1 (``_encode`` then says what
    is wrong, if anything)."""
    try:
        only: Any
        (only,) = options  # type: ignore[misc]  # an object: the unpacking is the check
        thrown, probability = only
        mask = 0
        for code in thrown:
            mask |= position[code]
        if probability == 1 and _THROWN[mask] == len(thrown):
            return mask
    except (TypeError, ValueError, KeyError):
        pass
    return -1


def _encode(options: object, position: dict[int, int]) -> tuple[int, float]:
    """The table byte and first-option probability of one answer."""
    if not isinstance(options, (tuple, list)) or not 1 <= len(options) <= 2:
        raise ValueError("expected one or two (thrown cards, probability) options")
    masks = []
    probabilities = []
    for thrown, probability in options:
        mask = 0
        for code in thrown:
            if code not in position:  # a card of another hand, or not a card at all
                raise ValueError(f"{code!r} is not a card of the hand")
            mask |= position[code]
        if _THROWN[mask] != len(thrown):
            raise ValueError("a card is thrown twice")
        if not 0 < float(probability) <= 1:
            raise ValueError(f"probability {probability!r} is not in (0, 1]")
        masks.append(mask)
        probabilities.append(float(probability))
    if abs(sum(probabilities) - 1) > 1e-9:
        raise ValueError(f"the probabilities add up to {sum(probabilities)}, not 1")
    if len(masks) == 1:
        return masks[0] * 17, 1.0
    if masks[0] == masks[1]:
        raise ValueError("both options throw the same cards")
    return masks[0] | masks[1] << 4, probabilities[0]


def _finish(masks: NDArray[np.uint8], first: NDArray[np.float64] | None) -> PolicyTable:
    """The table, read-only."""
    masks.flags.writeable = False
    if first is not None:
        first.flags.writeable = False
    return PolicyTable(masks, first)
