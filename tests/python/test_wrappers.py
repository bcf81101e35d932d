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
        assert finals == {f"player_{i}": r for i, r in enumerate(env.state.returns())}


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
