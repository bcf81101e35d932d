"""Chance nodes (docs/python.md, "Chance nodes"): every random draw of the rules is a chance node
whose outcome is applied as an action; a game given the generator's own outcomes is the sampled
game of its seed, digest for digest; outcomes given otherwise are the ones the game follows,
inside an ability's run too (a draw made before a question is replayed when it is answered)."""
import os
import pickle
import random

import pytest

import als

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CHANCE_SET = os.path.join(ROOT, "tests", "sets", "chance")  # Gambler: draws, asks, draws again


def settle(state, rng=None):
    """Applies outcomes until a player acts: the generator's own, or uniform ones from rng."""
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-12
        assert [o for o, _ in outcomes] == state.legal_actions() == list(range(len(outcomes)))
        state.apply_action(state.sampled_outcome() if rng is None else rng.randrange(len(outcomes)))


@pytest.mark.parametrize("cards", ["standard", CHANCE_SET])
def test_sampled_outcomes_replay_the_sampled_game(cards):
    chance, sampled = als.Game(cards, chance_nodes=True), als.Game(cards)
    script_draws = 0
    for seed in range(40):
        s, t = chance.new_initial_state(seed), sampled.new_initial_state(seed)
        assert s.current_player() == als.CHANCE and s.is_chance_node()
        rng = random.Random(seed)
        while not t.is_terminal():
            while s.is_chance_node():
                script_draws += "script" in s.action_to_string(als.CHANCE, s.sampled_outcome())
                settle(s)
            assert s.digest() == t.digest()
            assert s.legal_actions() == t.legal_actions()
            assert s.observation_string(0) == t.observation_string(0)
            a = rng.choice(t.legal_actions())
            s.apply_action(a)
            t.apply_action(a)
        settle(s)
        assert s.is_terminal() and s.digest() == t.digest() and s.returns() == t.returns()
    if cards == CHANCE_SET:
        assert script_draws > 10  # Gambler's draws were chance nodes too


def test_the_deal_is_a_draw_a_card_at_a_time():
    g = als.Game("standard", chance_nodes=True)
    s = g.new_initial_state(3)
    texts = []
    while s.is_chance_node():
        texts.append(s.action_to_string(als.CHANCE, s.sampled_outcome()))
        s.apply_action(s.sampled_outcome())
    # the theater order (2 draws), the 1st player, then the 18 cards (17 draws: the last is left)
    assert len(texts) == 20 and texts[0].startswith("theater ") and "1st player" in texts[2]
    assert sum(t.startswith("deal ") and "to the deck" in t for t in texts) == 6
    assert sum(t.startswith("deal ") and "to player " in t for t in texts) == 11
    assert len(s.history()) == 20 and s.current_player() in (0, 1)
    assert g.max_chance_outcomes() == 64 and als.Game("standard").max_chance_outcomes() == 0
    assert g.game_type()["chance_mode"] == "explicit_stochastic"
    assert als.Game("standard").game_type()["chance_mode"] == "sampled_stochastic"


def test_outcomes_given_are_followed_and_the_history_replays():
    g = als.Game(CHANCE_SET, chance_nodes=True)
    rng = random.Random(11)
    for seed in range(20):
        s = g.new_initial_state(seed)
        while not s.is_terminal():
            if s.is_chance_node():
                settle(s, rng)
            else:
                s.apply_action(rng.choice(s.legal_actions()))
        replay = g.new_initial_state(seed)
        for a in s.history():
            replay.apply_action(a)
        assert replay == s and replay.digest() == s.digest()
        # another seed, the same outcomes: the same game (the seed only gives the sampled outcomes)
        other = g.new_initial_state(seed + 1000)
        for a in s.history():
            other.apply_action(a)
        assert other.observation_string(0) == s.observation_string(0) and other.returns() == s.returns()


def gambler_rolls(g, first, second):
    """Plays a game until Gambler has resolved with the given outcomes of its two draws; returns
    the counter line its owner reads."""
    for seed in range(300):
        s = g.new_initial_state(seed)
        settle(s)
        rng = random.Random(seed)
        draws = []
        while not s.is_terminal():
            if s.is_chance_node():
                if "script" in s.action_to_string(als.CHANCE, 0):
                    draws.append(len(s.chance_outcomes()))
                    s.apply_action(first if len(draws) == 1 else second)
                else:
                    settle(s)
                continue
            if len(draws) == 2:
                lines = [l for l in s.information_state_string(0).splitlines() + s.information_state_string(1).splitlines()
                         if "counter rolls" in l]
                return draws, lines[0]
            legal = s.legal_actions()
            names = {a: s.action_to_string(s.current_player(), a) for a in legal}
            gamble = [a for a in legal if names[a].startswith("deploy gambler")]
            s.apply_action(gamble[0] if gamble else rng.choice(legal))
    raise AssertionError("no game played Gambler")


def test_a_draw_before_a_question_is_replayed_as_given():
    g = als.Game(CHANCE_SET, chance_nodes=True)
    draws, line = gambler_rolls(g, 2, 0)  # math.random(1, 3) -> 3, then math.random(1, 2) -> 1
    assert draws == [3, 2]
    assert line.endswith("-> 31 (by gambler)") or line.endswith("-> 131 (by gambler)"), line
    _, line = gambler_rolls(g, 0, 1)
    assert line.endswith("-> 12 (by gambler)") or line.endswith("-> 112 (by gambler)"), line


def test_serialize_pickle_and_refusals_at_a_chance_node():
    g = als.Game(CHANCE_SET, chance_nodes=True)
    s = g.new_initial_state(5)
    for _ in range(7):
        s.apply_action(s.sampled_outcome())
    assert s.is_chance_node()
    for copy in (g.deserialize_state(s.serialize()), pickle.loads(pickle.dumps(s)), s.clone()):
        assert copy == s and copy.chance_outcomes() == s.chance_outcomes()
        settle(copy)
        assert copy.digest() == als.Game(CHANCE_SET).new_initial_state(5).digest()
    before = s.clone()
    with pytest.raises(als.Error, match="not one of this chance node's"):
        s.apply_action(len(s.chance_outcomes()))
    assert s == before
    with pytest.raises(als.Error, match="chance node"):
        s.resample_from_infostate(0, 1)
    with pytest.raises(als.Error, match="chance node"):
        als.EngineAgent("random").step(s)
    assert s.legal_actions_mask().shape == (g.max_chance_outcomes(),)
    with pytest.raises(als.Error, match="belongs to another game"):
        als.Game(CHANCE_SET).deserialize_state(s.serialize())
    damaged = bytearray(s.serialize())
    damaged[-20] ^= 1
    with pytest.raises(als.Error):
        g.deserialize_state(bytes(damaged))


def test_resampled_worlds_hide_the_chance_outcomes():
    g = als.Game("standard", chance_nodes=True)
    s = g.new_initial_state(9)
    settle(s)
    s.apply_action(s.legal_actions()[0])
    settle(s)
    r = s.resample_from_infostate(s.current_player(), 4)
    assert r.history()[:20] == [-1] * 20
    assert r.information_state_string(s.current_player()) == s.information_state_string(s.current_player())
    assert (r.information_state_tensor(s.current_player()) == s.information_state_tensor(s.current_player())).all()


def test_a_draw_with_no_chance_outcomes_is_refused(tmp_path):
    rule = tmp_path / "float_draw.lua"
    rule.write_text("return function(rules)\n  rules.turn_end = function(g, p) local x = math.random() end\nend\n")
    sampled = als.Game("standard", rules=[str(rule)]).new_initial_state(1)
    play = sampled.legal_actions()[-1]  # a play (the turn ends: the hook runs)
    assert sampled.action_to_string(sampled.current_player(), play).startswith(("deploy", "improvise"))
    sampled.apply_action(play)  # math.random() draws in a sampled game
    s = als.Game("standard", rules=[str(rule)], chance_nodes=True).new_initial_state(1)
    settle(s)
    before = s.clone()
    with pytest.raises(als.Error, match=r"math.random\(\) has no chance outcomes"):
        s.apply_action(play)
    assert s == before


def test_wrappers_refuse_a_chance_game():
    from als.gym import AlsEnv
    with pytest.raises(als.Error, match="without chance nodes"):
        AlsEnv({"cards": "standard", "chance_nodes": True})
    assert als.Game("standard", options="battle_rewards", chance_nodes=True).options == "battle_rewards,chance_nodes"
