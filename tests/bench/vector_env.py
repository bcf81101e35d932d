#!/usr/bin/env python3
"""VectorEnv's speed against `als simulate`'s, measured in the same run (docs/performance.md):

    PYTHONPATH=build/python python3 tests/bench/vector_env.py [--als build/als] [--envs 256]
                                                              [--seconds 5] [--cards standard]
                                                              [--self-play] [--tensor information_state]

Runs `als simulate` (random against random, one thread), then `als.VectorEnv` with a numpy
policy choosing uniformly among each row's legal actions against the engine's `random` (the
env on one thread; `--self-play`: for both seats, every decision of both players returned;
`--tensor information_state`: the rows hold information-state tensors), each in turn `--rounds`
times, and prints each one's games a CPU-second (the process's CPU time: the median of the
rounds, with the lowest and highest) and the ratio of the medians. `--policy random` plays the
games `als simulate`'s random agents play (no withdrawal while another action is legal), so that
both count the same games; the default, `uniform`, withdraws as often as it does anything else,
which makes more battles a game. Run it with OPENBLAS_NUM_THREADS=1: numpy's BLAS threads,
idle here, spin and count as CPU time.
"""
import argparse
import json
import statistics
import subprocess
import time

import numpy as np

import als


def simulate(args):
    out = subprocess.run([args.als, "simulate", "--games", str(args.games), "--threads", "1", "--seed", "1",
                          "--cards", args.cards, "--json"], capture_output=True, text=True, check=True).stdout
    return json.loads(out)["games_per_second"]


def vector_env(args):
    env = als.VectorEnv(als.Game(args.cards), args.envs, opponent=None if args.self_play else "random", seed=1,
                        tensor=args.tensor, copy=False)  # (the arrays reused: Gymnasium's copy=False)
    rng = np.random.default_rng(1)
    _, info = env.reset()
    start, cpu = time.perf_counter(), time.process_time()
    steps = 0
    while time.perf_counter() - start < args.seconds:
        mask = info["action_mask"].view(np.bool_)  # (numpy's nonzero is about 5x faster on bools than on int8)
        legal = np.flatnonzero(mask)  # every row's legal ids, row after row (flat positions)
        counts = np.count_nonzero(mask, axis=1)
        if args.policy == "random":  # the random agent's rule: withdraw (id 0, a row's first) only when alone
            skip = (mask[:, 0] & (counts > 1)).astype(np.int64)
            k = skip + (rng.random(args.envs) * (counts - skip)).astype(np.int64)
        else:
            k = (rng.random(args.envs) * counts).astype(np.int64)  # the kth legal id of each row, uniformly
        actions = legal[np.cumsum(counts) - counts + k] % mask.shape[1]
        _, _, _, _, info = env.step(actions)
        steps += 1
    cpu = time.process_time() - cpu
    return env.games_finished() / cpu, steps * args.envs / cpu


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--als", default="build/als")
    p.add_argument("--cards", default="standard")
    p.add_argument("--envs", type=int, default=256)
    p.add_argument("--seconds", type=float, default=5)
    p.add_argument("--games", type=int, default=300000, help="games of each als simulate run")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--self-play", action="store_true", help="both seats the policy's")
    p.add_argument("--tensor", default="observation", choices=["observation", "information_state"])
    p.add_argument("--policy", default="uniform", choices=["uniform", "random"],
                   help="uniform: among the legal ids; random: as als simulate's random agent, withdrawing only "
                        "when nothing else is legal (the same games as the simulation's)")
    args = p.parse_args()
    sims, envs, rows = [], [], []
    for _ in range(args.rounds):
        sims.append(simulate(args))
        games, decisions = vector_env(args)
        envs.append(games)
        rows.append(decisions)
    s, v = statistics.median(sims), statistics.median(envs)
    print(f"als simulate: {s:,.0f} games/s (from {min(sims):,.0f} to {max(sims):,.0f}; {args.rounds} runs, one thread)")
    what = ("self-play" if args.self_play else "against random") + ", " + args.tensor + ", policy " + args.policy
    print(f"VectorEnv, {args.envs} envs, numpy policy, {what}: {v:,.0f} games/s (from {min(envs):,.0f} to "
          f"{max(envs):,.0f}); {statistics.median(rows):,.0f} decisions/s")
    print(f"ratio: {v / s:.3f}")


if __name__ == "__main__":
    main()
