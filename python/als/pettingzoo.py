"""``als.pettingzoo.env``: PettingZoo's AEC API over one game, both players external (docs/python.md).

Agents are ``"player_0"`` and ``"player_1"``; ``observe(agent)`` is that player's observation
tensor, built only from what it knows; ``infos[agent]["action_mask"]`` marks its legal ids
(all zeros when it is not to act). Rewards are +1/-1 at the game's end (with
``options="battle_rewards"``: at each battle's end). Once the game ends, each agent is stepped
with ``None`` to leave, as PettingZoo's classic games do. It subclasses ``pettingzoo.AECEnv``
when pettingzoo can be imported.
"""
import numpy as _np

from . import spaces as _spaces
from ._als import Error
from .gym import _game, _next_seed

try:
    from pettingzoo import AECEnv as _Base
except ImportError:  # pragma: no cover - depends on the machine
    _Base = object

_NAMES = ["player_0", "player_1"]


class AlsAECEnv(_Base):
    """Two players at one game (see the module's text)."""

    metadata = {"render_modes": ["ansi"], "name": "als_v1", "is_parallelizable": False}

    def __init__(self, game_or_kwargs=None, render_mode="ansi"):
        self.game = _game(game_or_kwargs)
        self.possible_agents = list(_NAMES)
        self.agents = []
        self.render_mode = render_mode
        self._obs_space = _spaces.box(self.game.observation_tensor_size())
        self._act_space = _spaces.discrete(self.game.num_distinct_actions())
        self._run_seed, self._games = None, 0  # game k after a reset(seed=S): game_seed(S, k)
        self.state = None

    def observation_space(self, agent):
        return self._obs_space

    def action_space(self, agent):
        return self._act_space

    def observe(self, agent):
        return self.state.observation_tensor(_NAMES.index(agent))

    def _masks(self):
        zeros = _np.zeros(self.game.num_distinct_actions(), _np.uint8)
        p = self.state.current_player()
        for i, name in enumerate(_NAMES):
            if name in self.infos:
                self.infos[name]["action_mask"] = self.state.legal_actions_mask() if i == p else zeros.copy()

    def reset(self, seed=None, options=None):
        """A new game: game 0 of the run seeded with ``seed`` (``als.game_seed(seed, 0)``), or the
        next game of the run the last seeded reset started (a random run's without one)."""
        for _ in range(1000):  # a game a rule ends before any decision is skipped, as in als.gym
            self.state = self.game.new_initial_state(_next_seed(self, seed))
            seed = None
            if not self.state.is_terminal():
                break
        else:
            raise Error("1000 games in a row ended before the first decision")
        self.agents = list(_NAMES)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = _NAMES[self.state.current_player()]
        self._masks()

    def last(self, observe=True):
        """(observation, cumulative reward, termination, truncation, info) of agent_selection."""
        a = self.agent_selection
        return (self.observe(a) if observe else None, self._cumulative_rewards[a], self.terminations[a],
                self.truncations[a], self.infos[a])

    def agent_iter(self, max_iter=2**63):
        """Yields the agent to act until every agent has left."""
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def step(self, action):
        """Applies agent_selection's id (``None`` once it is done: it leaves the game)."""
        a = self.agent_selection
        if self.terminations[a] or self.truncations[a]:
            if action is not None:
                raise ValueError("the game is over for " + a + ": step(None)")
            self.agents.remove(a)
            if self.agents:
                self.agent_selection = self.agents[0]
            return
        self.state.apply_action(int(action))
        self._cumulative_rewards[a] = 0.0  # what last() gives: the rewards since the agent's own last step
        for i, name in enumerate(_NAMES):
            self.rewards[name] = self.state.rewards()[i]
            self._cumulative_rewards[name] += self.rewards[name]
        if self.state.is_terminal():
            ended = self.state.returns() != [0.0, 0.0]
            for name in _NAMES:
                self.terminations[name] = ended
                self.truncations[name] = not ended
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = _NAMES[self.state.current_player()]
        self._masks()

    def render(self):
        """The game as the player to act sees it (text)."""
        p = self.state.current_player()
        return self.state.observation_string(p if p in (0, 1) else 0)

    def close(self):
        """Nothing to release."""


def env(game_or_kwargs=None, **kwargs):
    """PettingZoo's constructor convention: ``als.pettingzoo.env("standard")``."""
    return AlsAECEnv(game_or_kwargs, **kwargs)
