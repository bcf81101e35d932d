"""The spaces of als.gym and als.pettingzoo: gymnasium's when it can be imported, otherwise
small stand-ins with the same attributes (shape, dtype, n, sample(), contains(), seed())."""
import numpy as _np

try:  # optional: Debian 12 does not package gymnasium
    import gymnasium as _gym
except ImportError:  # pragma: no cover - depends on the machine
    _gym = None


class _Box:
    """Floats of a fixed shape within [low, high] (gymnasium.spaces.Box's stand-in)."""

    def __init__(self, low, high, shape, dtype=_np.float32):
        self.low, self.high, self.shape, self.dtype = low, high, tuple(shape), _np.dtype(dtype)
        self._rng = _np.random.default_rng()

    def seed(self, seed=None):
        self._rng = _np.random.default_rng(seed)

    def sample(self, mask=None):
        if self.dtype.kind in "iu":
            return self._rng.integers(self.low, self.high + 1, self.shape).astype(self.dtype)
        return self._rng.uniform(-1e3 if self.low == -_np.inf else self.low, 1e3 if self.high == _np.inf else self.high,
                                 self.shape).astype(self.dtype)

    def contains(self, x):
        x = _np.asarray(x)
        return x.shape == self.shape and _np.can_cast(x.dtype, self.dtype) and bool(_np.all((x >= self.low) & (x <= self.high)))

    __contains__ = contains

    def __repr__(self):
        return f"Box({self.low}, {self.high}, {self.shape}, {self.dtype})"


class _Discrete:
    """The integers 0..n-1 (gymnasium.spaces.Discrete's stand-in); sample(mask) draws a legal one."""

    def __init__(self, n):
        self.n, self.shape, self.dtype = int(n), (), _np.dtype(_np.int64)
        self._rng = _np.random.default_rng()

    def seed(self, seed=None):
        self._rng = _np.random.default_rng(seed)

    def sample(self, mask=None):
        """A uniform id, or a uniform legal one under ``mask``: as gymnasium's Discrete, the mask
        must be a numpy int8 array of shape (n,) holding 0 and 1 only (AssertionError otherwise),
        and an all-zero mask gives 0."""
        if mask is not None:
            assert isinstance(mask, _np.ndarray), f"the mask must be a numpy array, not {type(mask).__name__}"
            assert mask.dtype == _np.int8, f"the mask must be np.int8, not {mask.dtype}"
            assert mask.shape == (self.n,), f"the mask must have shape ({self.n},), not {mask.shape}"
            assert _np.all((mask == 0) | (mask == 1)), "the mask holds values other than 0 and 1"
            legal = _np.flatnonzero(mask)
            return int(self._rng.choice(legal)) if len(legal) else 0
        return int(self._rng.integers(self.n))

    def contains(self, x):
        return isinstance(x, (int, _np.integer)) and 0 <= int(x) < self.n

    __contains__ = contains

    def __repr__(self):
        return f"Discrete({self.n})"


class _MultiDiscrete:
    """One integer 0..nvec[i]-1 in each place (gymnasium.spaces.MultiDiscrete's stand-in): a
    batch of actions, one a row."""

    def __init__(self, nvec):
        self.nvec = _np.asarray(nvec, _np.int64)
        self.shape, self.dtype = self.nvec.shape, _np.dtype(_np.int64)
        self._rng = _np.random.default_rng()

    def seed(self, seed=None):
        self._rng = _np.random.default_rng(seed)

    def sample(self, mask=None):
        """Uniform ids; with ``mask`` (a tuple of int8 masks, one a place) a legal one in each."""
        if mask is not None:
            return _np.array([_Discrete(n).sample(m) for n, m in zip(self.nvec, mask)], _np.int64)
        return self._rng.integers(0, self.nvec).astype(_np.int64)

    def contains(self, x):
        x = _np.asarray(x)
        return x.shape == self.shape and x.dtype.kind in "iu" and bool(_np.all((x >= 0) & (x < self.nvec)))

    __contains__ = contains

    def __repr__(self):
        return f"MultiDiscrete({self.nvec})"


class _Dict:
    """Named spaces (gymnasium.spaces.Dict's stand-in): ``spaces``, ``sample()``, ``contains()``."""

    def __init__(self, spaces):
        self.spaces = dict(spaces)
        self.shape, self.dtype = None, None

    def __getitem__(self, key):
        return self.spaces[key]

    def seed(self, seed=None):
        for k, space in enumerate(self.spaces.values()):
            space.seed(None if seed is None else seed + k)

    def sample(self, mask=None):
        return {k: space.sample() for k, space in self.spaces.items()}

    def contains(self, x):
        return isinstance(x, dict) and x.keys() == self.spaces.keys() and all(
            self.spaces[k].contains(v) for k, v in x.items())

    __contains__ = contains

    def __repr__(self):
        return "Dict(" + ", ".join(f"{k!r}: {v!r}" for k, v in self.spaces.items()) + ")"


def box(size):
    """The observation space: float32 vectors of `size`."""
    if _gym is not None:
        return _gym.spaces.Box(-_np.inf, _np.inf, (size,), _np.float32)
    return _Box(-_np.inf, _np.inf, (size,))


def discrete(n):
    """The action space: the game's num_distinct_actions() ids."""
    return _gym.spaces.Discrete(n) if _gym is not None else _Discrete(n)


def mask_box(n):
    """An action mask: int8 vectors of `n`, 0 or 1."""
    if _gym is not None:
        return _gym.spaces.Box(0, 1, (n,), _np.int8)
    return _Box(0, 1, (n,), _np.int8)


def observation_with_mask(size, n):
    """PettingZoo's classic shape: {"observation": box(size), "action_mask": mask_box(n)}."""
    spaces = {"observation": box(size), "action_mask": mask_box(n)}
    return _gym.spaces.Dict(spaces) if _gym is not None else _Dict(spaces)


def batch_box(n, size):
    """A VectorEnv's observations: float32 [n, size]."""
    if _gym is not None:
        return _gym.spaces.Box(-_np.inf, _np.inf, (n, size), _np.float32)
    return _Box(-_np.inf, _np.inf, (n, size))


def multi_discrete(n, actions):
    """A VectorEnv's actions: one id of `actions` for each of `n` games."""
    if _gym is not None:
        return _gym.spaces.MultiDiscrete(_np.full(n, actions, _np.int64))
    return _MultiDiscrete(_np.full(n, actions, _np.int64))
