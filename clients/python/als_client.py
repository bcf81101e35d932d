"""A client for ``als serve``: play Air, Land & Sea against the engine from Python.

The engine runs as a child process speaking JSON Lines (one JSON object per line) on its
standard input and output; ``docs/protocol.md`` describes every message. This module needs
only the Python standard library.

Example::

    from als_client import Client

    def first_legal(view, legal):
        return legal[0]

    with Client("build/als", ["--p2", "random"]) as client:
        result = client.play(first_legal)
        print(result["line"])          # game over: player N wins A-B
"""
from __future__ import annotations

import json
import subprocess
from typing import Any, Callable, Dict, List, Optional, Sequence

#: The protocol version this client speaks (the server's ``hello`` says its own).
PROTOCOL = 1

Message = Dict[str, Any]
#: A policy: given the player's view and the legal action texts, returns one of the texts
#: (or its index in ``legal``).
Policy = Callable[[Message, List[str]], Any]


class ProtocolError(RuntimeError):
    """The server said something this client cannot go on from (or closed the connection)."""


class Client:
    """One ``als serve`` process.

    ``als`` is the path of the program; ``args`` are extra options for ``als serve``
    (``--cards``, ``--rules``, ``--seed``, ``--p1``, ``--p2``, ``--log``). Use it as a context
    manager, or call :meth:`close`.
    """

    def __init__(self, als: str = "als", args: Sequence[str] = ()) -> None:
        self.process = subprocess.Popen(
            [als, "serve", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            bufsize=1,
        )
        #: Every ``event`` message received during the last game, in order.
        self.events: List[Message] = []
        #: Every ``error`` message received since the client started.
        self.errors: List[Message] = []
        self.hello = self.receive()
        if self.hello.get("type") != "hello" or self.hello.get("protocol") != PROTOCOL:
            raise ProtocolError(f"unexpected greeting: {self.hello}")

    # ---- low level ------------------------------------------------------------------------

    def send(self, message: Message) -> None:
        """Sends one message (a dict) as one line."""
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(message) + "\n")
        self.process.stdin.flush()

    def receive(self) -> Message:
        """Returns the next message from the server; raises ProtocolError if it has closed."""
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise ProtocolError("als serve closed the connection")
        return json.loads(line)

    def close(self) -> int:
        """Ends the session (``quit``) and returns the server's exit status."""
        if self.process.poll() is None:
            try:
                self.send({"type": "quit"})
            except (BrokenPipeError, OSError):
                pass
        return self.process.wait(timeout=30)

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ---- games ----------------------------------------------------------------------------

    def new_game(self, seed: Optional[int] = None, cards: Optional[str] = None,
                 rules: Optional[List[str]] = None, p1: Optional[str] = None,
                 p2: Optional[str] = None) -> Message:
        """Starts a game; returns the server's ``game`` message. Unset fields keep the server's
        command-line choices."""
        message: Message = {"type": "new_game"}
        for key, value in (("seed", seed), ("cards", cards), ("rules", rules), ("p1", p1), ("p2", p2)):
            if value is not None:
                message[key] = value
        self.send(message)
        self.events = []
        reply = self.receive()
        if reply.get("type") != "game":
            raise ProtocolError(f"new_game refused: {reply}")
        return reply

    def play(self, policy: Policy, policy2: Optional[Policy] = None, **new_game: Any) -> Message:
        """Plays one whole game and returns its ``game_over`` (or ``game_abandoned``) message.

        ``policy`` decides for every external seat, or for seat 1 only when ``policy2`` is given
        (then ``policy2`` decides for seat 2). Keyword arguments go to :meth:`new_game`.
        """
        self.new_game(**new_game)
        while True:
            message = self.receive()
            kind = message.get("type")
            if kind == "decision":
                decide = policy2 if policy2 is not None and message["seat"] == 2 else policy
                choice = decide(message["view"], message["legal"])
                if isinstance(choice, int):
                    self.send({"type": "act", "index": choice})
                else:
                    self.send({"type": "act", "action": str(choice)})
            elif kind == "event":
                self.events.append(message)
            elif kind == "error":
                self.errors.append(message)
            elif kind in ("game_over", "game_abandoned"):
                return message
            # "battle" messages need no answer


__all__ = ["Client", "Policy", "ProtocolError", "PROTOCOL"]
