#!/usr/bin/env python3
"""VectorEnv's speed against `als simulate`'s, measured in the same run (docs/performance.md):

    PYTHONPATH=build/python python3 tests/bench/vector_env.py [--als build/als] [--envs 256]
                                                              [--seconds 5] [--cards standard]

Runs `als simulate` (random against random, one thread), then `als.VectorEnv` with a numpy
policy choosing uniformly among each row's legal actions against the engine's `random` (the
env on one thread), each in turn `--rounds` times, and prints each one's games a second (the
median of the rounds, with the lowest and highest) and the ratio of the medians.
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
    env = als.VectorEnv(als.Game(args.cards), args.envs, opponent="random", seed=1)
    rng = np.random.default_rng(1)
    _, info = env.reset()
    start = time.perf_counter()
    while time.perf_counter() - start < args.seconds:
        mask = info["action_mask"].view(np.bool_)  # (numpy's nonzero is about 5x faster on bools than on int8)
        legal = np.flatnonzero(mask)  # every row's legal ids, row after row (flat positions)
        counts = np.count_nonzero(mask, axis=1)
        k = (rng.random(args.envs) * counts).astype(np.int64)  # the kth legal id of each row, uniformly
        actions = legal[np.cumsum(counts) - counts + k] % mask.shape[1]
        _, _, _, _, info = env.step(actions)
    return env.games_finished() / (time.perf_counter() - start)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--als", default="build/als")
    p.add_argument("--cards", default="standard")
    p.add_argument("--envs", type=int, default=256)
    p.add_argument("--seconds", type=float, default=5)
    p.add_argument("--games", type=int, default=300000, help="games of each als simulate run")
    p.add_argument("--rounds", type=int, default=3)
    args = p.parse_args()
    sims, envs = [], []
    for _ in range(args.rounds):
        sims.append(simulate(args))
        envs.append(vector_env(args))
    s, v = statistics.median(sims), statistics.median(envs)
    print(f"als simulate: {s:,.0f} games/s (from {min(sims):,.0f} to {max(sims):,.0f}; {args.rounds} runs, one thread)")
    print(f"VectorEnv, {args.envs} envs, uniform numpy policy: {v:,.0f} games/s (from {min(envs):,.0f} to "
          f"{max(envs):,.0f})")
    print(f"ratio: {v / s:.3f}")


if __name__ == "__main__":
    main()
