"""Air, Land & Sea's rules engine inside Python (docs/python.md).

    import als
    game = als.Game("standard")
    state = game.new_initial_state(seed=7)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    print(state.returns())

Players are numbered 0 and 1 (seat 1 of the rules is player 0); ``als.TERMINAL`` (-4) is the
player id of a finished game, ``als.CHANCE`` (-1) that of a chance node (a Game with
chance_nodes=True). Every refusal raises ``als.Error`` with the engine's message.
"""
import os as _os

from ._als import CHANCE, TERMINAL, EngineAgent, Error, Game, State, ValueNet, _set_data_dir, game_seed  # noqa: F401
from ._version import __version__  # noqa: F401
from .vector import VectorEnv  # noqa: F401
from . import openspiel as _openspiel  # noqa: F401  (OpenSpiel's names on Game and State)
from .openspiel import PlayerAction  # noqa: F401
from .agent import Agent, AgentView, serve_agent  # noqa: F401


def data_dir():
    """The folder of the bundled card sets and house rules (``cards/``, ``scripts/``): the
    environment's ALS_DATA_DIR, else PREFIX/share/als beside an installed module (VENV/als after
    pip install), else the source tree this module was built from."""
    env = _os.environ.get("ALS_DATA_DIR")
    if env:
        return env
    here = _os.path.dirname(_os.path.abspath(__file__))
    up = here
    for _ in range(6):  # PREFIX/lib/python3/dist-packages/als -> PREFIX/share/als (pip: VENV/als)
        up = _os.path.dirname(up)
        for candidate in (_os.path.join(up, "share", "als"), _os.path.join(up, "als")):
            if _os.path.isdir(_os.path.join(candidate, "cards")) and _os.path.isdir(_os.path.join(candidate, "scripts")):
                return candidate
    from ._version import _source_data_dir
    return _source_data_dir


def _game_type(game):
    """OpenSpiel's GameType for the game, as a dict: sequential, imperfect information, zero-sum...
    (docs/python.md, "Games"). "chance_mode" is "explicit_stochastic" in a Game with chance nodes,
    else "sampled_stochastic" (the deal drawn from the state's seed)."""
    chance = "chance_nodes" in game.options.split(",")
    return {"short_name": "air_land_sea", "long_name": "Air, Land & Sea", "dynamics": "sequential",
            "chance_mode": "explicit_stochastic" if chance else "sampled_stochastic",
            "information": "imperfect_information",
            "utility": "zero_sum", "reward_model": "rewards" if {"battle_rewards", "shaped_rewards"} & set(game.options.split(",")) else "terminal",
            "min_num_players": 2, "max_num_players": 2,
            "provides_information_state_string": True, "provides_information_state_tensor": True,
            "provides_observation_string": True, "provides_observation_tensor": True}


Game.game_type = _game_type
Game.min_utility = lambda self: -1.0
Game.min_utility.__doc__ = "The lowest return a player may get: -1 (a game lost)."
Game.max_utility = lambda self: 1.0
Game.max_utility.__doc__ = "The highest return a player may get: +1 (a game won)."
Game.utility_sum = lambda self: 0.0
Game.utility_sum.__doc__ = "The returns of every game add up to 0 (zero-sum)."


def cards_dir():
    """The folder of the bundled card sets, one folder a set (``os.path.join(als.cards_dir(),
    "standard")``): ``data_dir()``'s ``cards``, from a build and once installed alike."""
    return _os.path.join(data_dir(), "cards")


def rules_dir():
    """The folder of the bundled house rules, one ``.lua`` file a rule: ``data_dir()``'s
    ``scripts/rules``."""
    return _os.path.join(data_dir(), "scripts", "rules")


_set_data_dir(data_dir())


def _restore_state(game, data):
    """pickle's reader of a State: ``game.deserialize_state(data)`` (State.__reduce__)."""
    return game.deserialize_state(data)


def _flags(flags):
    """Keyword arguments as the command's flags, each name with its values as text: games=200 is
    --games 200, skill=("random", "greedy") is --skill random,greedy, a list of target, param,
    merge or rules repeats the flag, a True flag stands alone, False or None leaves it out."""
    import numbers
    out = {}
    for key, value in flags.items():
        if value is None or value is False:
            continue
        if value is True:
            out[key] = [""]
        elif isinstance(value, (list, tuple)) and key in ("target", "param", "merge", "rules"):
            out[key] = [str(v) for v in value]
        elif isinstance(value, (list, tuple)):
            out[key] = [",".join(str(v) for v in value)]
        elif isinstance(value, (str, numbers.Number)):
            out[key] = [str(value)]
        else:
            raise TypeError(f"{key}: a string, a number, a bool or a list, not {type(value).__name__}")
    return out


def _run(command, words, flags):
    import json
    from ._als import _lab
    doc, warnings = _lab(command, list(words), _flags(flags))
    doc = json.loads(doc.decode("utf-8"))
    if warnings:
        doc.setdefault("warnings", warnings)
    return doc


def compare(*variants, **flags):
    """The document ``als compare VARIANT... --json`` prints, as a dict: the same code on the same
    arguments gives the same answer (docs/python.md, "Designer's commands"). ``variants``: the
    baseline first, each "[NAME=]SET+RULE...". ``flags``: the command's flags by name
    (``games=2000, seed=7, agents=["greedy", "mcts:100"], target=["first_player_battle_win_rate=0.5"],
    skill=("random", "greedy"), threads=4``). Raises als.Error with the command's message when it
    refuses the arguments."""
    return _run("compare", variants, flags)


def sweep(variant, **flags):
    """The document ``als sweep VARIANT --json`` prints, as a dict (the same code, the same
    answer): ``sweep("standard+medic.lua", param="heal", values="1:5", target=...)``. Raises
    als.Error with the command's message when it refuses the arguments."""
    return _run("sweep", [variant], flags)


def simulate(**flags):
    """The document ``als simulate --json`` prints, as a dict: ``simulate(cards="standard",
    games=1000, p1="greedy", p2="random", seed=3)``. Raises als.Error as the command refuses."""
    return _run("simulate", [], flags)
