"""``als.gym.AlsEnv``: Gymnasium's single-agent API over one game (docs/python.md, "Wrappers").

The agent plays ``seat`` (0 or 1); the engine's agent ``opponent`` plays the other seat.
Observations are ``State.observation_tensor(seat)``; actions the game's seat-relative ids;
``info["action_mask"]`` marks the legal ones. Rewards are always from the agent's seat: +1 or -1
when the game ends (with ``options="battle_rewards"``: at each battle's end, the VP difference
over the VP target). It subclasses ``gymnasium.Env`` when gymnasium can be imported.
"""
import random as _random

from . import spaces as _spaces
from ._als import EngineAgent, Error, Game, game_seed as _game_seed

try:
    import gymnasium as _gymnasium
    _Base = _gymnasium.Env
except ImportError:  # pragma: no cover - depends on the machine
    _Base = object


def _game(game_or_kwargs):
    if isinstance(game_or_kwargs, Game):
        return game_or_kwargs
    if isinstance(game_or_kwargs, str):
        return Game(game_or_kwargs)
    return Game(**(game_or_kwargs or {}))


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

    def __init__(self, game_or_kwargs=None, opponent="random", seat=0, render_mode="ansi"):
        self.game = _game(game_or_kwargs)
        if seat not in (0, 1):
            raise ValueError("seat must be 0 or 1")
        EngineAgent(opponent, 0, 1 - seat)  # a bad spec fails here, not at the first reset
        self.opponent, self.seat, self.render_mode = opponent, seat, render_mode
        self.observation_space = _spaces.box(self.game.observation_tensor_size())
        self.action_space = _spaces.discrete(self.game.num_distinct_actions())
        self.state = None
        self._run_seed, self._games = None, 0  # game k after a reset(seed=S): game_seed(S, k)

    def _advance(self):
        """The opponent acts until the agent is asked or the game ends; returns its rewards."""
        total = 0.0
        while not self.state.is_terminal() and self.state.current_player() != self.seat:
            self.state.apply_action(self._agent.step(self.state))
            total += self.state.rewards()[self.seat]
        return total

    def _info(self):
        return {"action_mask": self.state.legal_actions_mask(), "legal_actions": self.state.legal_actions()}

    def reset(self, seed=None, options=None):
        """A new game: game 0 of the run seeded with ``seed`` (``als.game_seed(seed, 0)``), or the
        next game of the run the last seeded reset started (a random run's without one)."""
        # A game over before the agent's first decision (a rule can end a battle, or the game,
        # before it) is skipped for the run's next, as VectorEnv does, a bounded number of times.
        for _ in range(1000):
            game_seed = _next_seed(self, seed)
            seed = None
            self.state = self.game.new_initial_state(game_seed)
            self._agent = EngineAgent(self.opponent, game_seed, 1 - self.seat)
            self._advance()
            if not self.state.is_terminal():
                return self.state.observation_tensor(self.seat), self._info()
        raise Error("1000 games in a row ended before the agent's first decision")

    def step(self, action):
        """Applies the agent's id; returns (observation, reward, terminated, truncated, info),
        the observation being the end state's when the game ended."""
        if self.state is None or self.state.is_terminal():
            raise RuntimeError("step() before reset() or after the game's end")
        self.state.apply_action(int(action))
        reward = self.state.rewards()[self.seat] + self._advance()
        terminated = self.state.is_terminal() and self.state.returns() != [0.0, 0.0]
        truncated = self.state.is_terminal() and not terminated
        return self.state.observation_tensor(self.seat), float(reward), terminated, truncated, self._info()

    def render(self):
        """The game as the agent's seat sees it (text)."""
        return None if self.state is None else self.state.observation_string(self.seat)

    def close(self):
        """Nothing to release."""
