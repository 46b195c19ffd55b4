"""karn.env: the PettingZoo AEC environment (api_test, seed_test), the Gymnasium wrapper
(check_env), the OpenSpiel-style adapter against its own contract, the vectorized env, the
action slots and the refusals (a clear error, the game unchanged)."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from karn.engine.state import Option  # noqa: E402
from karn.env import (  # noqa: E402
    ACTION_SIZE,
    OBSERVATION_SIZE,
    EnvError,
    SpielGame,
    aec_env,
    gym_env,
    slot_meaning,
    vector_env,
)
from karn.env.encoding import BLOCK, LAYOUT, PASS_SLOT, action_slots, block_of, section  # noqa: E402

DECKS = ("red_burn", "green_stompy")


@pytest.mark.filterwarnings("ignore:Observation")
def test_pettingzoo_api_test_two_players() -> None:
    api_test(aec_env(decks=DECKS, seed=1), num_cycles=400)


@pytest.mark.filterwarnings("ignore:Observation")
def test_pettingzoo_api_test_three_players() -> None:
    api_test(aec_env(decks=("red_burn", "green_stompy", "red_burn"), seed=2), num_cycles=200)


def test_pettingzoo_seed_test() -> None:
    seed_test(lambda: aec_env(decks=DECKS), num_cycles=200)


def test_gymnasium_check_env() -> None:
    check_env(gym_env(decks=DECKS), skip_render_check=True)
    check_env(gym_env(decks=DECKS, opponent="random", seat=1), skip_render_check=True)


def _play_aec(seed: int) -> tuple[list[float], int]:
    env = aec_env(decks=DECKS, seed=seed)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = {a: 0.0 for a in env.possible_agents}
    steps = 0
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        assert obs["observation"].shape == (OBSERVATION_SIZE,) and obs["action_mask"].sum() > 0
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    return [totals[a] for a in env.possible_agents], steps


def test_a_whole_game_ends_with_a_winner_and_opposite_rewards() -> None:
    rewards, steps = _play_aec(5)
    assert sorted(rewards) == [-1.0, 1.0] and steps > 20
    assert _play_aec(5) == (rewards, steps)  # the seed decides everything


def test_bad_input_is_a_clear_error_and_changes_nothing() -> None:
    env = aec_env(decks=DECKS, seed=3)
    with pytest.raises(EnvError, match="reset"):
        env.step(0)
    env.reset(seed=3)
    before = env.game.state_hash()
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[5])
    with pytest.raises(EnvError, match="not in the action mask"):
        env.step(illegal)
    for bad in (-1, ACTION_SIZE, 2.5, "0", True):
        with pytest.raises(EnvError):
            env.step(bad)  # type: ignore[arg-type]
    with pytest.raises(EnvError, match="must act"):
        env.step(None)
    with pytest.raises(EnvError, match="no agent"):
        env.observe("player_7")
    assert env.game.state_hash() == before
    env.close()
    with pytest.raises(EnvError, match="closed"):
        env.step(0)
    with pytest.raises(EnvError, match="closed"):
        env.reset()


def test_the_gym_wrapper_ignores_or_refuses_an_action_outside_the_mask() -> None:
    env = gym_env(decks=DECKS)
    obs, _ = env.reset(seed=4)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.unwrapped._live().game.state_hash()  # type: ignore[attr-defined]
    again, reward, terminated, truncated, info = env.step(illegal)
    assert "not in the action mask" in info["error"] and reward == 0 and not terminated
    assert np.array_equal(again["observation"], obs["observation"])
    assert env.unwrapped._live().game.state_hash() == before  # type: ignore[attr-defined]
    strict = gym_env(decks=DECKS, invalid_action="raise")
    strict.reset(seed=4)
    with pytest.raises(EnvError):
        strict.step(illegal)


def test_slots_have_stable_meanings_and_long_lists_page() -> None:
    assert PASS_SLOT == 0 and slot_meaning(0).startswith("pass action number 0")
    options = [Option("pass")] + [Option("choose", 100 + i, label=f"card {i}") for i in range(70)]
    seen: set[int] = set()
    pages: dict[int, int] = {}
    choose = block_of("choose") * BLOCK
    for _ in range(3):
        slots = action_slots(options, pages)
        assert slots.mask[PASS_SLOT] == 1 and slots.mask[choose + BLOCK - 1] == 1  # "next page"
        assert slots.mask.sum() == 1 + len([s for s in slots.actions if s >= choose]) + 1
        seen |= {a.a for s, a in slots.actions.items() if a.kind == "choose"}
        pages[block_of("choose")] = pages.get(block_of("choose"), 0) + 1
    assert seen == {100 + i for i in range(70)}  # every option reachable through the pages
    later = action_slots([Option("a_kind_added_later", 3)])
    assert list(later.actions) == [block_of("a_kind_added_later") * BLOCK]
    assert block_of("a_kind_added_later") == block_of("another_new_kind")  # the "other" block


def test_page_turns_through_the_env_change_nothing_in_the_game() -> None:
    from karn.engine.state import Decision
    from karn.env.aec import Seats

    env = aec_env(decks=DECKS, seed=6)
    env.reset(seed=6)
    g = env.game.copy()
    d = g.decision
    assert d is not None
    # a decision with a long list (as a creature type or a library search gives)
    g.state.decision = Decision(
        d.player, "choose", "608.2d", "choose", [Option("choose", i) for i in range(40)]
    )
    seats = Seats(g)
    before = g.state_hash()
    first = {a.a for a in seats.slots().actions.values()}
    turn = next(iter(seats.slots().pages))
    assert slot_meaning(turn).startswith("the next page of choose")
    assert seats.act(d.player, turn) is False  # a page turn: the game did not move
    second = {a.a for a in seats.slots().actions.values()}
    assert first | second == set(range(40)) and not first & second
    assert g.state_hash() == before


def test_the_observation_holds_nothing_hidden() -> None:
    """Two games that differ only in the cards hidden from seat 0 (the order of the libraries
    and the other hand: determinize) encode the same for seat 0."""
    env = aec_env(decks=DECKS, seed=8)
    env.reset(seed=8)
    rng = np.random.default_rng(8)
    from karn.env.aec import Seats

    checked = 0
    for agent in env.agent_iter(max_iter=300):
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        g = env.game
        seat = env.possible_agents.index(agent)
        other = Seats(g.determinize(seat, seed=checked))
        assert np.array_equal(other.observe(seat)["observation"], obs["observation"])
        assert np.array_equal(other.observe(seat)["action_mask"], obs["action_mask"])
        checked += 1
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert checked > 50


def test_the_layout_covers_the_vector() -> None:
    vector = np.arange(OBSERVATION_SIZE, dtype=np.float32)
    total = sum(section(vector, name).size for name in LAYOUT)
    assert total == OBSERVATION_SIZE


# ---------------------------------------------------------------------------- OpenSpiel-style


def test_spiel_state_contract_clone_apply_returns() -> None:
    game = SpielGame(decks=DECKS, seed=9)
    state = game.new_initial_state()
    assert game.num_players() == 2 and game.num_distinct_actions() == ACTION_SIZE
    assert not state.is_chance_node() and not state.is_terminal()
    rng = random.Random(9)
    for _ in range(30):
        state.apply_action(rng.choice(state.legal_actions()))
    clone = state.clone()
    assert clone.information_state_string(0) == state.information_state_string(0)
    assert clone.history() == state.history()
    # the clone is independent and continues exactly like the original
    moves = []
    while not clone.is_terminal():
        p = clone.current_player()
        assert clone.legal_actions(1 - p) == []
        a = rng.choice(clone.legal_actions())
        moves.append(a)
        clone.apply_action(a)
    assert len(state.history()) == 30
    for a in moves:
        state.apply_action(a)
    assert state.is_terminal() and state.returns() == clone.returns()
    assert sorted(state.returns()) == [-1.0, 1.0] and state.current_player() < 0
    assert state.legal_actions() == []
    with pytest.raises(EnvError):
        state.apply_action(0)


def test_spiel_information_states_are_per_player_and_refusals_change_nothing() -> None:
    state = SpielGame(decks=DECKS, seed=10).new_initial_state()
    p = state.current_player()
    mine, theirs = state.information_state_string(p), state.information_state_string(1 - p)
    assert mine != theirs and "Legal actions" in mine and "Legal actions" not in theirs
    assert len(state.information_state_tensor(p)) == OBSERVATION_SIZE
    illegal = next(a for a in range(ACTION_SIZE) if a not in state.legal_actions())
    with pytest.raises(EnvError):
        state.apply_action(illegal)
    assert state.information_state_string(p) == mine and state.history() == []
    with pytest.raises(EnvError):
        state.information_state_string(2)
    with pytest.raises(EnvError):
        state.chance_outcomes()


def test_vector_env_over_two_processes() -> None:
    envs = vector_env(2, decks=DECKS, opponent="random")
    try:
        obs, _ = envs.reset(seed=11)
        assert obs["observation"].shape == (2, OBSERVATION_SIZE)
        rng = np.random.default_rng(11)
        ended = False
        for _ in range(20):
            actions = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in obs["action_mask"]]
            obs, rewards, terminated, truncated, infos = envs.step(np.array(actions))
            ended = ended or bool(terminated.any())
            # a live game always offers a legal slot (a finished one resets at the next step)
            assert all(m.any() for m, done in zip(obs["action_mask"], terminated, strict=True) if not done)
    finally:
        envs.close()


#: The slot order as of the first release of karn.env: kinds are only ever appended.
PINNED_ACTION_KINDS = (
    "pass play cast activate mana face_up planar_die keep mulligan bottom top opening opening_done attack "
    "unattack block unblock number alt mode modes_done kicker x target divide pay cancel done yes no choose "
    "none option order replace word color creature_type choose_creature copy exile sacrifice"
).split()
PINNED_DECISION_KINDS = (
    "priority mulligan bottom opening_hand attackers blockers damage alt mode kicker x target divide pay "
    "discard sacrifice cost order may unless choose any_player next_target new_target choose_word "
    "choose_color choose_creature_type choose_creature choose_protection copy devour pay_life replacement "
    "legend scry search"
).split()


def test_slot_meanings_are_stable_new_kinds_go_at_the_end() -> None:
    from karn.env.encoding import ACTION_KINDS, DECISION_KINDS

    assert list(ACTION_KINDS[: len(PINNED_ACTION_KINDS)]) == PINNED_ACTION_KINDS
    assert list(DECISION_KINDS[: len(PINNED_DECISION_KINDS)]) == PINNED_DECISION_KINDS
    assert ACTION_KINDS[-1] == DECISION_KINDS[-1] == "other"
