"""The state machine of one hand of Badugi (docs/rules.md): blinds, four betting rounds, three draws,
showdown, main and side pots, split pots with the odd chip, rake. Chips are integers (cents or tournament chips).

Players are numbered 0..n-1 clockwise; ``button`` is the dealer. Every action names the player making it and is
checked first: an illegal one raises ``IllegalActionError`` (a ``ValueError``) and leaves the state untouched.

Where the texts are silent this follows the sites and, for fine points of betting, pokerkit (the independent
engine the tests replay hands through):

- heads-up, the button posts the small blind and acts first before the draw, last after it;
- the big blind is the first bet of the pre-draw round: it counts toward the raise cap and, if nobody raised,
  its owner may still check or raise (the option);
- in pot, half-pot and no limit, a bet or raise reopens the betting only if it is at least the last full raise of
  the round: a shorter all-in lets the players who had already acted call or fold but not raise, until such
  all-ins add up to a full raise;
- in fixed limit (PokerStars' rules for limit games), an all-in bet or raise of at least half a full one reopens
  the betting, one of less does not (those who had acted may only call or fold), and the next raise is to a full
  bet above the last full level (bet 60, raise to 120, all in to 150: the next raise is to 180; after an all-in
  bet of 50 at a 300 bet, the next player may raise to 300);
- a player acts only if someone else could still put in more than they have: heads-up, a small blind who calls
  all-in for the big blind leaves the big blind no option;
- an uncalled bet goes back at the end of its betting round, as PokerStars writes it;
- when the stub runs out during a draw, the discards and folded hands (not the drawing player's own discards) are
  shuffled into a new stub; no card is burnt;
- pots are built, split and paid by ``badugi_fast.pots`` (the odd chip to the first tied player left of the button,
  rake off the main pot first); rake is taken only once a draw has happened ("no draw, no drop").
"""

from __future__ import annotations

import functools
import numbers
import operator
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import repeat, starmap

from badugi_fast._backend import backend
from badugi_fast.cards import card_str, parse_cards
from badugi_fast.pots import Pot, checked_pots, checked_shares, odd_chip_order, spread_rake, uncalled
from badugi_fast.rules.events import Blind, Event
from badugi_fast.rules.limits import FIXED, LIMITS, raise_to_bounds

__all__ = ["BETTING", "COMPLETE", "DRAW", "HandResult", "HandState", "IllegalActionError", "PlayedHand", "TableRules"]

#: The rank number of four valid, distinct card codes (the engine dealt them: no checks needed).
_rank4 = backend.rank4

BETTING = "betting"
DRAW = "draw"
COMPLETE = "complete"


class IllegalActionError(ValueError):
    """An action the rules do not allow at this moment; the hand is left exactly as it was."""


def _is_player(player: object, to_act: int | None) -> bool:
    """Whether ``player`` is the int ``to_act`` (bools and floats that equal it are not players)."""
    return not isinstance(player, bool) and isinstance(player, int) and player == to_act


def _chips(value: object, what: str, minimum: int = 0) -> int:
    """``value`` if it is an int of at least ``minimum`` chips (bools and floats refused: money is integral)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise ValueError(f"{what} must be an integer number of chips >= {minimum}, not {value!r}")
    return value


@dataclass(frozen=True)
class TableRules:
    """Blinds, betting structure, raise cap and rake of a table.

    In fixed limit the small bet (rounds 1-2) defaults to the big blind and the big bet (rounds 3-4) to twice the
    small bet; in the other structures the smallest bet is the big blind. ``raise_cap`` is the number of bets
    allowed in a fixed-limit round (the big blind counts as the first pre-draw; PokerStars caps at 4), None for
    no cap; ``uncapped_heads_up`` lifts it in a round that starts with only two players in the hand. The big-bet
    structures (pot, half-pot and no limit) have no cap. Rake is
    ``rake_percent`` of the pot (rounded down) up to ``rake_cap`` chips.

    >>> TableRules(10, 20).bet_size(0), TableRules(10, 20).bet_size(3), TableRules(10, 20, "pot").bet_size(3)
    (20, 40, 20)
    >>> TableRules(10, 20, rake_percent=5, rake_cap=30).rake(700)
    30
    """

    small_blind: int
    big_blind: int
    limit: str = FIXED
    small_bet: int | None = None
    raise_cap: int | None = 4
    uncapped_heads_up: bool = False
    rake_percent: float = 0.0
    rake_cap: int | None = None
    big_bet: int | None = None

    def __post_init__(self) -> None:
        _chips(self.small_blind, "the small blind", 1)
        _chips(self.big_blind, "the big blind", 1)
        if self.small_blind > self.big_blind:
            raise ValueError(f"the small blind ({self.small_blind}) is more than the big blind ({self.big_blind})")
        if self.limit not in LIMITS:
            raise ValueError(f"unknown betting structure {self.limit!r}: choose one of {', '.join(LIMITS)}")
        if self.small_bet is not None:
            _chips(self.small_bet, "the small bet", 1)
        if self.big_bet is not None:
            _chips(self.big_bet, "the big bet", 1)
        if self.raise_cap is not None:
            _chips(self.raise_cap, "the raise cap", 2)
        rake = self.rake_percent
        if isinstance(rake, bool) or not isinstance(rake, numbers.Real) or not 0 <= rake <= 100:
            raise ValueError(f"the rake must be a number of percent from 0 to 100, not {rake!r}")
        if self.rake_cap is not None:
            _chips(self.rake_cap, "the rake cap")

    def bet_size(self, round_index: int) -> int:
        """The smallest full bet or raise in betting round ``round_index`` (0 = pre-draw ... 3 = after the third)."""
        if self.limit != FIXED:
            return self.big_blind
        small = self.big_blind if self.small_bet is None else self.small_bet
        if round_index < 2:
            return small
        return 2 * small if self.big_bet is None else self.big_bet

    @property
    def stakes(self) -> tuple[int, int]:
        """The two amounts the table's stakes are named by: the small and big bet in fixed limit, else the blinds.

        >>> TableRules(10, 25, small_bet=25).stakes, TableRules(10, 25, "pot").stakes
        ((25, 50), (10, 25))
        """
        if self.limit == FIXED:
            return self.bet_size(0), self.bet_size(3)
        return self.small_blind, self.big_blind

    @functools.cached_property
    def bet_sizes(self) -> tuple[int, int, int, int]:
        """``bet_size`` of the four rounds, worked out once per table rather than once per hand."""
        return self.bet_size(0), self.bet_size(1), self.bet_size(2), self.bet_size(3)

    def rake(self, pot: int) -> int:
        """The rake on a pot of ``pot`` chips (rounded down: ``pot`` is never negative)."""
        numerator, denominator = self._rake_ratio
        taken = pot * numerator // denominator
        return taken if self.rake_cap is None else min(taken, self.rake_cap)

    @functools.cached_property
    def _rake_ratio(self) -> tuple[int, int]:
        """The rake as an exact fraction of the pot, worked out once per table: 4.5% of 1000 is 45, not 44."""
        ratio = Fraction(str(self.rake_percent)) / 100
        return ratio.numerator, ratio.denominator


@dataclass(frozen=True, init=False)
class HandResult:
    """How a finished hand was paid.

    ``pot_shares[k]`` maps each winner of ``pots[k]`` (0 = main pot) to what they collected from it after rake;
    ``collected`` is the total per player. ``ranks`` holds the rank number of every hand at the showdown (empty
    when everyone else folded), ``show_order`` the order the hands are shown in (the last bettor or raiser of the
    final round first, else the first player left of the button).
    """

    pots: tuple[Pot, ...]
    pot_shares: tuple[dict[int, int], ...]
    collected: dict[int, int]
    rake: int
    ranks: dict[int, int]
    show_order: tuple[int, ...]
    total_pot: int

    def __init__(
        self,
        pots: tuple[Pot, ...],
        pot_shares: tuple[dict[int, int], ...],
        collected: dict[int, int],
        rake: int,
        ranks: dict[int, int],
        show_order: tuple[int, ...],
        total_pot: int,
    ) -> None:
        # Every field into the instance's dict at once: the frozen dataclass's own __init__ sets them one at a time
        # through object.__setattr__, which took 2.4 times as long, and every simulated hand makes one.
        self.__dict__.update(
            pots=pots,
            pot_shares=pot_shares,
            collected=collected,
            rake=rake,
            ranks=ranks,
            show_order=show_order,
            total_pot=total_pot,
        )


@dataclass(frozen=True, init=False)
class PlayedHand:
    """One finished hand and what the table around it looked like: ``names[p]`` sits in seat ``p + 1``."""

    number: int  # 0-based position in the run
    hand_id: int
    names: tuple[str, ...]
    state: HandState

    def __init__(self, number: int, hand_id: int, names: tuple[str, ...], state: HandState) -> None:
        self.__dict__.update(number=number, hand_id=hand_id, names=names, state=state)  # as HandResult's


class HandState:
    """One hand of Badugi at a table of 2 to 10 players, from the blinds to the payout.

    ``deck`` fixes the order the cards come off (first card first; at least four per player) and ``rng`` shuffles
    the deck when none is given and the discards when the stub runs out.

    Read, never assign: ``phase`` (``"betting"``, ``"draw"``, ``"complete"``), ``round`` (0 = before the first draw
    ... 3 = after the third), ``to_act`` (whose turn it is; None once the hand is complete), ``stacks`` (behind),
    ``bets`` (this round), ``contributed`` (this hand), ``pot`` (every chip put in so far, this round's bets
    included: the sum of ``contributed``), ``folded``, ``live`` (the players still in the hand, clockwise from the
    left of the button), ``cards`` (now) and ``dealt`` (first four), ``ranks`` (the rank number of each player's cards
    now, 1 = best: kept up to date as they are dealt and drawn), ``events`` (what happened, in order: see
    ``badugi_fast.rules.events``) and, once the hand is over, ``result``.

    >>> hand = HandState(TableRules(1, 2), [100, 100], button=0, rng=random.Random(7))
    >>> hand.to_act, hand.bets, hand.to_call(0)
    (0, [1, 2], 1)
    >>> hand.check(0)
    Traceback (most recent call last):
    ...
    badugi_fast.rules.engine.IllegalActionError: player 0 cannot check: 1 to call
    >>> hand.fold(0); hand.phase, hand.stacks
    ('complete', [99, 101])
    """

    __slots__ = (
        "able",
        "acted",
        "bets",
        "big_blind_player",
        "button",
        "capped",
        "cards",
        "clockwise",
        "contributed",
        "dealt",
        "draw_order",
        "events",
        "fold_round",
        "folded",
        "full_level",
        "full_raise",
        "last_aggressor",
        "level",
        "live",
        "muck",
        "n",
        "offer",
        "order",
        "pending",
        "phase",
        "pot",
        "raises",
        "ranks",
        "reshuffles",
        "result",
        "rng",
        "round",
        "rules",
        "short_all_ins",
        "sizes",
        "small_blind_player",
        "stacks",
        "starting_stacks",
        "stub",
        "to_act",
    )
    # The state of the betting round, set by _start_round (the constructor's last step) rather than in __init__:
    phase: str
    round: int
    to_act: int | None
    level: int  # the bet to match
    raises: int  # bets and raises so far (the big blind counts as one)
    full_raise: int  # the last full raise (what a raise must add at least)
    full_level: int  # fixed limit: the bet of the last full bet or raise (a raise is to this plus a bet)
    short_all_ins: int  # what all-ins for less than a full raise have added since the last full raise
    capped: bool  # a raise cap applies
    acted: list[bool]  # acted[p]: p has acted since the last full raise
    pending: list[bool]  # pending[p]: p must still act before the round can end
    last_aggressor: int | None  # the last player to bet or raise
    # Set by _seat:
    muck: list[int]  # the cards thrown and folded, for a reshuffle
    events: list[Event]
    result: HandResult | None
    draw_order: list[int]  # who is still to draw in the draw under way
    offer: tuple[int, tuple[int, int]] | None  # raise_bounds' answer, kept until the next event

    def __init__(
        self,
        rules: TableRules,
        stacks: Sequence[int],
        button: int = 0,
        *,
        rng: random.Random | None = None,
        deck: Sequence[int] | None = None,
    ) -> None:
        n = len(stacks)
        if not 2 <= n <= 10:
            raise ValueError(f"a table has 2 to 10 players, not {n}")
        for stack in stacks:  # a plain loop: cheaper than all() over a generator for the usual, valid stacks
            if type(stack) is not int or stack < 1:
                for seat, chips in enumerate(stacks):
                    _chips(chips, f"player {seat}'s stack", 1)
                break
        if isinstance(button, bool) or not isinstance(button, int) or not 0 <= button < n:
            raise ValueError(f"the button must be a player 0..{n - 1}, not {button!r}")
        self._seat(rules, stacks, button)
        self.rng = random.Random() if rng is None else rng
        self.stub = self._stub(deck)
        # The betting round's state (phase, round, to_act, level, raises, pending, ...) is set by _start_round(0).
        # Heads-up the button posts the small blind (the sites' convention); otherwise the next two players do.
        self.small_blind_player = button if n == 2 else (button + 1) % n
        self.big_blind_player = (self.small_blind_player + 1) % n
        stacks = self.stacks
        blinds: tuple[tuple[int, Blind, int], ...] = (
            (self.small_blind_player, "small", rules.small_blind),
            (self.big_blind_player, "big", rules.big_blind),
        )
        for player, blind, amount in blinds:
            paid = amount if amount < stacks[player] else stacks[player]
            stacks[player] -= paid
            self.bets[player] = self.contributed[player] = paid
            self.pot += paid
            all_in = stacks[player] == 0
            self.able[player] = not all_in
            self.events.append(("post", player, blind, paid, all_in))
        # One card at a time from the left of the button: each player's cards are one slice of the stub.
        self.cards = list(map(self.stub.__getitem__, _DEALT[n][button]))
        del self.stub[-4 * n :]
        self.dealt = tuple(map(tuple, self.cards))
        self.ranks = list(starmap(_rank4, self.cards))
        self._start_round(0)

    # ----------------------------------------------------------------------------------------------- questions

    def to_call(self, player: int) -> int:
        """What ``player`` must put in to call (limited by their stack); 0 when they may check."""
        return min(self.level - self.bets[player], self.stacks[player])

    def raise_bounds(self, player: int) -> tuple[int, int] | None:
        """The smallest and largest "bet/raise to" total ``player`` may choose now, or None if they may not."""
        if player is not self.to_act and not _is_player(player, self.to_act):
            return None
        if self.phase != BETTING or self._why_no_raise(player) is not None:
            return None
        bounds = self._bounds(player)
        self.offer = (len(self.events), bounds)  # kept until the next event, for the bet or raise that may follow
        return bounds

    # ----------------------------------------------------------------------------------------------- actions

    def fold(self, player: int) -> None:
        """``player`` gives up the hand (allowed even when they could check)."""
        if player is not self.to_act or self.phase != BETTING:
            self._check_turn(player, "fold")
        self.folded[player] = True
        self.able[player] = False
        self.live.remove(player)
        self.fold_round[player] = self.round
        self.muck.extend(self.cards[player])
        self.events.append(("fold", player))
        if len(self.live) > 1:
            self._acted(player)
        else:  # the last opponent gave up: nobody else acts
            self._end_round()

    def check(self, player: int) -> None:
        """``player`` checks: only when nothing is owed."""
        if player is not self.to_act or self.phase != BETTING:
            self._check_turn(player, "check")
        if self.bets[player] < self.level:
            raise IllegalActionError(f"{self._who(player)} cannot check: {self._money(self.to_call(player))} to call")
        self.events.append(("check", player))
        self._acted(player)

    def call(self, player: int) -> None:
        """``player`` matches the bet, or puts in their whole stack if it is smaller (all-in)."""
        if player is not self.to_act or self.phase != BETTING:
            self._check_turn(player, "call")
        stacks = self.stacks
        amount = self.level - self.bets[player]
        if amount > stacks[player]:  # min() costs more than the comparison on this hot path
            amount = stacks[player]
        if amount <= 0:
            raise IllegalActionError(f"{self._who(player)} cannot call: there is nothing to call (check instead)")
        stacks[player] -= amount
        self.bets[player] += amount
        self.contributed[player] += amount
        self.pot += amount
        all_in = stacks[player] == 0
        if all_in:
            self.able[player] = False
        self.events.append(("call", player, amount, all_in))
        self._acted(player)

    def bet(self, player: int, amount: int) -> None:
        """``player`` makes the first bet of a round after a draw (``amount`` chips)."""
        if player is not self.to_act or self.phase != BETTING:
            self._check_turn(player, "bet")
        if self.level:
            raise IllegalActionError(
                f"{self._who(player)} cannot bet: there is already a bet of {self._money(self.level)} (raise)"
            )
        self._wager(player, amount, "bet")

    def raise_to(self, player: int, total: int) -> None:
        """``player`` raises, making their bet for the round ``total`` chips."""
        if player is not self.to_act or self.phase != BETTING:
            self._check_turn(player, "raise")
        if not self.level:
            raise IllegalActionError(f"{self._who(player)} cannot raise: nobody has bet this round (bet)")
        self._wager(player, total, "raise")

    def draw(self, player: int, discards: Sequence[int] | str = ()) -> None:
        """``player`` throws away ``discards`` (card codes, or card text such as ``"Kc 9d"``; none = stand pat) and
        is dealt as many new cards at once."""
        if player is not self.to_act or self.phase != DRAW:
            self._check_turn(player, "draw")
        hand = self.cards[player]
        try:
            thrown = tuple(parse_cards(discards) if isinstance(discards, str) else discards)
        except TypeError:  # None, a number...
            raise IllegalActionError(
                f"player {player} cannot discard {discards!r}: discards are card codes or card text"
            ) from None
        count = len(thrown)
        if count:
            kept = hand.copy()
            try:
                for card in thrown:
                    if type(card) is not int:  # 3.0 == 3 would pass remove() and put a float in the muck
                        raise ValueError
                    kept.remove(card)
            except ValueError:  # thrown cards that are not all distinct cards of the hand: say what is wrong
                self._refuse_discards(player, thrown)
            stub = self.stub
            if len(stub) >= count:
                new = stub[: -count - 1 : -1]
                del stub[-count:]
            elif len(stub) + len(self.muck) >= count:
                new = self._deal(count)
            else:  # only with a short deck given to the constructor: a full deck always has enough
                raise IllegalActionError(
                    f"player {player} cannot draw {count} cards: only {len(stub) + len(self.muck)} left"
                )
            self.cards[player] = hand = kept + new
            self.ranks[player] = _rank4(*hand)
            self.muck.extend(thrown)
            self.events.append(("draw", player, thrown, tuple(kept), tuple(new)))
        else:
            self.events.append(("draw", player, (), tuple(hand), ()))
        self._drawn()

    # ----------------------------------------------------------------------------------------------- internals

    def _drawn(self) -> None:
        """The player to draw has drawn: the next one draws, or the next betting round starts."""
        order = self.draw_order
        del order[0]
        if order:
            self.to_act = order[0]
        else:
            self._start_round(self.round + 1)

    def _seat(self, rules: TableRules, stacks: Sequence[int], button: int) -> None:
        """The table before any chip goes in: its rules, the players' stacks, the button, nothing bet yet."""
        n = len(stacks)
        self.rules = rules
        self.sizes = rules.bet_sizes
        self.n = n
        self.button = button
        self.clockwise = clockwise = _CLOCKWISE[n]
        self.order = clockwise[button]
        self.muck = []
        self.reshuffles = 0
        self.starting_stacks = tuple(stacks)
        self.stacks = list(stacks)
        self.bets = [0] * n
        self.contributed = [0] * n
        self.pot = 0
        self.folded = [False] * n
        self.fold_round = [-1] * n
        # Kept up to date as players fold or run out of chips, rather than worked out again at every bet:
        self.live = list(self.order)  # the players still in the hand, clockwise from the left of the button
        self.able = [True] * n  # able[p]: p is still in the hand and has chips behind, so may act in a betting round
        self.events = []
        self.result = None
        self.draw_order = []
        self.offer = None

    def _opening_level(self) -> int:
        """The bet to match before the first draw: the big blind (no blind posted is more; a big blind all in for
        less still makes the others call a whole one)."""
        return self.rules.big_blind

    def _who(self, player: int | None) -> str:
        """How the errors name ``player``."""
        return f"player {player}"

    def _money(self, chips: int) -> str:
        """How the errors write an amount of chips."""
        return str(chips)

    def _stub(self, deck: Sequence[int] | None) -> list[int]:
        """The cards to deal, last card first (dealing pops from the end)."""
        if deck is None:
            stub = list(_DECK)
            _shuffle(stub, self.rng.random)
            return stub
        try:
            stub = list(deck)
        except TypeError:
            raise ValueError(f"the deck must be a sequence of card codes, not {deck!r}") from None
        for card in stub:
            if isinstance(card, bool) or not hasattr(type(card), "__index__"):  # ints (numpy's too), not 3.0 or "3"
                raise ValueError(f"the deck must hold card codes (ints 0..51), not {card!r}")
        stub = list(map(operator.index, stub))
        if len(set(stub)) != len(stub) or any(not 0 <= card <= 51 for card in stub):
            raise ValueError("the deck must hold distinct card codes 0..51")
        if len(stub) < 4 * self.n:
            raise ValueError(f"the deck has {len(stub)} cards: {self.n} players need {4 * self.n}")
        stub.reverse()
        return stub

    def _refuse_discards(self, player: int, thrown: Sequence[int]) -> None:
        """Raise the error for discards that are not distinct cards of ``player``'s hand."""
        count = len(thrown)
        if count > 4:
            raise IllegalActionError(f"{self._who(player)} cannot discard {count} cards: a draw is 0 to 4 cards")
        for card in thrown:
            if type(card) is not int:
                raise IllegalActionError(f"player {player} cannot discard {card!r}: a card is an int code or text")
            if card not in self.cards[player]:
                shown = card_str(card) if type(card) is int and 0 <= card <= 51 else repr(card)
                raise IllegalActionError(f"player {player} cannot discard {shown}: it is not in their hand")
        raise IllegalActionError(f"player {player} cannot discard the same card twice")

    def _check_turn(self, player: object, what: str) -> None:
        """Raise the error if ``player`` may not ``what`` now: not a player, out of phase or out of turn.

        Each action calls this when its own quick test fails: ``player is not self.to_act`` (which refuses
        ``True`` and ``1.0`` for player 1 at no cost) or the wrong phase. Two equal ints are almost always the same
        object (CPython keeps one of each small int), but when they are not, ``player`` is let through here.
        """
        if isinstance(player, bool) or not isinstance(player, int):
            raise IllegalActionError(f"cannot {what}: a player is an int 0..{self.n - 1}, not {player!r}")
        if self.phase != (DRAW if what == "draw" else BETTING):
            raise IllegalActionError(f"{self._who(player)} cannot {what}: the hand is in its {self.phase} phase")
        if player != self.to_act:
            raise IllegalActionError(f"{self._who(player)} cannot {what}: it is {self._who(self.to_act)}'s turn")

    def _bounds(self, player: int) -> tuple[int, int]:
        """``raise_to_bounds`` for ``player`` now (the caller made sure that they may bet or raise)."""
        size = self.sizes[self.round]
        limit = self.rules.limit
        return raise_to_bounds(
            limit,
            self.full_level if limit == FIXED else self.level,
            self.bets[player],
            self.stacks[player],
            self.pot,
            self.full_raise if self.full_raise > size else size,
        )

    def _why_no_raise(self, player: int) -> str | None:
        """Why ``player`` may not bet or raise now (None if they may)."""
        stacks, bets, level = self.stacks, self.bets, self.level
        owed = level - bets[player]
        if stacks[player] <= owed:
            return "their stack only covers a call"
        if self.capped and self.raises >= (self.rules.raise_cap or 0):
            return f"betting is capped at {self.rules.raise_cap} bets"
        if self.rules.limit == FIXED:  # acted since the last full bet or reopening: an all-in for less came since
            closed = self.acted[player]
        else:
            full, short = self.full_raise, self.short_all_ins
            closed = owed < full or (0 < short < full and self.acted[player])
        if closed:
            return "a short all-in raise does not reopen the betting for players who have acted"
        folded = self.folded
        for other in self.clockwise[player][:-1]:
            if not folded[other] and stacks[other] + bets[other] > level:
                return None
        return "nobody else has chips to call a raise"

    def _wager(self, player: int, total: int, kind: str) -> None:
        """A bet or raise to ``total`` chips for the round."""
        offer = self.offer
        if offer is not None and offer[0] == len(self.events):  # asked raise_bounds since the last event
            low, high = offer[1]
        else:
            reason = self._why_no_raise(player)
            if reason is not None:
                raise IllegalActionError(f"{self._who(player)} cannot {kind}: {reason}")
            low, high = self._bounds(player)
        if isinstance(total, bool) or not isinstance(total, int) or not low <= total <= high:
            money = self._money
            allowed = f"exactly {money(low)}" if low == high else f"from {money(low)} to {money(high)}"
            shown = money(total) if isinstance(total, int) and not isinstance(total, bool) else repr(total)
            raise IllegalActionError(f"{self._who(player)} cannot {kind} to {shown}: the {kind} must be to {allowed}")
        increment = total - self.level
        paid = total - self.bets[player]
        stacks = self.stacks
        stacks[player] -= paid
        self.bets[player] = total
        self.contributed[player] += paid
        self.pot += paid
        all_in = stacks[player] == 0
        if all_in:
            self.able[player] = False
        if self.rules.limit == FIXED:
            self._fixed_wager(total)
        else:
            full = self.full_raise
            if increment >= full:  # a full raise (or more) reopens the betting for everyone
                self.acted = [False] * self.n
                if increment > full:
                    full = self.full_raise = increment
            short = self.short_all_ins + increment if all_in else 0  # short all-ins add up to a full raise
            self.short_all_ins = 0 if short >= full else short
        self.raises += 1
        self.level = total
        self.last_aggressor = player
        self.pending = self.able.copy()  # everyone who can still act must answer the bet or raise
        if kind == "bet":
            self.events.append(("bet", player, total, all_in))
        else:
            self.events.append(("raise", player, increment, total, all_in))
        if self.capped and self.raises == self.rules.raise_cap:
            self.events.append(("capped",))
        self._acted(player)

    def _fixed_wager(self, total: int) -> None:
        """A fixed-limit bet or raise to ``total`` (a full one, or an all-in for less): a full bet or raise sets the
        full level, and it or an all-in of at least half of one reopens the betting for everyone (PokerStars'
        rules for limit games; docs/rules.md). Mirrored in csrc/rules.c: wager()."""
        over = total - self.full_level
        size = self.sizes[self.round]
        if over >= size:
            self.full_level = total
        if 2 * over >= size:
            self.acted = [False] * self.n

    def _acted(self, player: int) -> None:
        """After ``player``'s betting action (two or more players still in): the next to act, or the round's end."""
        pending = self.pending
        pending[player] = False
        self.acted[player] = True
        for seat in self.clockwise[player]:  # the player's own seat comes last, and is no longer pending
            if pending[seat]:
                self.to_act = seat
                return
        self._end_round()

    def _start_round(self, index: int) -> None:
        """Betting round ``index`` (0 = pre-draw): who acts first, or straight on if nobody can bet."""
        self.phase = BETTING
        self.round = index
        n = self.n
        self.full_raise = self.short_all_ins = self.full_level = 0
        self.last_aggressor = None
        rules = self.rules
        self.capped = (
            rules.limit == FIXED
            and rules.raise_cap is not None
            and not (rules.uncapped_heads_up and len(self.live) == 2)
        )
        self.acted = [False] * n
        # Only players who could still lose more chips act: a stack behind, and someone else able to put in more
        # than they already have (heads-up, a small blind who calls all-in leaves the big blind nothing to do).
        bets = self.bets
        if index == 0:  # nobody has folded yet; the player left of the big blind acts first
            self.raises = 1
            self.level = self.full_level = level = self._opening_level()
            pending = self.able.copy()
            second = sorted(self.starting_stacks)[-2]  # the most that two players can both put in this hand
            if second <= level:  # a rare short table: whoever has that much in already has nobody to bet against
                for seat in range(n):
                    if bets[seat] >= second:
                        pending[seat] = False
            if pending.count(True) == 1:
                only = pending.index(True)
                pending[only] = bets[only] < level
            seats = self.clockwise[self.big_blind_player]
        else:  # nobody has bet yet: everyone with chips acts if at least two have chips; left of the button first
            self.raises = self.level = 0
            pending = self.able.copy()
            if pending.count(True) < 2:
                pending = [False] * n
            seats = self.order
        self.pending = pending
        for seat in seats:
            if pending[seat]:
                self.to_act = seat
                return
        self._end_round()

    def _end_round(self) -> None:
        """Return the uncalled part of the top bet, then draw, show down or pay the last player standing."""
        returned = uncalled(self.bets)
        if returned is not None:
            top, excess = returned
            self.stacks[top] += excess
            self.contributed[top] -= excess
            self.pot -= excess
            self.able[top] = not self.folded[top]  # after an all-in bet nobody matched, the bettor has chips again
            self.events.append(("uncalled", top, excess))
        n = self.n
        self.bets = [0] * n
        self.to_act = None
        if self.round == 3 or len(self.live) == 1:
            self._finish()
            return
        self.phase = DRAW
        self.events.append(("street", self.round + 1))
        self.draw_order = self.live.copy()
        self.to_act = self.draw_order[0]

    def _deal(self, count: int) -> list[int]:
        """``count`` cards off a stub too short for them: when it runs out, the muck becomes a new, shuffled stub."""
        new = []
        for _ in range(count):
            if not self.stub:
                self.stub, self.muck = self.muck, []
                _shuffle(self.stub, self.rng.random)
                self.reshuffles += 1
            new.append(self.stub.pop())
        return new

    def _finish(self) -> None:
        """Build the pots, show down if two or more players are left, and pay."""
        self.phase = COMPLETE
        order = self.order
        live = self.live
        total = self.pot
        rules = self.rules
        rake = rules.rake(total) if self.round > 0 and rules.rake_percent else 0  # no draw, no drop; no rake, none
        stacks = self.stacks
        if len(live) == 1:  # everyone else folded: one pot, theirs less the rake (what ``award`` would say)
            winner = live[0]
            stacks[winner] += total - rake
            pot = Pot(total, (winner,))
            self.result = HandResult((pot,), ({winner: total - rake},), {winner: total - rake}, rake, {}, (), total)
            return
        ranks = dict(zip(live, map(self.ranks.__getitem__, live), strict=True))
        first = live.index(self.last_aggressor) if self.last_aggressor in live else 0
        show_order = tuple(live[first:] + live[:first])
        # The pots and ranks are the engine's own, checked as they were made: paid without checking them again
        pots = checked_pots(self.contributed, set(order).difference(live))
        shares = checked_shares(pots, ranks, _ODD_CHIP_ORDER[self.n][self.button], spread_rake(pots, rake))
        collected: dict[int, int] = {}
        for share in shares:
            for seat, amount in share.items():
                collected[seat] = collected.get(seat, 0) + amount
                stacks[seat] += amount
        self.result = HandResult(tuple(pots), tuple(shares), collected, rake, ranks, show_order, total)


_DECK = tuple(range(52))
#: ``_DEALT[n][button][p]``: where player p's four cards are in the stub (last card first), dealt one at a time from
#: the left of the button: the j-th player from there gets the stub's j-th card from the end, then every n-th
_DEALT = tuple(
    tuple(
        tuple(slice(-1 - j, -1 - j - 4 * n, -n) for j in [(player - button - 1) % n for player in range(n)])
        for button in range(n)
    )
    for n in range(11)
)
#: ``_ODD_CHIP_ORDER[n][button]``: who gets odd chips first at an n-player table (``pots.odd_chip_order``)
_ODD_CHIP_ORDER = tuple(tuple(tuple(odd_chip_order(range(n), button)) for button in range(n)) for n in range(11))
#: ``_CLOCKWISE[n][p]``: the seats of an n-player table clockwise from the left of seat p, ending with p itself (up to
#: the 13 players a deck can deal: recorded hands, ``rules.replay``, may have more than a simulated table's 10)
_CLOCKWISE = tuple(tuple(tuple((p + k) % n for k in range(1, n + 1)) for p in range(n)) for n in range(14))


def _shuffle(cards: list[int], random_float: Callable[[], float]) -> None:
    """Put card codes in random order: sort them by a random float drawn per code (ties have probability ~2**-53).
    Faster than ``random.shuffle`` in pure Python, and as uniform."""
    cards.sort(key=list(starmap(random_float, repeat((), 52))).__getitem__)  # the floats drawn in C
