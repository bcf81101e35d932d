"""Agents written elsewhere: `exec:COMMAND` in als simulate, tournament, play and serve, with a
Python agent served by als.serve_agent (tests/python/agents/first.py), and programs that crash,
hang or answer illegally losing their games with the reason counted (docs/python.md)."""
import json
import os
import subprocess
import sys
import time

import pytest

ALS = os.environ.get("ALS", os.path.join(os.path.dirname(__file__), "..", "..", "build", "als"))
AGENT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "agents", "first.py")


def spec(mode="", options=""):
    return f"exec:{sys.executable} {AGENT}{' ' + mode if mode else ''}{options}"


def run(*args, timeout=120):
    out = subprocess.run([ALS, *args], capture_output=True, text=True, timeout=timeout)
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_tournament_with_a_python_agent():
    result = json.loads(run("tournament", spec(), "random", "--games", "6", "--seed", "2", "--json"))
    pair = result["pairs"][0]
    assert pair["games"] == 6 and pair["failed_games"] == 0
    assert result["agent_failures"] == {}
    assert [e["agent"] for e in result["elo"]] == [spec(), "random"]


@pytest.mark.parametrize("mode,kind", [("crash", "crash"), ("illegal", "illegal"), ("hang", "timeout")])
def test_a_failing_program_loses_its_games(mode, kind):
    options = ",time=300" if mode == "hang" else ""
    start = time.monotonic()
    result = json.loads(run("simulate", "--games", "3", "--p1", spec(mode, options), "--p2", "random", "--seed", "4",
                            "--json"))
    assert result["agent_failures"] == {kind: 3}
    assert result["failed_games"] == 0  # lost, not failed: the run went on
    assert sum(v for k, v in result["game_ends"].items() if k.startswith("player 1's program")) == 3
    assert time.monotonic() - start < 60
    tour = json.loads(run("tournament", "random", spec(mode, options), "--games", "2", "--seed", "1", "--json"))
    assert tour["agent_failures"] == {spec(mode, options): {kind: 2}}
    assert tour["pairs"][0]["a_wins"] == 2


def test_text_output_counts_failures():
    text = run("simulate", "--games", "2", "--p1", spec("illegal"), "--p2", "random", "--seed", "1")
    assert "games lost by a failing program: illegal 2" in text


def test_play_and_replay_a_forfeit(tmp_path):
    record = tmp_path / "game.jsonl"
    out = subprocess.run([ALS, "play", "--p2", spec("crash"), "--seed", "3", "--log", str(record), "--color", "never"],
                         input="1\n" * 50, capture_output=True, text=True, timeout=60).stdout
    assert "player 2's program stopped: it loses the game" in out
    assert out.rstrip().endswith("game over: player 1 wins 0-0 (player 2's program crashed)")
    lines = [json.loads(x) for x in record.read_text().splitlines()]
    forfeits = [x for x in lines if x.get("type") == "forfeit"]
    assert len(forfeits) == 1 and forfeits[0]["player"] == 2 and forfeits[0]["kind"] == "crash"
    assert forfeits[0]["detail"].endswith(": it stopped")  # the engine's words, for the program's author
    replay = subprocess.run([ALS, "replay", str(record)], capture_output=True, text=True, timeout=60)
    assert replay.returncode == 0, replay.stdout + replay.stderr


def test_bad_specs():
    for bad in ["exec:", "exec:  ", f"exec:{sys.executable},time=0", f"exec:{sys.executable},time=x"]:
        out = subprocess.run([ALS, "simulate", "--games", "1", "--p1", bad], capture_output=True, text=True, timeout=60)
        assert out.returncode == 2 and "exec:" in out.stderr


def test_serve_with_a_program_in_the_other_seat():
    messages = '{"type":"new_game","seed":3}\n' + '{"type":"act","index":0}\n' * 30 + '{"type":"quit"}\n'
    out = subprocess.run([ALS, "serve", "--p2", spec()], input=messages, capture_output=True, text=True, timeout=60)
    ends = [json.loads(x) for x in out.stdout.splitlines() if '"game_over"' in x]
    assert ends and ends[0]["winner"] in (1, 2)


def test_compare_with_a_program_in_both_seats():
    result = json.loads(run("compare", "standard", "standard+beginner", "--games", "4", "--agent", spec(), "--seed", "1",
                            "--json"))
    assert [v["games"] for v in result["variants"]] == [4, 4]
    assert all(v["agent_failures"] == {} for v in result["variants"])


def test_a_program_is_sent_a_world_it_cannot_tell_from_the_real_one():
    for options in (",state=1", ",time=9000,state=1", ",state=1,time=9000"):
        result = json.loads(run("simulate", "--games", "4", "--p1", spec("world", options), "--p2", "greedy",
                                "--seed", "6", "--json"))
        assert result["agent_failures"] == {} and result["failed_games"] == 0
    result = json.loads(run("simulate", "--games", "2", "--p1", spec("nostate"), "--p2", "random", "--json"))
    assert result["agent_failures"] == {}
    out = subprocess.run([ALS, "simulate", "--games", "1", "--p1", spec("", ",state=2")], capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 2 and "state= takes 0 or 1" in out.stderr


def test_a_program_reads_its_information_state_tensor(tmp_path):
    """exec:COMMAND,info=1: each decision carries the seat's information-state tensor, the one the
    Python module's State of the same game gives (replayed here from both programs' choices, the
    deal from als.game_seed); without info=1 the view says how to ask for it."""
    import numpy as np

    import als
    env = dict(os.environ, ALS_TEST_LOG=str(tmp_path))
    out = subprocess.run([ALS, "simulate", "--games", "1", "--seed", "9", "--p1", spec("log", ",info=1"),
                          "--p2", spec("log"), "--json"], capture_output=True, text=True, timeout=120, env=env)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["agent_failures"] == {}
    logs = [[json.loads(x) for x in (tmp_path / f"seat{p}.jsonl").read_text().splitlines()] for p in (0, 1)]
    assert all(e["info"] is not None for e in logs[0]) and all(e["info"] is None for e in logs[1])
    state = als.Game("standard").new_initial_state(als.game_seed(9, 0))
    taken = [0, 0]
    while not state.is_terminal():
        p = state.current_player()
        entry = logs[p][taken[p]]
        taken[p] += 1
        if p == 0:
            np.testing.assert_array_equal(np.asarray(entry["info"], np.float32), state.information_state_tensor(0))
        state.apply_action(entry["id"])
    assert taken == [len(logs[0]), len(logs[1])] and taken[0] > 5
    bad = subprocess.run([ALS, "simulate", "--games", "1", "--p1", spec("", ",info=2")], capture_output=True,
                         text=True, timeout=60)
    assert bad.returncode == 2 and "info= takes 0 or 1" in bad.stderr


def test_a_python_search_enters_a_tournament():
    pimc = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "examples", "python", "pimc.py")
    agent = f"pimc=exec:{sys.executable} {pimc} --serve --samples 2,state=1"
    result = json.loads(run("tournament", agent, "random", "--games", "6", "--seed", "3", "--json", timeout=300))
    assert result["agent_failures"] == {} and result["pairs"][0]["failed_games"] == 0
    assert result["pairs"][0]["games"] == 6
    assert [e["agent"] for e in result["elo"]][0] == "pimc"
