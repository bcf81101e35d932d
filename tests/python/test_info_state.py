"""The information-state tensor is perfect recall in fixed slices (docs/python.md, "Information
state"): over whole games, earlier battles included, two histories a player can tell apart give
different tensors and two it cannot give equal ones."""
import random

import numpy as np
import pytest

import als


def play(game, seed, chooser):
    """Yields (state, player) at every decision of both players of one game, then the end."""
    state = game.new_initial_state(seed)
    while True:
        yield state
        if state.is_terminal():
            return
        state.apply_action(chooser(state))


@pytest.mark.parametrize("cards", ["standard", "original"])
def test_the_tensor_tells_apart_exactly_the_histories_the_player_can(cards):
    """Every decision of 150 games of uniform play (withdrawals included: games of many
    battles): the tensor and the information-state string (the event lines the player read,
    its hands dealt, its observation) determine each other, and a world resampled for the
    player gives it the same tensor."""
    game = als.Game(cards)
    by_text, by_tensor = {}, {}
    battles = 0
    for seed in range(150):
        rng = random.Random(seed)
        for state in play(game, seed, lambda s: rng.choice(s.legal_actions())):
            for p in (0, 1):
                text, tensor = state.information_state_string(p), state.information_state_tensor(p).tobytes()
                assert by_text.setdefault(text, tensor) == tensor, "one history, two tensors"
                assert by_tensor.setdefault(tensor, text) == text, "two histories the player tells apart, one tensor"
                if not state.is_terminal() and rng.random() < 0.1:
                    world = state.resample_from_infostate(p, rng.getrandbits(32))
                    assert world.information_state_tensor(p).tobytes() == tensor
            battles = max(battles, state.battle())
    assert battles >= 4 and len(by_text) > 5000


def test_an_earlier_battles_hidden_card_stays_hidden_and_its_own_plays_are_remembered():
    """Two games of one deal where player 1 improvises a different card facedown in battle 1,
    then withdraws: in battle 2 player 0's tensors are equal (it never saw the card), player 1's
    differ (it remembers what it played), and the battles' rows keep battle 1 (its hand dealt,
    its VP)."""
    game = als.Game("standard")
    layout = {t["name"]: t for t in game.information_state_layout()}

    def rows(tensor, name):
        sl = layout[name]
        return tensor[sl["start"]:sl["start"] + int(np.prod(sl["shape"]))].reshape(sl["shape"])

    def game_with(k):
        state = game.new_initial_state(5)
        while state.battle() == 1:
            p = state.current_player()
            legal = state.legal_actions()
            names = [state.action_to_string(p, a) for a in legal]
            if p == 0:
                state.apply_action(next(a for a, n in zip(legal, names) if n.startswith("improvise")))
            elif len(state.history()) < 3:
                improvised = [a for a, n in zip(legal, names) if n.startswith("improvise")]
                state.apply_action(improvised[k * 3])  # a different card in each game
            else:
                state.apply_action(next(a for a, n in zip(legal, names) if n.startswith("withdraw")))
        return state

    a, b = game_with(0), game_with(1)
    assert a.battle() == b.battle() == 2 and a.history() != b.history()
    assert np.array_equal(a.information_state_tensor(0), b.information_state_tensor(0))
    assert a.information_state_string(0) == b.information_state_string(0)
    assert not np.array_equal(a.information_state_tensor(1), b.information_state_tensor(1))
    cols = layout["battles"]["columns"]
    first = rows(a.information_state_tensor(1), "battles")[0]
    assert first[cols.index("valid")] == 1 and first[cols.index("current")] == 0
    assert sum(first[cols.index(c)] for c in cols if c.startswith("dealt_")) == 6
    assert first[cols.index("opponent_vp")] > 0  # player 1 withdrew: player 0 scored
    hist = rows(a.information_state_tensor(0), "history")
    hcols = layout["history"]["columns"]
    assert hist[:, hcols.index("new_battle")].sum() == 1 and hist[:, 0].sum() == len(a.history())  # (none of battle 2 yet)
    assert rows(a.information_state_tensor(0), "battles")[:, 0].sum() == 2


def test_the_shape_is_the_games_bound_and_a_game_stops_at_it():
    """max_game_length() and max_battles() size the history and the battles (options
    max_game_length=N, max_battles=N); a game reaching either stops, truncated, with returns 0."""
    game = als.Game("standard")
    assert game.max_game_length() == 128 and game.max_battles() == 16
    layout = {t["name"]: t for t in game.information_state_layout()}
    assert layout["history"]["shape"][0] == 128 and layout["battles"]["shape"][0] == 16
    assert "history_hash" not in layout
    short = als.Game("standard", options="max_game_length=7,max_battles=3")
    assert short.max_game_length() == 7 and short.max_battles() == 3
    layout = {t["name"]: t for t in short.information_state_layout()}
    assert layout["history"]["shape"][0] == 7 and layout["battles"]["shape"][0] == 3
    state = short.new_initial_state(3)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])  # (id 0 is the withdrawal)
    assert len(state.history()) == 7 and state.returns() == [0.0, 0.0]
    hist = layout["history"]
    t = state.information_state_tensor(0)
    assert t[hist["start"]:hist["start"] + 7 * hist["shape"][1]].reshape(hist["shape"])[:, 0].sum() == 7
    withdrawing = als.Game("standard", options="max_battles=2")
    state = withdrawing.new_initial_state(3)
    while not state.is_terminal():
        p = state.current_player()
        legal = state.legal_actions()
        state.apply_action(next((a for a in legal if state.action_to_string(p, a).startswith("withdraw")), legal[0]))
    assert state.battle() == 3 and state.returns() == [0.0, 0.0]
    for bad in ("max_game_length=0", "max_game_length=5000", "max_battles=x", "max_length=3"):
        with pytest.raises(als.Error):
            als.Game("standard", options=bad)
