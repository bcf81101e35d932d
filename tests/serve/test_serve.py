#!/usr/bin/env python3
"""Checks `als serve` (docs/protocol.md) as a client would: usage: test_serve.py ALS SRC

1. 1,000 fuzzed messages (malformed JSON, wrong types, unknown fields, illegal actions,
   out-of-range indices, messages out of order) each get a JSON "error" message, the server
   never crashes, and the game it is playing goes on to its end.
2. The same seed and messages give the same session, byte for byte.
3. No message to an external seat names a card that seat may not see.
Prints "N passed, N failed" and exits non-zero on any failure.
"""
import json
import os
import random
import re
import subprocess
import sys
import time

ALS, SRC = sys.argv[1], sys.argv[2]
sys.path.insert(0, os.path.join(SRC, "clients", "python"))
from als_client import Client  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks import check, finish  # noqa: E402


def fuzz_messages(rng, n):
    """Bad messages of every kind; none of them is a legal act."""
    shapes = [
        lambda: "{not json",
        lambda: "[1, 2, 3]",
        lambda: '"a string"',
        lambda: "{}",
        lambda: json.dumps({"type": 7}),
        lambda: json.dumps({"type": "dance"}),
        lambda: json.dumps({"type": "act"}),
        lambda: json.dumps({"type": "act", "index": rng.choice([-1, 10**6, 2**70, 1.5, "3", None])}),
        lambda: json.dumps({"type": "act", "action": rng.choice(["deploy nothing air", "", "withdraw now", 12])}),
        lambda: json.dumps({"type": "act", "action": "withdraw", "index": 0}),
        lambda: json.dumps({"type": "act", "index": 0, "extra": True}),
        lambda: json.dumps({"type": "act", "index": 0, "seat": 9}),
        lambda: json.dumps({"type": "new_game", "seed": rng.choice([-5, "x", 2**70, 1.5])}),
        lambda: json.dumps({"type": "new_game", "cards": rng.choice(["no_such_set", 5, "/dev/null"])}),
        lambda: json.dumps({"type": "new_game", "rules": rng.choice(["beginner", [1], ["no_such_rule"]])}),
        lambda: json.dumps({"type": "new_game", "p2": rng.choice(["nobody", "human", 3])}),
        lambda: json.dumps({"type": "new_game", "colour": "blue"}),
        lambda: bytes(rng.getrandbits(8) for _ in range(rng.randint(1, 40))).decode("latin-1").replace("\n", " "),
        lambda: json.dumps({"type": "legal", "x": [1, {"y": None}]})[: rng.randint(1, 20)],
    ]
    return [rng.choice(shapes)() for _ in range(n)]


def fuzz_session():
    rng = random.Random(12345)
    proc = subprocess.Popen([ALS, "serve", "--p1", "external", "--p2", "random", "--seed", "8"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1,
                            encoding="utf-8", errors="replace")

    def send(line):
        proc.stdin.write(line + "\n")
        proc.stdin.flush()

    def receive():
        line = proc.stdout.readline()
        check(line != "", "the server is still there")
        return json.loads(line) if line else {"type": "closed"}

    hello = receive()
    check(hello.get("type") == "hello" and hello.get("protocol") == 1, f"hello: {hello}")
    # Out of order before any game: act and legal are refused.
    for line in ['{"type": "act", "index": 0}', '{"type": "legal"}']:
        send(line)
        reply = receive()
        check(reply.get("type") == "error", f"out of order {line}: {reply}")
    send('{"type": "new_game"}')
    bad = fuzz_messages(rng, 1000)
    errors = actions = 0
    pending = None
    over = False
    i = 0
    while not over:
        message = receive()
        kind = message.get("type")
        if kind == "closed":
            break
        if kind in ("game_over", "game_abandoned"):
            over = kind == "game_over"
            if not over:
                check(False, f"the game was abandoned: {message}")
                break
            continue
        if kind != "decision":
            continue
        pending = message
        # A few bad messages, each answered by one error, then a legal act.
        for _ in range(rng.randint(0, 40)):
            if i >= len(bad):
                break
            send(bad[i])
            i += 1
            reply = receive()
            if reply.get("type") == "game":  # a new_game that was valid after all (none should be)
                check(False, f"a fuzzed message started a game: {bad[i - 1]}")
                break
            errors += reply.get("type") == "error"
            check(reply.get("type") == "error" and isinstance(reply.get("message"), str),
                  f"message {i}: {bad[i - 1]!r} got {reply}")
        send(json.dumps({"type": "act", "index": rng.randrange(len(pending["legal"]))}))
        actions += 1
    # Whatever is left of the 1,000 goes in after the game, with no game running.
    while i < len(bad):
        send(bad[i])
        i += 1
        reply = receive()
        errors += reply.get("type") == "error"
        check(reply.get("type") in ("error", "game"), f"after the game {bad[i - 1]!r} got {reply}")
        if reply.get("type") == "game":
            break
    check(over, "the fuzzed game reached its end")
    check(errors >= 990, f"{errors} errors for 1000 bad messages")
    send('{"type": "quit"}')
    check(proc.wait(timeout=30) == 0, "the server exits 0 on quit")
    print(f"# fuzz: {i} bad messages, {errors} errors, {actions} actions, game over: {over}", file=sys.stderr)


def transcript(seed):
    out = subprocess.run([ALS, "serve", "--p1", "external", "--p2", "random", "--seed", str(seed)],
                         input='{"type": "new_game"}\n' + '{"type": "act", "index": 0}\n' * 400,
                         capture_output=True, text=True, timeout=60)
    return out.stdout


def determinism():
    a, b = transcript(21), transcript(21)
    check(a == b and "game_over" in a, "the same seed and messages give the same session")
    check(a != transcript(22), "another seed gives another session")


def hidden_information():
    with Client(ALS, ["--p1", "external", "--p2", "random", "--seed", "4"]) as client:
        seen = set()  # every card id player 1 has been shown: its hand, faceup cards, event lines
        leaks = []
        game = client.new_game()
        check("seed" not in game, "the seed is not sent while a client plays")
        first = True
        while True:
            m = client.receive()
            if m["type"] == "decision":
                view = m["view"]
                if first:
                    check(all(c == "?" for c in view["hands"][1]), "the opponent's hand is hidden")
                    first = False
                seen.update(view["hands"][0])
                seen.update(view["deck_known"])
                for side in (0, 1):
                    for stack in view["board"][side].values():
                        seen.update(c for c in stack if not c.startswith("~"))
                # An opponent's facedown card shown by id must be one player 1 has seen (ruling 28).
                for stack in view["board"][1].values():
                    for card in stack:
                        if card.startswith("~") and card != "~?" and card[1:] not in seen:
                            leaks.append(card)
                for card in view["hands"][1]:
                    if card != "?" and card not in seen:
                        leaks.append(card)
                client.send({"type": "act", "index": 0})
            elif m["type"] == "event":
                check(m.get("seat") == 1, "events carry the seat they are shown to")
                text = m["text"]
                if "player 2 improvises" in text and "a card facedown" not in text:
                    leaks.append(text)
                seen.update(text.replace(":", " ").split())
            elif m["type"] in ("game_over", "game_abandoned"):
                check("seed" in m, "the seed is sent once the game is over")
                break
        check(not leaks, f"no hidden card is named: {leaks[:3]}")


def api3_views():
    # Card script API 3 through the protocol: a question's prompt, counters and lasting effects
    # in the view (public), with the example variant docs/examples/frontier.
    frontier = os.path.join(SRC, "docs", "examples", "frontier")
    examples = os.path.join(SRC, "docs", "examples")
    with Client(ALS, ["--p1", "external", "--p2", "random", "--seed", "5", "--allow-path", examples]) as client:
        client.new_game(cards=frontier, rules=[os.path.join(frontier, "rules", "mulligan.lua")])
        m = client.receive()
        while m["type"] != "decision":
            m = client.receive()
        check(m.get("prompt") == "your mulligan: put on the bottom of the deck", f"the prompt is sent: {m.get('prompt')}")
        seen_counters = seen_effects = False
        for _ in range(2000):
            if m["type"] == "decision":
                view = m["view"]
                if "counters" in view:
                    seen_counters = seen_counters or any(any(s for s in st) for side in view["counters"]["cards"] for st in side.values())
                    seen_effects = seen_effects or bool(view["effects"])
                client.send({"type": "act", "index": 0})
            elif m["type"] in ("game_over", "game_abandoned"):
                client.new_game(cards=frontier)
            m = client.receive()
        check(seen_counters, "a card's counters are shown in a view (veteran's rank)")
        check(seen_effects, "a lasting effect is shown in a view (smoke_screen's smoke)")


def api4_options():
    # Card script API 4: a question in words (tests/sets/api4's ultimatum and oracle) comes as
    # kind "option", its texts in `options`, its legal actions "option K" with their fixed ids.
    sets = os.path.join(SRC, "tests", "sets")
    asked = answered = 0
    with Client(ALS, ["--p1", "external", "--p2", "external", "--seed", "11", "--allow-path", sets], timeout=60) as client:
        rng = random.Random(4)
        game = client.new_game(cards=os.path.join(sets, "api4"))
        actions = game["actions"]
        for _ in range(20000):
            m = client.receive()
            if m["type"] == "decision":
                if m["kind"] == "option":
                    asked += 1
                    texts = m["options"]
                    check(2 <= len(texts) <= 8 and all(isinstance(t, str) for t in texts), f"the texts: {texts}")
                    check(all(actions[i] == t for i, t in zip(m["ids"], m["legal"])), f"ids and texts: {m['legal']}")
                    want = [f"option {k}" for k in range(1, len(texts) + 1)]
                    check([t for t in m["legal"] if t != "choose none"] == want, f"option K for each text: {m['legal']}")
                    answered += 1
                client.send({"type": "act", "id": rng.choice(m["ids"])})
            elif m["type"] in ("game_over", "game_abandoned"):
                check(m["type"] == "game_over", f"the game ends: {m}")
                if asked >= 5:
                    break
                client.new_game(cards=os.path.join(sets, "api4"))
    check(asked >= 5 and answered == asked, f"option questions were asked and answered by id ({asked})")


def raw_session(args, lines):
    """The server's messages for `lines` sent to `als serve ARGS`, parsed."""
    out = subprocess.run([ALS, "serve", *args], input="".join(json.dumps(l) + "\n" for l in lines),
                         capture_output=True, text=True, timeout=60).stdout
    return [json.loads(l) for l in out.splitlines() if l.strip()]


def siphash24(key: bytes, msg: bytes) -> int:
    """SipHash-2-4 (Aumasson and Bernstein, 2012) of `msg` under a 16-byte `key`, written from the
    paper: the test's own reference, independent of libsodium's."""
    mask = (1 << 64) - 1
    rotl = lambda x, b: ((x << b) | (x >> (64 - b))) & mask
    k0, k1 = int.from_bytes(key[:8], "little"), int.from_bytes(key[8:], "little")
    v = [k0 ^ 0x736F6D6570736575, k1 ^ 0x646F72616E646F6D, k0 ^ 0x6C7967656E657261, k1 ^ 0x7465646279746573]

    def rounds(n):
        for _ in range(n):
            v[0] = (v[0] + v[1]) & mask; v[1] = rotl(v[1], 13) ^ v[0]; v[0] = rotl(v[0], 32)
            v[2] = (v[2] + v[3]) & mask; v[3] = rotl(v[3], 16) ^ v[2]
            v[0] = (v[0] + v[3]) & mask; v[3] = rotl(v[3], 21) ^ v[0]
            v[2] = (v[2] + v[1]) & mask; v[1] = rotl(v[1], 17) ^ v[2]; v[2] = rotl(v[2], 32)

    tail = len(msg) % 8
    blocks = [int.from_bytes(msg[i:i + 8], "little") for i in range(0, len(msg) - tail, 8)]
    blocks.append(((len(msg) & 0xFF) << 56) | int.from_bytes(msg[len(msg) - tail:], "little"))
    for m in blocks:
        v[3] ^= m
        rounds(2)
        v[0] ^= m
    v[2] ^= 0xFF
    rounds(4)
    return v[0] ^ v[1] ^ v[2] ^ v[3]


def game_seed(run_seed: int, number: int) -> int:
    """A run's game seed as docs/design.md defines it: SipHash-2-4 keyed by the run's seed and
    "als runs", over the game's number."""
    return siphash24(run_seed.to_bytes(8, "little") + b"als runs", number.to_bytes(8, "little"))


def seeds_are_keyed():
    # The reference SipHash against the paper's test vector (key 00..0f, message 00..0e).
    check(siphash24(bytes(range(16)), bytes(range(15))) == 0xA129CA6149BE45E5, "SipHash-2-4's test vector")
    # With --seed K, game n (1, 2, ...) is game n - 1 of the run K: a keyed pseudorandom function of
    # both, so the seed a game reveals at its end tells nothing of the next game's without the key.
    key_seed = 5
    msgs = raw_session(["--p1", "random", "--p2", "random", "--seed", str(key_seed)],
                       [{"type": "new_game"}] * 6)
    seeds = [m["seed"] for m in msgs if m.get("type") == "game"]
    check(len(seeds) == 6 and len(set(seeds)) == 6, f"six games, six seeds: {seeds}")
    for n, seed in enumerate(seeds, start=1):
        check(seed == game_seed(key_seed, n - 1), f"game {n}'s seed is the keyed function of --seed and n")
    # new_games with a seed: games number, number + 1, ... of that run; the same function.
    msgs = raw_session(["--p1", "random", "--p2", "random"],
                       [{"type": "new_games", "count": 3, "seed": 7, "number": 10}])
    run = [m["seed"] for m in msgs if m.get("type") == "game"]
    check(run == [game_seed(7, 10 + i) for i in range(3)], f"new_games numbers its games in the seed's run: {run}")
    # Consecutive seeds are not related by the old derivations (a counter, or the generator's
    # next output from the previous one).
    check(len({b - a for a, b in zip(seeds, seeds[1:])}) == 5, "no constant step between seeds")
    # Without --seed, seeds come from the system's entropy: two servers differ.
    a = raw_session(["--p1", "random", "--p2", "random"], [{"type": "new_game"}])
    b = raw_session(["--p1", "random", "--p2", "random"], [{"type": "new_game"}])
    sa = [m["seed"] for m in a if m.get("type") == "game"]
    sb = [m["seed"] for m in b if m.get("type") == "game"]
    check(sa and sb and sa != sb, "two servers without --seed start different games")


def paths_are_fenced():
    # A client names bundled sets and rules, and paths only under --allow-path folders; any other
    # path gets one message whether or not it exists (no probing of the server's files).
    examples = os.path.join(SRC, "docs", "examples")
    probes = [{"type": "new_game", "cards": "/etc"}, {"type": "new_game", "cards": "/no/such/folder"},
              {"type": "new_game", "rules": ["/etc/passwd"]}, {"type": "new_game", "rules": ["/no/such/file.lua"]},
              {"type": "new_game", "cards": "tests"}, {"type": "new_game", "cards": examples + "/../../tests/sets/api3"},
              {"type": "new_game", "cards": "./docs"}]
    msgs = raw_session(["--p1", "random", "--p2", "random", "--allow-path", examples], probes)
    errors = [m for m in msgs if m.get("type") == "error"]
    check(len(errors) == len(probes), f"every probe refused: {[m.get('type') for m in msgs]}")
    shapes = {re.sub(r"'[^']*'", "'X'", e["message"]) for e in errors}
    check(len(shapes) == 2, f"one message for cards and one for rules, existing or not: {shapes}")
    check(not any("passwd" in e["message"] and "root" in e["message"] for e in errors), "no file's content quoted")
    ok = raw_session(["--p1", "random", "--p2", "random", "--allow-path", examples],
                     [{"type": "new_game", "cards": os.path.join(examples, "frontier"),
                       "rules": [os.path.join(examples, "frontier", "rules", "blitz.lua")]},
                      {"type": "new_game", "cards": "original", "rules": ["beginner"]}])
    games = [m for m in ok if m.get("type") == "game"]
    check(len(games) == 2, f"a path under --allow-path and bundled names are accepted: {ok[:3]}")


def agents_are_fenced():
    # Issue 52: a client's agent spec goes through the same policy as its paths. exec: runs a
    # program only where the server was started with --allow-exec; mcts:value=PATH reads a file
    # only under --allow-path, with one message whether or not it exists; a FIFO under it is
    # refused at once (it hung the server), as a device is.
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        marker = os.path.join(tmp, "PWNED")
        allowed = os.path.join(tmp, "allowed")
        os.mkdir(allowed)
        os.mkfifo(os.path.join(allowed, "fifo"))
        probes = [{"type": "new_game", "p2": f"exec:touch {marker}; cat"},
                  {"type": "new_game", "p2": "mcts:value=/etc/passwd"},
                  {"type": "new_game", "p2": "mcts:value=/no/such/file"},
                  {"type": "new_game", "p2": "mcts:iterations=10,value=/dev/stdin"},
                  {"type": "new_game", "p2": "mcts:value=" + os.path.join(allowed, "fifo")},
                  {"type": "new_game", "p1": "mcts-v2:value=" + tmp + "/allowed/../x"}]
        started = time.time()
        msgs = raw_session(["--p1", "random", "--p2", "random", "--allow-path", allowed], probes)
        check(time.time() - started < 30, "no probe hangs the server")
        errors = [m["message"] for m in msgs if m.get("type") == "error"]
        check(len(errors) == len(probes) and not any(m.get("type") == "game" for m in msgs),
              f"every probe refused: {[m.get('type') for m in msgs]}")
        check(not os.path.exists(marker), "a client's exec: agent ran no program")
        check("--allow-exec" in errors[0], f"the exec: refusal names --allow-exec: {errors[0]}")
        outside = {re.sub(r"agent '[^']*'", "agent 'X'", e) for e in errors[1:4] + errors[5:]}
        check(len(outside) == 1 and "--allow-path" in errors[1], f"one message for every file outside, existing or not: {outside}")
        check("not a regular file" in errors[4], f"a FIFO under --allow-path is refused at once: {errors[4]}")
        # With --allow-exec, a client's program plays (here: one that answers nothing and quits).
        msgs = raw_session(["--p1", "random", "--p2", "random", "--allow-exec"],
                           [{"type": "new_game", "p2": f"exec:touch {marker}"}])
        check(os.path.exists(marker), f"--allow-exec lets a client name a program: {msgs[:3]}")


def exec_programs_per_game():
    # Issue 52: two games of one server at once each get their own process for a program's seat
    # (they shared one, whose messages then interleaved).
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        prog = os.path.join(tmp, "pids.sh")
        with open(prog, "w") as f:
            f.write('while read -r line; do case "$line" in *\'"type":"decision"\'*) '
                    'echo "pid $$" >&2; echo \'{"type":"act","index":0}\' ;; esac; done\n')
        p = subprocess.Popen([ALS, "serve", "--p1", "external", "--p2", "exec:sh " + prog], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        p.stdin.write(json.dumps({"type": "new_games", "count": 2, "seed": 1, "events": False}) + "\n")
        p.stdin.flush()
        import threading
        watchdog = threading.Timer(60, p.kill)  # a server that stops answering fails the check, not the suite
        watchdog.start()
        ended = 0
        while ended < 2:
            line = p.stdout.readline()
            if not line:
                check(False, "the server answered the two games to their end")
                break
            m = json.loads(line)
            if m["type"] == "decision":
                p.stdin.write(json.dumps({"type": "act", "game": m["game"], "index": 0}) + "\n")
                p.stdin.flush()
            elif m["type"] in ("game_over", "game_abandoned", "error"):
                check(m["type"] == "game_over", f"the game ends: {m}")
                ended += 1
        p.stdin.write('{"type":"quit"}\n')
        p.stdin.close()
        err = p.stderr.read()
        p.wait(timeout=30)
        watchdog.cancel()
        pids = {line for line in err.splitlines() if line.startswith("pid ")}
        check(len(pids) == 2, f"two games at once, two processes for the program's seat: {pids}")


def values_quoted_as_sent():
    # A number out of range is quoted as the client wrote it, never wrapped or rounded.
    big = "1180591620717411303424"
    out = subprocess.run([ALS, "serve", "--p1", "external", "--p2", "random"], capture_output=True, text=True, timeout=60,
                         input='{"type":"new_game","seed":%s}\n{"type":"new_game","seed":1}\n'
                               '{"type":"act","index":18446744073709551615}\n{"type":"act","index":%s}\n' % (big, big)).stdout
    errors = [json.loads(l) for l in out.splitlines() if '"error"' in l]
    check(len(errors) == 3, f"three errors: {errors}")
    check(all(big in e["message"] for e in (errors[0], errors[2])), f"the big numbers quoted as sent: {errors}")
    check("18446744073709551615 is out of range" in errors[1]["message"], f"2^64-1 is out of range, not -1: {errors[1]}")
    check(not any("e+" in json.dumps(e) for e in errors), "no number echoed in a rounded form")


def fixed_action_ids():
    # Protocol 2: a fixed action space per set; every decision's ids name its legal actions; act
    # by id; a card table; the cost of withdrawing; games without event messages.
    rng = random.Random(3)
    hidden_positions = 0
    for seed in (1, 2, 3):
        with Client(ALS, ["--p1", "external", "--p2", "random", "--seed", str(seed)], timeout=30) as client:
            client.send({"type": "new_game", "events": seed != 3})
            game = client.receive()
            actions = game["actions"]
            check(game["num_actions"] == len(actions) == 1 + 2 * 18 * 3 + 18 + 3 + 1 + 2 * 3 * 18 + 8, "the layout's size")
            check(actions[-8:] == [f"option {k}" for k in range(1, 9)], f"option 1..8 last: {actions[-8:]}")
            check(actions[0] == "withdraw" and actions[1] == "deploy support air", f"ids in the documented order: {actions[:2]}")
            table = game["card_table"]
            check(len(table) == 18 and table["transport"]["strength"] == 1 and table["transport"]["kind"] == "instant" and
                  table["transport"]["type"] == "sea" and table["transport"]["name"] == "Transport" and
                  table["transport"]["text"].startswith("You may move"), f"the card table: {table.get('transport')}")
            events = 0
            first = True
            while True:
                m = client.receive()
                if m["type"] == "event":
                    events += 1
                elif m["type"] == "decision":
                    ids = m["ids"]
                    check(len(ids) == len(m["legal"]) and all(actions[i] == t for i, t in zip(ids, m["legal"])),
                          "each id's pattern is its legal text")
                    hidden_positions += sum(1 for t in m["legal"] if ":" in t)
                    if first and m["kind"] == "turn":
                        hand = len(m["view"]["hands"][0])
                        chart = [6, 4, 3, 3, 2] if m["view"]["first"] == 1 else [6, 6, 4, 3, 3, 2]
                        check(m["view"]["withdraw_vp"] == chart[min(hand, len(chart) - 1)], f"withdraw_vp: {m['view']['withdraw_vp']}")
                        client.send({"type": "act", "id": game["num_actions"] + 5})
                        err = client.receive()
                        check(err["type"] == "error" and "is not a legal action now" in err["message"], f"an illegal id: {err}")
                        first = False
                    client.send({"type": "act", "id": rng.choice(ids)})
                elif m["type"] in ("game_over", "game_abandoned"):
                    break
            check((events == 0) == (seed == 3), f"events: false sends none ({events} events)")
    check(hidden_positions > 0, "hidden cards are offered by position ids")


def client_fails_loudly():
    # The client never waits in silence: an illegal action raises at once with the server's
    # message; a silent server raises after the timeout; a dead one with its status and words.
    import time
    from als_client import ProtocolError
    with Client(ALS, ["--p1", "external", "--p2", "random", "--seed", "3"], timeout=10) as client:
        t0 = time.monotonic()
        try:
            client.play(lambda view, legal: "deploy no_such_card air")
            check(False, "an illegal action raises")
        except ProtocolError as err:
            check("not a legal action" in str(err) or "illegal" in str(err), f"the server's message: {err}")
        check(time.monotonic() - t0 < 5, "within seconds")
    fake = os.path.join(SRC, "tests", "serve", "fake_server.py")
    silent = Client(fake, ["silent"], timeout=1)
    t0 = time.monotonic()
    try:
        silent.send({"type": "new_game"})
        silent.receive()
        check(False, "a silent server raises")
    except ProtocolError as err:
        check("sent nothing for 1 s" in str(err), f"the timeout is said: {err}")
    check(time.monotonic() - t0 < 5, "the timeout is kept")
    silent.process.kill()
    try:
        dying = Client(fake, ["dies"], timeout=10)
        dying.send({"type": "new_game"})
        dying.receive()
        check(False, "a dead server raises")
    except ProtocolError as err:
        check("exit status 3" in str(err) and "boom" in str(err), f"its status and last words: {err}")
    # What is not the protocol raises ProtocolError naming it, never a dead reader and a client
    # waiting forever (issue 36); a line past max_line is refused as it grows.
    for mode, said in {"not_utf8": "not UTF-8", "not_json": "not JSON", "not_object": "not a JSON object",
                       "huge": "longer than 1048576 bytes"}.items():
        bad = Client(fake, [mode], timeout=10, max_line=1 << 20)
        t0 = time.monotonic()
        try:
            bad.send({"type": "new_game"})
            bad.receive()
            check(False, f"{mode}: raises")
        except ProtocolError as err:
            check(said in str(err), f"{mode}: {err}")
        check(time.monotonic() - t0 < 5, f"{mode}: at once")
        bad.process.kill()
    import inspect
    check(inspect.signature(Client).parameters["timeout"].default == 60.0, "a client waits 60 s by default")
    # A policy of three arguments sees the whole decision (its prompt, with card script API 3).
    prompts = []
    def policy(view, legal, decision):
        if decision.get("prompt"):
            prompts.append(decision["prompt"])
        return 0
    examples = os.path.join(SRC, "docs", "examples")
    frontier = os.path.join(examples, "frontier")
    with Client(ALS, ["--p1", "external", "--p2", "random", "--seed", "3", "--allow-path", examples], timeout=30) as client:
        client.play(policy, cards=frontier, rules=[os.path.join(frontier, "rules", "mulligan.lua")])
    check(prompts and prompts[0] == "your mulligan: put on the bottom of the deck", f"the prompt reached the policy: {prompts[:1]}")


fuzz_session()
determinism()
hidden_information()
api3_views()
api4_options()
seeds_are_keyed()
paths_are_fenced()
agents_are_fenced()
exec_programs_per_game()
values_quoted_as_sent()
fixed_action_ids()
client_fails_loudly()
finish()
