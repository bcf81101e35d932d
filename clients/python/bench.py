"""Throughput of ``als serve`` through AlsVectorEnv: N games with the first legal action against
``random``, E environments at once. Usage: bench.py --als PATH --games N --envs E"""
from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from als_env import AlsVectorEnv  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--als", default="als")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--envs", type=int, default=64)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    env = AlsVectorEnv(a.als, n=a.envs, opponent="random")
    t0 = time.perf_counter()
    _, infos = env.reset(seed=a.seed)
    done = 0
    while done < a.games:
        _, _, terminated, truncated, infos = env.step([info["legal_ids"][0] for info in infos])
        done += sum(1 for t, u in zip(terminated, truncated) if t or u)
    seconds = time.perf_counter() - t0
    env.close()
    print(f"{done} games in {seconds:.2f} s: {done / seconds:.0f} games/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
