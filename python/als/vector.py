"""``als.VectorEnv``: many games stepped inside C++ (docs/python.md, "Many games at once")."""
import random as _random

import numpy as _np

from . import spaces as _spaces
from ._als import Error, Game, _VectorEnv


def _autoreset_same_step():
    """Gymnasium's AutoresetMode.SAME_STEP when gymnasium is there, else its value, "SameStep":
    a game that ends is replaced in the same step, its last observation in info["final_obs"]."""
    try:
        from gymnasium.vector import AutoresetMode
        return AutoresetMode.SAME_STEP
    except ImportError:  # (gymnasium absent, or before 1.0)
        return "SameStep"


class VectorEnv:
    """``num_envs`` games of ``game`` stepped inside C++. With ``opponent`` an agent spec (any spec
    ``als simulate`` accepts), a learning agent plays ``seat`` (0 or 1) and the engine's agent the
    other; with ``opponent=None`` both seats are the caller's: every decision of both players is
    returned (self-play, or an opponent written in Python), each row for the player to act.
    ``options``: the rewards' options ("battle_rewards" or "shaped_rewards"; "" keeps the game's). ``tensor``:
    "observation" (the default) or "information_state" (each row holds that tensor instead).
    Games that end are replaced in the same step; every game's seed derives from the reset seed
    and the game's number. A Game with chance nodes is sampled (its generator's outcomes).

    ``reset(seed=None) -> (obs, info)``; ``step(actions) -> (obs, reward, terminated, truncated,
    info)``: ``obs`` float32 [num_envs, tensor_size], ``reward`` float32 [num_envs] (the learning
    seat's; with both seats, the acting player's), ``terminated``/``truncated`` bool [num_envs],
    ``info["action_mask"]`` uint8 [num_envs, num_distinct_actions], ``info["current_player"]``
    int8 [num_envs] (whose tensor and mask each row holds: the seat, or the player to act),
    ``info["rewards"]`` float32 [num_envs, 2] (what the step gave each player: with both seats a
    player's reward can come on the other's step), ``info["final_observation"]`` float32 like
    ``obs`` (the end state's tensor, from the seat or the acting player, in rows whose game ended
    this step, zeros elsewhere); in those rows too, ``info["final_winner"]`` int8 [num_envs]
    (player 0 or 1, -1 for a game stopped without a winner, and -1 in other rows),
    ``info["final_scores"]`` int32 [num_envs, 2] (both players' VP at the end) and
    ``info["episode_return"]`` float32 [num_envs] (the sum of the agent's rewards over that game;
    with both seats, player 0's: player 1's is its negation). Raises ``als.Error``.

    ``copy`` (Gymnasium's ``SyncVectorEnv`` argument, with its meaning): True (the default) returns
    new arrays from every ``reset`` and ``step``; False returns the same arrays each time,
    overwritten by the next call (copy what you keep; ``obs`` is read-only: the env writes only
    what changed in it): no array is made a step, which with information-state tensors
    (thousands of floats a row) is most of a step's time.
    """

    def __init__(self, game, num_envs, opponent="random", seat=0, seed=None, options="", tensor="observation",
                 copy=True):
        if not isinstance(game, Game):
            game = Game(game)
        self.game = game
        self.both_seats = opponent is None
        if opponent is not None and not str(opponent).strip():  # "" is not None: never self-play by accident
            raise Error("opponent must name an agent, or be None for both seats (self-play); got %r" % (opponent,))
        self._env = _VectorEnv(game, int(num_envs), "" if opponent is None else str(opponent), int(seat), options,
                               str(tensor))
        self.num_envs = int(num_envs)
        self.seat = int(seat)
        self.tensor = str(tensor)
        self._seed = seed
        self._obs_size = self._env.tensor_size
        self._actions = game.num_distinct_actions()
        # Gymnasium's vector API (gymnasium.vector.VectorEnv): the spaces of one game and of the
        # batch, the metadata, and the stand-ins of its base class.
        self.single_observation_space = _spaces.box(self._obs_size)
        self.single_action_space = _spaces.discrete(self._actions)
        self.observation_space = _spaces.batch_box(self.num_envs, self._obs_size)
        self.action_space = _spaces.multi_discrete(self.num_envs, self._actions)
        self.metadata = {"render_modes": [], "autoreset_mode": _autoreset_same_step()}
        self.autoreset_mode = self.metadata["autoreset_mode"]
        self.render_mode = None
        self.spec = None
        self.closed = False
        self.np_random = _np.random.default_rng(seed)
        self.copy = bool(copy)
        self._env.keep_rows(not self.copy)  # (its obs array read-only between calls: the C++ writes what changed)
        self._kept = None  # (copy=False) the arrays every reset and step writes

    def _arrays(self):
        n = self.num_envs
        return (_np.empty((n, self._obs_size), _np.float32), _np.empty((n, self._actions), _np.uint8),
                _np.empty(n, _np.int8))

    def _step_arrays(self):
        """(obs, mask, to_play, reward, rewards, terminated, truncated, final, winner, scores,
        episode_return): new ones, or with copy=False the kept ones."""
        n = self.num_envs
        if self.copy or self._kept is None:
            arrays = self._arrays() + (
                _np.empty(n, _np.float32), _np.zeros((n, 2), _np.float32), _np.empty(n, _np.bool_),
                _np.empty(n, _np.bool_), _np.zeros((n, self._obs_size), _np.float32), _np.full(n, -1, _np.int8),
                _np.zeros((n, 2), _np.int32), _np.zeros(n, _np.float32))
            if not self.copy:
                self._kept = arrays
            return arrays
        return self._kept  # (the env clears the rows of the games that ended in the last step)

    def reset(self, seed=None, options=None):
        """New games from ``seed`` (the constructor's on the first reset, else from the system's
        entropy when None). Returns (obs, info)."""
        if seed is not None:
            self.np_random = _np.random.default_rng(seed)  # (Gymnasium: a seeded reset seeds np_random)
        if seed is None:
            seed, self._seed = self._seed, None
        if seed is None:
            seed = _random.SystemRandom().getrandbits(64)
        obs, mask, to_play = self._arrays() if self.copy else self._step_arrays()[:3]
        obs.flags.writeable = True
        try:
            self._env.reset_into(int(seed) & (2**64 - 1), obs, mask, to_play)
        finally:
            obs.flags.writeable = self.copy
        return obs, {"action_mask": mask, "current_player": to_play}

    def step(self, actions):
        """Applies one legal id a row; returns (obs, reward, terminated, truncated, info)."""
        obs, mask, to_play, reward, rewards, terminated, truncated, final, winner, scores, episode_return = \
            self._step_arrays()
        actions = _np.asarray(actions, dtype=_np.int64).reshape(-1)
        if self.copy:
            self._env.step_into(actions, obs, reward, terminated, truncated, mask, final, winner, scores,
                                episode_return, to_play, rewards)
        else:  # (the env's own array, which only it writes)
            obs.flags.writeable = True
            try:
                self._env.step_into(actions, obs, reward, terminated, truncated, mask, final, winner, scores,
                                    episode_return, to_play, rewards)
            finally:
                obs.flags.writeable = False
        return obs, reward, terminated, truncated, {"action_mask": mask, "current_player": to_play,
                                                     "rewards": rewards, "final_observation": final, "final_obs": final,
                                                     "final_winner": winner, "final_scores": scores,
                                                     "episode_return": episode_return}

    def games_finished(self):
        """Games that ended (or were stopped) since the last reset."""
        return self._env.games_finished()

    def close(self):
        """Nothing to release (the games live in this process); for the field's API."""
        self.closed = True

    def render(self):
        """None: the games are not drawn (render_mode is None); read them through State instead."""
        return None

    def __reduce__(self):
        """A VectorEnv is not copied (deepcopy, pickle): its games run in C++, and keeping every
        action since the reset to replay them would grow without bound over a training run. Raises
        als.Error saying what to do instead."""
        raise Error("a VectorEnv is not pickled or deep-copied (its games run in C++): make another with "
                    "the same arguments and reset it with a seed; a single game (als.gym.AlsEnv, "
                    "als.pettingzoo's envs, State) pickles")

    @property
    def unwrapped(self):
        """This env (Gymnasium's: the env below every wrapper)."""
        return self

    def __repr__(self):
        return "<als.VectorEnv %d games of %r, %s>" % (
            self.num_envs, self.game, "both seats" if self.both_seats else "seat %d" % self.seat)
