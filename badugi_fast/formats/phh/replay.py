"""PHH hands replayed through pokerkit (an optional dependency, Python 3.11+): its state machine moves every chip,
valued by its own ``BadugiHand``, so the final stacks say whether a PHH hand means what its history says.

pokerkit plays the standard ``FB`` itself. badugi-fast's own codes for the big-bet Badugi games are played by games
built from pokerkit's parts, as pokerkit builds its own: ``_PB`` with its pot limit, ``_NB`` with its no limit, and
``_HPB`` with its no limit too (pokerkit has no half-pot limit: the chips are checked, not the sizes of the bets).

pokerkit takes no rake by default and splits a pot in exact fractions, where a site takes a rake and splits in
cents. ``final_stacks`` replays with no rake, splitting in the table's smallest unit (a cent, or a whole chip) with
the odd unit to the first winner (pokerkit's rule), then takes the hand's ``_rake`` off the pots in pokerkit's
order, the main pot first, each pot's rest shared again by the players pokerkit paid from it: the stacks pokerkit
would leave with that rake.

>>> import io
>>> from badugi_fast.game import TableRules
>>> from badugi_fast.game import played, simulate
>>> from badugi_fast.formats.phh import write
>>> hands = list(played.hands_of(simulate(3, 4, TableRules(10, 20, rake_percent=5), seed=2)))
>>> out = io.StringIO()
>>> _ = list(write(hands, out))
>>> stacks = [final_stacks(history) for history in load_all(out.getvalue())]
>>> stacks == [history.finishing_stacks for history in load_all(out.getvalue())]
True
"""

from __future__ import annotations

import io
import warnings
from collections.abc import Callable, Iterator
from decimal import ROUND_DOWN, Decimal
from typing import Any, ClassVar

import pokerkit

__all__ = ["GAMES", "HandHistory", "NoLimitBadugi", "PotLimitBadugi", "final_stacks", "load_all"]

_BIG_BET_FIELDS = ("variant", "antes", "blinds_or_straddles", "min_bet", "starting_stacks", "actions")


class _BigBetBadugi(pokerkit.TripleDraw):
    """Badugi with one minimum bet for every round, as pokerkit's big-bet games take it."""

    deck = pokerkit.Deck.REGULAR
    hand_types = (pokerkit.BadugiHand,)
    hole_dealing_count = 4

    def __init__(
        self,
        automations: tuple[Any, ...],
        ante_trimming_status: bool,
        raw_antes: Any,
        raw_blinds_or_straddles: Any,
        min_bet: Any,
        **kwargs: Any,
    ) -> None:
        super().__init__(
            automations, ante_trimming_status, raw_antes, raw_blinds_or_straddles, min_bet, min_bet, **kwargs
        )


class PotLimitBadugi(pokerkit.PotLimitPokerMixin, _BigBetBadugi):
    """Pot-limit Badugi in pokerkit."""


class NoLimitBadugi(pokerkit.NoLimitPokerMixin, _BigBetBadugi):
    """No-limit Badugi in pokerkit (and half-pot limit, whose bets no limit allows too)."""


#: The game of each of badugi-fast's variant codes.
GAMES: dict[str, type[Any]] = {"_PB": PotLimitBadugi, "_HPB": NoLimitBadugi, "_NB": NoLimitBadugi}


class HandHistory(pokerkit.HandHistory):
    """pokerkit's ``HandHistory`` that also plays badugi-fast's variant codes."""

    game_types: ClassVar[dict[str, type[Any]]] = {**pokerkit.HandHistory.game_types, **GAMES}
    required_field_names: ClassVar[dict[str, tuple[str, ...]]] = {
        **pokerkit.HandHistory.required_field_names,
        **dict.fromkeys(GAMES, _BIG_BET_FIELDS),
    }


def load_all(text: str) -> Iterator[Any]:
    """The hands of a ``.phhs`` text, as ``HandHistory.load_all`` reads them."""
    histories: Iterator[Any] = HandHistory.load_all(io.BytesIO(text.encode()))
    return histories


def _unit_divmod(unit: Decimal) -> Callable[[Any, int], tuple[Any, Any]]:
    """A pot divided among ``count`` players in whole ``unit``s, the rest apart (integers: plain ``divmod``)."""

    def split(amount: Any, count: int) -> tuple[Any, Any]:
        if isinstance(amount, int):
            return divmod(amount, count)
        share = (Decimal(amount) / count).quantize(unit, rounding=ROUND_DOWN)
        return share, amount - share * count

    return split


def final_stacks(history: Any) -> list[Any]:
    """Every player's stack once pokerkit has played ``history`` to its end, with its ``_rake`` taken.

    ValueError when pokerkit cannot play it to the end."""
    decimal = any(isinstance(stack, Decimal) for stack in history.starting_stacks)
    unit = Decimal("0.01") if decimal else Decimal(1)
    history.divmod = _unit_divmod(unit)
    with warnings.catch_warnings():  # known cards pokerkit did not plan to deal (its burn took them, or a reshuffle)
        warnings.filterwarnings("ignore", message="A card being dealt", category=UserWarning)
        warnings.filterwarnings("ignore", message="Returning reserved", category=UserWarning)
        warnings.filterwarnings("ignore", message="Due to non-standard folds", category=UserWarning)
        warnings.filterwarnings("ignore", message="There is no reason for this player to fold", category=UserWarning)
        state = None
        for state in history:  # noqa: B007  # the last state is the one wanted
            pass
    if state is None or state.status:
        raise ValueError("pokerkit expects more actions")
    stacks = list(state.stacks)
    _rake(state, stacks, history.user_defined_fields.get("_rake", 0), history.divmod)
    return stacks


def _rake(state: Any, stacks: list[Any], rake: Any, split: Callable[[Any, int], tuple[Any, Any]]) -> None:
    """Take ``rake`` off the pots pokerkit paid, the main pot first, each pot's rest shared as pokerkit shares."""
    pots: dict[int, list[Any]] = {}
    for operation in state.operations:
        if isinstance(operation, pokerkit.ChipsPushing):
            paid = pots.setdefault(operation.pot_index, [0] * len(stacks))
            for player, amount in enumerate(operation.amounts):
                paid[player] += amount
    left = rake
    for index in sorted(pots):
        paid = pots[index]
        total = sum(paid)
        taken = min(left, total)
        if not taken:
            continue
        left -= taken
        winners = [player for player, amount in enumerate(paid) if amount > 0]
        share, rest = split(total - taken, len(winners))
        for player in winners:
            stacks[player] += share + (rest if player == winners[0] else 0) - paid[player]
    if left:
        raise ValueError(f"a rake of {rake} is more than the pots")
