"""OpenSpiel's names on als.Game and als.State (docs/python.md, "OpenSpiel's names"): an
OpenSpiel-style loop as its algorithms write it, checked over random games.

Run by the README's test command (tests/meson.build: python3 -m pytest tests/python with
PYTHONPATH=build/python).
"""
import pickle
import random

import numpy as np
import pytest

import als


@pytest.fixture(scope="module")
def game():
    return als.Game("standard")


def test_new_initial_state_without_a_seed_deals_new_games(game):
    deals = {game.new_initial_state().information_state_string(0) for _ in range(8)}
    assert len(deals) > 1, "a loop of new_initial_state() meets more than one deal"
    a, b = game.new_initial_state(seed=5), game.new_initial_state(5)
    assert a == b, "a seed still replays its deal"


def test_an_openspiel_loop(game):
    rng = random.Random(3)
    for g in range(20):
        state = game.new_initial_state(100 + g)
        summed = np.zeros(2)
        moves = 0
        while not state.is_terminal():
            assert state.is_player_node() and not state.is_simultaneous_node()
            p = state.current_player()
            legal = state.legal_actions(p)
            assert legal == state.legal_actions()
            assert state.legal_actions(1 - p) == [], "the player who does not act has no legal action"
            assert state.legal_actions_mask(1 - p).sum() == 0
            assert list(np.flatnonzero(state.legal_actions_mask(p))) == legal
            np.testing.assert_array_equal(state.observation_tensor(), state.observation_tensor(p))
            np.testing.assert_array_equal(state.information_state_tensor(), state.information_state_tensor(p))
            assert state.observation_string() == state.observation_string(p)
            assert state.information_state_string() == state.information_state_string(p)
            action = rng.choice(legal)
            text = state.action_to_string(p, action)
            assert state.string_to_action(text) == action and state.string_to_action(p, text) == action
            assert state.move_number() == moves
            state.apply_action(action)
            moves += 1
            summed += [state.player_reward(0), state.player_reward(1)]
        assert state.history_str() == ", ".join(str(a) for a in state.history())
        assert [state.player_return(0), state.player_return(1)] == state.returns()
        np.testing.assert_allclose(summed, state.returns()), "terminal rewards sum to the returns"
        assert not state.is_player_node()
        with pytest.raises(als.Error):
            state.observation_tensor()  # no player acts at the end: name one
        assert state.observation_tensor(0).shape == (game.observation_tensor_size(),)


def test_hash_is_consistent_with_equality(game):
    state = game.new_initial_state(9)
    twin = state.clone()
    assert state == twin and hash(state) == hash(twin)
    assert len({state, twin, pickle.loads(pickle.dumps(state))}) == 1
    state.apply_action(state.legal_actions()[0])
    assert len({state, twin}) == 2


def test_game_parameters_type_and_state_game(game):
    params = game.get_parameters()
    assert params == {"cards": "standard", "rules": [], "options": "", "params": {}}
    again = als.Game(**params)
    assert again.new_initial_state(4) == game.new_initial_state(4)
    t = game.get_type()
    assert (t.short_name, t.dynamics, t.information, t.utility) == (
        "air_land_sea", "sequential", "imperfect_information", "zero_sum")
    assert game.new_initial_state(1).get_game() is game


def test_string_to_action_and_apply_actions_refuse_clearly(game):
    state = game.new_initial_state(2)
    with pytest.raises(als.Error, match="no legal action is 'fly away' now"):
        state.string_to_action("fly away")
    with pytest.raises(als.Error, match="no simultaneous node"):
        state.apply_actions([0, 1])


@pytest.mark.parametrize("chance", [False, True])
def test_shaped_rewards_sum_to_the_returns(chance):
    game = als.Game("standard", options="shaped_rewards", chance_nodes=chance)
    assert game.get_type().reward_model == "rewards"
    rng = random.Random(11)
    battles_rewarded = 0
    for g in range(25):
        state = game.new_initial_state(500 + g)
        summed = np.zeros(2)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            r = np.array(state.rewards())
            assert r[0] == pytest.approx(-r[1]), "zero-sum at every step"
            battles_rewarded += not state.is_terminal() and r[0] != 0
            summed += r
        np.testing.assert_allclose(summed, state.returns(), atol=1e-9)
    assert battles_rewarded > 0, "the battles before the last are rewarded too"


def test_one_reward_model_at_a_time():
    with pytest.raises(als.Error, match="two reward models"):
        als.Game("standard", options="battle_rewards,shaped_rewards")


def test_shaped_rewards_in_the_vector_env_sum_to_the_returns():
    env = als.VectorEnv(als.Game("standard"), 8, opponent="random", seat=0, seed=3, options="shaped_rewards")
    obs, info = env.reset()
    totals, finished = np.zeros(8), []
    rng = np.random.default_rng(1)
    for _ in range(400):
        mask = info["action_mask"]
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
        obs, reward, terminated, truncated, info = env.step(actions)
        totals += reward
        for i in np.flatnonzero(terminated):
            finished.append(totals[i])
            totals[i] = 0
    assert len(finished) >= 8
    assert set(np.round(finished, 5)) <= {-1.0, 1.0}, "each finished game's rewards sum to its return, +1 or -1"


def test_action_to_string_names_no_card_the_observer_cannot_see(game):
    rng = random.Random(4)
    checked = 0
    for g in range(10):
        state = game.new_initial_state(700 + g)
        while not state.is_terminal():
            p = state.current_player()
            for a in state.legal_actions():
                mine, theirs = state.action_to_string(p, a), state.action_to_string(1 - p, a)
                if mine.startswith("improvise "):
                    _, card, theater = mine.split()
                    assert theirs == "improvise ? " + theater, (mine, theirs)
                    assert card not in theirs
                    checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 100
    state = game.new_initial_state(700)
    p = state.current_player()
    with pytest.raises(als.Error, match="legal actions as player"):
        state.string_to_action(1 - p, "improvise ? air")


@pytest.mark.parametrize("options", ["chance_nodes", "shaped_rewards,chance_nodes"])
def test_an_openspiel_loop_with_chance_nodes_and_undo(options):
    """OpenSpiel's tree walk: chance outcomes with their probabilities, per-player methods,
    full_history, and undo_action back to every earlier state (equal, tensors and all); the
    history never passes max_move_number, and the rewards sum to the returns."""
    game = als.Game("standard", options=options)
    assert game.max_move_number() == game.max_game_length() + game.max_chance_nodes_in_history()
    assert als.Game("standard").max_chance_nodes_in_history() == 0
    rng = random.Random(8)
    for g in range(4):
        state = game.new_initial_state()
        trail, summed = [], np.zeros(2)
        while not state.is_terminal():
            trail.append(state.clone())
            p = state.current_player()
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                assert p == als.CHANCE and abs(sum(probs) - 1) < 1e-9
                action = rng.choices(outcomes, probs)[0]
            else:
                action = rng.choice(state.legal_actions(p))
            state.apply_action(action)
            summed += [state.player_reward(0), state.player_reward(1)]
            assert state.full_history()[-1] == als.PlayerAction(p, action)
        assert len(state.history()) <= game.max_move_number()
        if "shaped" in options:
            np.testing.assert_allclose(summed, state.returns())
        assert [e.action for e in state.full_history()] == state.history()
        assert sum(e.player >= 0 for e in state.full_history()) <= game.max_game_length()
        for before in reversed(trail[-12:]):  # undo, an entry at a time
            last = state.full_history()[-1]
            state.undo_action(last.player, last.action)
            assert state == before and state.history() == before.history()
            np.testing.assert_array_equal(state.information_state_tensor(0), before.information_state_tensor(0))
    with pytest.raises(als.Error):
        game.new_initial_state(1).undo_action(0, 0)  # nothing to undo
    state = game.new_initial_state(1)
    state.apply_action(state.legal_actions()[0])
    with pytest.raises(als.Error):
        state.undo_action(0, 12345)  # not the last action
    plain = als.Game("standard").new_initial_state(2)
    plain.apply_action(plain.legal_actions()[-1])
    world = plain.resample_from_infostate(1, 3)
    last = world.full_history()[-1]
    with pytest.raises(als.Error, match="resampled"):
        world.undo_action(last.player, last.action)  # a world drawn for a player has no deal of its own
