"""Trains the learned value function (issue 35; docs/agents.md, "A learned value").

Self-play games of the engine's own agents give positions: at each decision, the observation
tensor of the player to act (what that player knows) and two labels, whether that player went on
to win the battle under way and the game. A small network (the observation in, two hidden layers
of rectified units, two sigmoid outputs: the battle and the game) is fitted to them with PyTorch
on the CPU and written in the format engine/play/value_net.h reads. Everything is seeded: the
same arguments give the same weights on the same versions of the engine and of PyTorch.

    python3 python/tools/train_value.py --games 2000 --agent mcts:iterations=200 --out scripts/value/standard.txt
    python3 python/tools/train_value.py --games 8 --agent greedy --out /tmp/v.txt --fixture /tmp/f.txt

--fixture writes fixed inputs and PyTorch's outputs for them, which the C++ evaluation must
match to 1e-5 (tests/python/test_value.py). PyTorch is needed only here, never at play time.
"""
import argparse
import sys
import time

import numpy as np


def positions(game, games, agent_spec, seed):
    """(observations float32 [N, size], labels float32 [N, 2] (battle won, game won), the game
    index of each row) from `games` self-play games dealt from seeds seed, seed+1, ..."""
    import als
    obs, who, battle_of, game_of = [], [], [], []
    labels = []
    for g in range(games):
        s = game.new_initial_state(seed + g)
        agents = [als.EngineAgent(agent_spec, seed + g, seat) for seat in (0, 1)]
        rows = []  # (row index, player, battle) of this game
        battle_winner = {}
        last_scores = list(s.scores())
        while not s.is_terminal():
            p = s.current_player()
            rows.append((len(obs), p, s.battle()))
            obs.append(s.observation_tensor(p))
            battle = s.battle()
            s.apply_action(agents[p].step(s))
            scores = list(s.scores())
            if s.battle() != battle or s.is_terminal():  # the battle ended: who scored won it
                gained = [scores[0] - last_scores[0], scores[1] - last_scores[1]]
                if gained[0] != gained[1]:
                    battle_winner[battle] = 0 if gained[0] > gained[1] else 1
            last_scores = scores
        winner = 0 if s.returns()[0] > 0 else 1
        for i, p, b in rows:
            labels.append((float(battle_winner.get(b, -1) == p), float(winner == p)))
            game_of.append(g)
    return np.asarray(obs, dtype=np.float32), np.asarray(labels, dtype=np.float32), np.asarray(game_of)


def train(x, y, game_of, hidden, epochs, seed, log):
    """The network fitted to (x, y) by Adam on binary cross-entropy; returns it and the learning
    curve [(epoch, training loss, held-out loss)]. Every tenth game is held out whole (positions of
    one game are alike: holding out single positions would flatter the held-out loss), and the
    network returned is the one of the epoch with the lowest held-out loss (early stopping)."""
    import copy
    import torch
    torch.manual_seed(seed)
    rng = np.random.default_rng(seed)
    held = np.flatnonzero(game_of % 10 == 0)
    fit = np.flatnonzero(game_of % 10 != 0)
    net = torch.nn.Sequential(torch.nn.Linear(x.shape[1], hidden), torch.nn.ReLU(),
                              torch.nn.Linear(hidden, hidden), torch.nn.ReLU(),
                              torch.nn.Linear(hidden, 2), torch.nn.Sigmoid())
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    loss_fn = torch.nn.BCELoss()
    xt, yt = torch.from_numpy(x), torch.from_numpy(y)
    curve = []
    best = (float("inf"), 0, None)  # held-out loss, epoch, weights
    for epoch in range(1, epochs + 1):
        perm = torch.from_numpy(rng.permutation(fit))
        for i in range(0, len(perm), 256):
            batch = perm[i:i + 256]
            opt.zero_grad()
            loss = loss_fn(net(xt[batch]), yt[batch])
            loss.backward()
            opt.step()
        with torch.no_grad():
            train_loss = loss_fn(net(xt[fit]), yt[fit]).item()
            held_loss = loss_fn(net(xt[held]), yt[held]).item()
        curve.append((epoch, train_loss, held_loss))
        log(f"epoch {epoch}: training loss {train_loss:.4f}, held-out loss {held_loss:.4f}")
        if held_loss < best[0]:
            best = (held_loss, epoch, copy.deepcopy(net.state_dict()))
    net.load_state_dict(best[2])
    log(f"kept epoch {best[1]} (held-out loss {best[0]:.4f})")
    return net, curve


def write_net(net, path):
    """The network in engine/play/value_net.h's format: exact float32 values ("%.9g")."""
    import torch
    mods = list(net)
    lines = ["als-value 1"]
    for i, m in enumerate(mods):
        if not isinstance(m, torch.nn.Linear):
            continue
        nxt = mods[i + 1] if i + 1 < len(mods) else None
        act = "relu" if isinstance(nxt, torch.nn.ReLU) else "sigmoid" if isinstance(nxt, torch.nn.Sigmoid) else "none"
        w = m.weight.detach().numpy().astype(np.float32)
        b = m.bias.detach().numpy().astype(np.float32)
        lines.append(f"layer {w.shape[1]} {w.shape[0]} {act}")
        for row in w:
            lines.append(" ".join("%.9g" % v for v in row))
        lines.append(" ".join("%.9g" % v for v in b))
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def write_fixture(net, x, path, rows=16):
    """`rows` inputs (the first rows of x) and the network's outputs for them, a line each:
    "in v1 v2 ..." then "out o1 o2"."""
    import torch
    with torch.no_grad():
        out = net(torch.from_numpy(x[:rows])).numpy()
    with open(path, "w") as f:
        for xi, oi in zip(x[:rows], out):
            f.write("in " + " ".join("%.9g" % v for v in xi) + "\n")
            f.write("out " + " ".join("%.9g" % v for v in oi) + "\n")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=2000, help="self-play games (positions: about 60 a game)")
    ap.add_argument("--agent", default="mcts:iterations=200", help="the engine's agent playing both seats")
    ap.add_argument("--cards", default="standard")
    ap.add_argument("--seed", type=int, default=1, help="the games' first seed, and the training's")
    ap.add_argument("--hidden", type=int, default=64, help="units in each hidden layer")
    ap.add_argument("--epochs", type=int, default=20)
    ap.add_argument("--out", required=True, help="where the weights go")
    ap.add_argument("--fixture", help="also write fixed inputs and PyTorch's outputs here")
    args = ap.parse_args(argv)
    import als
    import torch
    torch.set_num_threads(1)  # the same sums in the same order on every run
    log = lambda m: print(m, file=sys.stderr, flush=True)
    t0 = time.time()
    game = als.Game(args.cards)
    x, y, game_of = positions(game, args.games, args.agent, args.seed)
    log(f"{len(x)} positions from {args.games} games ({args.agent}) in {time.time() - t0:.0f} s; "
        f"battle won in {y[:, 0].mean():.3f} of them, game won in {y[:, 1].mean():.3f}")
    t1 = time.time()
    net, curve = train(x, y, game_of, args.hidden, args.epochs, args.seed, log)
    log(f"trained in {time.time() - t1:.0f} s")
    write_net(net, args.out)
    if args.fixture:
        write_fixture(net, x, args.fixture)
    return curve


if __name__ == "__main__":
    main()
