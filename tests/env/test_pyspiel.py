"""karn as an OpenSpiel Python game (karn.env.spiel.register_pyspiel), checked by OpenSpiel's
own C++ random simulation test and through pyspiel's State API."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

from karn.env.spiel import register_pyspiel  # noqa: E402


def test_openspiels_random_simulation_test_passes() -> None:
    game = pyspiel.load_game(register_pyspiel(), {"seed": 3})
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_pyspiel_states_clone_apply_and_hide_information() -> None:
    game = pyspiel.load_game(register_pyspiel(), {"seed": 5})
    assert game.num_players() == 2 and game.get_type().short_name == "python_karn"
    state = game.new_initial_state()
    p = state.current_player()
    assert not state.is_chance_node()
    mine, theirs = state.information_state_string(p), state.information_state_string(1 - p)
    assert "Legal actions" in mine and "Legal actions" not in theirs
    rng = random.Random(5)
    for _ in range(20):
        state.apply_action(rng.choice(state.legal_actions()))
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert len(clone.history()) == len(state.history()) + 1
    legal = set(state.legal_actions())
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in legal)
    before = state.information_state_string(state.current_player())
    with pytest.raises(Exception):  # noqa: B017 - pyspiel wraps the EnvError
        state.apply_action(illegal)
    assert state.information_state_string(state.current_player()) == before  # nothing changed
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert sorted(state.returns()) == [-1.0, 1.0]
