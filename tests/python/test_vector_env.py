"""`als.VectorEnv` (docs/python.md, "Many games at once")."""
import os

import numpy as np
import pytest

import als


def uniform(rng, mask):
    """A uniformly random legal id a row."""
    noise = rng.random(mask.shape, dtype=np.float32) + 0.5
    return (noise * mask).argmax(1)


def globals_at(game):
    """Where the observation's 15 numbers begin (docs/python.md, "What a player is shown")."""
    c, t = len(game.card_table()), 3
    return c * (12 + t) + t * (t + 10) + 2 * t * 12 * 3


def run(env, seed, steps):
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    out = [obs.copy()]
    for _ in range(steps):
        obs, reward, terminated, truncated, info = env.step(uniform(rng, info["action_mask"]))
        out += [obs.copy(), reward.copy(), terminated.copy(), info["final_observation"].copy()]
    return out


def test_shapes_and_masks():
    game = als.Game("standard")
    env = als.VectorEnv(game, 8, opponent="random", seed=3)
    obs, info = env.reset()
    assert obs.shape == (8, game.observation_tensor_size()) and obs.dtype == np.float32
    mask = info["action_mask"]
    assert mask.shape == (8, game.num_distinct_actions()) and mask.dtype == np.uint8
    assert (mask.sum(1) >= 1).all()
    obs, reward, terminated, truncated, info = env.step(uniform(np.random.default_rng(0), mask))
    assert reward.shape == (8,) and reward.dtype == np.float32
    assert terminated.dtype == np.bool_ and truncated.dtype == np.bool_
    assert info["final_observation"].shape == obs.shape


def test_same_seed_same_games():
    game = als.Game("standard")
    a = run(als.VectorEnv(game, 6, opponent="random"), 11, 120)
    b = run(als.VectorEnv(game, 6, opponent="random"), 11, 120)
    c = run(als.VectorEnv(game, 6, opponent="random"), 12, 120)
    assert all(np.array_equal(x, y) for x, y in zip(a, b))
    assert not all(np.array_equal(x, y) for x, y in zip(a, c))


def test_rewards_from_the_agents_seat():
    game = als.Game("standard")
    at = globals_at(game)
    for seat in (0, 1):
        env = als.VectorEnv(game, 16, opponent="greedy", seat=seat, seed=5)
        rng = np.random.default_rng(seat)
        _, info = env.reset()
        ended = 0
        for _ in range(300):
            _, reward, terminated, truncated, info = env.step(uniform(rng, info["action_mask"]))
            final = info["final_observation"]
            for i in np.flatnonzero(terminated):
                mine, theirs = final[i, at], final[i, at + 1]
                assert reward[i] == (1.0 if mine > theirs else -1.0)  # my VP and the opponent's
                ended += 1
            quiet = ~(terminated | truncated)
            assert (reward[quiet] == 0).all() and not final[quiet].any()
        assert ended > 20
        assert env.games_finished() >= ended


def test_illegal_action_names_the_row_and_moves_nothing():
    game = als.Game("standard")
    env = als.VectorEnv(game, 4, opponent="random", seed=2)
    obs, info = env.reset()
    actions = uniform(np.random.default_rng(0), info["action_mask"])
    bad = actions.copy()
    bad[2] = next(i for i in range(game.num_distinct_actions()) if not info["action_mask"][2, i])
    with pytest.raises(als.Error, match="row 2"):
        env.step(bad)
    again = als.VectorEnv(game, 4, opponent="random", seed=2)
    again.reset()
    assert np.array_equal(env.step(actions)[0], again.step(actions)[0])
    with pytest.raises(als.Error):
        env.step(actions[:3])


@pytest.mark.parametrize("cards", ["original", "docs/examples/field-command", "tests/sets/api4"])
def test_other_sets(cards):
    root = __file__.rsplit("/tests/", 1)[0]
    game = als.Game(cards if "/" not in cards else f"{root}/{cards}")
    env = als.VectorEnv(game, 8, opponent="random", seed=9)
    rng = np.random.default_rng(9)
    _, info = env.reset()
    for _ in range(150):
        assert (info["action_mask"].sum(1) >= 1).all()
        _, _, _, _, info = env.step(uniform(rng, info["action_mask"]))
    assert env.games_finished() > 0


def test_refusals():
    game = als.Game("standard")
    with pytest.raises(als.Error, match="unknown opponent"):
        als.VectorEnv(game, 2, opponent="nobody")
    # an empty spec is no agent (None, not "", asks for both seats)
    for empty in ("", "  "):
        with pytest.raises(als.Error, match="or be None for both seats"):
            als.VectorEnv(game, 2, opponent=empty)
    # a program plays only from the command line, and the refusal says so
    with pytest.raises(als.Error, match=r"a program \(exec:\) plays only from the als command line"):
        als.VectorEnv(game, 2, opponent="exec:true")
    with pytest.raises(als.Error, match=r"a program \(exec:\) plays only from the als command line"):
        als.EngineAgent("exec:true", 0, 1)
    with pytest.raises(als.Error, match="the agent spec is empty"):
        als.EngineAgent("", 0, 1)
    with pytest.raises(als.Error):
        als.VectorEnv(game, 0)
    with pytest.raises(als.Error):
        als.VectorEnv(game, 2, seat=2)


def test_battle_rewards():
    env = als.VectorEnv(als.Game("standard"), 8, opponent="random", seed=1, options="battle_rewards")
    rng = np.random.default_rng(1)
    _, info = env.reset()
    seen = 0
    for _ in range(100):
        _, reward, _, _, info = env.step(uniform(rng, info["action_mask"]))
        assert (np.abs(reward) <= 1).all()
        seen += int((reward != 0).sum())
    assert seen > 10


def first_decision(game, seed):
    """The game dealt from `seed` at player 0's first decision, player 1 played by `random`
    seeded from the game as the environments seed it."""
    state, opponent = game.new_initial_state(seed), als.EngineAgent("random", seed, 1)
    while not state.is_terminal() and state.current_player() != 0:
        state.apply_action(opponent.step(state))
    return state


def test_game_seeds_come_from_game_seed():
    # Issue 51: every game's seed is als.game_seed(reset seed, its number), the function every
    # command uses, so runs of neighbouring seeds share no game (they shared all but one before).
    game = als.Game("standard")
    env = als.VectorEnv(game, 4, opponent="random")
    obs, _ = env.reset(seed=21)
    for row in range(4):
        first = first_decision(game, als.game_seed(21, row))
        assert np.array_equal(obs[row], first.observation_tensor(0)), row
    seeds = {als.game_seed(s, i) for s in range(20) for i in range(500)}
    assert len(seeds) == 20 * 500
    assert als.game_seed(0, 0) == 0x914A6915D7B0B02D  # SipHash-2-4, pinned (tests/unit/test_rng.cpp)


def test_wrappers_number_their_games_from_the_reset_seed():
    from als.gym import AlsEnv
    game = als.Game("standard")
    env = AlsEnv(game, opponent="random", seat=0)
    env.reset(seed=8)
    assert env.state.digest() == first_decision(game, als.game_seed(8, 0)).digest()
    env.reset()
    assert env.state.digest() == first_decision(game, als.game_seed(8, 1)).digest()


def test_threads_on_one_game():
    # Issue 52: threads stepping VectorEnvs of one Game crashed (SIGSEGV) or raised RuntimeError:
    # one engine runs its scripts in one thread. Each VectorEnv now runs a twin engine of its own,
    # so VectorEnvs of one Game step in parallel (the GIL released) and give the games they give
    # alone; a State of the Game used meanwhile is unaffected; one VectorEnv stepped from two
    # threads at once raises als.Error naming the rule.
    import threading
    game = als.Game(os.path.join(als.data_dir(), "docs", "examples", "frontier"))
    alone = [run(als.VectorEnv(game, 8, opponent="random"), 30 + k, 150) for k in range(4)]
    together, errors = [None] * 4, []

    def worker(k):
        try:
            together[k] = run(als.VectorEnv(game, 8, opponent="random"), 30 + k, 150)
        except Exception as e:  # noqa: BLE001 - any failure is the test's
            errors.append(e)

    def states():
        try:
            for seed in range(30):
                s = game.new_initial_state(seed)
                while not s.is_terminal():
                    s.apply_action(s.legal_actions()[0])
        except Exception as e:  # noqa: BLE001
            errors.append(e)

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(4)] + [threading.Thread(target=states)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    for a, b in zip(alone, together):
        assert all(np.array_equal(x, y) for x, y in zip(a, b))

    env = als.VectorEnv(game, 64, opponent="random", seed=1)
    env.reset()
    mask = env.reset(seed=2)[1]["action_mask"]
    refused, other = [], []

    def stepper(k):
        rng = np.random.default_rng(k)
        for _ in range(200):
            try:
                env.step(uniform(rng, mask))
            except als.Error as e:
                refused.append(str(e))
            except Exception as e:  # noqa: BLE001
                other.append(e)

    pair = [threading.Thread(target=stepper, args=(k,)) for k in range(2)]
    for t in pair:
        t.start()
    for t in pair:
        t.join()
    assert not other, other
    assert all("one thread at a time steps a VectorEnv" in r or "not legal" in r or "illegal" in r for r in refused), refused[:3]


@pytest.mark.parametrize("options", ["", "battle_rewards"])
def test_info_says_how_each_ended_game_ended(options):
    # issue 55: the winner, the scores and the episode return of each game that ended, in its
    # row (the example read them from offsets of final_observation); -1, zeros elsewhere.
    game = als.Game("standard")
    at = globals_at(game)
    for seat in (0, 1):
        env = als.VectorEnv(game, 8, opponent="greedy", seat=seat, seed=9, options=options)
        rng = np.random.default_rng(seat)
        _, info = env.reset()
        totals = np.zeros(8)
        ended = 0
        for _ in range(300):
            _, reward, terminated, truncated, info = env.step(uniform(rng, info["action_mask"]))
            totals += reward
            done = terminated | truncated
            for i in np.flatnonzero(terminated):
                final, scores = info["final_observation"][i], info["final_scores"][i]
                assert info["final_winner"][i] in (0, 1)
                assert (scores[seat], scores[1 - seat]) == (final[at], final[at + 1])  # my VP, the opponent's
                assert (info["final_winner"][i] == seat) == (scores[seat] > scores[1 - seat])
                assert info["episode_return"][i] == pytest.approx(totals[i], abs=1e-5)
                if not options:
                    assert info["episode_return"][i] == (1.0 if info["final_winner"][i] == seat else -1.0)
                ended += 1
            assert (info["final_winner"][~done] == -1).all() and not info["final_scores"][~done].any()
            assert not info["episode_return"][~done].any()
            totals[done] = 0
        assert ended > 10
        assert info["final_winner"].dtype == np.int8 and info["final_scores"].dtype == np.int32


def mirror(game, run_seed, number, opponent=None, seat=0):
    """The game VectorEnv plays as its game `number` of a run: a State from the same seed, with the
    engine's agent (seeded alike) for the other seat."""
    seed = als.game_seed(run_seed, number)
    state = game.new_initial_state(seed)
    agent = als.EngineAgent(opponent, seed, 1 - seat) if opponent else None
    return state, agent


def settle(state, agent, seat):
    rewards = np.zeros(2, np.float32)
    while agent and not state.is_terminal() and state.current_player() != seat:
        state.apply_action(agent.step(state))
        rewards += state.rewards()
    return rewards


@pytest.mark.parametrize("tensor,opponent,copy", [("observation", None, True), ("information_state", None, True),
                                                  ("information_state", "greedy", True),
                                                  ("information_state", None, False),
                                                  ("information_state", "greedy", False), ("observation", None, False)])
def test_both_seats_and_information_states_follow_the_games_they_play(tensor, opponent, copy):
    """Every row is the tensor State gives for its game, and with copy=False (the same arrays
    every step, obs read-only, information-state rows written where they changed) too; an ended
    game's final rows are cleared in the next step."""
    game = als.Game("standard", options="battle_rewards")
    n, seat = 4, 1
    env = als.VectorEnv(game, n, opponent=opponent, seat=seat, seed=17, tensor=tensor, copy=copy)
    width = game.information_state_tensor_size() if tensor == "information_state" else game.observation_tensor_size()
    obs, info = env.reset()
    assert obs.shape == (n, width) and env.both_seats == (opponent is None)
    games = [mirror(game, 17, i, opponent, seat) for i in range(n)]
    for s, a in games:
        settle(s, a, seat)
    started, rng, ended = n, np.random.default_rng(5), 0
    for _ in range(150):
        for i, (s, _) in enumerate(games):
            p = s.current_player()
            assert info["current_player"][i] == p == (p if opponent is None else seat)
            view = s.information_state_tensor(p) if tensor == "information_state" else s.observation_tensor(p)
            assert (obs[i] == view).all()
            assert (info["action_mask"][i] == s.legal_actions_mask()).all()
        actions = uniform(rng, info["action_mask"])
        previous = obs
        obs, reward, terminated, truncated, info = env.step(actions)
        assert (obs is previous) == (not copy) and obs.flags.writeable == copy
        for i in range(n):
            if not (terminated[i] or truncated[i]):  # (rows of games that did not end: cleared)
                assert not info["final_observation"][i].any() and info["final_winner"][i] == -1
            s, agent = games[i]
            actor = s.current_player()
            s.apply_action(int(actions[i]))
            got = np.array(s.rewards(), np.float32) + settle(s, agent, seat)
            assert np.allclose(info["rewards"][i], got) and np.isclose(reward[i], got[actor])
            assert info["rewards"][i].sum() == 0  # every reward is zero-sum
            assert terminated[i] == s.is_terminal()
            if s.is_terminal():
                ended += 1
                assert info["final_winner"][i] == (0 if s.returns()[0] > 0 else 1)
                final = s.information_state_tensor(actor) if tensor == "information_state" else s.observation_tensor(actor)
                assert (info["final_observation"][i] == final).all()
                assert list(info["final_scores"][i]) == s.scores()
                games[i] = mirror(game, 17, started, opponent, seat)
                settle(*games[i], seat)
                started += 1
    assert ended >= 2


def test_self_play_episode_returns_are_player_0s():
    game = als.Game("standard")
    env = als.VectorEnv(game, 16, opponent=None, seed=2)
    obs, info = env.reset()
    rng, seen = np.random.default_rng(1), 0
    while seen < 20:
        obs, reward, terminated, truncated, info = env.step(uniform(rng, info["action_mask"]))
        for i in np.flatnonzero(terminated):
            winner = info["final_winner"][i]
            assert info["episode_return"][i] == (1.0 if winner == 0 else -1.0)
            seen += 1
    with pytest.raises(als.Error, match="tensor must be"):
        als.VectorEnv(game, 2, tensor="belief")
