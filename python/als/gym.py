"""``als.gym.AlsEnv``: Gymnasium's single-agent API over one game (docs/python.md, "Wrappers").

The agent plays ``seat`` (0 or 1); the engine's agent ``opponent`` plays the other seat.
Observations are ``State.observation_tensor(seat)``; actions the game's seat-relative ids;
``info["action_mask"]`` (numpy int8, as ``Discrete.sample(mask=)`` takes it) marks the legal
ones. Rewards are always from the agent's seat: +1 or -1 when the game ends (with
``options="battle_rewards"``: at each battle's end, the VP difference over the VP target). It
subclasses ``gymnasium.Env`` when gymnasium can be imported, and is registered with it as
``"als/AirLandSea-v0"`` (``gymnasium.make("als/AirLandSea-v0", game_or_kwargs="standard")``).
"""
import random as _random

import numpy as _np

from . import spaces as _spaces
from ._als import EngineAgent, Error, Game, game_seed as _game_seed

try:
    import gymnasium as _gymnasium
    _Base = _gymnasium.Env
except ImportError:  # pragma: no cover - depends on the machine
    _gymnasium = None
    _Base = object

ENV_ID = "als/AirLandSea-v0"  # the id AlsEnv is registered under with gymnasium


def _register(gymnasium):
    """Registers AlsEnv with ``gymnasium`` as ENV_ID, once (a module imported again changes nothing)."""
    if ENV_ID not in gymnasium.envs.registry:
        gymnasium.register(id=ENV_ID, entry_point="als.gym:AlsEnv")


if _gymnasium is not None:  # pragma: no cover - depends on the machine
    _register(_gymnasium)


def _game(game_or_kwargs):
    """The Game of a wrapper: as given, by a set's name, or from Game's keyword arguments. Raises
    als.Error for a Game with chance nodes (the frameworks' environments sample their games)."""
    if isinstance(game_or_kwargs, Game):
        game = game_or_kwargs
    elif isinstance(game_or_kwargs, str):
        game = Game(game_or_kwargs)
    else:
        game = Game(**(game_or_kwargs or {}))
    if game.max_chance_outcomes():
        raise Error("Gymnasium's and PettingZoo's environments sample their games: make the Game without chance nodes")
    return game


def _next_seed(env, seed):
    """The seed of an environment's next game: game 0 of the run ``seed`` when given, else the
    next of the current run (a run of a random seed at the first reset); ``als.game_seed``'s."""
    if seed is not None or env._run_seed is None:
        env._run_seed = seed if seed is not None else _random.SystemRandom().getrandbits(64)
        env._games = 0
    env._games += 1
    return _game_seed(env._run_seed, env._games - 1)


class AlsEnv(_Base):
    """``AlsEnv(game_or_kwargs, opponent="random", seat=0)``: ``game_or_kwargs`` is an
    ``als.Game``, a set's name, or ``Game``'s keyword arguments as a dict."""

    metadata = {"render_modes": ["ansi"]}
    if _Base is object:  # gymnasium.Env's attributes, as its base class has them
        spec = None

        @property
        def unwrapped(self):
            """This env (Gymnasium's: the env below every wrapper)."""
            return self

        @property
        def np_random(self):
            """numpy Generator of the env (Gymnasium's): seeded by reset(seed=...), else from entropy."""
            if getattr(self, "_np_random", None) is None:
                self._np_random = _np.random.default_rng()
            return self._np_random

    def __init__(self, game_or_kwargs=None, opponent="random", seat=0, render_mode=None):
        self.game = _game(game_or_kwargs)
        if seat not in (0, 1):
            raise ValueError("seat must be 0 or 1")
        EngineAgent(opponent, 0, 1 - seat)  # a bad spec fails here, not at the first reset
        self.opponent, self.seat, self.render_mode = opponent, seat, render_mode
        self.observation_space = _spaces.box(self.game.observation_tensor_size())
        self.action_space = _spaces.discrete(self.game.num_distinct_actions())
        self.game_state = None  # the als.State being played (not `state`: no framework's name)
        self._run_seed, self._games = None, 0  # game k after a reset(seed=S): game_seed(S, k)
        self._game_seed = None

    @property
    def state(self):
        """The als.State being played (``game_state``; kept for earlier code)."""
        return self.game_state

    def _advance(self):
        """The opponent acts until the agent is asked or the game ends; returns its rewards."""
        total = 0.0
        while not self.game_state.is_terminal() and self.game_state.current_player() != self.seat:
            self.game_state.apply_action(self._agent.step(self.game_state))
            total += self.game_state.rewards()[self.seat]
        return total

    def _info(self):
        return {"action_mask": self.game_state.legal_actions_mask().astype(_np.int8),
                "legal_actions": self.game_state.legal_actions()}

    def reset(self, seed=None, options=None):
        """A new game: game 0 of the run seeded with ``seed`` (``als.game_seed(seed, 0)``), or the
        next game of the run the last seeded reset started (a random run's without one)."""
        if _Base is not object:  # gymnasium.Env.reset seeds self.np_random, as its checker wants
            super().reset(seed=seed)
        elif seed is not None:
            self._np_random = _np.random.default_rng(seed)
        # A game over before the agent's first decision (a rule can end a battle, or the game,
        # before it) is skipped for the run's next, as VectorEnv does, a bounded number of times.
        for _ in range(1000):
            game_seed = _next_seed(self, seed)
            seed = None
            self._game_seed = game_seed
            self.game_state = self.game.new_initial_state(game_seed)
            self._agent = EngineAgent(self.opponent, game_seed, 1 - self.seat)
            self._advance()
            if not self.game_state.is_terminal():
                return self.game_state.observation_tensor(self.seat), self._info()
        raise Error("1000 games in a row ended before the agent's first decision")

    def step(self, action):
        """Applies the agent's id; returns (observation, reward, terminated, truncated, info),
        the observation being the end state's when the game ended."""
        if self.game_state is None or self.game_state.is_terminal():
            raise RuntimeError("step() before reset() or after the game's end")
        self.game_state.apply_action(int(action))
        reward = self.game_state.rewards()[self.seat] + self._advance()
        terminated = self.game_state.is_terminal() and self.game_state.returns() != [0.0, 0.0]
        truncated = self.game_state.is_terminal() and not terminated
        return self.game_state.observation_tensor(self.seat), float(reward), terminated, truncated, self._info()

    def __getstate__(self):
        """pickle and deepcopy: the game's history stands for the game and the opponent, which
        __setstate__ plays again from the game's seed (the opponent's choices asserted the same)."""
        state = self.__dict__.copy()
        state.pop("_agent", None)
        game_state = state.pop("game_state", None)
        state["_history"] = None if game_state is None else list(game_state.history())
        return state

    def __setstate__(self, state):
        history = state.pop("_history")
        self.__dict__.update(state)
        self.game_state = None
        if history is None:
            return
        self.game_state = self.game.new_initial_state(self._game_seed)
        self._agent = EngineAgent(self.opponent, self._game_seed, 1 - self.seat)
        for action in history:
            if self.game_state.current_player() != self.seat and self._agent.step(self.game_state) != action:
                raise Error("this AlsEnv's opponent chose otherwise when its game was played again: it cannot be copied")
            self.game_state.apply_action(action)

    def render(self):
        """The game as the agent's seat sees it (text, whatever the render_mode: the terminal's)."""
        return None if self.game_state is None else self.game_state.observation_string(self.seat)

    def close(self):
        """Nothing to release."""
