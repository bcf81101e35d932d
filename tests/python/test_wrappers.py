"""The wrappers in the field's shapes: als.gym (Gymnasium) and als.pettingzoo (AEC), whole games."""
import numpy as np
import pytest

import als
import als.gym
import als.pettingzoo


@pytest.mark.parametrize("seat", [0, 1])
def test_gym_loop(seat):
    env = als.gym.AlsEnv("standard", opponent="greedy", seat=seat)
    assert env.observation_space.shape == (env.game.observation_tensor_size(),)
    assert env.action_space.n == env.game.num_distinct_actions()
    rng = np.random.default_rng(seat)
    outcomes = []
    for episode in range(6):
        obs, info = env.reset(seed=100 + episode)
        assert env.observation_space.contains(obs)
        assert "you" not in env.render() and "my hand" in env.render()
        total, done = 0.0, False
        while not done:
            legal = np.flatnonzero(info["action_mask"])
            assert list(legal) == info["legal_actions"] and len(legal) > 0
            assert env.state.current_player() == seat
            obs, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
            total += reward
            done = terminated or truncated
        assert terminated and total == env.state.returns()[seat]  # rewards from the agent's seat
        outcomes.append(total)
    assert set(outcomes) <= {1.0, -1.0} and -1.0 in outcomes  # greedy beats random play sometimes
    # a seeded reset gives the same game again
    a, _ = env.reset(seed=7)
    b, _ = env.reset(seed=7)
    assert np.array_equal(a, b)


def test_gym_refusals():
    with pytest.raises(als.Error):
        als.gym.AlsEnv("standard", opponent="nobody")
    env = als.gym.AlsEnv({"cards": "original"})
    with pytest.raises(RuntimeError):
        env.step(0)


def test_pettingzoo_loop():
    env = als.pettingzoo.env("standard")
    assert env.possible_agents == ["player_0", "player_1"]
    rng = np.random.default_rng(3)
    for episode in range(4):
        env.reset(seed=episode)
        steps, finals = 0, {}
        for agent in env.agent_iter():
            obs, reward, termination, truncation, info = env.last()
            assert obs.shape == env.observation_space(agent).shape
            if termination or truncation:
                finals[agent] = reward
                env.step(None)
                continue
            mask = info["action_mask"]
            other = env.infos["player_1" if agent == "player_0" else "player_0"]["action_mask"]
            assert mask.any() and not other.any()
            env.step(int(rng.choice(np.flatnonzero(mask))))
            steps += 1
        assert steps > 0 and env.agents == []
        assert sorted(finals.values()) == [-1.0, 1.0]
        assert finals == {f"player_{i}": r for i, r in enumerate(env.game_state.returns())}


def test_gym_skips_a_game_over_before_the_seats_first_decision():
    # Issue 52: under a rule that can end the game before the 2nd player's first decision, reset
    # returned such a game (over already) and the next step raised; it now moves on to the run's
    # next game, as VectorEnv does.
    import os
    rule = os.path.join(os.path.dirname(__file__), "..", "sets", "rules", "one_turn.lua")
    game = als.Game("standard", rules=[rule])
    over = 0
    for seed in range(20):  # (how often the plain deal is over at once: the rule does bite)
        state, opponent = game.new_initial_state(als.game_seed(seed, 0)), als.EngineAgent("random", 0, 0)
        while not state.is_terminal() and state.current_player() != 1:
            state.apply_action(opponent.step(state))
        over += state.is_terminal()
    assert over >= 3
    env = als.gym.AlsEnv(game, opponent="random", seat=1)
    for seed in range(20):
        obs, info = env.reset(seed=seed)
        assert not env.state.is_terminal() and env.state.current_player() == 1
        obs, reward, terminated, truncated, info = env.step(info["legal_actions"][0])
        assert terminated and reward in (1.0, -1.0)


def test_battle_reward_checks_its_integers():
    # Issue 52: scores past a C int wrapped or overflowed; now a bad integer is an als.Error.
    game = als.Game("standard")
    assert 0.0 <= game.battle_reward([0, 0], [6, 0], 0) <= 1.0
    for start, end, player, winner in [([2**31 - 1, 0], [0, 0], 0, -1), ([0, 0], [-(2**31), 0], 0, -1),
                                       ([0, 2**70], [0, 0], 1, -1), ([0, 0], [0, 0], 2, -1),
                                       ([0, 0], [0, 0], 0, 2**64), ([0, 0], [0, 0], 0, True), ([0.5, 0], [0, 0], 0, -1)]:
        with pytest.raises(als.Error):
            game.battle_reward(start, end, player, winner)


# The frameworks' conventions (issue 55), held by the suite's copies of their rules where the
# frameworks do not import (Debian 12 packages neither), and by their own checkers where they do.

def test_gym_masks_are_int8_and_sample_as_gymnasiums_discrete_wants():
    env = als.gym.AlsEnv("standard", opponent="random", seat=0)
    obs, info = env.reset(seed=3)
    mask = info["action_mask"]
    assert mask.dtype == np.int8 and mask.shape == (env.action_space.n,)
    env.action_space.seed(5)
    for _ in range(20):
        assert env.action_space.sample(mask=mask) in info["legal_actions"]
    with pytest.raises(AssertionError):  # gymnasium refuses a uint8 mask: so does the stand-in
        env.action_space.sample(mask=env.game_state.legal_actions_mask())
    assert env.state is env.game_state  # (the old name reads the same State)


def test_gym_registers_its_id_and_seeds_the_frameworks_generator():
    calls = []

    class FakeGymnasium:  # what als.gym._register reads of gymnasium
        class envs:
            registry = {}

        @staticmethod
        def register(id, entry_point):
            calls.append((id, entry_point))
            FakeGymnasium.envs.registry[id] = entry_point

    als.gym._register(FakeGymnasium)
    als.gym._register(FakeGymnasium)  # once only
    assert calls == [("als/AirLandSea-v0", "als.gym:AlsEnv")]
    module, name = calls[0][1].split(":")
    import importlib
    assert getattr(importlib.import_module(module), name) is als.gym.AlsEnv
    try:
        import gymnasium
    except ImportError:
        return
    env = gymnasium.make("als/AirLandSea-v0", game_or_kwargs="standard")  # pragma: no cover
    env.reset(seed=4)
    assert env.unwrapped.np_random is not None
    from gymnasium.utils.env_checker import check_env
    check_env(env.unwrapped)


def play_parallel(env, seed, rng):
    obs, infos = env.reset(seed=seed)
    steps = 0
    while env.agents:
        to_act = [a for a in env.agents if infos[a]["action_mask"].any()]
        assert len(to_act) == 1
        a = to_act[0]
        assert infos[a]["action_mask"].dtype == np.int8
        action = int(rng.choice(np.flatnonzero(infos[a]["action_mask"])))
        obs, rewards, terms, truncs, infos = env.step({a: action})
        steps += 1
    return steps, rewards, terms


def test_pettingzoo_parallel_env_plays_whole_games_as_the_aec_env():
    par = als.pettingzoo.parallel_env("standard")
    aec = als.pettingzoo.raw_env("standard")
    for seed in range(3):
        steps, rewards, terms = play_parallel(par, seed, np.random.default_rng(seed))
        assert steps > 0 and all(terms.values())
        assert sorted(rewards.values()) == [-1.0, 1.0]
        # the same seed and actions in the AEC env: the same end
        aec.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for agent in aec.agent_iter():
            obs, reward, termination, truncation, info = aec.last()
            if termination or truncation:
                aec.step(None)
                continue
            aec.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        assert aec.game_state.digest() == par.game_state.digest()
    with pytest.raises(ValueError):
        par.step({"player_0": 0})  # the game is over
    par.reset(seed=1)
    other = "player_1" if par.game_state.current_player() == 0 else "player_0"
    with pytest.raises(ValueError):
        par.step({other: 0})  # not its turn, and the player to act gave nothing
    try:  # the framework's own checkers, where it imports (the tests above copy their rules)
        from pettingzoo.test import api_test, parallel_api_test
    except ImportError:
        return
    api_test(als.pettingzoo.env("standard"), num_cycles=300)  # pragma: no cover - depends on the machine
    parallel_api_test(als.pettingzoo.parallel_env("standard"), num_cycles=300)  # pragma: no cover


def test_pettingzoo_mask_in_the_observation_and_no_global_state():
    env = als.pettingzoo.env("standard", mask_in_observation=True)
    env.reset(seed=2)
    obs, reward, termination, truncation, info = env.last()
    space = env.observation_space(env.agent_selection)
    assert set(obs) == {"observation", "action_mask"}
    assert obs["action_mask"].dtype == np.int8 and np.array_equal(obs["action_mask"], info["action_mask"])
    assert space.contains(obs)
    assert space["observation"].shape == (env.game.observation_tensor_size(),)
    with pytest.raises(NotImplementedError):
        env.state()
    par = als.pettingzoo.parallel_env("standard", mask_in_observation=True)
    observations, infos = par.reset(seed=2)
    assert all(space.contains(o) for o in observations.values())


def test_strings_are_canonical_for_states_a_player_cannot_tell_apart():
    game = als.Game("standard")
    rng = np.random.default_rng(1)
    compared = differ_before = 0
    for seed in range(6):
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            p = state.current_player()
            for k in range(3):
                world = state.resample_from_infostate(p, 100 * seed + k)
                assert world.observation_string(p) == state.observation_string(p)
                assert world.information_state_string(p) == state.information_state_string(p)
                assert np.array_equal(world.information_state_tensor(p), state.information_state_tensor(p))
                compared += 1
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert compared > 100
    # Deals a player cannot tell apart (the same hand, dealt in another order; the same 1st
    # player): found among 3,000 deals by their equal information-state tensors.
    groups = {}
    for seed in range(3000):
        state = game.new_initial_state(seed)
        groups.setdefault(state.information_state_tensor(0).tobytes(), []).append(state)
    pairs = 0
    for same in groups.values():
        for other in same[1:]:
            assert other.observation_string(0) == same[0].observation_string(0)
            assert other.information_state_string(0) == same[0].information_state_string(0)
            pairs += 1
    assert pairs >= 20
    # The hand is listed sorted: a hand's order is the deal's, not something a player knows.
    hand = game.new_initial_state(3).observation_string(0).split("my hand: ")[1].split("\n")[0].split()
    assert hand == sorted(hand) and len(hand) == 6


def test_gym_env_as_gymnasiums_base_class_has_it_and_copies():
    import copy
    import pickle
    env = als.gym.AlsEnv("standard", opponent="random", seat=1)
    assert env.render_mode is None, "Gymnasium's default: no render mode"
    assert env.spec is None and env.unwrapped is env
    env.reset(seed=3)
    a = env.np_random.integers(1 << 30)
    env.reset(seed=3)
    assert env.np_random.integers(1 << 30) == a, "a seeded reset seeds np_random"
    obs, info = env.reset(seed=9)
    for _ in range(3):
        obs, _, _, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    copies = [copy.deepcopy(env), pickle.loads(pickle.dumps(env))]
    assert all(c.game_state == env.game_state for c in copies)
    done = False
    while not done:  # the copies go on as the original does, the opponent's choices included
        action = int(np.flatnonzero(info["action_mask"])[-1])
        step = env.step(action)
        for c in copies:
            other = c.step(action)
            np.testing.assert_array_equal(step[0], other[0])
            assert step[1:4] == other[1:4]
        info, done = step[4], step[2] or step[3]
    fresh = copy.deepcopy(als.gym.AlsEnv("standard"))
    assert fresh.game_state is None


def test_pettingzoo_departed_agents_leave_the_tables_and_observe_before_reset_is_clear():
    env = als.pettingzoo.env("standard")
    assert env.render_mode is None
    with pytest.raises(als.Error, match="before reset"):
        env.observe("player_0")
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    for agent in env.agent_iter():
        _, _, terminated, truncated, info = env.last()
        if terminated or truncated:
            env.step(None)
            assert agent not in env.rewards and agent not in env.terminations and agent not in env.infos
            assert set(env.rewards) == set(env.agents)
        else:
            env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
    assert env.agents == [] and env.rewards == {} and env.infos == {}
