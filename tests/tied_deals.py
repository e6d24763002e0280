"""Simulated hands in which two or more players are dealt equal badugis: split pots on demand, for the tests that
check payouts with code that is not ours (pokerkit) and the C reader's split pots.

``simulate`` deals at random, and equal Badugi hands are rare (a few split pots per thousand hands). Here, each hand
deals ``tied`` players the same four ranks, 8-high or better, in different suits: the players' policy stands pat
on such a hand and bets it, so those players usually reach the showdown together and split one or more pots.
Stacks are bought in at odd amounts (not whole big blinds), so all-ins and side pots of odd sizes are common.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from badugi_fast.game import HandState, TableRules
from badugi_fast.game.policies import BasicPolicy
from badugi_fast.game.simulate import PlayedHand, play

__all__ = ["tied_hands"]


def tied_hands(
    hands: int, players: int, rules: TableRules, seed: int, tied: int = 2, first_hand_id: int | None = None
) -> Iterator[PlayedHand]:
    """``hands`` hands at a table of ``players`` where ``tied`` (2 to 4) players hold equal badugis; the button
    moves and stacks carry over, and hand ids count up from ``first_hand_id`` (default: from the seed), as in
    ``simulate``."""
    rng = random.Random(seed)
    policies = [BasicPolicy()] * players
    names = tuple(f"Player{seat}" for seat in range(1, players + 1))
    big_blind = rules.big_blind
    stacks = [0] * players
    button = 0
    first = 9 * 10**10 + seed * 10**4 if first_hand_id is None else first_hand_id
    for number in range(hands):
        for player in range(players):
            if stacks[player] < big_blind:
                stacks[player] = rng.randint(5, 60) * big_blind + rng.randrange(big_blind)
        ranks = sorted(rng.sample(range(8), 4))  # A to 8: rank indexes of a badugi 8-high or better
        suits = rng.sample(range(4), 4)
        # the j-th tied player gets the suits turned j places: no card is dealt twice
        cards = {
            player: [4 * ranks[k] + suits[(k + j) % 4] for k in range(4)]
            for j, player in enumerate(rng.sample(range(players), tied))
        }
        rest = [card for card in range(52) if all(card not in held for held in cards.values())]
        rng.shuffle(rest)
        deck = [0] * (4 * players)  # dealt one card at a time from the left of the button
        for player in range(players):
            held = cards.get(player) or [rest.pop() for _ in range(4)]
            for k in range(4):
                deck[k * players + (player - button - 1) % players] = held[k]
        hand = HandState(rules, stacks, button, rng=rng, deck=deck + rest)
        play(hand, policies, rng)
        yield PlayedHand(number, first + number, names, hand)
        stacks = list(hand.stacks)
        button = (button + 1) % players
