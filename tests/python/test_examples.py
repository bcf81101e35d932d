"""The examples of docs/python.md run (briefly) and print what the page shows."""
import os
import re
import subprocess
import sys

EXAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "examples", "python")


def run(name, *args):
    out = subprocess.run([sys.executable, os.path.join(EXAMPLES, name), *args], capture_output=True, text=True,
                         timeout=240)
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_reinforce_reports_a_learning_curve():
    out = run("reinforce.py", "--games", "96", "--envs", "16", "--batch", "16", "--report", "48")
    rows = [line for line in out.splitlines() if re.match(r"^\s+\d+\s+\d+\.\d%", line)]
    assert len(rows) == 2 and rows[-1].split()[0] == "96"


def test_pimc_plays_with_the_engines_determinization():
    out = run("pimc.py", "--games", "4", "--samples", "2")
    assert re.search(r"pimc \(2 samples\) vs random: \d of 4 games \(\d+%; 95% Wilson \d+%-\d+%\)", out)


def load_cfr():
    import importlib.util
    spec = importlib.util.spec_from_file_location("cfr_small", os.path.join(EXAMPLES, "cfr_small.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class KuhnTree:
    """Kuhn poker in cfr_small's tree shape (preorder lists), to check its CFR and best response
    against a game whose equilibrium is known: value -1/18 to the first player."""

    def __init__(self, cfr):
        self.cfr = cfr
        self.kind, self.player, self.info, self.children, self.probs, self.value = [], [], [], [], [], []
        self.infos, self.info_player, self.info_actions = {}, [], []
        self.deal([])

    def __len__(self):
        return len(self.kind)

    def node(self, kind, player=-1, info=-1, probs=None, value=0.0):
        for lst, x in zip((self.kind, self.player, self.info, self.children, self.probs, self.value),
                          (kind, player, info, [], probs, value)):
            lst.append(x)
        return len(self.kind) - 1

    def deal(self, cards):
        if len(cards) == 2:
            return self.play(cards, "")
        left = [c for c in range(3) if c not in cards]
        k = self.node(self.cfr.CHANCE, probs=[1.0 / len(left)] * len(left))
        for c in left:
            self.children[k].append(self.deal(cards + [c]))
        return k

    def play(self, cards, h):
        ends = {"cc": 1, "bc": 2, "cbc": 2}
        if h in ends or h in ("bf", "cbf"):
            if h == "bf":
                return self.node(self.cfr.TERMINAL, value=1.0)
            if h == "cbf":
                return self.node(self.cfr.TERMINAL, value=-1.0)
            stake = ends[h]
            return self.node(self.cfr.TERMINAL, value=stake if cards[0] > cards[1] else -stake)
        p = len(h) % 2
        key = (p, cards[p], h)
        if key not in self.infos:
            self.infos[key] = len(self.info_player)
            self.info_player.append(p)
            self.info_actions.append([0, 1])
        k = self.node(self.cfr.PLAYER, player=p, info=self.infos[key])
        moves = ("f", "c") if h.endswith("b") else ("c", "b")
        for m in moves:
            self.children[k].append(self.play(cards, h + m))
        return k


def test_cfr_and_best_response_solve_kuhn_poker():
    cfr = load_cfr()
    tree = KuhnTree(cfr)
    solver = cfr.CFRPlus(tree)
    for _ in range(2000):
        solver.iterate()
    average = solver.average()
    assert abs(cfr.expected_value(tree, average) - (-1.0 / 18.0)) < 2e-3
    assert cfr.exploitability(tree, average) < 5e-3
    uniform = cfr.uniform(tree)
    # a best response does at least as well as the policy it replaces, and uniform Kuhn is exploitable
    assert cfr.best_response_value(tree, uniform, 0) >= cfr.expected_value(tree, uniform) - 1e-12
    assert cfr.best_response_value(tree, uniform, 1) >= -cfr.expected_value(tree, uniform) - 1e-12
    assert cfr.exploitability(tree, uniform) > 0.2


def test_cfr_small_measures_the_engine_agents_on_skirmish():
    import json
    out = run("cfr_small.py", "--iterations", "12", "--agents", "random,greedy", "--json")
    doc = json.loads(out)
    assert doc["set"] == "skirmish" and doc["states"] > 100000
    rows = {r["policy"]: r["exploitability"] for r in doc["policies"]}
    assert set(rows) == {"uniform random", "greedy", "CFR+ (12 iterations)"}
    assert all(0 <= x <= 1 for x in rows.values())
    assert rows["CFR+ (12 iterations)"] < rows["greedy"] < rows["uniform random"]
    assert [c["iterations"] for c in doc["cfr_curve"]] == [10, 12]


def test_the_vector_env_policy_on_the_page_draws_legal_ids_uniformly():
    """docs/python.md's uniform numpy policy, run as printed (shorter): every id it picks is legal
    (VectorEnv raises on an illegal one), and over one mask its picks cover the legal ids evenly."""
    import numpy as np
    page = open(os.path.join(EXAMPLES, "..", "..", "python.md")).read()
    block = re.search(r"A uniform random policy over the legal ids, in numpy:\n\n```python\n(.*?)```", page, re.S).group(1)
    ns = {}
    exec(block.replace("range(1000)", "range(50)"), ns)
    assert ns["env"].games_finished() > 0
    info, rng = ns["info"], np.random.default_rng(2)
    mask = info["action_mask"].view(np.bool_)
    seen = np.zeros(mask.shape, np.int64)
    for _ in range(400):
        legal = np.flatnonzero(mask)
        counts = np.count_nonzero(mask, axis=1)
        actions = legal[np.cumsum(counts) - counts + (rng.random(len(counts)) * counts).astype(np.int64)] % mask.shape[1]
        assert mask[np.arange(len(actions)), actions].all()
        seen[np.arange(len(actions)), actions] += 1
    row = int(np.argmax(counts))  # the row with the most legal ids: each drawn about 400 / counts times
    assert (seen[row][mask[row]] > 0).all() and seen[row][~mask[row]].sum() == 0
