"""Badugi for reinforcement learning: a PettingZoo AEC environment on the project's rules engine, laid out as
PettingZoo's classic games are (``env()`` wrapped, ``raw_env`` bare).

One episode is one hand of triple-draw Badugi: blinds, four betting rounds, three draws, showdown, side pots,
every betting structure, the heads-up rules and the reshuffle, played by ``badugi_fast.rules.engine.HandState``.
Agents ``player_0`` ... ``player_{n-1}`` sit in seats 1 to n (the engine's players 0 to n - 1).

- **Observation**: ``{"observation": float32 array, "action_mask": int8 array}``; the array is documented in
  ``badugi_fast.rl.observation`` (``layout(players)`` names its slices) and the mask is 1 for each action the
  engine allows the agent now (all 0 when it is not their turn).
- **Actions**: one ``Discrete`` space, documented in ``badugi_fast.rl.actions``: fold, check/call, the bet and
  raise sizes (one in fixed limit; min, half-pot, pot and all-in in the big-bet games), the 16 discards.
- **Rewards**: at the end of the hand, the chips each agent won or lost, in big blinds (zero-sum without rake).
- **Info** at the end of the hand, for each agent: ``result`` (the engine's ``HandResult``: pots, shares, ranks,
  rake), ``chips`` (their net chips), ``stacks`` and ``button`` (to carry to the next hand) and, when asked for
  with ``hand_history``, ``"hand_history"``: the hand as PokerStars text written from the agent's seat (its
  cards and draws shown, as the site shows a player's own) or as a PHH table with every card.
- **Illegal actions**: ``raw_env`` raises the engine's ``IllegalActionError`` and changes nothing; ``env()``
  ends the hand with ``-1`` for the agent who tried it, as PettingZoo's classic games do.
- **Seeds**: ``reset(seed=s)`` deals the same cards, stacks and button for the same ``s``; ``reset()`` deals on.
- **Sessions**: ``reset(options={"stacks": [...], "button": b})`` starts a hand from given stacks and button;
  to carry stacks from hand to hand pass the last hand's ``info["stacks"]`` and move the button on.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from badugi_fast.formats.pokerstars.writer import hand_text
from badugi_fast.formats.registry import WRITERS
from badugi_fast.game.policies import Policy
from badugi_fast.rl.actions import Actions
from badugi_fast.rl.observation import Observer
from badugi_fast.rules.engine import COMPLETE, DRAW, HandState, PlayedHand, TableRules

__all__ = ["HAND_HISTORIES", "ILLEGAL_REWARD", "RENDER_MODES", "env", "raw_env"]

#: What ``render_mode`` may be (besides None).
RENDER_MODES = ("ansi", "human")
#: What ``hand_history`` may ask for: a format of ``formats.registry.WRITERS``.
HAND_HISTORIES = tuple(WRITERS)
#: What ``env()`` gives an agent who tries an illegal action (the hand ends; the others get 0).
ILLEGAL_REWARD = -1.0
#: The options ``reset`` takes.
_OPTIONS = frozenset({"stacks", "button"})
#: Hand ids written in the hand histories: the first hand of an environment's life, then one more per hand.
_FIRST_HAND_ID = 10**11

Observation = dict[str, npt.NDArray[Any]]


def env(**kwargs: Any) -> Any:
    """``raw_env(**kwargs)`` in PettingZoo's standard wrappers: an illegal action ends the hand with
    ``ILLEGAL_REWARD`` for the agent who tried it, an action outside the space is an assertion error, and the API
    is used in order (``reset`` first)."""
    game = raw_env(**kwargs)
    game = wrappers.TerminateIllegalWrapper(game, illegal_reward=ILLEGAL_REWARD)
    game = wrappers.AssertOutOfBoundsWrapper(game)
    return wrappers.OrderEnforcingWrapper(game)


class raw_env(AECEnv, EzPickle):  # AECEnv is Any to mypy: PettingZoo ships no type information
    """One hand of Badugi at a table of ``players`` (2-10), all parameters keyword-only.

    ``limit``: ``"fixed"``, ``"pot"``, ``"half-pot"`` or ``"no"``; ``small_blind``, ``big_blind`` (chips),
    ``small_bet`` (fixed limit: the bet of rounds 1-2, default the big blind; the big bet is twice it),
    ``raise_cap`` (bets per fixed-limit round, the big blind counting as the first; None: no cap),
    ``rake_percent`` and ``rake_cap`` (rake breaks the zero sum); ``stack``: each player's chips at the start of
    a hand, a number or a ``(low, high)`` range to draw each from (default 100 big blinds); ``hand_history``:
    ``"pokerstars"`` or ``"phh"`` to have each hand's history in ``info``; ``render_mode``: ``"ansi"`` (``render``
    returns the hand so far as PokerStars text, one line per action, seen from ``player_0``'s seat) or
    ``"human"`` (prints it).
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": list(RENDER_MODES),
        "name": "badugi_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        *,
        players: int = 2,
        limit: str = "fixed",
        small_blind: int = 1,
        big_blind: int = 2,
        small_bet: int | None = None,
        raise_cap: int | None = 4,
        rake_percent: float = 0.0,
        rake_cap: int | None = None,
        stack: int | tuple[int, int] | None = None,
        hand_history: str | None = None,
        render_mode: str | None = None,
    ) -> None:
        EzPickle.__init__(
            self,
            players=players,
            limit=limit,
            small_blind=small_blind,
            big_blind=big_blind,
            small_bet=small_bet,
            raise_cap=raise_cap,
            rake_percent=rake_percent,
            rake_cap=rake_cap,
            stack=stack,
            hand_history=hand_history,
            render_mode=render_mode,
        )
        super().__init__()
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 10:
            raise ValueError(f"a table has 2 to 10 players, not {players!r}")
        self.rules = TableRules(small_blind, big_blind, limit, small_bet, raise_cap, False, rake_percent, rake_cap)
        self.stack = _stack_range(stack, big_blind)
        if hand_history is not None and hand_history not in HAND_HISTORIES:
            raise ValueError(f"hand_history must be one of {', '.join(HAND_HISTORIES)} or None, not {hand_history!r}")
        self.hand_history = hand_history
        self._writer = None if hand_history is None else WRITERS[hand_history]
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be 'ansi', 'human' or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.actions = Actions(limit)
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agents = self.possible_agents[:]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._observer = Observer(players)
        observation_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(0.0, 1.0, (self._observer.size,), np.float32),
                "action_mask": gymnasium.spaces.Box(0, 1, (self.actions.count,), np.int8),
            }
        )
        self.observation_spaces = {agent: observation_space for agent in self.possible_agents}
        self.action_spaces = {agent: gymnasium.spaces.Discrete(self.actions.count) for agent in self.possible_agents}
        self._rng = random.Random()
        self._hands = 0  # hands dealt so far: numbers them in the hand histories
        self.hand: HandState | None = None

    # ------------------------------------------------------------------------------------------ PettingZoo API

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        """Deal a new hand: stacks and button from ``options`` or drawn (a seed deals the same hand again)."""
        if seed is not None:
            self._rng = random.Random(seed)
        if options is None:
            options = {}
        elif not options.keys() <= _OPTIONS:
            unknown = sorted(set(options) - _OPTIONS)
            warnings.warn(f"reset ignores the options {unknown} (it takes {', '.join(sorted(_OPTIONS))})", stacklevel=2)
        players = len(self.possible_agents)
        stacks = options.get("stacks")
        if stacks is None:
            low, high = self.stack
            stacks = [low] * players if low == high else [self._rng.randint(low, high) for _ in range(players)]
        elif not isinstance(stacks, Sequence) or len(stacks) != players:
            raise ValueError(f"options['stacks'] must be a list of {players} stacks, not {stacks!r}")
        button = options.get("button")
        self.hand = HandState(
            self.rules, stacks, self._rng.randrange(players) if button is None else button, rng=self._rng
        )
        self._number = self._hands
        self._hands += 1
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._observer.start(self.hand)
        self._next()

    def observe(self, agent: str) -> Observation:
        hand = self._playing()
        seat = self._seats[agent]
        return {"observation": self._observer.observe(seat), "action_mask": self.actions.mask(hand, seat)}

    def step(self, action: Any) -> None:
        """The agent to act plays ``action`` (an action number); None for an agent whose hand is over."""
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        hand = self._playing()
        player = hand.to_act
        assert player is not None  # an agent is to act until the hand is complete
        self.actions.play(hand, player, action)
        self._acted()

    def step_policy(self, policy: Policy, rng: random.Random) -> None:
        """The agent to act plays as ``policy`` decides (a ``badugi_fast.game`` policy such as ``BasicPolicy``,
        drawing its random numbers from ``rng``): any bet size the rules allow, not only the action space's."""
        hand = self._playing()
        player = hand.to_act
        if player is None or self.terminations[self.agent_selection]:
            raise ValueError("the hand is over: nobody is to act")
        if hand.phase == DRAW:
            hand.draw(player, policy.draw(hand, player, rng))
        else:
            verb, amount = policy.act(hand, player, rng)
            if verb == "bet":
                hand.bet(player, amount)
            elif verb == "raise":
                hand.raise_to(player, amount)
            elif verb in ("fold", "check", "call"):
                getattr(hand, verb)(player)
            else:
                raise ValueError(f"policy for {self.agent_selection} answered {verb!r}, not fold/check/call/bet/raise")
        self._acted()

    def render(self) -> str | None:
        """The hand so far as PokerStars text from ``player_0``'s seat (``"ansi"``: returned; ``"human"``:
        printed)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode: raw_env(render_mode='ansi') renders")
            return None
        text = self.text(hero=0)
        if self.render_mode == "human":
            print(text, end="")
            return None
        return text

    def close(self) -> None:
        """Nothing to release: no window, no file."""

    # ------------------------------------------------------------------------------------------ beyond the API

    def text(self, hero: int | None = 0) -> str:
        """The hand so far (or the whole hand, once over) as PokerStars text, with ``hero``'s cards shown."""
        return hand_text(self.played(), hero=hero, so_far=True)

    def played(self) -> PlayedHand:
        """The hand as the project's writers and scorers take it (its players named as the agents)."""
        return PlayedHand(self._number, _FIRST_HAND_ID + self._number, tuple(self.possible_agents), self._playing())

    def _playing(self) -> HandState:
        if self.hand is None:
            raise ValueError("no hand has been dealt: call reset() first")
        return self.hand

    def _acted(self) -> None:
        """After an action: the next agent, or the rewards and infos of the finished hand."""
        self._cumulative_rewards[self.agent_selection] = 0.0
        self._observer.update()
        self._next()

    def _next(self) -> None:
        hand = self._playing()
        if hand.phase != COMPLETE:
            assert hand.to_act is not None
            self.agent_selection = self.possible_agents[hand.to_act]
            return
        result = hand.result
        assert result is not None
        big_blind = self.rules.big_blind
        played = self.played()
        texts: dict[int | None, str] = {}  # by hero: the hand history of each seat (one for all, when it shows all)
        for seat, agent in enumerate(self.possible_agents):
            chips = hand.stacks[seat] - hand.starting_stacks[seat]
            self.rewards[agent] = chips / big_blind
            self.terminations[agent] = True
            info: dict[str, Any] = {
                "result": result,
                "chips": chips,
                "stacks": tuple(hand.stacks),
                "button": hand.button,
            }
            writer = self._writer
            if writer is not None:  # written from the agent's seat, when the format shows only theirs
                hero = None if writer.shows_all else seat
                if hero not in texts:
                    texts[hero] = writer.played_text(played, self._number + 1, hero, None)
                info["hand_history"] = texts[hero]
            self.infos[agent] = info
        self._accumulate_rewards()
        self._deads_step_first()


def _stack_range(stack: object, big_blind: int) -> tuple[int, int]:
    """``stack`` as the ``(low, high)`` range of starting stacks (one number: both ends)."""
    if stack is None:
        return 100 * big_blind, 100 * big_blind
    if isinstance(stack, int) and not isinstance(stack, bool):
        low = high = stack
    elif isinstance(stack, tuple) and len(stack) == 2 and all(type(end) is int for end in stack):
        low, high = stack
    else:
        raise ValueError(f"stack must be a number of chips or a (low, high) range, not {stack!r}")
    if not 1 <= low <= high:
        raise ValueError(f"stack must be at least 1 chip (and low <= high), not {stack!r}")
    return low, high
