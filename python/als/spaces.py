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
        return self._rng.uniform(-1e3 if self.low == -_np.inf else self.low, 1e3 if self.high == _np.inf else self.high,
                                 self.shape).astype(self.dtype)

    def contains(self, x):
        x = _np.asarray(x)
        return x.shape == self.shape and bool(_np.all((x >= self.low) & (x <= self.high)))

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
        if mask is not None:
            return int(self._rng.choice(_np.flatnonzero(mask)))
        return int(self._rng.integers(self.n))

    def contains(self, x):
        return isinstance(x, (int, _np.integer)) and 0 <= int(x) < self.n

    __contains__ = contains

    def __repr__(self):
        return f"Discrete({self.n})"


def box(size):
    """The observation space: float32 vectors of `size`."""
    if _gym is not None:
        return _gym.spaces.Box(-_np.inf, _np.inf, (size,), _np.float32)
    return _Box(-_np.inf, _np.inf, (size,))


def discrete(n):
    """The action space: the game's num_distinct_actions() ids."""
    return _gym.spaces.Discrete(n) if _gym is not None else _Discrete(n)
