"""Gymnasium-shaped environments over ``als serve`` (protocol 2, docs/protocol.md): one game
(:class:`AlsEnv`) or many through one server (:class:`AlsVectorEnv`). Standard library only;
observations and masks are numpy arrays when numpy can be imported, lists otherwise.

The agent plays seat 1 against a computer opponent. Actions are the set's fixed action ids
(``num_actions`` of them); ``info["action_mask"]`` marks the legal ones. The reward is +1 for a
won game and -1 for a lost one, at its end, and 0 before.

Observations are the Python module's (``import als``: ``State.observation_tensor``, float32, laid
out as ``Game.observation_layout()`` says, here ``env.layout``), so that an agent trained on one
runs on the other; ``observation="hex"`` gives protocol 2's integer observation instead
(docs/protocol.md, "The observation").

Example::

    from als_env import AlsEnv

    env = AlsEnv("build/als", opponent="random")
    obs, info = env.reset(seed=1)
    done = False
    while not done:
        action = info["legal_ids"][0]
        obs, reward, terminated, truncated, info = env.step(action)
        done = terminated or truncated
"""
from __future__ import annotations

import base64
import json
import os
import select
import struct
import subprocess
from typing import Any, Dict, List, Optional, Sequence, Tuple

try:  # optional
    import numpy as np  # type: ignore
except ImportError:  # pragma: no cover - exercised where numpy is absent
    np = None

Message = Dict[str, Any]


#: Seconds an environment waits for the server unless told otherwise (``timeout``).
DEFAULT_TIMEOUT = 60.0
#: The longest line an environment reads unless told otherwise (``max_line``, bytes).
DEFAULT_MAX_LINE = 16 << 20


class EnvError(RuntimeError):
    """The server refused something, stopped, sent nothing within the timeout, or sent what is
    not the protocol (a line too long, not UTF-8, not a JSON object)."""


class _Server:
    """One ``als serve`` process, spoken to in batches (the environments' own lean reader)."""

    def __init__(self, als: str, opponent: str, args: Sequence[str], timeout: Optional[float] = DEFAULT_TIMEOUT,
                 max_line: int = DEFAULT_MAX_LINE) -> None:
        self.timeout, self.max_line = timeout, max_line
        self.process = subprocess.Popen(
            [als, "serve", "--p1", "external", "--p2", opponent, *args],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=1 << 16)
        self._pending: List[Message] = []  # messages read and not yet taken
        self._partial = b""
        hello = self.receive()
        if hello.get("type") != "hello":
            raise EnvError(f"unexpected greeting: {hello}")

    def send(self, messages: List[Message]) -> None:
        self.send_text("".join(json.dumps(m) + "\n" for m in messages))

    def send_text(self, text: str) -> None:
        """Sends lines already written as JSON."""
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(text.encode())
            self.process.stdin.flush()
        except (BrokenPipeError, OSError):
            raise self._died() from None

    def receive(self) -> Message:
        """The next message. Whatever the server has written is read at once and parsed in one
        call (many messages a read: the environments' main cost is parsing)."""
        if not self._pending:
            assert self.process.stdout is not None
            fd = self.process.stdout.fileno()
            while True:
                if self.timeout is not None and not select.select([fd], [], [], self.timeout)[0]:
                    self.process.kill()
                    raise EnvError(f"als serve sent nothing for {self.timeout} s")
                chunk = os.read(fd, 1 << 16)  # below the allocator's mmap threshold: a bigger buffer costs a map and unmap a read
                if not chunk:
                    raise self._died()
                data = self._partial + chunk
                end = data.rfind(b"\n")
                if end < 0:
                    self._partial = data
                    if len(data) > self.max_line:
                        self.process.kill()
                        raise EnvError(f"als serve sent a line longer than {self.max_line} bytes")
                    continue
                self._partial = data[end + 1:]
                self._pending = self._parse(data[:end])
                self._pending.reverse()
                break
        return self._pending.pop()

    def _parse(self, lines: bytes) -> List[Message]:
        """Whole lines read at once, as messages (one call to the parser for all of them)."""
        try:
            messages = json.loads(b"[" + lines.replace(b"\n", b",") + b"]")
        except ValueError:  # (UnicodeDecodeError too) find the line at fault, for the message
            for line in lines.split(b"\n"):
                try:
                    json.loads(line.decode("utf-8"))
                except UnicodeDecodeError:
                    raise EnvError(f"als serve sent a line that is not UTF-8: {line[:80]!r}") from None
                except ValueError:
                    raise EnvError(f"als serve sent a line that is not JSON: {line[:80]!r}") from None
            raise EnvError(f"als serve sent lines that are not JSON: {lines[:80]!r}") from None
        if not all(isinstance(m, dict) for m in messages):  # (a line's length is bounded as it is read)
            raise EnvError("als serve sent a line that is not a JSON object")
        return messages

    def _died(self) -> EnvError:
        try:
            status = self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            status = None
        err = self.process.stderr.read().decode(errors="replace") if self.process.stderr else ""
        return EnvError(f"als serve stopped (exit status {status}): {err.strip()[-500:]}")

    def close(self) -> None:
        if self.process.poll() is None:
            try:
                self.send([{"type": "quit"}])
            except EnvError:
                pass
            self.process.wait(timeout=30)


def _array(values: List[int]) -> Any:
    return np.asarray(values, dtype=np.int32) if np is not None else list(values)


def _fresh_seed() -> int:
    return int.from_bytes(os.urandom(8), "little")


def _final_observation(end: Message, seat: Optional[int], fallback: Optional[Message]) -> Any:
    """The end state's observation of `seat` (``game_over``'s ``final_observations``, in the
    decisions' encoding), or the last decision's where the server sends none (an abandoned game)."""
    finals = end.get("final_observations") or {}
    if seat is not None and str(seat) in finals and fallback is not None:
        key = "observation_tensor_base64" if "observation_tensor_base64" in fallback else "observation_hex"
        return _observation({key: finals[str(seat)]})
    return _observation(fallback) if fallback else None


def _reward(end: Message, seat: Optional[int]) -> float:
    """+1 for a game the agent's seat won, -1 for one it lost, 0 for an abandoned one."""
    if end["type"] != "game_over" or seat is None:
        return 0.0
    return 1.0 if end.get("winner") == seat else -1.0


def _observation(decision: Message) -> Any:
    """A decision's observation: the module's float32 tensor (base64 of its little-endian
    values), or protocol 2's integers as hex (four digits a number, 16 bits, two's complement),
    each several times faster to read than a list of numbers."""
    if "observation_tensor_base64" in decision:
        raw = base64.b64decode(decision["observation_tensor_base64"])
        if np is not None:
            return np.frombuffer(raw, dtype="<f4").copy()
        return list(struct.unpack("<%df" % (len(raw) // 4), raw))
    raw = bytes.fromhex(decision["observation_hex"])
    if np is not None:
        return np.frombuffer(raw, dtype=">i2").astype(np.int32)
    return list(struct.unpack(">%dh" % (len(raw) // 2), raw))


class _Games:
    """What both environments share: the games' state as the last messages left it."""

    def __init__(self, server: _Server, options: Dict[str, Any]) -> None:
        self.server = server
        # Decisions carry the observation and the legal ids only (no view, no texts, no events):
        # the module's tensor ("tensor", the default) or protocol 2's integers ("hex").
        observation = options.pop("observation", "tensor")
        if observation not in ("tensor", "hex"):
            raise EnvError(f"observation must be 'tensor' or 'hex', not {observation!r}")
        self.options = dict(options, observation=observation, events=False, view=False)
        self.num_actions = 0
        self.actions: List[str] = []
        self.card_table: Dict[str, Any] = {}
        self.layout: List[str] = []

    def start(self, count: int, seed: Optional[int], number: int = 0) -> List[int]:
        """Starts `count` games: games `number`, `number` + 1, ... of the run seeded with `seed`
        (the server derives each game's seed from both); returns their numbers in this session
        (their first decisions come next)."""
        message: Message = {"type": "new_games", "count": count, **self.options}
        if seed is not None:
            message["seed"], message["number"] = seed, number
        if self.num_actions:  # the set's tables are known already
            message["tables"] = False
        self.server.send([message])
        numbers = []
        while len(numbers) < count:
            m = self.server.receive()
            if m["type"] == "game":
                numbers.append(m["game"])
                if "actions" in m:
                    self.num_actions, self.actions = m["num_actions"], m["actions"]
                    self.card_table = m["card_table"]
                    self.layout = m.get("observation_tensor_layout", m.get("observation_layout"))
            elif m["type"] == "error":
                raise EnvError(m["message"])
        return numbers

    def mask(self, decision: Message) -> Any:
        if np is not None:
            mask = np.zeros(self.num_actions, dtype=np.int8)
            mask[decision["ids"]] = 1
            return mask
        mask = [0] * self.num_actions
        for i in decision["ids"]:
            mask[i] = 1
        return mask

    def info(self, decision: Optional[Message]) -> Dict[str, Any]:
        if decision is None:
            return {"action_mask": _array([0] * self.num_actions), "legal_ids": []}
        return {"action_mask": self.mask(decision), "legal_ids": list(decision["ids"]), "decision": decision}


class AlsEnv:
    """One game at a time against `opponent` (a computer agent of ``als serve``).
    ``new_game_options``: ``cards``, ``rules``, ... as ``new_game`` takes them; ``args``: more
    options for ``als serve`` (``--allow-path``, ...); ``timeout``: seconds to wait for the server
    (60 by default, None: forever); ``max_line``: the longest line read, in bytes (16 MiB).
    Anything the server does wrong raises :class:`EnvError`."""

    def __init__(self, als: str = "als", opponent: str = "random", args: Sequence[str] = (),
                 timeout: Optional[float] = DEFAULT_TIMEOUT, max_line: int = DEFAULT_MAX_LINE,
                 **new_game_options: Any) -> None:
        self._server = _Server(als, opponent, args, timeout, max_line)
        self._games = _Games(self._server, new_game_options)
        self._game: Optional[int] = None
        self._decision: Optional[Message] = None
        self._seat: Optional[int] = None  # the agent's seat (1 or 2), from its decisions
        self._seed_base: Optional[int] = None  # the last seeded reset's seed, and games since
        self._played = 0

    @property
    def num_actions(self) -> int:
        return self._games.num_actions

    def reset(self, seed: Optional[int] = None) -> Tuple[Any, Dict[str, Any]]:
        if self._game is not None:  # a game still running is abandoned
            self._server.send([{"type": "new_game", "events": False}])  # (abandons; its own game follows)
            self._drain_new_game()
        if seed is not None or self._seed_base is None:  # later games: numbered from the reset seed
            self._seed_base, self._played = (seed if seed is not None else _fresh_seed()), 0
        self._game = self._games.start(1, self._seed_base, self._played)[0]
        self._played += 1
        return self._next()

    def _drain_new_game(self) -> None:
        while True:
            m = self._server.receive()
            if m["type"] == "decision" or m["type"] in ("game_over",):
                break
        self._game = None

    def _next(self) -> Tuple[Any, Dict[str, Any]]:
        while True:
            m = self._server.receive()
            if m["type"] == "decision":
                self._decision, self._seat = m, m["seat"]
                return _observation(m), self._games.info(m)
            if m["type"] in ("game_over", "game_abandoned"):
                raise EnvError(f"the game ended before a decision: {m}")
            if m["type"] == "error":
                raise EnvError(m["message"])

    def step(self, action_id: int) -> Tuple[Any, float, bool, bool, Dict[str, Any]]:
        if self._decision is None or self._game is None:
            raise EnvError("step() before reset(), or after the game ended")
        self._server.send([{"type": "act", "game": self._game, "id": int(action_id)}])
        while True:
            m = self._server.receive()
            if m["type"] == "decision":
                self._decision = m
                return _observation(m), 0.0, False, False, self._games.info(m)
            if m["type"] in ("game_over", "game_abandoned"):
                obs = _final_observation(m, self._seat, self._decision)
                reward = _reward(m, self._seat)  # from the agent's own seat, whichever it plays
                self._decision, self._game = None, None
                info = self._games.info(None)
                info["result"] = m
                return obs, reward, m["type"] == "game_over", m["type"] == "game_abandoned", info
            if m["type"] == "error":
                raise EnvError(m["message"])

    def close(self) -> None:
        self._server.close()


class AlsVectorEnv:
    """`n` games at once through one ``als serve`` (``new_games``). ``step(actions)`` takes one
    action id per game; a finished game is replaced at once by a new one (its ``info`` has
    ``final_observation`` and ``result``). A few games are started ahead, their first decision
    waiting, so that replacing a finished game costs no round trip to the server: the games
    that replace them are asked for in the same write as the next actions. ``timeout`` and
    ``max_line`` as for :class:`AlsEnv`."""

    def __init__(self, als: str = "als", n: int = 8, opponent: str = "random", args: Sequence[str] = (),
                 timeout: Optional[float] = DEFAULT_TIMEOUT, max_line: int = DEFAULT_MAX_LINE,
                 **new_game_options: Any) -> None:
        self.n = n
        self._server = _Server(als, opponent, args, timeout, max_line)
        self._games = _Games(self._server, new_game_options)
        self._slot_game: List[int] = []
        self._decisions: List[Optional[Message]] = []
        self._spare_count = max(2, n // 8)
        self._spares: List[Tuple[int, Message]] = []  # started games and their first decisions
        self._ask_more = 0  # spares used since the last write: asked for with the next actions
        self._seed_base = 0  # the reset's seed: the run whose games are started, by number
        self._started = 0

    @property
    def num_actions(self) -> int:
        return self._games.num_actions

    def reset(self, seed: Optional[int] = None) -> Tuple[List[Any], List[Dict[str, Any]]]:
        self._seed_base = seed if seed is not None else _fresh_seed()
        numbers = self._games.start(self.n + self._spare_count, self._seed_base)
        self._started = self.n + self._spare_count
        self._slot_game = numbers[:self.n]
        self._decisions = [None] * self.n
        self._spares, self._ask_more = [], 0
        spares = {g: None for g in numbers[self.n:]}
        self._collect(set(range(self.n)), spares)
        return [_observation(d) for d in self._decisions], [self._games.info(d) for d in self._decisions]

    def _collect(self, waiting: set, spares: Dict[int, Optional[Message]]) -> Dict[int, Message]:
        """Reads until every slot in `waiting` has its next decision or its end, and every game
        in `spares` (started as spares) its first decision."""
        slot_of = {g: i for i, g in enumerate(self._slot_game)}
        ends: Dict[int, Message] = {}
        missing = len(spares)
        while waiting or missing:
            m = self._server.receive()
            kind = m["type"]
            if kind == "error":
                raise EnvError(m["message"])
            game = m.get("game")
            if kind == "game":
                if missing and game not in spares:
                    spares[game] = None
                continue
            slot = slot_of.get(game)
            if slot is not None and slot in waiting:
                if kind == "decision":
                    self._decisions[slot] = m
                    waiting.discard(slot)
                elif kind in ("game_over", "game_abandoned"):
                    ends[slot] = m
                    waiting.discard(slot)
            elif game in spares and spares[game] is None and kind == "decision":
                spares[game] = m
                self._spares.append((game, m))
                missing -= 1
        return ends

    def step(self, actions: Sequence[int]):
        # One act a game, written directly (the server reads this exact shape without its general
        # parser), and the spares used last time asked for again in the same write.
        text = "".join('{"type": "act", "game": %d, "id": %d}\n' % (g, int(a)) for g, a in zip(self._slot_game, actions))
        asked = self._ask_more
        if asked:
            text += json.dumps({"type": "new_games", "count": asked, **self._games.options, "tables": False,
                                "seed": self._seed_base, "number": self._started}) + "\n"
            self._started += asked
            self._ask_more = 0
        self._server.send_text(text)
        before = list(self._decisions)
        # The new spares' numbers come in their "game" messages: placeholders until then.
        ends = self._collect(set(range(self.n)), {("new", k): None for k in range(asked)} if asked else {})
        rewards = [0.0] * self.n
        terminated = [False] * self.n
        truncated = [False] * self.n
        infos: List[Dict[str, Any]] = [{} for _ in range(self.n)]
        if ends:  # replace the finished games: spares first, then (rarely) games started now
            short = max(0, len(ends) - len(self._spares))
            started = self._games.start(short, self._seed_base, self._started) if short else []
            self._started += short
            if started:
                self._collect(set(), {g: None for g in started})
            for slot in sorted(ends):
                m = ends[slot]
                seat = before[slot]["seat"] if before[slot] else None
                rewards[slot] = _reward(m, seat)  # from the agent's own seat, whichever it plays
                terminated[slot] = m["type"] == "game_over"
                truncated[slot] = m["type"] == "game_abandoned"
                infos[slot]["final_observation"] = _final_observation(m, seat, before[slot])
                infos[slot]["result"] = m
                number, decision = self._spares.pop(0)
                self._slot_game[slot] = number
                self._decisions[slot] = decision
            self._ask_more = self._spare_count - len(self._spares)
        obs = []
        for i, d in enumerate(self._decisions):
            obs.append(_observation(d))
            infos[i].update(self._games.info(d))
        return obs, rewards, terminated, truncated, infos

    def close(self) -> None:
        self._server.close()


__all__ = ["AlsEnv", "AlsVectorEnv", "EnvError"]
