"""Resampled worlds (`State.resample_from_infostate`) hold no hidden text and show the player
what the real state shows, over every bundled set and example and every test set that plays; and
a state that is not terminal always has a legal action (docs/python.md, "A player's worlds").
"""
import glob
import os
import random

import pytest

import als

SRC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
# Every folder with a set.lua: the bundled sets, the examples, the test sets.
FOLDERS = ["standard", "original"] + sorted(
    os.path.dirname(p) for pattern in ("docs/examples/*/set.lua", "tests/sets/*/set.lua")
    for p in glob.glob(os.path.join(SRC, pattern)))
# Test sets whose cards fail on purpose (each a refusal its scenarios check): their games stop at
# the failure, which the walk below allows.
FAILING = {"api3", "api4_refusals", "api5_refusals", "api_low", "comforts", "hidden_error", "texts"}


def walk(cards, games, seed):
    """Yields every decision of `games` random games (chance nodes resolved at random), as far as a
    test set built to fail lets them go."""
    game = als.Game(cards)
    rng = random.Random(seed)
    for g in range(games):
        state = game.new_initial_state(seed * 100 + g)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
                continue
            legal = state.legal_actions()
            assert legal, f"{cards}: player {state.current_player()} to act with no legal action"
            yield state, rng
            try:
                state.apply_action(rng.choice(legal))
            except als.Error:
                if os.path.basename(cards) in FAILING:
                    break
                raise


# Where a world once differed, rarely (a copier's total set by the hidden card it covers: 1 world
# in about 2,700), more games.
GAMES = {"mimic": 40, "reactions": 12}


@pytest.mark.parametrize("cards", FOLDERS, ids=lambda c: os.path.basename(c))
def test_a_resampled_world_shows_what_the_real_state_shows(cards):
    checked = 0
    for state, rng in walk(cards, GAMES.get(os.path.basename(cards), 6), 3):
        for viewer in (0, 1):
            world = state.resample_from_infostate(viewer, rng.randrange(1 << 30))
            assert world.observation_string(viewer) == state.observation_string(viewer), (cards, viewer)
            checked += 1
    assert checked > 0


def test_the_cases_that_once_leaked_are_walked():
    """The sets that once gave a world hidden text (a hand trigger's prompt, a copier's total) and
    a non-terminal state no legal action (a choice among the opponent's hidden hand) are in."""
    names = {os.path.basename(c) for c in FOLDERS}
    assert {"reactions", "mimic", "hidden_choice", "hidden_question"} <= names


def test_a_card_of_a_hidden_hand_has_a_fixed_id_by_its_place():
    """Spy (tests/sets/hidden_choice) picks among the opponent's hidden hand: every option has an
    id, `choose P:hand:N`, seat-relative (own hand first) in the Python module."""
    cards = os.path.join(SRC, "tests", "sets", "hidden_choice")
    game = als.Game(cards)
    seen = 0
    for state, _ in walk(cards, 20, 7):
        names = [state.action_to_string(state.current_player(), a) for a in state.legal_actions()]
        hidden = [n for n in names if ":hand:" in n]
        if hidden:
            assert len(set(hidden)) == len(hidden), names
            seen += 1
    assert seen > 0
    first = game.num_distinct_actions() - 3 * 8  # 8 cards: 2 hands and the deck
    assert game.action_name(first) in ("choose 1:hand:1", "choose own:hand:1")
    # a game of API 1 keeps its ids
    assert als.Game("standard").num_distinct_actions() == 247


def test_a_rules_hook_over_a_hidden_hand_has_fixed_ids_with_an_api_1_set():
    """A house rule's battle_start (tests/sets/rules/unseen_discard.lua) makes the 1st player pick
    among the 2nd's hidden hand in the standard set (API 1): every option has its `choose
    P:hand:N` id, so no state that is not terminal is without a legal action."""
    rule = os.path.join(SRC, "tests", "sets", "rules", "unseen_discard.lua")
    game, plain = als.Game("standard", rules=[rule]), als.Game("standard")
    assert game.num_distinct_actions() == plain.num_distinct_actions() + 3 * 18
    rng = random.Random(4)
    asked = 0
    for g in range(6):
        state = game.new_initial_state(g)
        while not state.is_terminal():
            legal = state.legal_actions()
            assert legal, "a decision with no legal action"
            names = [state.action_to_string(state.current_player(), a) for a in legal]
            if any(":hand:" in n for n in names):
                assert all(":hand:" in n for n in names) and len(names) == len(set(names)) == 6, names
                asked += 1
            state.apply_action(rng.choice(legal))
    assert asked >= 6, "asked at every battle's start"
