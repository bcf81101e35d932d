"""Air, Land & Sea's rules engine inside Python (docs/python.md).

    import als
    game = als.Game("standard")
    state = game.new_initial_state(seed=7)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    print(state.returns())

Players are numbered 0 and 1 (seat 1 of the rules is player 0); ``als.TERMINAL`` (-4) is the
player id of a finished game. Every refusal raises ``als.Error`` with the engine's message.
"""
import os as _os

from ._als import TERMINAL, EngineAgent, Error, Game, State, ValueNet, _set_data_dir, game_seed  # noqa: F401
from ._version import __version__  # noqa: F401
from .vector import VectorEnv  # noqa: F401
from .agent import Agent, AgentView, serve_agent  # noqa: F401


def data_dir():
    """The folder of the bundled card sets and house rules (``cards/``, ``scripts/``): the
    environment's ALS_DATA_DIR, else PREFIX/share/als beside an installed module, else the
    source tree this module was built from."""
    env = _os.environ.get("ALS_DATA_DIR")
    if env:
        return env
    here = _os.path.dirname(_os.path.abspath(__file__))
    up = here
    for _ in range(6):  # PREFIX/lib/python3/dist-packages/als -> PREFIX/share/als
        up = _os.path.dirname(up)
        candidate = _os.path.join(up, "share", "als")
        if _os.path.isdir(_os.path.join(candidate, "cards")):
            return candidate
    from ._version import _source_data_dir
    return _source_data_dir


_set_data_dir(data_dir())
