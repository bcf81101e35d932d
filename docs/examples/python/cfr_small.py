"""How far the engine's agents are from an equilibrium, exactly, on a game small enough to solve.

    PYTHONPATH=build/python python3 docs/examples/python/cfr_small.py [--iterations 300]
        [--agents random,greedy,mcts:100] [--set docs/examples/skirmish] [--json]

It walks the whole tree of the Skirmish set (docs/examples/skirmish: two theaters, five cards,
hands of two, one battle) through the Python module's chance nodes (docs/python.md, "Chance
nodes"), runs counterfactual regret minimization (CFR+: regret matching+, linearly weighted
averages, simultaneous updates) on it, and prints the exact exploitability of each policy: how
much a best response against it gains, averaged over the two seats (OpenSpiel's
`exploitability`, NashConv / 2), on the returns' scale of -1 to +1. 0 is an equilibrium.

An engine agent's policy is the action it chooses at one state of each information state (the
first the walk meets), its seed fixed: a pure policy, the one it plays in that seat.
"""
import argparse
import json
import os
import sys
import time

import als

HERE = os.path.dirname(os.path.abspath(__file__))
SKIRMISH = os.path.join(os.path.dirname(HERE), "skirmish")

CHANCE, PLAYER, TERMINAL = 0, 1, 2


class Tree:
    """The game's whole tree, in preorder: for node k, kind[k], player[k] (0, 1; -1 else),
    info[k] (an information state's number, -1 else), children[k] (node numbers), probs[k] (a
    chance node's outcome probabilities), value[k] (a terminal's return to player 0)."""

    def __init__(self, game):
        self.kind, self.player, self.info, self.children, self.probs, self.value = [], [], [], [], [], []
        self.infos = {}          # information-state string -> number
        self.info_player = []    # number -> player
        self.info_actions = []   # number -> legal ids (the same at every state of it)
        self.info_state = []     # number -> the first State met in it (for the engine's agents)
        root = game.new_initial_state(0)
        self.root_texts = [root.action_to_string(als.CHANCE, o) for o, _ in root.chance_outcomes()]
        self._walk(root)

    def _node(self, kind, player=-1, info=-1, probs=None, value=0.0):
        self.kind.append(kind), self.player.append(player), self.info.append(info)
        self.children.append([]), self.probs.append(probs), self.value.append(value)
        return len(self.kind) - 1

    def _walk(self, state):
        stack = [(state, -1)]
        while stack:
            s, parent = stack.pop()
            if s.is_terminal():
                k = self._node(TERMINAL, value=s.returns()[0])
                kids = []
            elif s.is_chance_node():
                outcomes = s.chance_outcomes()
                k = self._node(CHANCE, probs=[p for _, p in outcomes])
                kids = [o for o, _ in outcomes]
            else:
                p = s.current_player()
                key = s.information_state_string(p)
                i = self.infos.get(key)
                if i is None:
                    i = self.infos[key] = len(self.info_player)
                    self.info_player.append(p), self.info_actions.append(s.legal_actions()), self.info_state.append(s)
                elif self.info_actions[i] != s.legal_actions():
                    raise AssertionError("two states of one information state with different legal actions")
                k = self._node(PLAYER, player=p, info=i)
                kids = self.info_actions[i]
            if parent >= 0:
                self.children[parent].append(k)
            # children in order: pushed reversed, so that they are numbered in order (preorder)
            for a in reversed(kids):
                stack.append((s.child(a), k))
        # (a node's children were appended as they were numbered: in order, since the stack pops
        # the first child first and a subtree is numbered whole before its next sibling)

    def __len__(self):
        return len(self.kind)


def uniform(tree):
    return [[1.0 / len(a)] * len(a) for a in tree.info_actions]


def agent_policy(tree, spec, seed=1):
    """The pure policy of an engine agent: at each information state, the action it chooses at
    the first state the walk met there, seeded alike."""
    policy = []
    for i, s in enumerate(tree.info_state):
        a = als.EngineAgent(spec, seed, tree.info_player[i]).step(s)
        policy.append([1.0 if x == a else 0.0 for x in tree.info_actions[i]])
    return policy


def values(tree, policy):
    """Each node's return to player 0 when both players follow `policy`."""
    v = [0.0] * len(tree)
    for k in range(len(tree) - 1, -1, -1):
        kind = tree.kind[k]
        if kind == TERMINAL:
            v[k] = tree.value[k]
        elif kind == CHANCE:
            v[k] = sum(p * v[c] for p, c in zip(tree.probs[k], tree.children[k]))
        else:
            v[k] = sum(p * v[c] for p, c in zip(policy[tree.info[k]], tree.children[k]))
    return v


def expected_value(tree, policy):
    """The return to player 0 when both players follow `policy`."""
    return values(tree, policy)[0]


def first_player_value(tree, policy):
    """The return to the 1st player when both follow `policy`, if the game's first draw is who
    plays first (Skirmish's: its theaters keep their order); else None."""
    root = tree.root_texts
    if len(root) != 2 or "1st player" not in root[0]:
        return None
    v = values(tree, policy)
    first0, first1 = tree.children[0]  # outcome 0: player 0 is the 1st player
    return 0.5 * v[first0] - 0.5 * v[first1]


def best_response_value(tree, policy, responder):
    """The most `responder` can expect (its return, -1 to 1) against the other's `policy`: a
    best response's value, found exactly. At each of its information states it takes the
    action of most value summed over the states there, each weighted by the chance and the
    opponent's probability of reaching it."""
    sign = 1.0 if responder == 0 else -1.0
    reach = [0.0] * len(tree)  # chance's and the opponent's probability of reaching each node
    reach[0] = 1.0
    members = {}  # the responder's information state -> its nodes
    for k in range(len(tree)):
        kind, kids = tree.kind[k], tree.children[k]
        if kind == CHANCE:
            for p, c in zip(tree.probs[k], kids):
                reach[c] = reach[k] * p
        elif kind == PLAYER:
            if tree.player[k] == responder:
                members.setdefault(tree.info[k], []).append(k)
                for c in kids:
                    reach[c] = reach[k]
            else:
                for p, c in zip(policy[tree.info[k]], kids):
                    reach[c] = reach[k] * p
    choice = {}
    value = [None] * len(tree)

    def decide(i):
        if i not in choice:
            nodes = members[i]
            totals = [sum(reach[k] * node_value(tree.children[k][a]) for k in nodes) for a in range(len(tree.info_actions[i]))]
            choice[i] = max(range(len(totals)), key=totals.__getitem__)
        return choice[i]

    def node_value(k):
        if value[k] is None:
            kind = tree.kind[k]
            if kind == TERMINAL:
                value[k] = sign * tree.value[k]
            elif kind == CHANCE:
                value[k] = sum(p * node_value(c) for p, c in zip(tree.probs[k], tree.children[k]))
            elif tree.player[k] == responder:
                value[k] = node_value(tree.children[k][decide(tree.info[k])])
            else:
                value[k] = sum(p * node_value(c) for p, c in zip(policy[tree.info[k]], tree.children[k]))
        return value[k]

    sys.setrecursionlimit(max(10000, sys.getrecursionlimit()))
    return node_value(0)


def exploitability(tree, policy):
    """OpenSpiel's exploitability: (NashConv) / 2, the two best responses' gains averaged."""
    return (best_response_value(tree, policy, 0) + best_response_value(tree, policy, 1)) / 2.0


class CFRPlus:
    """CFR+ over the whole tree: regret matching+ at every information state, simultaneous
    updates, the average policy weighted by the iteration's number."""

    def __init__(self, tree):
        self.tree = tree
        self.regret = [[0.0] * len(a) for a in tree.info_actions]
        self.total = [[0.0] * len(a) for a in tree.info_actions]
        self.iterations = 0

    def current(self):
        out = []
        for r in self.regret:
            s = sum(r)
            out.append([x / s for x in r] if s > 0 else [1.0 / len(r)] * len(r))
        return out

    def average(self):
        out = []
        for t in self.total:
            s = sum(t)
            out.append([x / s for x in t] if s > 0 else [1.0 / len(t)] * len(t))
        return out

    def iterate(self):
        tree, sigma = self.tree, self.current()
        self.iterations += 1
        n = len(tree)
        reach = [[0.0] * n, [0.0] * n]  # each player's own probability of reaching each node
        chance = [0.0] * n              # chance's
        reach[0][0] = reach[1][0] = chance[0] = 1.0
        for k in range(n):
            kind, kids = tree.kind[k], tree.children[k]
            if kind == CHANCE:
                for p, c in zip(tree.probs[k], kids):
                    reach[0][c], reach[1][c], chance[c] = reach[0][k], reach[1][k], chance[k] * p
            elif kind == PLAYER:
                me = tree.player[k]
                other = 1 - me
                for p, c in zip(sigma[tree.info[k]], kids):
                    reach[me][c], reach[other][c], chance[c] = reach[me][k] * p, reach[other][k], chance[k]
        v = [0.0] * n  # the return to player 0 under sigma
        weight = float(self.iterations)
        for k in range(n - 1, -1, -1):
            kind, kids = tree.kind[k], tree.children[k]
            if kind == TERMINAL:
                v[k] = tree.value[k]
            elif kind == CHANCE:
                v[k] = sum(p * v[c] for p, c in zip(tree.probs[k], kids))
            else:
                i, me = tree.info[k], tree.player[k]
                strat = sigma[i]
                here = sum(p * v[c] for p, c in zip(strat, kids))
                v[k] = here
                sign = 1.0 if me == 0 else -1.0
                cf = reach[1 - me][k] * chance[k] * sign  # the counterfactual weight, from `me`'s side
                r, t, own = self.regret[i], self.total[i], reach[me][k] * weight
                for a, c in enumerate(kids):
                    r[a] += cf * (v[c] - here)
                    t[a] += own * strat[a]
        for r in self.regret:  # regret matching+: negative regrets are forgotten
            for a, x in enumerate(r):
                if x < 0:
                    r[a] = 0.0
        return v[0]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--set", default=SKIRMISH, help="the card set (default: docs/examples/skirmish)")
    ap.add_argument("--iterations", type=int, default=300, help="CFR+ iterations (default 300)")
    ap.add_argument("--agents", default="random,greedy,mcts:100", help="engine agents to measure, comma-separated")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args(argv)

    started = time.time()
    game = als.Game(args.set, chance_nodes=True)
    tree = Tree(game)
    walked = time.time() - started
    rows = [{"policy": "uniform random", "exploitability": exploitability(tree, uniform(tree))}]
    for spec in [a for a in args.agents.split(",") if a and a != "random"]:
        rows.append({"policy": spec, "exploitability": exploitability(tree, agent_policy(tree, spec))})
    cfr = CFRPlus(tree)
    checkpoints = sorted({c for c in (10, 30, 100, 300, 1000, 3000) if c < args.iterations} | {args.iterations})
    curve = []
    for it in range(1, args.iterations + 1):
        cfr.iterate()
        if it in checkpoints:
            curve.append({"iterations": it, "exploitability": exploitability(tree, cfr.average())})
    average = cfr.average()
    rows.append({"policy": f"CFR+ ({args.iterations} iterations)", "exploitability": curve[-1]["exploitability"]})
    doc = {"set": os.path.basename(os.path.normpath(args.set)), "states": len(tree),
           "information_states": [tree.info_player.count(0), tree.info_player.count(1)],
           "cfr_game_value": expected_value(tree, average), "cfr_first_player_value": first_player_value(tree, average),
           "policies": rows, "cfr_curve": curve,
           "seconds": {"walk": round(walked, 1), "total": round(time.time() - started, 1)}}
    if args.json:
        print(json.dumps(doc, indent=1))
        return doc
    print(f"{doc['set']}: {len(tree)} states, information states {doc['information_states'][0]} + "
          f"{doc['information_states'][1]} (walked in {walked:.1f} s)")
    print(f"{'policy':<28} exploitability")
    for r in rows:
        print(f"{r['policy']:<28} {r['exploitability']:.4f}")
    print("CFR+ by iterations: " + ", ".join(f"{c['iterations']}: {c['exploitability']:.4f}" for c in curve))
    print(f"the game's value to player 0 under CFR+'s policy: {doc['cfr_game_value']:+.4f}")
    if doc["cfr_first_player_value"] is not None:
        print(f"... and to the 1st player: {doc['cfr_first_player_value']:+.4f}")
    return doc


if __name__ == "__main__":
    main()
