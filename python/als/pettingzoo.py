"""``als.pettingzoo``: PettingZoo's AEC and parallel APIs over one game, both players external
(docs/python.md, "Wrappers in the field's shapes").

Agents are ``"player_0"`` and ``"player_1"``; an agent's observation is that player's observation
tensor, built only from what it knows; ``infos[agent]["action_mask"]`` (numpy int8) marks its
legal ids (all zeros when it is not to act). With ``mask_in_observation=True`` the observation is
PettingZoo's classic dict, ``{"observation": tensor, "action_mask": mask}``, and the observation
space a ``Dict`` of the two. Rewards are +1/-1 at the game's end (with
``options="battle_rewards"``: at each battle's end). Once the game ends, each AEC agent is
stepped with ``None`` to leave, as PettingZoo's classic games do.

``env()`` and ``raw_env()`` make the AEC environment (``AlsAECEnv``; it subclasses
``pettingzoo.AECEnv`` when pettingzoo can be imported), ``parallel_env()`` the parallel one
(``AlsParallelEnv``, ``pettingzoo.ParallelEnv``): at each step only the player to act is asked,
and its action is the only one read. No attribute shadows a framework's method: the game being
played is ``game_state``, and ``state()`` (a global state, which would show every hidden card)
raises NotImplementedError.
"""
import numpy as _np

from . import spaces as _spaces
from ._als import Error
from .gym import _game, _next_seed

try:
    from pettingzoo import AECEnv as _Base
    from pettingzoo import ParallelEnv as _ParallelBase
except ImportError:  # pragma: no cover - depends on the machine
    _Base = object
    _ParallelBase = object

_NAMES = ["player_0", "player_1"]


class _Table:
    """What the AEC and the parallel environments share: the game, its spaces, seeds and views."""

    metadata = {"render_modes": ["ansi"], "name": "als_v1", "is_parallelizable": True}

    def _setup(self, game_or_kwargs, render_mode, mask_in_observation):
        self.game = _game(game_or_kwargs)
        self.possible_agents = list(_NAMES)
        self.agents = []
        self.render_mode = render_mode
        self.mask_in_observation = bool(mask_in_observation)
        n, size = self.game.num_distinct_actions(), self.game.observation_tensor_size()
        self._obs_space = _spaces.observation_with_mask(size, n) if mask_in_observation else _spaces.box(size)
        self._act_space = _spaces.discrete(n)
        self._run_seed, self._games = None, 0  # game k after a reset(seed=S): game_seed(S, k)
        self.game_state = None  # the als.State being played

    def observation_space(self, agent):
        return self._obs_space

    def action_space(self, agent):
        return self._act_space

    def state(self):
        """PettingZoo's global state would show every card a player does not know: not given."""
        raise NotImplementedError("als: no global state (it would show hidden cards); use each agent's observation")

    def _mask(self, i):
        """Player i's legal ids as int8 (zeros when it is not to act)."""
        if self.game_state.current_player() == i:
            return self.game_state.legal_actions_mask().astype(_np.int8)
        return _np.zeros(self.game.num_distinct_actions(), _np.int8)

    def _observation(self, i):
        if self.game_state is None:
            raise Error("observe() before reset(): there is no game yet")
        tensor = self.game_state.observation_tensor(i)
        return {"observation": tensor, "action_mask": self._mask(i)} if self.mask_in_observation else tensor

    def _new_game(self, seed):
        for _ in range(1000):  # a game a rule ends before any decision is skipped, as in als.gym
            self.game_state = self.game.new_initial_state(_next_seed(self, seed))
            seed = None
            if not self.game_state.is_terminal():
                return
        raise Error("1000 games in a row ended before the first decision")

    def render(self):
        """The game as the player to act sees it (text, whatever the render_mode)."""
        if self.game_state is None:
            raise Error("render() before reset(): there is no game yet")
        p = self.game_state.current_player()
        return self.game_state.observation_string(p if p in (0, 1) else 0)

    def close(self):
        """Nothing to release."""


class AlsAECEnv(_Table, _Base):
    """Two players at one game, taking turns (PettingZoo's AEC API; see the module's text)."""

    def __init__(self, game_or_kwargs=None, render_mode=None, mask_in_observation=False):
        self._setup(game_or_kwargs, render_mode, mask_in_observation)

    def observe(self, agent):
        return self._observation(_NAMES.index(agent))

    def _masks(self):
        for i, name in enumerate(_NAMES):
            if name in self.infos:
                self.infos[name]["action_mask"] = self._mask(i)

    def reset(self, seed=None, options=None):
        """A new game: game 0 of the run seeded with ``seed`` (``als.game_seed(seed, 0)``), or the
        next game of the run the last seeded reset started (a random run's without one)."""
        self._new_game(seed)
        self.agents = list(_NAMES)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = _NAMES[self.game_state.current_player()]
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
            self.agents.remove(a)  # (gone from the tables too, as PettingZoo's dead step does)
            for table in (self.rewards, self._cumulative_rewards, self.terminations, self.truncations, self.infos):
                table.pop(a, None)
            if self.agents:
                self.agent_selection = self.agents[0]
            return
        self.game_state.apply_action(int(action))
        self._cumulative_rewards[a] = 0.0  # what last() gives: the rewards since the agent's own last step
        for i, name in enumerate(_NAMES):
            self.rewards[name] = self.game_state.rewards()[i]
            self._cumulative_rewards[name] += self.rewards[name]
        if self.game_state.is_terminal():
            ended = self.game_state.returns() != [0.0, 0.0]
            for name in _NAMES:
                self.terminations[name] = ended
                self.truncations[name] = not ended
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = _NAMES[self.game_state.current_player()]
        self._masks()


class AlsParallelEnv(_Table, _ParallelBase):
    """Two players at one game, stepped together (PettingZoo's parallel API): ``step(actions)``
    reads the action of the player to act only (the other's, if given, is ignored: it is not
    its turn); both get their observation, reward and info every step. Once the game ends,
    ``agents`` is empty."""

    def __init__(self, game_or_kwargs=None, render_mode=None, mask_in_observation=False):
        self._setup(game_or_kwargs, render_mode, mask_in_observation)

    def _views(self):
        obs = {a: self._observation(i) for i, a in enumerate(_NAMES)}
        infos = {a: {"action_mask": self._mask(i)} for i, a in enumerate(_NAMES)}
        return obs, infos

    def reset(self, seed=None, options=None):
        """A new game as AlsAECEnv.reset; returns (observations, infos) of both agents."""
        self._new_game(seed)
        self.agents = list(_NAMES)
        return self._views()

    def step(self, actions):
        """Applies the id ``actions`` gives the player to act; returns (observations, rewards,
        terminations, truncations, infos), dicts by agent. Raises ValueError when the player to
        act has no action in ``actions`` or the game is over."""
        if not self.agents:
            raise ValueError("the game is over: reset()")
        p = self.game_state.current_player()
        if _NAMES[p] not in actions or actions[_NAMES[p]] is None:
            raise ValueError(_NAMES[p] + " is to act: give its action")
        self.game_state.apply_action(int(actions[_NAMES[p]]))
        obs, infos = self._views()
        rewards = {a: self.game_state.rewards()[i] for i, a in enumerate(_NAMES)}
        over = self.game_state.is_terminal()
        ended = over and self.game_state.returns() != [0.0, 0.0]
        terminations = {a: ended for a in _NAMES}
        truncations = {a: over and not ended for a in _NAMES}
        if over:
            self.agents = []
        return obs, rewards, terminations, truncations, infos


def raw_env(game_or_kwargs=None, **kwargs):
    """The AEC environment itself: ``als.pettingzoo.raw_env("standard")``."""
    return AlsAECEnv(game_or_kwargs, **kwargs)


def env(game_or_kwargs=None, **kwargs):
    """PettingZoo's constructor convention: ``als.pettingzoo.env("standard")`` (as raw_env: the
    environment checks its own order of calls)."""
    return AlsAECEnv(game_or_kwargs, **kwargs)


def parallel_env(game_or_kwargs=None, **kwargs):
    """The parallel environment: ``als.pettingzoo.parallel_env("standard")``."""
    return AlsParallelEnv(game_or_kwargs, **kwargs)
