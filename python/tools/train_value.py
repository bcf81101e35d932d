"""Trains the learned value function (issue 35; docs/agents.md, "A learned value").

Self-play games of the engine's own agents give positions: at each decision, the observation
tensor of the player to act (what that player knows) and three labels for that player: the battle
under way won, the game won, and the reward the default search gives for that battle
(Game.battle_reward: the VP swing, or the change in the chance to win the game where the battle
could decide it). A small network (the observation in, two hidden layers of rectified units, three
sigmoid outputs) is fitted to them with PyTorch on the CPU and written in the format
engine/play/value/value_net.h reads; the search takes the third output at its leaves. Everything is
seeded: the same arguments give the same weights on the same versions of the engine and of
PyTorch, whatever the number of --workers.

    python3 python/tools/train_value.py --games 2000 --agent mcts:iterations=200 --workers 2 --out scripts/value/standard.txt
    python3 python/tools/train_value.py --games 8 --agent greedy --out /tmp/v.txt --fixture /tmp/f.txt

A later generation plays with the weights of the one before and trains on every generation's
positions: --positions names the earlier files (read) and one new file (filled by this run's games),

    python3 python/tools/train_value.py --games 8000 --agent mcts:iterations=200,value=first.txt --seed 50001 \
        --train-seed 101 --positions first.npz second.npz --out second.txt

`als train VARIANT` runs this with --rules, a time budget (--minutes) and a folder of played
blocks (--chunks), and writes the network into the values folder, where the search finds it.

--fixture writes fixed inputs and PyTorch's outputs for them, which the C++ evaluation must
match to 1e-5 (tests/python/test_value.py). PyTorch is needed only here, never at play time.
"""
import argparse
import os
import sys
import time

import numpy as np


def play(job):
    """The positions of self-play games: job is (cards, house rules, agent spec, first seed, first
    game, games, params as a tuple of (name, value)); returns (observations float32 [N, size],
    labels float32 [N, 3], the game index of each row)."""
    import als
    cards, rules, agent_spec, seed, first, games, params = job
    game = als.Game(cards, rules=list(rules), params=dict(params))
    obs, labels, game_of = [], [], []
    for g in range(first, first + games):
        s = game.new_initial_state(seed + g)
        agents = [als.EngineAgent(agent_spec, seed + g, seat) for seat in (0, 1)]
        rows = []  # (player, battle) of each of this game's positions
        start, reward, battle_winner = {}, {}, {}  # by battle: its first scores, each player's reward, its winner
        while not s.is_terminal():
            p, battle = s.current_player(), s.battle()
            start.setdefault(battle, list(s.scores()))
            rows.append((p, battle))
            obs.append(s.observation_tensor(p))
            s.apply_action(agents[p].step(s))
            if s.battle() != battle or s.is_terminal():  # the battle ended: who scored won it
                end = list(s.scores())
                gained = [end[0] - start[battle][0], end[1] - start[battle][1]]
                if gained[0] != gained[1]:
                    battle_winner[battle] = 0 if gained[0] > gained[1] else 1
                over = (0 if s.returns()[0] > 0 else 1) if s.is_terminal() else -1
                reward[battle] = [game.battle_reward(start[battle], end, q, over) for q in (0, 1)]
        winner = 0 if s.returns()[0] > 0 else 1
        for p, b in rows:
            labels.append((float(battle_winner.get(b, -1) == p), float(winner == p), reward[b][p]))
            game_of.append(g)
    return (np.asarray(obs, dtype=np.float32).reshape(len(obs), game.observation_tensor_size()),
            np.asarray(labels, dtype=np.float32).reshape(len(labels), 3), np.asarray(game_of, dtype=np.int64))


def positions(cards, games, agent_spec, seed, workers=1, rules=(), first_game=0, params=None):
    """(observations float32 [N, size], labels float32 [N, 3], the game index of each row) from
    `games` self-play games dealt from seeds seed, seed+1, ...: at each decision the observation
    of the player to act, and three labels for that player: the battle under way won, the game
    won, and the search's reward for that battle (Game.battle_reward). `workers` processes play
    the games in blocks; the rows are in the games' order whatever their number. `params`: {name:
    number} for the set's and rules' declared params (als.Game's)."""
    block = 50
    frozen = tuple(sorted((params or {}).items()))
    jobs = [(cards, tuple(rules), agent_spec, seed, first, min(block, first_game + games - first), frozen)
            for first in range(first_game, first_game + games, block)]
    if workers > 1:
        import multiprocessing
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            parts = pool.map(play, jobs, chunksize=1)
    else:
        parts = [play(j) for j in jobs]
    return tuple(np.concatenate([part[i] for part in parts]) for i in range(3))


def train(x, y, game_of, hidden, epochs, seed, log):
    """The network fitted to (x, y) by Adam on binary cross-entropy (the outputs' averaged); returns
    it and the learning curve [(epoch, training loss, held-out loss)]. Every tenth game is held out whole (positions of
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
                              torch.nn.Linear(hidden, y.shape[1]), torch.nn.Sigmoid())
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


def write_net(net, path, game_hash=None, recipe=None):
    """The network in engine/play/value/value_net.h's format: exact float32 values ("%.9g"), with the
    content hash of the game it was trained for (the search uses it in that game only)."""
    import torch
    mods = list(net)
    lines = ["als-value 1"] + ([f"game {game_hash}"] if game_hash else []) + ([f"recipe {recipe}"] if recipe else [])
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
    with open(path + ".tmp", "w") as f:  # (renamed over the file: a search reading it never sees half of one)
        f.write("\n".join(lines) + "\n")
    os.replace(path + ".tmp", path)


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


def gather(args, log):
    """The positions to train on: every file of --positions that exists, read in order, and this run's
    self-play (--games of --agent from --seed) when some file does not exist yet (it is written
    there) or none is named. Each part's game indices follow the previous part's, so the held-out
    games stay every tenth game of each part."""
    missing = [f for f in args.positions if not os.path.exists(f)]
    if len(missing) > 1:
        raise SystemExit(f"train_value.py: only one --positions file can be written by a run; missing: {', '.join(missing)}")
    parts = []
    for f in args.positions if args.positions else [None]:
        if f is not None and os.path.exists(f):
            with np.load(f) as d:
                part = (d["x"], d["y"], d["game_of"])
            log(f"{len(part[0])} positions of {len(set(part[2].tolist()))} games read from {f}")
        else:
            t0 = time.time()
            part = positions(args.cards, args.games, args.agent, args.seed, args.workers, args.rules,
                             params=args.params)
            log(f"{len(part[0])} positions from {args.games} games ({args.agent}) in {time.time() - t0:.0f} s")
            if f is not None:
                np.savez_compressed(f, x=part[0], y=part[1], game_of=part[2])
        parts.append(part)
    offset, games = 0, []
    for part in parts:
        games.append(part[2] + offset)
        offset += int(part[2].max()) + 1 if len(part[2]) else 0
    return np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts]), np.concatenate(games)


def budgeted(args, log):
    """als train's self-play: blocks of 50 games a worker, each saved to --chunks as it ends (so a
    run stopped by Ctrl-C goes on where it was: the blocks there are read and their games not
    played again), until --games or --minutes' share for playing (three quarters) is spent. Returns
    every block's positions, in the games' order."""
    os.makedirs(args.chunks, exist_ok=True)
    parts, done = [], 0
    for name in sorted(f for f in os.listdir(args.chunks) if f.startswith("games-") and f.endswith(".npz")):
        with np.load(os.path.join(args.chunks, name)) as d:
            parts.append((d["x"], d["y"], d["game_of"]))
            done = max(done, int(d["next"]))
    if done:
        log(f"als train: {done} games already played (in {args.chunks}), going on from there")
    t0, budget = time.time(), (args.minutes if args.minutes else 1e9) * 60 * 0.75
    step = 50 * max(1, args.workers)
    start_done = done
    while done < args.games and time.time() - t0 < budget:
        n = min(step, args.games - done)
        x, y, g = positions(args.cards, n, args.agent, args.seed, args.workers, args.rules, first_game=done,
                            params=args.params)
        np.savez_compressed(os.path.join(args.chunks, f"games-{done:07d}.npz"), x=x, y=y, game_of=g, next=done + n)
        parts.append((x, y, g))
        done += n
        spent = time.time() - t0
        rate = (done - start_done) / spent if spent > 0 else 0
        left = min(budget - spent, (args.games - done) / rate if rate else 0)
        log(f"als train: {done} games played ({sum(len(p[0]) for p in parts)} positions), "
            f"{spent / 60:.1f} min; playing ends in about {max(0, left) / 60:.1f} min, then training")
    if not parts:
        raise SystemExit("train_value.py: no game was played within the budget (--minutes)")
    return tuple(np.concatenate([p[i] for p in parts]) for i in range(3))


def parse_params(text):
    """{name: float} from 'NAME=VALUE,NAME=VALUE' (an empty text: none); argparse's error otherwise."""
    out = {}
    for item in filter(None, text.split(",")):
        name, eq, value = item.partition("=")
        try:
            if not eq or not name:
                raise ValueError
            out[name.strip()] = float(value)
        except ValueError:
            raise argparse.ArgumentTypeError(f"'{item}' is not NAME=VALUE (a number)")
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=2000, help="self-play games (positions: about 60 a game)")
    ap.add_argument("--agent", default="mcts:iterations=200", help="the engine's agent playing both seats")
    ap.add_argument("--cards", default="standard")
    ap.add_argument("--seed", type=int, default=1, help="the games' first seed, and the training's unless --train-seed")
    ap.add_argument("--hidden", type=int, default=64, help="units in each hidden layer")
    ap.add_argument("--epochs", type=int, default=20)
    ap.add_argument("--out", required=True, help="where the weights go")
    ap.add_argument("--fixture", help="also write fixed inputs and PyTorch's outputs here")
    ap.add_argument("--workers", type=int, default=1, help="processes playing the games (the same positions for any number)")
    ap.add_argument("--positions", nargs="+", default=[], metavar="FILE",
                    help=".npz files of positions: those that exist are read; self-play fills the one that does not "
                         "(at most one); the network is trained on them all (each file's games numbered after the last's)")
    ap.add_argument("--train-seed", type=int, help="the training's seed (default: --seed)")
    ap.add_argument("--rules", nargs="*", default=[], metavar="RULE", help="house rules, bundled names or files, in order")
    ap.add_argument("--params", type=parse_params, default={}, metavar="NAME=VALUE,...",
                    help="values for the set's and rules' declared params (as als compare's SET?NAME=VALUE)")
    ap.add_argument("--minutes", type=float, help="als train's budget: play until --games or three quarters of it, then train")
    ap.add_argument("--chunks", help="als train's folder of played blocks (a stopped run goes on from them)")
    ap.add_argument("--recipe", help="how the network was trained, written into its file (als compare reads it)")
    args = ap.parse_args(argv)
    import als
    import torch
    torch.set_num_threads(1)  # the same sums in the same order on every run
    log = lambda m: print(m, file=sys.stderr, flush=True)
    x, y, game_of = budgeted(args, log) if args.chunks else gather(args, log)
    log(f"battle won in {y[:, 0].mean():.3f} of them, game won in {y[:, 1].mean():.3f}, "
        f"mean battle reward {y[:, 2].mean():.3f}")
    t1 = time.time()
    seed = args.seed if args.train_seed is None else args.train_seed
    net, curve = train(x, y, game_of, args.hidden, args.epochs, seed, log)
    log(f"trained in {time.time() - t1:.0f} s")
    # als train's recipe names the games the network learned from too: two values are one player's
    # (als compare) only where both saw as many games (a time budget plays as many as it can).
    recipe = f"{args.recipe}, {len(np.unique(game_of))} games" if args.recipe else None
    write_net(net, args.out, als.Game(args.cards, rules=args.rules, params=args.params).content_hash, recipe)
    if args.fixture:
        write_fixture(net, x, args.fixture)
    return curve


if __name__ == "__main__":
    main()
