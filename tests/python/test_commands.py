"""The designer's commands in Python (docs/python.md, "Designer's commands"): als.compare,
als.sweep and als.simulate run the commands' own code and return the document their --json
prints, the same for the same arguments, and refuse what the command refuses with its message."""
import json
import os
import subprocess

import pytest

import als

ALS = os.environ.get("ALS", os.path.join(os.path.dirname(__file__), "..", "..", "build", "als"))
EXAMPLES = os.path.join(als.data_dir(), "docs", "examples")


def command_json(*args):
    out = subprocess.run([ALS, *args, "--json"], capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def test_compare_returns_the_commands_json():
    got = als.compare("standard", "beg=standard+beginner", games=120, seed=3, threads=2,
                      agents=["random", "greedy"], target=["first_player_battle_win_rate=0.5"])
    want = command_json("compare", "standard", "beg=standard+beginner", "--games", "120", "--seed", "3",
                        "--threads", "2", "--agents", "random,greedy",
                        "--target", "first_player_battle_win_rate=0.5")
    assert got == want
    assert got["variants"][1]["name"] == "beg"
    assert len(got["agents"]) == 2


def test_sweep_returns_the_commands_json():
    tuning = os.path.join(EXAMPLES, "tuning")
    got = als.sweep(tuning, param="medic_strength=1,5", target="cards.field_medic.faceup_win_rate=median",
                    games=100, seed=4, threads=1)
    want = command_json("sweep", tuning, "--param", "medic_strength=1,5", "--target",
                        "cards.field_medic.faceup_win_rate=median", "--games", "100", "--seed", "4",
                        "--threads", "1")
    assert got == want


def test_simulate_returns_the_commands_json():
    got = als.simulate(cards="standard", games=50, p1="greedy", p2="random", seed=8)
    want = command_json("simulate", "--cards", "standard", "--games", "50", "--p1", "greedy", "--p2", "random",
                        "--seed", "8")
    for timing in ("seconds", "games_per_second"):  # the run's own clock
        assert got.pop(timing) > 0 and want.pop(timing) > 0
    assert got == want


def test_a_refusal_raises_the_commands_message():
    with pytest.raises(als.Error, match="--correction takes holm or bh"):
        als.compare("standard", "standard+beginner", correction="bonferroni")
    with pytest.raises(als.Error, match="unknown option|unrecognised option"):
        als.compare("standard", "standard+beginner", no_such_flag=3)
    with pytest.raises(TypeError):
        als.compare("standard", "standard+beginner", games={"a": 1})


def test_python_merges_the_commands_shards_and_writes_its_report(tmp_path):
    shards = []
    for k in (1, 2):
        out = subprocess.run([ALS, "compare", "standard", "standard+beginner", "--games", "60", "--seed", "11",
                              "--threads", "1", "--shard", f"{k}/2", "--json"],
                             capture_output=True, text=True, check=True).stdout
        path = tmp_path / f"s{k}.json"
        path.write_text(out)
        shards.append(str(path))
    want = command_json("compare", "--merge", *shards)
    got = als.compare(merge=shards, report=str(tmp_path / "r.html"))
    assert got == want
    assert got["run"]["shard"] == [1, 1]
    assert "<svg" in (tmp_path / "r.html").read_text()


def test_the_lab_refuses_as_the_command_does():
    with pytest.raises(als.Error, match="^als compare: missing.json: cannot open file"):
        als.compare(merge=["missing.json"])
    with pytest.raises(als.Error, match="argument \\('many'\\) for option '--games' is invalid"):
        als.compare("standard", "standard+beginner", games="many")
    with pytest.raises(als.Error, match="give --agent or --agents, not both"):
        als.compare("standard", "standard+beginner", agent="greedy", agents=["random", "greedy"])
    with pytest.raises(als.Error, match="--games N is required"):
        als.simulate(cards="standard")
    # a program plays only from the command line: the refusal says so, not "cannot play unattended"
    with pytest.raises(als.Error, match=r"a program \(exec:\) plays only from the als command line"):
        als.compare("standard", "standard+beginner", agent="exec:true", games=2)
    with pytest.raises(als.Error, match=r"a program \(exec:\) plays only from the als command line"):
        als.simulate(p1="exec:true", games=2)


def test_calls_from_two_threads_give_the_answers_they_give_alone():
    import threading
    args = [dict(games=40, seed=s, threads=1) for s in (21, 22)]
    alone = [als.compare("standard", "standard+beginner", **a) for a in args]
    got = [None, None]

    def one(k):
        got[k] = als.compare("standard", "standard+beginner", **args[k])
    ts = [threading.Thread(target=one, args=(k,)) for k in (0, 1)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert got == alone and alone[0] != alone[1]
