"""als.VectorEnv as Gymnasium's vector API describes a VectorEnv (gymnasium.vector.VectorEnv:
num_envs, single_observation_space, single_action_space, batched observation_space and
action_space, metadata with autoreset_mode, render_mode, spec, unwrapped, np_random, close), checked
with gymnasium's spaces when it is installed and with als's stand-ins otherwise.

Run by the README's test command (tests/meson.build: python3 -m pytest tests/python with
PYTHONPATH=build/python).
"""
import pytest
import numpy as np

import als


def make(n=6, **kw):
    return als.VectorEnv(als.Game("standard"), n, opponent="random", seat=0, seed=5, **kw)


def test_spaces_of_one_game_and_of_the_batch():
    env = make()
    game = env.game
    assert env.single_observation_space.shape == (game.observation_tensor_size(),)
    assert env.single_observation_space.dtype == np.float32
    assert env.single_action_space.n == game.num_distinct_actions()
    assert env.observation_space.shape == (env.num_envs, game.observation_tensor_size())
    assert env.action_space.shape == (env.num_envs,)
    assert list(env.action_space.nvec) == [game.num_distinct_actions()] * env.num_envs
    info_env = make(tensor="information_state")
    assert info_env.single_observation_space.shape == (game.information_state_tensor_size(),)


def test_metadata_render_mode_and_the_base_class_attributes():
    env = make()
    mode = env.metadata["autoreset_mode"]
    assert str(getattr(mode, "value", mode)) == "SameStep", "finished games are replaced in the same step"
    assert env.autoreset_mode == mode
    assert env.render_mode is None and env.render() is None
    assert env.spec is None and env.unwrapped is env
    assert isinstance(env.np_random, np.random.Generator)
    env.close()
    assert env.closed


def test_a_loop_as_gymnasiums_docs_write_it():
    env = make()
    obs, info = env.reset(seed=42)
    assert env.observation_space.contains(obs)
    env.action_space.seed(1)
    ended = 0
    for _ in range(300):
        masks = tuple(m.astype(np.int8) for m in info["action_mask"])
        actions = env.action_space.sample(mask=masks)
        assert env.action_space.contains(actions)
        assert all(info["action_mask"][i, a] for i, a in enumerate(actions)), "a masked sample is legal"
        obs, reward, terminated, truncated, info = env.step(actions)
        assert obs.shape == env.observation_space.shape and reward.shape == (env.num_envs,)
        assert terminated.dtype == np.bool_ and truncated.dtype == np.bool_
        for i in np.flatnonzero(terminated | truncated):  # SAME_STEP: the last observation in final_obs
            assert info["final_obs"][i].any() and info["final_obs"] is info["final_observation"]
            ended += 1
    assert ended > 0
    a, _ = env.reset(seed=42)
    b, _ = make().reset(seed=42)
    np.testing.assert_array_equal(a, b)


def test_a_vector_env_refuses_to_be_copied_and_says_what_to_do():
    import copy
    import pickle
    env = als.VectorEnv(als.Game("standard"), 2, seed=1)
    env.reset()
    for copying in (copy.deepcopy, pickle.dumps, copy.copy):
        with pytest.raises(als.Error, match="make another with the same arguments"):
            copying(env)
