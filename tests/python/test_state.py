"""`import als`: Game and State (docs/python.md), checked over random games.

Run by the README's test command (tests/meson.build: python3 -m pytest tests/python with
PYTHONPATH=build/python).
"""
import os
import random

import numpy as np
import pytest

import als

SRC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
SETS = [("standard", ()), ("original", ()), ("standard", ("long-war",)),
        (os.path.join(SRC, "docs", "examples", "frontier"), ()),  # API 3: prompts, counters, lasting effects
        (os.path.join(SRC, "tests", "sets", "api4"), ()),         # API 4: questions in words, reveals, time
        ("standard", ("spotter",))]                                  # API 5: a rule's turn action


def random_states(game, games, seed):
    """Every state of `games` random games (the last one terminal)."""
    rng = random.Random(seed)
    for g in range(games):
        state = game.new_initial_state(seed * 1000 + g)
        yield state.clone()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            yield state.clone()


@pytest.fixture(scope="module", params=SETS, ids=lambda p: "+".join((p[0],) + p[1]))
def game(request):
    cards, rules = request.param
    return als.Game(cards, rules=list(rules))


def test_module():
    assert als.TERMINAL == -4
    assert als.__version__
    assert isinstance(als.data_dir(), str)
    with pytest.raises(als.Error, match="unknown card set"):
        als.Game("no_such_set")
    with pytest.raises(als.Error, match="unknown game option"):
        als.Game("standard", options="fast_mode")


def test_sizes_and_names(game):
    n = game.num_distinct_actions()
    assert game.action_name(0) == "withdraw"
    names = [game.action_name(i) for i in range(n)]
    assert len(set(names)) == n
    assert any(x.startswith("choose own:") for x in names) and any(x.startswith("choose opp:") for x in names)
    with pytest.raises(als.Error):
        game.action_name(n)
    table = game.card_table()
    assert set(next(iter(table.values()))) == {"name", "type", "strength", "kind", "text"}
    assert game.information_state_tensor_size() > game.observation_tensor_size() > 0


def test_masks_tensors_and_returns(game):
    ends = 0
    for state in random_states(game, 6, 1):
        legal = state.legal_actions()
        mask = state.legal_actions_mask()
        assert mask.dtype == np.uint8 and mask.shape == (game.num_distinct_actions(),)
        assert list(np.flatnonzero(mask)) == legal
        assert legal == sorted(legal)
        for p in (0, 1):
            o = state.observation_tensor(p)
            assert o.dtype == np.float32 and o.shape == (game.observation_tensor_size(),)
            i = state.information_state_tensor(p)
            assert i.shape == (game.information_state_tensor_size(),)
            assert np.array_equal(i[: o.shape[0]], o)
        if state.is_terminal():
            ends += 1
            assert state.current_player() == als.TERMINAL and legal == [] and not mask.any()
            assert sorted(state.returns()) == [-1.0, 1.0]
            winner = state.returns().index(1.0)
            assert state.scores()[winner] > state.scores()[1 - winner]
            assert state.rewards() == state.returns()  # the last action ended the game
        else:
            assert state.current_player() in (0, 1)
            assert state.returns() == [0.0, 0.0]
    assert ends == 6


def test_illegal_action_changes_nothing(game):
    state = game.new_initial_state(5)
    before = state.serialize()
    illegal = next(i for i in range(game.num_distinct_actions()) if i not in state.legal_actions())
    with pytest.raises(als.Error, match="not legal now"):
        state.apply_action(illegal)
    assert state.serialize() == before


def test_serialize_and_clone_round_trip(game):
    count = 0
    for state in random_states(game, 4, 2):
        copy = game.deserialize_state(state.serialize())
        assert copy == state and copy.digest() == state.digest() and copy.history() == state.history()
        clone = state.clone()
        assert clone == state
        if not state.is_terminal():  # a clone is a value: moving it leaves the original
            clone.apply_action(clone.legal_actions()[0])
            assert clone.history() != state.history()
            assert copy.legal_actions() == state.legal_actions()
        count += 1
    assert count > 40


def test_deserialize_refuses_other_bytes(game):
    state = game.new_initial_state(1)
    data = state.serialize()
    with pytest.raises(als.Error):
        game.deserialize_state(data[:-5])
    with pytest.raises(als.Error):
        game.deserialize_state(b"not a state at all")
    other = als.Game("standard", rules=["beginner"])
    with pytest.raises(als.Error, match="another game"):
        other.deserialize_state(data)
    with pytest.raises(als.Error, match="another game"):
        als.Game("standard", options="battle_rewards").deserialize_state(als.Game("standard").new_initial_state(1).serialize())


def test_seat_relative_ids():
    """The same action has the same id for both seats: a position on the board is own or opp."""
    game = als.Game("standard")
    seen = {0: set(), 1: set()}
    for state in random_states(game, 30, 3):
        p = state.current_player()
        if p == als.TERMINAL:
            continue
        for a in state.legal_actions():
            name = game.action_name(a)
            if ":" in name:
                seen[p].add(name.split(":")[0])
                text = state.action_to_string(p, a)
                assert ":" in text  # a hidden card, named by its position as the player sees it
    assert seen[0] and seen[1]


def test_resample_is_indistinguishable(game):
    checked = 0
    for state in random_states(game, 3, 4):
        if state.is_terminal():
            continue
        p = state.current_player()
        a, b = state.resample_from_infostate(p, 11), state.resample_from_infostate(p, 11)
        assert a == b  # the same seed, the same state
        assert np.array_equal(a.information_state_tensor(p), state.information_state_tensor(p))
        assert np.array_equal(a.observation_tensor(p), state.observation_tensor(p))
        assert a.information_state_string(p) == state.information_state_string(p)
        assert a.legal_actions() == state.legal_actions()
        # the other player's information state is the world's own: its observation, this battle's steps
        other = a.information_state_tensor(1 - p)
        size = game.observation_tensor_size()
        assert np.array_equal(other[:size], a.observation_tensor(1 - p))
        assert a.information_state_string(1 - p).endswith("--\n" + a.observation_string(1 - p))
        assert np.array_equal(b.information_state_tensor(1 - p), other)
        assert all(h == -1 or h == k for h, k in zip(a.history(), state.history()))
        checked += 1
    assert checked > 20


def test_states_told_apart_differ():
    """Two deals with different hands for a player give it different tensors; a resample that
    changed cards the player does not know gives the same."""
    game = als.Game("standard")
    a, b = game.new_initial_state(1), game.new_initial_state(2)
    assert a.observation_string(0) != b.observation_string(0)
    assert not np.array_equal(a.information_state_tensor(0), b.information_state_tensor(0))
    # the same position reached by another history: equal observations, different information states
    x, y = game.new_initial_state(9), game.new_initial_state(9)
    x.apply_action(0)  # withdraw: battle 2 begins
    seen = x.information_state_tensor(0)
    assert not np.array_equal(seen, y.information_state_tensor(0))
    resampled = x.resample_from_infostate(0, 3)
    assert np.array_equal(resampled.information_state_tensor(0), seen)


def test_battle_rewards():
    game = als.Game("standard", options="battle_rewards")
    state = game.new_initial_state(4)
    p = state.current_player()
    state.apply_action(0)  # withdraw at once: the opponent scores the chart's VP
    r = state.rewards()
    assert r[p] < 0 < r[1 - p] and abs(r[p]) <= 1 and r[0] == -r[1]


DEAL = """return function(rules)
  rules.deal = function(g)
    for _, id in ipairs({%s}) do g:to_hand(id, 1) end
    for _, id in ipairs({%s}) do g:to_hand(id, 2) end
  end
end
"""


def fixed_deal(tmp_path, name, mine, theirs):
    path = tmp_path / name
    path.write_text(DEAL % (", ".join(f'"{c}"' for c in mine), ", ".join(f'"{c}"' for c in theirs)))
    return als.Game("standard", rules=[str(path)])


def test_an_independent_remapping_is_indistinguishable(tmp_path):
    """Two deals that differ only in a card player 0 never sees (ambush in player 1's hand, or
    disrupt, left in the deck the other time), played with the same actions (player 1 improvising
    the swapped card by the other name): player 0's tensors and strings are equal at every step.
    Built by a house rule's deal hook, not by the engine's determinization."""
    mine = ["support", "heavy_tanks", "cover_fire", "escalation", "heavy_bombers", "aerodrome"]
    theirs = ["air_drop", "containment", "blockade", "transport", "redeploy"]
    a = fixed_deal(tmp_path, "a.lua", mine, theirs + ["ambush"]).new_initial_state(1)
    game_b = fixed_deal(tmp_path, "b.lua", mine, theirs + ["disrupt"])
    b = game_b.new_initial_state(1)
    ids = {game_b.action_name(i): i for i in range(game_b.num_distinct_actions())}
    steps = 0
    while not a.is_terminal() and a.battle() == 1:
        for f in (a.information_state_tensor, a.observation_tensor):
            assert np.array_equal(f(0), getattr(b, f.__name__)(0)), f"step {steps}: {f.__name__}"
        assert a.information_state_string(0) == b.information_state_string(0)
        assert a.current_player() == b.current_player()
        if a.current_player() == 0:  # the same own action (its first that is not withdrawing)
            act = [x for x in a.legal_actions() if x != 0][0]
            a.apply_action(act), b.apply_action(act)
        else:  # player 1 improvises its first card facedown: the swapped card by its other name
            act = next(x for x in a.legal_actions() if a.action_to_string(1, x).startswith("improvise "))
            name = a.action_to_string(1, act).replace("ambush", "disrupt")
            a.apply_action(act), b.apply_action(ids[name])
        steps += 1
    assert steps >= 10
    # player 1 tells them apart: its own hands differ
    assert not np.array_equal(a.information_state_tensor(1), b.information_state_tensor(1))


def test_deserialize_refuses_every_changed_byte(game):
    # Issue 52: the digest covered only part of the engine's state, so changed steps, history,
    # lines and rewards (and 215 of 552 sampled state bytes) were accepted; a checksum now covers
    # every byte, and every field is checked against the game (tests/unit/test_env_bytes.cpp forges
    # past the checksum, in the sanitizer build).
    state = game.new_initial_state(4)
    for _ in range(12):
        if not state.is_terminal():
            state.apply_action(state.legal_actions()[-1])
    data = state.serialize()
    rng = random.Random(5)
    for at in rng.sample(range(len(data)), 552):
        bad = bytearray(data)
        bad[at] ^= 1 << rng.randrange(8)
        with pytest.raises(als.Error):
            game.deserialize_state(bytes(bad))


def test_pickle_and_equality_across_games(game, tmp_path):
    """pickle gives an equal State (digest and tensors too), loaded again from what its Game was
    made from; a state read by another Game of the same files, rules and options is equal to the
    original, and one more action makes it unequal."""
    import pickle
    import subprocess
    import sys
    other = pickle.loads(pickle.dumps(game))
    assert other is not game and other.content_hash == game.content_hash
    for i, state in enumerate(random_states(game, 2, 31)):
        copy = pickle.loads(pickle.dumps(state))
        assert copy == state and copy.digest() == state.digest()
        np.testing.assert_array_equal(copy.observation_tensor(0), state.observation_tensor(0))
        read = other.deserialize_state(state.serialize())
        assert read == state
        if i == 5 and not state.is_terminal():
            read.apply_action(read.legal_actions()[0])
            assert read != state
    # In another process, from another folder: relative paths were made absolute.
    path = tmp_path / "state.pickle"
    path.write_bytes(pickle.dumps(state))
    code = ("import pickle, sys; s = pickle.load(open(sys.argv[1], 'rb')); "
            "print(s.digest(), s.is_terminal())")
    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(os.path.abspath(als.__file__))))
    out = subprocess.run([sys.executable, "-c", code, str(path)], cwd=tmp_path, env=env,
                         capture_output=True, text=True, check=True).stdout.split()
    assert out == [str(state.digest()), str(state.is_terminal())]


def test_equality_needs_the_same_rules():
    a = als.Game("standard").new_initial_state(seed=3)
    b = als.Game("standard", rules=["long-war"]).new_initial_state(seed=3)
    assert a != b
    assert a == als.Game("standard").new_initial_state(seed=3)


def test_pickle_of_a_relative_folder(tmp_path, monkeypatch):
    """A set named by a relative folder pickles by its absolute path."""
    import pickle
    monkeypatch.chdir(os.path.join(SRC, "docs", "examples"))
    g = als.Game("frontier")
    monkeypatch.chdir(tmp_path)
    s = pickle.loads(pickle.dumps(g.new_initial_state(seed=5)))
    assert s == g.new_initial_state(seed=5)


def test_the_bundled_sets_and_rules_are_found_from_the_module():
    import os
    assert os.path.isfile(os.path.join(als.cards_dir(), "standard", "set.lua"))
    assert os.path.isfile(os.path.join(als.rules_dir(), "long-war.lua"))
    game = als.Game(os.path.join(als.cards_dir(), "original"), rules=[os.path.join(als.rules_dir(), "beginner.lua")])
    assert game.num_distinct_actions() > 0


def slices(layout):
    return {d["name"]: d for d in layout}


def view(tensor, d):
    n = int(np.prod(d["shape"]))
    return tensor[d["start"]:d["start"] + n].reshape(d["shape"])


@pytest.mark.parametrize("cards", ["standard", "original"])
def test_the_layouts_name_every_slice_and_mean_what_they_say(cards):
    game = als.Game(cards)
    for layout, size in ((game.observation_layout(), game.observation_tensor_size()),
                         (game.information_state_layout(), game.information_state_tensor_size())):
        at = 0
        for d in layout:  # contiguous, from 0 to the size, every last axis named
            assert d["start"] == at and len(d["columns"]) == d["shape"][-1]
            at += int(np.prod(d["shape"]))
        assert at == size
    assert game.observation_tensor_shape() == [game.observation_tensor_size()]
    assert game.information_state_tensor_shape() == [game.information_state_tensor_size()]
    obs, info = slices(game.observation_layout()), slices(game.information_state_layout())
    g = obs["globals"]["columns"]
    where = obs["cards"]["columns"]
    rng = random.Random(4)
    state = game.new_initial_state(11)
    steps = 0
    while not state.is_terminal():
        for p in (0, 1):
            t = state.observation_tensor(p)
            glob = view(t, obs["globals"])
            assert glob[g.index("own_vp")] == state.scores()[p] and glob[g.index("opponent_vp")] == state.scores()[1 - p]
            assert glob[g.index("battle")] == state.battle()
            assert glob[g.index("to_act")] == (state.current_player() == p)
            rows = view(t, obs["cards"])
            assert rows[:, where.index("own_hand")].sum() == glob[g.index("own_hand_size")]
            assert np.all(rows[:, :7].sum(axis=1) == 1)  # each card in one place, as far as p knows
            hist = view(state.information_state_tensor(p), info["history"])
            assert hist[:, 0].sum() == steps and set(np.unique(hist[:, 1])) <= {0.0, 1.0}  # every action so far
            battles = view(state.information_state_tensor(p), info["battles"])
            assert battles[:, 0].sum() == state.battle() and battles[state.battle() - 1, 1] == 1
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    assert 0 < steps <= game.max_game_length()
    assert game.game_type()["utility"] == "zero_sum" and game.utility_sum() == 0.0
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    assert game.game_type()["reward_model"] == "terminal"
    assert als.Game(cards, options="battle_rewards").game_type()["reward_model"] == "rewards"


def test_the_opponents_hidden_plays_are_the_worlds_cards():
    """In a world resampled for player 0, player 1's facedown plays of this battle name the
    world's cards in player 1's own history (where player 0's name none), and the world's
    cards differ between worlds: an opponent model reads the world it is asked about."""
    game = als.Game("standard")
    layout = {t["name"]: t for t in game.information_state_layout()}
    hist, cards = layout["history"], [c[5:] for c in layout["history"]["columns"] if c.startswith("card_")]
    rows, width = hist["shape"]
    seen = set()
    for seed in range(40):
        state = game.new_initial_state(seed)
        while not state.is_terminal() and len(state.history()) < 6:
            p = state.current_player()
            improvise = [a for a in state.legal_actions() if state.action_to_string(p, a).startswith("improvise")]
            state.apply_action(improvise[0] if p == 1 and improvise else state.legal_actions()[-1])
        if state.is_terminal():
            continue
        for k in range(6):
            world = state.resample_from_infostate(0, k)
            mine = world.information_state_tensor(0)[hist["start"]:hist["start"] + rows * width].reshape(rows, width)
            theirs = world.information_state_tensor(1)[hist["start"]:hist["start"] + rows * width].reshape(rows, width)
            for r in range(rows):
                if theirs[r, 0] == 1 and theirs[r, 1] == 1 and theirs[r, 3] == 1:  # player 1's improvisation
                    card = cards[int(np.argmax(theirs[r, 6:6 + len(cards) + 1]))]
                    assert card != "unknown" and mine[r, 6 + len(cards)] == 1  # named for 1, not for 0
                    assert card in world.observation_string(1)  # the world's card, on its board
                    seen.add((seed, r, card))
    # the same play names different cards in different worlds
    by_play = {}
    for seed, r, card in seen:
        by_play.setdefault((seed, r), set()).add(card)
    assert any(len(v) > 1 for v in by_play.values())


def test_a_rules_turn_action_has_its_fixed_id():
    """Spotter (scripts/rules/spotter.lua) offers `action 1` beside the plays: its id follows the
    options' and only games with the rule have it (then the hands' and the deck's places, which a
    rule's question may name)."""
    plain, spotter = als.Game("standard"), als.Game("standard", rules=["spotter"])
    assert spotter.num_distinct_actions() == plain.num_distinct_actions() + 8 + 3 * 18
    first = plain.num_distinct_actions()
    assert [spotter.action_name(first + k) for k in range(8)] == ["action %d" % (k + 1) for k in range(8)]
    rng = random.Random(5)
    seen = 0
    for g in range(40):
        state = spotter.new_initial_state(g)
        while not state.is_terminal():
            legal = state.legal_actions()
            if first in legal:
                seen += 1
                me = state.current_player()
                child = state.child(first)
                assert child.current_player() == me, "the spotter asks which card to look at"
                paid = state.scores()[me] - 1
                child.apply_action(child.legal_actions()[0])
                assert child.scores()[me] == paid, "1 VP paid"
                assert state.action_to_string(me, first) == "action 1"
            state.apply_action(rng.choice(legal))
    assert seen > 0, "random games reach a turn where the spotter action is offered"


def _deduced_cards(text):
    """The cards of each 'deduced:' line of an observation string (ruling 30)."""
    out = []
    for line in text.splitlines():
        if line.startswith("deduced: ") and "in the deck" not in line:  # (places in hands and on the board)
            names = line[len("deduced: "):].split(" is among ")[0].split(" are among ")[0]
            out.append([x.strip() for x in names.split(",")])
    return out


def _own_hidden_places(text):
    """The cards a seat's observation string shows in its hand and facedown on its side."""
    cards = set()
    for line in text.splitlines():
        if line.startswith("my hand: "):
            cards.update(line[len("my hand: "):].split())
        elif ": me " in line and "[" in line:
            mine = line.split("[", 1)[1].split("]", 1)[0]
            cards.update(x[1:] for x in mine.split() if x.startswith("~"))
    return cards


def test_resample_keeps_deductions():
    """A player who knew cards of a hand that then improvised knows they lie among that hand and the
    card played (ruling 30): every resampled world puts them there, never in the deck."""
    game = als.Game(os.path.join(SRC, "tests", "sets", "api4"))  # its spy shows a whole hand
    rng = random.Random(3)
    positions = 0
    for g in range(200):
        state = game.new_initial_state(g)
        while not state.is_terminal() and positions < 6:
            p = state.current_player()
            deduced = _deduced_cards(state.observation_string(p)) if p >= 0 else []
            if deduced:
                for seed in range(12):
                    world = state.resample_from_infostate(p, seed)
                    assert world.observation_string(p) == state.observation_string(p)
                    theirs = _own_hidden_places(world.observation_string(1 - p))
                    for cards in deduced:
                        assert set(cards) <= theirs, (cards, world.observation_string(1 - p))
                positions += 1
            state.apply_action(rng.choice(state.legal_actions()))
        if positions >= 6:
            break
    assert positions >= 6


def test_observation_string_names_the_card_a_decision_holds():
    """Reinforce (standard) draws a card its player then plays facedown: that player's observation
    string says which (`holding: ID`), the opponent's does not name it."""
    game = als.Game("standard")
    found = 0
    for seed in range(300):
        s = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not s.is_terminal() and found < 3:
            p = s.current_player()
            mine = s.observation_string(p)
            if "holding: " in mine:
                held = mine.split("holding: ")[1].split("\n")[0]
                assert held in game.card_table(), mine
                theirs = s.observation_string(1 - p)
                assert "holding" not in theirs, theirs
                found += 1
                break
            s.apply_action(rng.choice(s.legal_actions()))
        if found >= 3:
            break
    assert found >= 3


def test_params_make_their_own_game_and_survive_pickle():
    """Game(params=...) loads the set with its declared params replaced (docs/variants.md): the
    card's printed strength follows it, the content hash differs per value (als train names a
    value by it), pickle keeps it, and an undeclared name is an als.Error naming the nearest."""
    import pickle
    tuning = os.path.join(SRC, "docs", "examples", "tuning")
    one, three = als.Game(tuning), als.Game(tuning, params={"medic_strength": 3})
    assert one.card_table()["field_medic"]["strength"] == 1 and three.card_table()["field_medic"]["strength"] == 3
    assert one.content_hash != three.content_hash
    assert als.Game(tuning, params={"medic_strength": 1}).content_hash == one.content_hash
    again = pickle.loads(pickle.dumps(three))
    assert again.content_hash == three.content_hash and again.card_table()["field_medic"]["strength"] == 3
    with pytest.raises(als.Error, match="medic_strength"):
        als.Game(tuning, params={"medic_strenght": 3})
