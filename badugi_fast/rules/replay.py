"""A recorded hand replayed through the engine's own rules: the one account of its betting.

``Replay`` is a ``HandState`` (the simulator's engine) for a hand that was played somewhere else: its forced bets
are given as the history posted them (antes, blinds in any seat, dead blinds), its cards are not dealt (a history
knows few of them: ``formats.replay`` checks those), and a draw is a number of cards. Every betting action goes
through the engine's own methods, so a recorded hand is held to exactly the rules a simulated one is played by:
whose turn it is, what a call costs (a player's whole stack at most), what a bet or raise may be under the betting
structure, when a round ends and what is returned. An action the rules refuse raises ``IllegalActionError``, the
state left as it was; ``force`` then applies it as the history says, so that the rest of the hand can still be
accounted for (and is no longer checked).

Players are numbered 0..n-1 in seat order (clockwise); ``button`` is the player on the button, or the last player
before the button's seat when that seat is empty.

>>> hand = Replay(TableRules(10, 20), [500, 500, 500], button=0, forced=[(1, 10, 0), (2, 20, 0)])
>>> hand.to_act, hand.to_call(0)
(0, 20)
>>> hand.call(0); hand.call(1); hand.check(2); hand.phase
'draw'
>>> hand.raise_to(0, 100)
Traceback (most recent call last):
...
badugi_fast.rules.engine.IllegalActionError: player 0 cannot raise: the hand is in its draw phase
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from badugi_fast.rules.engine import BETTING, COMPLETE, DRAW, HandState, IllegalActionError, TableRules

__all__ = ["MAX_PLAYERS", "Forced", "Replay"]

#: A deck deals four cards to at most 13 players.
MAX_PLAYERS = 13
#: What stands for a stack the history does not know (PHH's ``inf``): more than any amount can be.
_UNKNOWN_STACK = 10**40

#: A forced bet as the history posted it: ``(player, live, dead)``: ``live`` counts towards the player's bet of the
#: round (a blind, or a post), ``dead`` goes into the pot only (an ante, a dead blind).
Forced = tuple[int, int, int]


class Replay(HandState):
    """The betting of a recorded hand (see the module's docstring). ``stacks`` are the players' starting stacks
    (None for a stack the history does not know); ``forced`` the forced bets, in the order they were posted;
    ``opening`` the bet to match before the first draw (default: the largest live blind posted; a big blind who
    is all in for less still makes the others call a whole one); ``names`` and ``money`` name the players and
    write amounts in the errors. ``rules.big_blind`` is the smallest bet of the big-bet structures."""

    __slots__ = ("_money_text", "_opening", "names")

    def __init__(
        self,
        rules: TableRules,
        stacks: Sequence[int | None],
        button: int,
        forced: Sequence[Forced] = (),
        *,
        names: Sequence[str] | None = None,
        money: Callable[[int], str] | None = None,
        opening: int | None = None,
    ) -> None:
        n = len(stacks)
        if not 2 <= n <= MAX_PLAYERS:
            raise ValueError(f"{n} players: a hand has 2 to {MAX_PLAYERS} (a deck deals four cards to 13 at most)")
        if not 0 <= button < n:
            raise ValueError(f"the button must be a player 0..{n - 1}, not {button!r}")
        self.names = list(names) if names is not None else [f"player {p}" for p in range(n)]
        self._money_text = money
        self._opening = opening
        self._seat(rules, [_UNKNOWN_STACK if stack is None else stack for stack in stacks], button)
        self.rng = random.Random(0)  # no card is dealt: nothing is random
        self.stub = []
        self.cards = [[] for _ in range(n)]  # not dealt: a history knows few cards (formats.replay checks those)
        self.dealt = tuple(() for _ in range(n))
        self.ranks = [0] * n
        for player, live, dead in forced:
            self._post(player, live, dead)
        self.big_blind_player = self._big_blind()
        self.small_blind_player = self.big_blind_player
        self._start_round(0)

    def _post(self, player: int, live: int, dead: int) -> None:
        """A forced bet: what the stack covers of it, the live part first."""
        stack = self.stacks[player]
        live = min(live, stack)
        dead = min(dead, stack - live)
        self.stacks[player] = stack - live - dead
        self.bets[player] += live
        self.contributed[player] += live + dead
        self.pot += live + dead
        all_in = self.stacks[player] == 0
        self.able[player] = not all_in
        self.events.append(("post", player, "big" if live else "small", live + dead, all_in))

    def _big_blind(self) -> int:
        """The player whose blind opens the betting: the first from the left of the button with the largest live
        blind (a player posting a big blind out of position acts in turn, and the big blind keeps its option), or
        the button when nobody posted one (antes only: the player left of the button acts first)."""
        largest = max(self.bets)
        if not largest:
            return self.button
        return next(player for player in self.order if self.bets[player] == largest)

    def draw(self, player: int, discards: Sequence[int] | str | int = 0) -> None:
        """``player`` draws ``discards`` cards (a count: the history seldom says which), in their turn."""
        if player is not self.to_act or self.phase != DRAW:
            self._check_turn(player, "draw")
        if isinstance(discards, bool) or not isinstance(discards, int) or not 0 <= discards <= 4:
            raise IllegalActionError(f"{self._who(player)} cannot draw {discards!r} cards: a draw is 0 to 4 cards")
        self.events.append(("draw", player, (), (), ()))
        self._drawn()

    def idle(self, player: int) -> bool:
        """Whether ``player``, to act, has nothing to decide: nothing to call and nobody left who could call a bet
        (the others still in are all in). Sites write nothing for such a player; the engine asks them to check."""
        return self.bets[player] >= self.level and not any(self.able[other] for other in self.live if other != player)

    def pass_turn(self) -> None:
        """The player to act, ``idle``, passes as sites have them pass: without an action."""
        player = self.to_act
        if player is None or self.phase != BETTING or not self.idle(player):
            raise IllegalActionError(f"{self._who(player)} has a decision to make: they cannot pass it by")
        self._acted(player)

    def give_up(self, player: int) -> None:
        """``player``, all in, folds: not a turn of theirs (an all-in player no longer acts), but sites fold a
        player who sits out, all in or not, and the player then has no claim on the pots."""
        if self.folded[player] or self.stacks[player] or self.phase == COMPLETE:
            raise IllegalActionError(f"{self._who(player)} cannot fold now: only a player all in gives up out of turn")
        self.folded[player] = True
        self.fold_round[player] = self.round
        self.live.remove(player)
        self.events.append(("fold", player))
        if len(self.live) == 1:
            self._end_round()

    def force(self, player: int, kind: str, chips: int) -> None:
        """Apply an action the rules refused, as the history says it happened: ``chips`` more from ``player``
        (``kind`` ``fold`` folds them). Nothing is checked from then on; the hand's betting is only added up."""
        self.phase = COMPLETE  # no more turns: the rest is bookkeeping
        self.to_act = None
        if kind == "fold":
            self.folded[player] = True
            if player in self.live:
                self.live.remove(player)
            return
        self.stacks[player] -= chips
        self.bets[player] += chips
        self.contributed[player] += chips
        self.pot += chips
        self.level = max(self.level, self.bets[player])

    def new_round(self) -> None:
        """After ``force``: the next betting round's bets start from nothing (its street has begun)."""
        self.bets = [0] * self.n
        self.level = 0

    @property
    def over(self) -> bool:
        """Whether the hand is over by the rules: every betting round played, or one player left."""
        return self.phase == COMPLETE

    @property
    def betting(self) -> bool:
        """Whether a betting round is under way."""
        return self.phase == BETTING

    def _opening_level(self) -> int:
        """The bet to match before the first draw: ``opening``, or the largest live blind posted."""
        return max(self.bets) if self._opening is None else self._opening

    def _finish(self) -> None:
        """The hand is over: nothing is paid here (``history.score`` pays the pots as the cards shown say)."""
        self.phase = COMPLETE
        self.to_act = None

    def _who(self, player: int | None) -> str:
        return self.names[player] if player is not None else "nobody"

    def _money(self, chips: int) -> str:
        return str(chips) if self._money_text is None else self._money_text(chips)
