"""An agent that plays the first legal id (tests/python/test_exec.py)."""
import sys

import als


class First(als.Agent):
    def step(self, view):
        assert view.legal_actions_mask().sum() == len(view.legal_actions())
        assert view.observation_tensor().shape == (view.message and len(view.message["observation_tensor"]),)
        return view.legal_actions()[-1]


if __name__ == "__main__":
    mode = sys.argv[1] if len(sys.argv) > 1 else ""
    agent = First()
    if mode == "crash":  # stops at its third decision
        class Crash(als.Agent):
            n = 0

            def step(self, view):
                Crash.n += 1
                if Crash.n == 3:
                    sys.exit(3)
                return view.legal_actions()[-1]
        agent = Crash()
    elif mode == "hang":
        class Hang(als.Agent):
            def step(self, view):
                import time
                time.sleep(60)
        agent = Hang()
    elif mode == "world":  # reads each decision's world (exec:...,state=1); a mismatch answers illegally
        import numpy as np

        class World(als.Agent):
            game = als.Game("standard")

            def step(self, view):
                s = view.state(self.game)
                ok = (s.current_player() == view.player and s.legal_actions() == view.legal_actions()
                      and np.array_equal(s.observation_tensor(view.player), view.observation_tensor())
                      and s.resample_from_infostate(view.player, 7).legal_actions() == view.legal_actions())
                if not ok:
                    print("the world differs from the view", file=sys.stderr)
                    return 100000
                return view.legal_actions()[-1]
        agent = World()
    elif mode == "nostate":  # asks for a world it was not sent
        class NoState(als.Agent):
            def step(self, view):
                try:
                    view.state(als.Game("standard"))
                except als.Error as e:
                    print(e, file=sys.stderr)
                    return view.legal_actions()[-1]
                return 100000
        agent = NoState()
    elif mode == "log":  # plays uniformly (seeded by its seat) and writes each decision to $ALS_TEST_LOG/seatN.jsonl
        import json
        import os
        import random

        class Log(als.Agent):
            rng = None

            def step(self, view):
                if self.rng is None:
                    self.rng = random.Random(view.player)
                chosen = self.rng.choice(view.legal_actions())
                try:
                    info = view.information_state_tensor().tolist()
                except als.Error:
                    info = None
                with open(os.path.join(os.environ["ALS_TEST_LOG"], "seat%d.jsonl" % view.player), "a") as f:
                    f.write(json.dumps({"id": chosen, "info": info}) + "\n")
                return chosen
        agent = Log()
    elif mode == "illegal":
        class Illegal(als.Agent):
            def step(self, view):
                return 100000
        agent = Illegal()
    als.serve_agent(agent)
