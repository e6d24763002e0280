"""Badugi for reinforcement learning (the ``rl`` extra: PettingZoo and Gymnasium).

- ``badugi_v0``: a PettingZoo AEC environment, one hand per episode (``badugi_v0.env()``, ``badugi_v0.raw_env()``);
- ``SingleAgentEnv``: the same game as a Gymnasium environment for one learner against given policies
  (``gymnasium.make("badugi_fast/Badugi-v0")``);
- ``evaluate``: an agent's bb/100 over many hands, with its standard error; ``random_agent`` for a baseline.

The observation and actions are documented in ``badugi_fast.rl.observation`` and ``badugi_fast.rl.actions``.

>>> from badugi_fast.rl import badugi_v0
>>> game = badugi_v0.env(players=3, limit="pot")
>>> game.reset(seed=1)
>>> game.agent_selection, game.action_space("player_0")
('player_0', Discrete(22))
"""

try:
    import gymnasium
    import pettingzoo  # noqa: F401  # imported here so that a missing extra is reported by name, once
except ImportError as error:  # pragma: no cover - exercised on installs without the extra
    raise ImportError(
        f"badugi_fast.rl needs PettingZoo and Gymnasium: pip install 'badugi-fast[rl]' ({error})"
    ) from error

from badugi_fast.rl import badugi_v0
from badugi_fast.rl.evaluate import Agent, Evaluation, evaluate, random_agent
from badugi_fast.rl.single import GYMNASIUM_ID, SingleAgentEnv

__all__ = ["GYMNASIUM_ID", "Agent", "Evaluation", "SingleAgentEnv", "badugi_v0", "evaluate", "random_agent"]

if GYMNASIUM_ID not in gymnasium.registry:  # importing the package twice (a reload) registers it once
    gymnasium.register(GYMNASIUM_ID, entry_point="badugi_fast.rl.single:SingleAgentEnv")
