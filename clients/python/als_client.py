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

import collections
import inspect
import json
import os
import queue
import subprocess
import threading
from typing import Any, Callable, Deque, Dict, List, Optional, Sequence

#: The protocol version this client speaks (the server's ``hello`` says its own).
PROTOCOL = 1
#: Seconds a client waits for a message unless told otherwise (``timeout``).
DEFAULT_TIMEOUT = 60.0
#: The longest line a client reads unless told otherwise (``max_line``, bytes): a longer one is
#: refused as it arrives, never kept whole.
DEFAULT_MAX_LINE = 16 << 20

Message = Dict[str, Any]
#: A policy: given the player's view and the legal action texts (and, if it takes a third
#: argument, the whole decision message: its ``prompt``, ``ability``, ``card``), returns one of
#: the texts (or its index in ``legal``).
Policy = Callable[..., Any]


class ProtocolError(RuntimeError):
    """The server said something this client cannot go on from (or closed the connection)."""


class Client:
    """One ``als serve`` process.

    ``als`` is the path of the program; ``args`` are extra options for ``als serve``
    (``--cards``, ``--rules``, ``--seed``, ``--p1``, ``--p2``, ``--log``, ``--allow-path``).
    ``timeout``: seconds to wait for each message before raising :class:`ProtocolError` (60 by
    default; None: wait as long as it takes). ``max_line``: the longest line accepted, in bytes
    (16 MiB by default). Whatever the server sends (a line too long, not UTF-8, not a JSON object,
    nothing at all) raises :class:`ProtocolError` naming it; the client never waits forever by
    default. Use it as a context manager, or call :meth:`close`.
    """

    def __init__(self, als: str = "als", args: Sequence[str] = (), timeout: Optional[float] = DEFAULT_TIMEOUT,
                 max_line: int = DEFAULT_MAX_LINE) -> None:
        self.timeout = timeout
        self.max_line = max_line
        self.process = subprocess.Popen(
            [als, "serve", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            bufsize=1,
        )
        #: Every ``event`` message received during the last game, in order.
        self.events: List[Message] = []
        #: Every ``error`` message received since the client started.
        self.errors: List[Message] = []
        #: The ``game`` message of the game being played (its ``card_table``, ``actions``, ...).
        self.game: Optional[Message] = None
        # The server's lines arrive through a reader thread, so that a wait can time out; its
        # standard error is kept (the last lines) to say why it died, if it does.
        self._lines: "queue.Queue[Any]" = queue.Queue()  # bytes, a ProtocolError, or None at the end
        self._stderr: Deque[str] = collections.deque(maxlen=20)
        threading.Thread(target=self._read_stdout, daemon=True).start()
        threading.Thread(target=self._read_stderr, daemon=True).start()
        self.hello = self.receive()
        if self.hello.get("type") != "hello" or PROTOCOL not in self.hello.get("protocols", [self.hello.get("protocol")]):
            raise ProtocolError(f"unexpected greeting: {self.hello}")

    # ---- low level ------------------------------------------------------------------------

    def _read_stdout(self) -> None:
        """Splits the server's output into lines of at most ``max_line`` bytes, read from the
        descriptor itself (a longer line is refused as it grows, never kept whole). Whatever
        happens here reaches the reader: a ProtocolError in the queue, then the end."""
        assert self.process.stdout is not None
        fd = self.process.stdout.fileno()
        partial = b""
        try:
            while True:
                chunk = os.read(fd, 1 << 16)
                if not chunk:
                    break
                data = partial + chunk
                *lines, partial = data.split(b"\n")
                for line in lines:
                    self._lines.put(line)
                if len(partial) > self.max_line:
                    self._lines.put(ProtocolError(f"als serve sent a line longer than {self.max_line} bytes"))
                    self.process.kill()
                    break
        except Exception as err:  # (a reader that died in silence would leave receive() waiting)
            self._lines.put(ProtocolError(f"reading als serve failed: {err!r}"))
        self._lines.put(None)  # end of output

    def _read_stderr(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self._stderr.append(line.rstrip("\n"))

    def _died(self, what: str) -> ProtocolError:
        """The error for a server that stopped: its exit status and its last words."""
        try:
            status: Optional[int] = self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            status = None
        said = "; ".join(self._stderr)
        return ProtocolError(f"als serve {what} (exit status {status})" + (f": {said}" if said else ""))

    def send(self, message: Message) -> None:
        """Sends one message (a dict) as one line; raises ProtocolError if the server died."""
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(json.dumps(message) + "\n")
            self.process.stdin.flush()
        except (BrokenPipeError, OSError) as err:
            raise self._died(f"stopped reading ({err.__class__.__name__})") from None

    def receive(self) -> Message:
        """Returns the next message from the server. Raises ProtocolError if it has closed or
        died (with its exit status and the last lines of its standard error), or if nothing came
        within ``timeout`` seconds."""
        try:
            line = self._lines.get(timeout=self.timeout)
        except queue.Empty:
            raise ProtocolError(f"als serve sent nothing for {self.timeout} s") from None
        if line is None:
            self._lines.put(None)  # every later call says the same
            raise self._died("closed the connection")
        if isinstance(line, ProtocolError):
            raise line
        if len(line) > self.max_line:
            raise ProtocolError(f"als serve sent a line longer than {self.max_line} bytes")
        try:
            message = json.loads(line.decode("utf-8"))
        except UnicodeDecodeError:
            raise ProtocolError(f"als serve sent a line that is not UTF-8: {line[:80]!r}") from None
        except ValueError:
            raise ProtocolError(f"als serve sent a line that is not JSON: {line[:80]!r}") from None
        if not isinstance(message, dict):
            raise ProtocolError(f"als serve sent a line that is not a JSON object: {line[:80]!r}")
        return message

    def close(self) -> int:
        """Ends the session (``quit``) and returns the server's exit status."""
        if self.process.poll() is None:
            try:
                self.send({"type": "quit"})
            except ProtocolError:
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
        self.game = reply
        return reply

    def play(self, policy: Policy, policy2: Optional[Policy] = None, **new_game: Any) -> Message:
        """Plays one whole game and returns its ``game_over`` (or ``game_abandoned``) message.

        ``policy`` decides for every external seat, or for seat 1 only when ``policy2`` is given
        (then ``policy2`` decides for seat 2). Keyword arguments go to :meth:`new_game`. An
        ``error`` answering an action (an illegal one, or one a card script refused) raises
        :class:`ProtocolError` with the server's message: the game waits for a legal action, and
        a policy that gave an illegal one would give it again.
        """
        self.new_game(**new_game)
        while True:
            message = self.receive()
            kind = message.get("type")
            if kind == "decision":
                decide = policy2 if policy2 is not None and message["seat"] == 2 else policy
                choice = _call_policy(decide, message)
                if isinstance(choice, int):
                    self.send({"type": "act", "index": choice})
                else:
                    self.send({"type": "act", "action": str(choice)})
            elif kind == "event":
                self.events.append(message)
            elif kind == "error":
                self.errors.append(message)
                raise ProtocolError(f"the server refused the action: {message.get('message')}")
            elif kind in ("game_over", "game_abandoned"):
                return message
            # "battle" messages need no answer


def _call_policy(policy: Policy, decision: Message) -> Any:
    """Calls policy(view, legal) or, when it takes a third argument, policy(view, legal, decision)."""
    try:
        params = inspect.signature(policy).parameters.values()
        takes_three = any(p.kind == p.VAR_POSITIONAL for p in params) or sum(
            p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) for p in params) >= 3
    except (TypeError, ValueError):  # no signature to read (some builtins): two arguments
        takes_three = False
    if takes_three:
        return policy(decision["view"], decision["legal"], decision)
    return policy(decision["view"], decision["legal"])


__all__ = ["Client", "Policy", "ProtocolError", "PROTOCOL"]
