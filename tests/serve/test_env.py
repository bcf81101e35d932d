"""Checks protocol 2's many games, observations and the Python environments (clients/python/
als_env.py, bench.py) as a reinforcement-learning user would: usage: test_env.py ALS SRC"""
import json
import os
import struct
import random
import subprocess
import sys

ALS, SRC = sys.argv[1], sys.argv[2]
sys.path.insert(0, os.path.join(SRC, "clients", "python"))
from als_client import Client  # noqa: E402
from als_env import AlsEnv, AlsVectorEnv, EnvError  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks import check, finish  # noqa: E402


def many_games():
    # new_games: several games at once, each message names its game, answers in any order, and
    # an act must name its game when more than one runs.
    rng = random.Random(5)
    with Client(ALS, ["--p1", "external", "--p2", "random", "--seed", "2"], timeout=30) as c:
        c.send({"type": "new_games", "count": 5, "events": False})
        started, waiting, over = set(), {}, set()
        while len(waiting) < 5:  # five games, each waiting for its first decision
            m = c.receive()
            check("game" in m, f"every message names its game: {m}")
            if m["type"] == "game":
                started.add(m["game"])
            elif m["type"] == "decision":
                waiting[m["game"]] = m
        c.send({"type": "act", "id": 1})
        err = c.receive()
        check(err["type"] == "error" and "name one" in err["message"], f"act without game: {err}")
        while len(over) < 5:
            if waiting:
                g = rng.choice(sorted(waiting))  # any order
                d = waiting.pop(g)
                c.send({"type": "act", "game": g, "id": rng.choice(d["ids"])})
            m = c.receive()
            check("game" in m, f"every message names its game: {m}")
            if m["type"] == "decision":
                waiting[m["game"]] = m
            elif m["type"] in ("game_over", "game_abandoned"):
                over.add(m["game"])
        check(len(started) == 5, "five games started")


def observations_hide_what_the_view_hides():
    # The observation is built from the seat's view only: cards it cannot see are 0, the
    # opponent's hidden cards are counted per theater, its own hand is marked.
    with Client(ALS, ["--p1", "external", "--p2", "random", "--seed", "8"], timeout=30) as c:
        c.send({"type": "new_game", "observation": True, "events": False})
        game = c.receive()
        layout = game["observation_layout"]
        ids = [name.split()[1] for name in layout if name.endswith(" where")]  # the set's order
        check(sorted(ids) == sorted(game["card_table"]), "the layout names every card of the table")
        n = 0
        while True:
            m = c.receive()
            if m["type"] in ("game_over", "game_abandoned"):
                break
            if m["type"] != "decision":
                continue
            obs, view = m["observation"], m["view"]
            check(len(obs) == len(layout), "observation and layout have one length")
            seen = set(view["hands"][0]) | set(view["deck_known"])
            for side in view["board"]:
                for stack in side.values():
                    seen |= {x.lstrip("~") for x in stack if x not in ("?", "~?")}
            for i, cid in enumerate(ids):
                where = obs[4 * i]
                if cid in view["hands"][0]:
                    check(where == 1, f"{cid} in the seat's hand")
                if cid not in seen and cid not in view["hands"][1]:
                    check(where == 0, f"{cid} is not visible to the seat but its place is given")
            hidden = [obs[layout.index(f"position {t + 1} their_hidden_cards")] for t in range(len(view["theaters"]))]
            for t, name in enumerate(view["theaters"]):
                check(hidden[t] == sum(1 for x in view["board"][1][name] if x == "~?"), "hidden cards counted")
            n += 1
            c.send({"type": "act", "index": 0})
        check(n > 5, "decisions seen")


def env_plays_games():
    env = AlsEnv(ALS, opponent="random")
    obs, info = env.reset(seed=3)
    check(len(info["action_mask"]) == env.num_actions and sum(info["action_mask"]) == len(info["legal_ids"]) > 0,
          "a mask of num_actions with the legal ids set")
    rng = random.Random(1)
    total, steps = 0.0, 0
    for _ in range(3):
        done = False
        while not done:
            obs, reward, terminated, truncated, info = env.step(rng.choice(info["legal_ids"]))
            total += reward
            steps += 1
            done = terminated or truncated
            check(reward == 0.0 or done, "a reward only at the end")
        check(reward in (1.0, -1.0), f"the end's reward is +1 or -1: {reward}")
        obs, info = env.reset()
    env.close()
    check(steps > 20, f"whole games were played ({steps} steps)")


def vector_env_replaces_finished_games():
    env = AlsVectorEnv(ALS, n=8, opponent="random")
    obs, infos = env.reset(seed=4)
    check(len(obs) == 8 and all(len(o) == len(obs[0]) for o in obs), "eight observations of one length")
    rng = random.Random(2)
    ended = 0
    for _ in range(200):
        obs, rewards, terminated, truncated, infos = env.step([rng.choice(i["legal_ids"]) for i in infos])
        for k in range(8):
            if terminated[k] or truncated[k]:
                ended += 1
                check(rewards[k] in (1.0, -1.0) and "final_observation" in infos[k], "a finished game's reward and last observation")
            check(sum(infos[k]["action_mask"]) > 0, "every slot has a decision after the step")
    env.close()
    check(ended >= 8, f"games ended and were replaced ({ended})")


def docs_examples_run():
    # Every Python example and example command of docs/protocol.md runs as written (with this
    # build's als).
    import re
    doc = open(os.path.join(SRC, "docs", "protocol.md")).read()
    blocks = re.findall(r"```python\n(.*?)```", doc, re.S)
    check(len(blocks) >= 2, f"the examples are found ({len(blocks)})")
    for code in blocks:
        code = code.replace('"build/als"', repr(ALS))
        try:
            exec(compile(code, "docs/protocol.md", "exec"), {"__name__": "docs_example"})
            check(True, "an example runs")
        except Exception as err:  # noqa: BLE001 - any failure is the test's
            check(False, f"a docs/protocol.md example fails: {err!r}\n{code[:200]}")
    for line in re.findall(r"^    (python3 clients/python/\S+\.py .*)$", doc, re.M):
        args = line.replace("build/als", ALS).split()
        args[0] = sys.executable
        r = subprocess.run(args, cwd=SRC, capture_output=True, text=True, timeout=300)
        check(r.returncode == 0, f"'{line}' exits 0: {r.stderr[-300:]}")


def hex_observations_equal_lists():
    # "observation": "hex" sends the same numbers as one string (4 hex digits each, 16 bits, two's
    # complement): the same games, decision by decision, as with "observation": true.
    seqs = []
    for form in (True, "hex"):
        with Client(ALS, ["--p1", "external", "--p2", "random", "--seed", "4"], timeout=30) as c:
            c.send({"type": "new_games", "count": 2, "observation": form, "events": False, "view": False})
            got, over = [], 0
            while over < 2:
                m = c.receive()
                if m["type"] == "decision":
                    if form is True:
                        got.append(m["observation"])
                        check("observation_hex" not in m, "a list when asked for a list")
                    else:
                        raw = bytes.fromhex(m["observation_hex"])
                        got.append(list(struct.unpack(">%dh" % (len(raw) // 2), raw)))
                        check("observation" not in m, "hex when asked for hex")
                    c.send({"type": "act", "game": m["game"], "id": m["ids"][0]})
                elif m["type"] in ("game_over", "game_abandoned"):
                    over += 1
            seqs.append(got)
    check(len(seqs[0]) > 20 and seqs[0] == seqs[1], f"hex observations are the lists' numbers ({len(seqs[0])} decisions)")
    with Client(ALS, ["--p1", "external", "--p2", "random"], timeout=30) as c:
        c.send({"type": "new_game", "observation": "octal"})
        err = c.receive()
        check(err["type"] == "error" and "true, false, \"hex\" or \"tensor\"" in err["message"], f"a bad observation form: {err}")


def bench_runs():
    out = subprocess.run([sys.executable, os.path.join(SRC, "clients", "python", "bench.py"), "--als", ALS,
                          "--games", "100", "--envs", "16"], capture_output=True, text=True, timeout=120).stdout
    check(" games in " in out and out.strip().endswith("games/s"), f"bench.py prints its figure: {out}")


def rewards_from_the_agents_seat():
    # The agent in seat 2 (p1 a computer): its rewards are its own; the terminal observation is the
    # end state's (its VP are the game's final score), not the last decision's.
    env = AlsEnv(ALS, p1="greedy", p2="external")
    layout, outcomes = None, []
    for game in range(6):
        obs, info = env.reset(seed=40 + game)
        layout = env._games.layout
        done = False
        while not done:
            obs, reward, terminated, truncated, info = env.step(info["legal_ids"][0])
            done = terminated or truncated
        result = info["result"]
        check(reward == (1.0 if result["winner"] == 2 else -1.0), f"seat 2's reward {reward} for {result['line']}")
        at = next(t for t in layout if t["name"] == "globals")
        mine, theirs = (obs[at["start"] + at["columns"].index(c)] for c in ("own_vp", "opponent_vp"))
        check([theirs, mine] == result["score"], f"the terminal observation is the end state's: {mine}, {theirs} for {result['score']}")
        outcomes.append(reward)
    check(-1.0 in outcomes, "greedy won some games against the first legal action")
    env.close()


def observes_as_the_module():
    # One environment: the client's observation is the Python module's tensor, float for float,
    # its layout the module's (a game of the same seed, at the agent's first decision).
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(ALS)), "python"))
    try:
        import als
    except ImportError:  # (a build without the module: nothing to compare with)
        return
    game = als.Game("standard")
    env = AlsEnv(ALS, opponent="random")
    compared = 0
    for seed in range(12):
        obs, info = env.reset(seed=seed)
        state = game.new_initial_state(als.game_seed(seed, 0))
        check(env._games.layout == game.observation_layout(), "the client's layout is the module's")
        if state.current_player() == 0:  # (the agent's first decision is the game's first)
            check(obs.dtype.name == "float32" and (obs == state.observation_tensor(0)).all(),
                  f"seed {seed}: the client observes as the module")
            check(sorted(info["legal_ids"]) == state.legal_actions(), f"seed {seed}: the same legal ids")
            compared += 1
    check(compared >= 3, f"first decisions compared ({compared})")
    env.close()
    old = AlsEnv(ALS, opponent="random", observation="hex")
    obs, info = old.reset(seed=1)
    check(obs.dtype.name == "int32" and old._games.layout and isinstance(old._games.layout[0], str),
          "observation='hex' keeps protocol 2's integers")
    old.close()


def replacements_seeded_from_the_reset_seed():
    # Two runs from the same reset seed and actions: the same games, replacements included.
    def run():
        env = AlsVectorEnv(ALS, n=4)
        obs, infos = env.reset(seed=77)
        seen, ends = [], 0
        for _ in range(150):
            obs, rewards, terminated, truncated, infos = env.step([i["legal_ids"][-1] for i in infos])
            seen.append([list(o) for o in obs])
            ends += sum(terminated)
        env.close()
        return seen, ends
    a, ends = run()
    b, _ = run()
    check(ends > 4, f"games were replaced ({ends})")
    check(a == b, "the same reset seed gives the same replacement games")


def hostile_servers():
    # A server that says nothing, or what is not the protocol, raises EnvError within the
    # timeout: the environments once waited forever on a silent server (issue 36).
    import time
    fake = os.path.join(SRC, "tests", "serve", "fake_server.py")
    cases = {"silent": "sent nothing for 1 s", "not_utf8": "not UTF-8", "not_json": "not JSON",
             "not_object": "not a JSON object", "huge": "longer than 1048576 bytes"}
    for make in (lambda mode: AlsEnv(fake, args=[mode], timeout=1, max_line=1 << 20),
                 lambda mode: AlsVectorEnv(fake, n=2, args=[mode], timeout=1, max_line=1 << 20)):
        for mode, said in cases.items():
            t0 = time.monotonic()
            env = make(mode)
            try:
                env.reset(seed=1)
                check(False, f"{mode}: reset raises")
            except EnvError as err:
                check(said in str(err), f"{mode}: {err}")
            check(time.monotonic() - t0 < 10, f"{mode}: within the timeout")
            env._server.process.kill()
    import inspect
    check(all(inspect.signature(c).parameters["timeout"].default == 60.0 for c in (AlsEnv, AlsVectorEnv)), "a timeout of 60 s by default")


docs_examples_run()
hostile_servers()
rewards_from_the_agents_seat()
observes_as_the_module()
replacements_seeded_from_the_reset_seed()
many_games()
observations_hide_what_the_view_hides()
env_plays_games()
vector_env_replaces_finished_games()
hex_observations_equal_lists()
bench_runs()
finish()
