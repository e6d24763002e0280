"""Play hands of Badugi at one simulated table: seating, stacks from hand to hand, the moving button, the policies.

Stacks carry over from hand to hand; a player left with less than a big blind buys in again (a random stack
between ``buy_in[0]`` and ``buy_in[1]`` big blinds), so short stacks, all-ins and side pots keep happening. Every
random choice (deck, buy-ins, policies) comes from one ``random.Random(seed)``: a seed always gives the same hands.

>>> from badugi_fast.game import TableRules
>>> played = list(simulate(3, players=4, rules=TableRules(10, 20), seed=1))
>>> [hand.state.button for hand in played], played[0].names
([0, 1, 2], ('Player1', 'Player2', 'Player3', 'Player4'))
>>> all(sum(hand.state.starting_stacks) == sum(hand.state.stacks) for hand in played)
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from badugi_fast.game.policies import CALL, CHECK, FOLD, BasicPolicy, Policy
from badugi_fast.rules.engine import DRAW, HandState, PlayedHand, TableRules

__all__ = ["PlayedHand", "play", "simulate"]


def play(hand: HandState, policies: Sequence[Policy], rng: random.Random) -> None:
    """Ask each player's policy in turn until the hand is over. A policy's answer that is not what ``Policy`` says
    (a ``(verb, amount)`` pair with an int amount; a list of the cards to discard) is a ValueError."""
    while (player := hand.to_act) is not None:  # nobody is to act once the hand is complete
        policy = policies[player]
        if hand.phase == DRAW:
            discards = policy.draw(hand, player, rng)
            if not isinstance(discards, (list, tuple, str)):
                raise ValueError(f"policy for player {player} drew {discards!r}, not a list of the cards to discard")
            hand.draw(player, discards)
            continue
        decision = policy.act(hand, player, rng)
        # BasicPolicy's answers without an amount are these very objects: known good, so not checked again
        if decision is CALL:
            hand.call(player)
            continue
        if decision is FOLD:
            hand.fold(player)
            continue
        if decision is CHECK:
            hand.check(player)
            continue
        if not isinstance(decision, tuple) or len(decision) != 2 or type(decision[1]) is not int:
            raise ValueError(f"policy for player {player} answered {decision!r}, not a (verb, amount) pair")
        verb, amount = decision
        if verb == "check":
            hand.check(player)
        elif verb == "call":
            hand.call(player)
        elif verb == "fold":
            hand.fold(player)
        elif verb == "bet":
            hand.bet(player, amount)
        elif verb == "raise":
            hand.raise_to(player, amount)
        else:
            raise ValueError(f"policy for player {player} answered {verb!r}, not fold/check/call/bet/raise")


def simulate(
    hands: int,
    players: int = 6,
    rules: TableRules | None = None,
    seed: int = 0,
    *,
    policies: Sequence[Policy] | None = None,
    buy_in: tuple[int, int] = (5, 100),
    first_hand_id: int | None = None,
) -> Iterator[PlayedHand]:
    """Play ``hands`` hands at a table of ``players`` and yield each one as soon as it is over.

    ``rules`` defaults to fixed limit with blinds of 10/20 chips. ``policies`` gives one policy per player
    (default: ``BasicPolicy()`` for all). Hand ids count up from ``first_hand_id`` (default: derived from the seed).
    """
    if isinstance(hands, bool) or not isinstance(hands, int) or hands < 0:
        raise ValueError(f"the number of hands must be a non-negative integer, not {hands!r}")
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 10:
        raise ValueError(f"a table has 2 to 10 players, not {players!r}")
    low, high = buy_in
    if not 1 <= low <= high:
        raise ValueError(f"buy_in must be (low, high) big blinds with 1 <= low <= high, not {buy_in!r}")
    rules = TableRules(10, 20) if rules is None else rules
    chosen = [BasicPolicy()] * players if policies is None else list(policies)
    if len(chosen) != players:
        raise ValueError(f"{len(chosen)} policies for {players} players")
    rng = random.Random(seed)
    base = 10**11 + (seed % 10**4) * 10**7 if first_hand_id is None else first_hand_id
    names = tuple(f"Player{seat}" for seat in range(1, players + 1))
    big_blind = rules.big_blind
    stacks = [0] * players
    button = 0
    for number in range(hands):
        if min(stacks) < big_blind:  # someone is (nearly) broke: buy in again, in seat order
            stacks = list(stacks)  # the last hand's stacks stay as they ended
            for player in range(players):
                if stacks[player] < big_blind:
                    stacks[player] = rng.randint(low, high) * big_blind
        hand = HandState(rules, stacks, button, rng=rng)
        play(hand, chosen, rng)
        yield PlayedHand(number, base + number, names, hand)
        stacks = hand.stacks  # HandState copies them
        button = (button + 1) % players
