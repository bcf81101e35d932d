#!/usr/bin/env python3
"""REINFORCE with a linear softmax policy, trained with als.VectorEnv against the engine's
`greedy` (docs/python.md, "A learning agent"). numpy only. The rewards come at each battle's end
(the env's "battle_rewards": the VP difference over the VP target), each action is credited with
the rewards after it (reward-to-go) less a running baseline, and Adam takes the steps.

    PYTHONPATH=build/python python3 docs/examples/python/reinforce.py --games 40000

Prints, every --report games, the win rate over them with its 95% Wilson interval.
"""
import argparse
import math
import time

import numpy as np

import als


def wilson(wins, n, z=1.96):
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def policy(w, x, mask):
    """The masked softmax of x @ w: each row's probabilities over its legal ids."""
    logits = x @ w
    logits = np.where(mask, logits, -np.inf)
    logits -= logits.max(axis=1, keepdims=True)
    p = np.exp(logits)
    return p / p.sum(axis=1, keepdims=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=40000)
    ap.add_argument("--envs", type=int, default=64)
    ap.add_argument("--opponent", default="greedy")
    ap.add_argument("--lr", type=float, default=0.01)
    ap.add_argument("--batch", type=int, default=256, help="episodes a policy update")
    ap.add_argument("--report", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    game = als.Game("standard")
    env = als.VectorEnv(game, args.envs, opponent=args.opponent, seed=args.seed, options="battle_rewards")
    n_obs, n_act = game.observation_tensor_size(), game.num_distinct_actions()
    rng = np.random.default_rng(args.seed)
    w = np.zeros((n_obs + 1, n_act), np.float32)  # the last input is a constant 1 (a bias)
    grad, m1, m2, updates = np.zeros_like(w), np.zeros_like(w), np.zeros_like(w), 0  # Adam's moments
    baseline, episodes, report_wins, report_games = 0.0, 0, 0, 0
    traces = [[] for _ in range(args.envs)]  # each game's (features, action, mask) so far
    obs, info = env.reset()
    start = time.time()
    print(f"games  win rate vs {args.opponent} (95% Wilson)   seconds")
    while episodes < args.games:
        x = np.hstack([obs / 10.0, np.ones((args.envs, 1), np.float32)])
        mask = info["action_mask"].astype(bool)
        p = policy(w, x, mask)
        actions = (p.cumsum(axis=1) > rng.random((args.envs, 1))).argmax(axis=1)
        obs, reward, terminated, truncated, info = env.step(actions)
        for i in range(args.envs):
            traces[i].append((x[i], actions[i], mask[i], reward[i]))
        for i in np.flatnonzero(terminated | truncated):
            xs = np.array([t[0] for t in traces[i]])
            acts = np.array([t[1] for t in traces[i]])
            togo = np.cumsum([t[3] for t in traces[i]][::-1])[::-1]  # the rewards from each action on
            ps = policy(w, xs, np.array([t[2] for t in traces[i]]))
            ps[np.arange(len(acts)), acts] -= 1.0  # the log-likelihood's gradient is x (onehot - p)
            grad -= xs.T @ (ps * (togo - baseline)[:, None])
            baseline += 0.01 * (togo.mean() - baseline)
            traces[i] = []
            won = info["final_winner"][i] == env.seat  # (-1: a game stopped without a winner)
            episodes += 1
            report_games += 1
            report_wins += won
            if episodes % args.batch == 0:  # Adam: an ascent step on the batch's mean gradient
                g = grad / args.batch
                updates += 1
                m1 = 0.9 * m1 + 0.1 * g
                m2 = 0.999 * m2 + 0.001 * g * g
                w += args.lr * (m1 / (1 - 0.9 ** updates)) / (np.sqrt(m2 / (1 - 0.999 ** updates)) + 1e-8)
                grad[:] = 0
            if report_games == args.report:
                low, high = wilson(report_wins, report_games)
                print(f"{episodes:6d}  {report_wins / report_games:6.1%} ({low:.1%}-{high:.1%})"
                      f"            {time.time() - start:6.0f}", flush=True)
                report_wins = report_games = 0


if __name__ == "__main__":
    main()
