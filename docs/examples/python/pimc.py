#!/usr/bin/env python3
"""Search from Python with the engine's determinization (docs/python.md, "Search"): perfect-
information Monte Carlo. At each of its decisions the agent draws states it cannot tell apart
from the real one (State.resample_from_infostate), plays every legal action in each followed by
random play to the game's end, and takes the action with the best mean return.

    PYTHONPATH=build/python python3 docs/examples/python/pimc.py --games 20 --samples 8

It plays player 0 against the engine's agent --opponent and prints the score with its 95%
Wilson interval. It never reads the real state's hidden cards: only the resampled states'.

With --serve it is a program any command of `als` plays (docs/python.md, "A search as a
program"): each decision carries a world the seat cannot tell from the real one (state=1), from
which it resamples as above.

    als tournament random "exec:python3 docs/examples/python/pimc.py --serve,state=1" --games 20
"""
import argparse
import math
import random

import als


def rollout(state, rng):
    """Random play to the end; the returns."""
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state.returns()


def pimc(state, samples, rng):
    """The legal action with the best mean return over `samples` determinizations."""
    player = state.current_player()
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    totals = {a: 0.0 for a in legal}
    for _ in range(samples):
        world = state.resample_from_infostate(player, rng.getrandbits(64))
        for a in legal:
            totals[a] += rollout(world.child(a), rng)[player]
    return max(legal, key=lambda a: totals[a])


class PimcAgent(als.Agent):
    """pimc() at each decision of a program `als` plays (exec:...,state=1)."""

    def __init__(self, game, samples, seed):
        self.game, self.samples, self.rng = game, samples, random.Random(seed)

    def step(self, view):
        return pimc(view.state(self.game), self.samples, self.rng)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--samples", type=int, default=8)
    ap.add_argument("--opponent", default="random")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cards", default="standard", help="the card set (a bundled name or a folder)")
    ap.add_argument("--serve", action="store_true", help="play through protocol 2 (exec:...,state=1)")
    args = ap.parse_args()
    game = als.Game(args.cards)
    if args.serve:
        als.serve_agent(PimcAgent(game, args.samples, args.seed))
        return
    rng = random.Random(args.seed)
    wins = 0
    for g in range(args.games):
        state = game.new_initial_state(als.game_seed(args.seed, g))
        opponent = als.EngineAgent(args.opponent, als.game_seed(args.seed, g), 1)
        while not state.is_terminal():
            if state.current_player() == 0:
                state.apply_action(pimc(state, args.samples, rng))
            else:
                state.apply_action(opponent.step(state))
        wins += state.returns()[0] > 0
    p, n, z = wins / args.games, args.games, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    print(f"pimc ({args.samples} samples) vs {args.opponent}: {wins} of {args.games} games "
          f"({p:.0%}; 95% Wilson {centre - half:.0%}-{centre + half:.0%})")


if __name__ == "__main__":
    main()
