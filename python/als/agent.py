"""Agents written in Python, playing anywhere the engine takes an agent (docs/python.md, "Agents
written elsewhere"): ``als play --p2 "exec:python3 my_agent.py"``, ``als simulate``,
``als tournament``, ``als compare``.

    import als

    class First(als.Agent):
        def step(self, view):
            return view.legal_actions()[0]

    if __name__ == "__main__":
        als.serve_agent(First())

The engine starts the program and writes protocol 2's messages to its standard input, one JSON
object a line, as its seat may see them; ``serve_agent`` answers each decision with the id the
agent's ``step`` returns. Ids are seat-relative, as in ``State.legal_actions()``.
"""
import json as _json
import sys as _sys

import numpy as _np


class AgentView:
    """One decision as the agent's seat sees it."""

    def __init__(self, game, message):
        self.message = message                      #: the protocol's decision message (a dict)
        self.player = message["seat"] - 1           #: 0 or 1
        self._game = game
        self._relative = message["relative_ids"]
        self._ids = dict(zip(message["relative_ids"], message["ids"]))

    def legal_actions(self):
        """The legal ids, seat-relative and ascending."""
        return sorted(self._relative)

    def legal_actions_mask(self):
        """numpy uint8 of num_actions: 1 where legal."""
        mask = _np.zeros(self._game["num_actions"], _np.uint8)
        mask[self._relative] = 1
        return mask

    def observation_tensor(self):
        """numpy float32: State.observation_tensor(player) of this decision."""
        return _np.asarray(self.message["observation_tensor"], _np.float32)

    def information_state_tensor(self):
        """numpy float32: State.information_state_tensor(player) of this decision, as a Game of the
        same set and house rules with default options renders it (perfect recall of the game so
        far). Sent only to ``exec:COMMAND,info=1``; raises ``als.Error`` otherwise."""
        from ._als import Error
        tensor = self.message.get("information_state_tensor")
        if tensor is None:
            raise Error("this decision carries no information-state tensor: run the program as exec:COMMAND,info=1")
        return _np.asarray(tensor, _np.float32)

    def action_name(self, id):
        """An id's pattern, positions written own/opp (Game.action_name)."""
        name = self._game["actions"][id]
        if name.startswith("choose 1:") or name.startswith("choose 2:"):
            return "choose " + ("own" if name[7] == "1" else "opp") + name[8:]
        return name

    def state(self, game):
        """The decision as an ``als.State`` of ``game`` (the Game the engine plays: the same set,
        house rules and options): a world this seat cannot tell from the real one, its hidden
        cards drawn by the engine's determinization, with no history. Resample it further with
        ``resample_from_infostate(view.player, seed)``; its legal ids are ``legal_actions()``.
        Sent only to ``exec:COMMAND,state=1``; raises ``als.Error`` otherwise, or when ``game`` is
        another game."""
        from ._als import Error
        data = self.message.get("state")
        if data is None:
            raise Error("this decision carries no state: run the program as exec:COMMAND,state=1")
        import base64
        return game.deserialize_state(base64.b64decode(data, validate=True))

    def _protocol_id(self, id):
        # the seat-relative id back to protocol 2's: the opponent's positions trade places for seat 2
        return self._ids[id]


class Agent:
    """Subclass and define ``step(view) -> id``; ``start_game(message)`` is called with each
    game's ``game`` message (the set's tables, the seat) before its first decision."""

    def start_game(self, message):
        pass

    def step(self, view):
        raise NotImplementedError


def serve_agent(agent, stdin=None, stdout=None):
    """Plays ``agent`` through protocol 2 on standard input and output until the input ends.
    An id that is not legal is sent as it is: the engine counts the game as lost (``illegal``),
    and says why in an ``error`` message, which is written to standard error here."""
    stdin = stdin or _sys.stdin
    stdout = stdout or _sys.stdout
    game = None
    for line in stdin:
        message = _json.loads(line)
        kind = message.get("type")
        if kind == "game":
            game = message
            agent.start_game(message)
        elif kind == "decision":
            view = AgentView(game, message)
            chosen = int(agent.step(view))
            answer = view._ids.get(chosen, -1 - chosen if chosen >= 0 else chosen)
            stdout.write(_json.dumps({"type": "act", "id": answer}) + "\n")
            stdout.flush()
        elif kind == "error":  # the engine's reason for an illegal answer: the game is lost
            _sys.stderr.write("als: " + str(message.get("message")) + "\n")
            _sys.stderr.flush()
