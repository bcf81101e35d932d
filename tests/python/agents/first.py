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
    elif mode == "illegal":
        class Illegal(als.Agent):
            def step(self, view):
                return 100000
        agent = Illegal()
    als.serve_agent(agent)
