"""The learned value's training recipe end to end (python/tools/train_value.py): a small run from
self-play to weights, reproducible from its seed, and evaluated in C++ (als.ValueNet) as PyTorch
evaluates it, to 1e-5. PyTorch is needed for training only: without it (and without
ALS_REQUIRE_PYTHON=1, which ./bootstrap.sh test sets and installs it for) the test is skipped."""
import importlib.util
import os
import sys

import numpy as np
import pytest

import als

TOOLS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python", "tools")

if importlib.util.find_spec("torch") is None and os.environ.get("ALS_REQUIRE_PYTHON") != "1":
    pytest.skip("PyTorch (python3-torch) is not installed", allow_module_level=True)

sys.path.insert(0, TOOLS)
import train_value  # noqa: E402


def read_fixture(path):
    rows = open(path).read().split("\n")
    pairs = []
    for i in range(0, len(rows) - 1, 2):
        x = np.array([float(v) for v in rows[i].split()[1:]], dtype=np.float32)
        y = np.array([float(v) for v in rows[i + 1].split()[1:]], dtype=np.float32)
        pairs.append((x, y))
    return pairs


def test_a_small_training_run_gives_weights_the_engine_evaluates_as_pytorch_does(tmp_path):
    out, fixture = str(tmp_path / "v.txt"), str(tmp_path / "f.txt")
    args = ["--games", "6", "--agent", "greedy", "--epochs", "3", "--hidden", "16", "--out", out, "--fixture", fixture]
    curve = train_value.main(args)
    assert [c[0] for c in curve] == [1, 2, 3]
    assert all(0 < c[1] < 1.5 and 0 < c[2] < 1.5 for c in curve)
    net = als.ValueNet(out)
    assert net.inputs == als.Game().observation_tensor_size() and net.outputs == 3
    assert open(out).read().split("\n")[1] == "game " + als.Game().content_hash
    pairs = read_fixture(fixture)
    assert len(pairs) == 16
    for x, want in pairs:
        got = net.evaluate(x)
        assert np.abs(got - want).max() <= 1e-5, (got, want)
        assert ((got >= 0) & (got <= 1)).all()
    # the same arguments, the same weights
    again = str(tmp_path / "again.txt")
    train_value.main(args[:-4] + ["--out", again])
    assert open(again).read() == open(out).read()


def test_a_file_that_is_not_a_network_is_refused(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("als-value 1\nlayer 2 1 tanh\n1 1\n0\n")
    with pytest.raises(als.Error, match="activation 'tanh'"):
        als.ValueNet(str(bad))
    net_file = tmp_path / "ok.txt"
    net_file.write_text("als-value 1\nlayer 2 1 none\n1 1\n0\n")
    with pytest.raises(als.Error, match="expected 2 float32 values"):
        als.ValueNet(str(net_file)).evaluate(np.zeros(3, dtype=np.float32))


def test_the_third_label_is_the_search_s_reward_for_the_battle():
    g = als.Game()
    assert len(g.content_hash) == 16
    # a battle won outright (6 VP) or lost, away from the game's end: the VP swing
    assert g.battle_reward([0, 0], [6, 0], 0) == 1.0 and g.battle_reward([0, 0], [6, 0], 1) == 0.0
    # a withdrawal that gives the opponent 2 VP
    assert abs(g.battle_reward([0, 0], [0, 2], 1) - (0.5 + 0.5 * 2 / 6)) < 1e-12
    # a battle that ends the game: the game's result
    assert g.battle_reward([10, 0], [16, 0], 0, 0) == 1.0 and g.battle_reward([10, 0], [16, 0], 1, 0) == 0.0
    # a battle that could decide the game is valued by the change in the chance to win it, not by
    # the VP swing: a withdrawal giving 2 VP to a player 4 short of the target
    swing = 0.5 - 0.5 * 2 / 6
    assert g.battle_reward([0, 10], [0, 12], 0, 1) == 0.0
    assert 0 < g.battle_reward([4, 8], [4, 10], 0) < 0.5
    assert abs(g.battle_reward([4, 8], [4, 10], 0) - swing) > 0.01
    with pytest.raises(als.Error, match="player 0 or 1"):
        g.battle_reward([0, 0], [0], 0)


def test_the_positions_are_the_same_for_any_number_of_workers():
    one = train_value.positions("standard", 3, "greedy", 7, workers=1)
    two = train_value.positions("standard", 3, "greedy", 7, workers=2)
    assert one[0].shape[1] == als.Game().observation_tensor_size() and one[1].shape[1] == 3
    assert sorted(set(one[2].tolist())) == [0, 1, 2]
    for a, b in zip(one, two):
        assert np.array_equal(a, b)
    # every label is a chance or a reward, 0 to 1; the battle's label agrees with its reward's sign
    assert ((one[1] >= 0) & (one[1] <= 1)).all()
    assert ((one[1][:, 0] == 1) == (one[1][:, 2] > 0.5)).all()


def test_a_later_generation_trains_on_the_positions_of_the_earlier_ones(tmp_path):
    """The two-stage recipe: self-play fills the one --positions file that does not exist yet, and
    the network is trained on every file, each file's games numbered after the previous file's."""
    first, second = str(tmp_path / "a.npz"), str(tmp_path / "b.npz")
    train_value.main(["--games", "3", "--agent", "greedy", "--epochs", "1", "--hidden", "8",
                      "--positions", first, "--out", str(tmp_path / "a.txt")])
    args = ["--games", "2", "--agent", "random", "--seed", "50", "--train-seed", "1", "--epochs", "1", "--hidden", "8"]
    train_value.main(args + ["--positions", first, second, "--out", str(tmp_path / "b.txt")])
    a, b = np.load(first), np.load(second)
    assert sorted(set(a["game_of"].tolist())) == [0, 1, 2] and sorted(set(b["game_of"].tolist())) == [0, 1]
    assert np.array_equal(b["x"], train_value.positions("standard", 2, "random", 50)[0])
    # both files read, the games renumbered 0-4: the same as the rows given to train() at once
    read = str(tmp_path / "read.txt")
    train_value.main(args + ["--positions", first, second, "--out", read])
    assert open(read).read() == open(str(tmp_path / "b.txt")).read()
    x = np.concatenate([a["x"], b["x"]])
    y = np.concatenate([a["y"], b["y"]])
    g = np.concatenate([a["game_of"], b["game_of"] + 3])
    net, _ = train_value.train(x, y, g, 8, 1, 1, lambda m: None)
    direct = str(tmp_path / "direct.txt")
    train_value.write_net(net, direct, als.Game().content_hash)
    assert open(direct).read() == open(read).read()
    # a run can fill only one file
    with pytest.raises(SystemExit, match="only one"):
        train_value.main(args + ["--positions", str(tmp_path / "c.npz"), str(tmp_path / "d.npz"), "--out", read])


def test_training_multiplies_matrices_with_an_optimised_blas():
    """Debian's torch calls the system's BLAS: the reference one made a batch of 1,024 take 1.48 s
    a pass, OpenBLAS 0.079 s. ./bootstrap.sh test installs OpenBLAS (libopenblas0-pthread), which
    the system then links in its place; the library torch has mapped after a product says which."""
    import torch
    a = torch.randn(256, 256)
    (a @ a).sum().item()
    mapped = {line.split()[-1] for line in open("/proc/self/maps") if "blas" in line.lower()}
    assert any(name in path for path in mapped for name in ("openblas", "mkl", "blis")), sorted(mapped)
