"""OpenSpiel's names on als.Game and als.State (docs/python.md, "OpenSpiel's names"): the methods
OpenSpiel's algorithms call, with OpenSpiel's meanings, beside the engine's own. Imported by
``als`` itself; nothing to import."""
import collections as _collections
import os as _os
import types as _types

from ._als import CHANCE, TERMINAL, Error, Game, State

_new_initial_state = Game.new_initial_state


def _fresh_seed():
    """A seed from the system's entropy (int, 0 to 2**64-1)."""
    return int.from_bytes(_os.urandom(8), "little")


def new_initial_state(self, seed=None):
    """A State at the game's start, dealt from `seed` (int, 0 to 2**64-1). Without one, a seed is
    drawn from the system's entropy, so that a loop of new_initial_state() meets new deals (give
    a seed to replay one)."""
    return _new_initial_state(self, _fresh_seed() if seed is None else seed)


def get_parameters(self):
    """The Game's parameters (OpenSpiel's get_parameters): dict with "cards", "rules" (list),
    "options" (str) and "params" (dict), folders and .lua paths absolute; ``als.Game(**p)``
    makes the same game again."""
    _, (cards, rules, options, _chance, params) = self.__reduce__()
    return {"cards": cards, "rules": list(rules), "options": options, "params": dict(params)}


def get_type(self):
    """OpenSpiel's GameType as an object with its fields as attributes (short_name, dynamics,
    chance_mode, information, utility, reward_model, ...): ``game.game_type()``'s dict."""
    return _types.SimpleNamespace(**self.game_type())


def _player_or_current(state, player):
    if player is None:
        player = state.current_player()
        if player < 0:
            raise Error("no player acts at a %s: name the player" % ("terminal state" if state.is_terminal() else "chance node"))
    return player


def _legal_actions(self, player=None):
    """The legal ids of `player` (default: the current player), ascending: OpenSpiel's
    legal_actions(player), empty for a player who does not act now; at a chance node without a
    player, its outcomes."""
    if player is not None and player != self.current_player():
        return []
    return _State_legal_actions(self)


def _legal_actions_mask(self, player=None):
    """numpy uint8 of num_distinct_actions(): 1 where `player` (default: the current player) has
    a legal id; all zeros for a player who does not act now."""
    mask = _State_legal_actions_mask(self)
    if player is not None and player != self.current_player():
        mask[:] = 0
    return mask


def _with_player(method, what):
    def wrapped(self, player=None):
        return method(self, _player_or_current(self, player))
    wrapped.__name__ = method.__name__
    wrapped.__doc__ = (what + " of `player` (default: the current player; OpenSpiel's form without an "
                       "argument). Raises als.Error without a player at a terminal state or a chance node.")
    return wrapped


def string_to_action(self, *args):
    """OpenSpiel's string_to_action([player,] text): the legal id whose action_to_string(player,
    id) is `text` (player: the current one by default). Raises als.Error for a text no legal
    action has, or several have (the other player's reading of a hidden card)."""
    if len(args) == 1:
        player, text = _player_or_current(self, None), args[0]
    elif len(args) == 2:
        player, text = args
    else:
        raise Error("string_to_action([player,] text)")
    found = [a for a in _State_legal_actions(self) if self.action_to_string(player, a) == text]
    if len(found) > 1:
        raise Error("%r is %d legal actions as player %d reads them (cards it cannot see): ask as the player to act"
                    % (text, len(found), player))
    if not found:
        raise Error("no legal action is %r now" % (text,))
    return found[0]


def apply_actions(self, actions):
    """OpenSpiel's apply_actions, for a simultaneous node: this game has none (every decision is
    one player's), so it raises als.Error."""
    raise Error("apply_actions: Air, Land & Sea has no simultaneous node (use apply_action)")


PlayerAction = _collections.namedtuple("PlayerAction", ["player", "action"])
PlayerAction.__doc__ = "One entry of full_history(): who took it (0, 1, or CHANCE) and its id."


def full_history(self):
    """OpenSpiel's full_history(): a PlayerAction(player, action) for each entry of history(),
    chance outcomes with player CHANCE (-1)."""
    return [PlayerAction(p, a) for p, a in self._full_history()]


def undo_action(self, player, action):
    """OpenSpiel's undo_action(player, action): this state becomes the one before its last entry,
    which must be `action` taken by `player` (CHANCE for an outcome). The game is replayed from its
    deal (a cost of the history's length). Raises als.Error for another last entry, an empty
    history, or a resampled state (a world drawn for a player has no deal of its own)."""
    history = self._full_history()
    if not history:
        raise Error("undo_action: no action to undo")
    if tuple(history[-1]) != (player, action):
        raise Error("undo_action: the last action is %d of player %d, not %d of player %d"
                    % (history[-1][1], history[-1][0], action, player))
    before = _new_initial_state(self.get_game(), self._root_seed())
    for _, entry in history[:-1]:
        before.apply_action(entry)
    self._assign(before)


_State_legal_actions = State.legal_actions
_State_legal_actions_mask = State.legal_actions_mask

State.legal_actions = _legal_actions
State.legal_actions_mask = _legal_actions_mask
for _name, _what in (("observation_tensor", "numpy float32 of observation_tensor_size()"),
                     ("information_state_tensor", "numpy float32 of information_state_tensor_size()"),
                     ("observation_string", "The observation as text"),
                     ("information_state_string", "The information state as text")):
    setattr(State, _name, _with_player(getattr(State, _name), _what))
State.string_to_action = string_to_action
State.full_history = full_history
State.undo_action = undo_action
State.apply_actions = apply_actions
State.move_number = lambda self: len(self.history())
State.move_number.__doc__ = "The actions applied so far (OpenSpiel's move_number): len(history())."
State.history_str = lambda self: ", ".join(str(a) for a in self.history())
State.history_str.__doc__ = "history() as OpenSpiel writes it: the ids, comma-separated."
State.is_player_node = lambda self: not self.is_terminal() and not self.is_chance_node()
State.is_player_node.__doc__ = "Whether a player (0 or 1) acts now."
State.is_simultaneous_node = lambda self: False
State.is_simultaneous_node.__doc__ = "Always False: every decision is one player's."
State.player_return = lambda self, player: self.returns()[player]
State.player_return.__doc__ = "returns()[player]: +1 or -1 at the end, 0 before."
State.player_reward = lambda self, player: self.rewards()[player]
State.player_reward.__doc__ = "rewards()[player]: what the last action gave `player`."
State.__hash__ = lambda self: hash(tuple(self.history()))
State.__hash__.__doc__ = "Consistent with ==: equal states have the same history, so they hash alike."
Game.new_initial_state = new_initial_state
Game.get_parameters = get_parameters
Game.get_type = get_type
