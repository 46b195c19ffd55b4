"""The per-player edge: who may act (``apply(action, player=)``), bad input, the typed
observation, and ``determinize`` (DESIGN.md, "The per-player edge")."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from karn import Action, Game, IllegalActionError, Observation
from karn.agents import RandomAgent, run_game
from karn.engine.state import BATTLEFIELD

DECKS = ("red_burn", "green_stompy")


def _fingerprint(g: Game) -> tuple[str, int, Any]:
    return g.state_hash(), len(g.log), g.decision


def _advance(g: Game, stop: Any, seed: int = 0, limit: int = 5000) -> None:
    r = random.Random(seed)
    for _ in range(limit):
        if stop(g):
            return
        assert not g.is_over()
        g.apply(r.choice(g.legal_actions()))
    raise AssertionError("never reached")


# ---------------------------------------------------------------------------- who may act


@pytest.mark.cr("117.1")
def test_an_action_by_a_player_without_priority_is_refused_and_changes_nothing() -> None:
    g = Game.new(*DECKS, seed=3)
    _advance(g, lambda g: g.decision.kind == "priority")
    d = g.decision
    assert d is not None
    before = _fingerprint(g)
    with pytest.raises(IllegalActionError) as e:
        g.apply(Action("pass"), player=1 - d.player)
    assert e.value.rule == "117.1"
    assert "does not have priority" in str(e.value) and g.pname(d.player) in str(e.value)
    assert _fingerprint(g) == before
    g.apply(Action("pass"), player=d.player)  # the player with priority may
    assert _fingerprint(g) != before


@pytest.mark.cr("509.1", "103.5")
def test_other_decisions_are_refused_with_their_own_rule() -> None:
    g = Game.new(*DECKS, seed=4)
    d = g.decision
    assert d is not None and d.kind == "mulligan"
    with pytest.raises(IllegalActionError) as e:
        g.apply(Action("keep"), player=1 - d.player)
    assert e.value.rule == "103.5"
    # Blockers: only the defending player declares them.
    g = Game.new(*DECKS, seed=1)
    _advance(g, lambda g: g.decision.kind == "blockers", seed=2)
    d = g.decision
    assert d is not None
    before = _fingerprint(g)
    with pytest.raises(IllegalActionError, match="only the defending player declares blockers") as e:
        g.apply(Action("done"), player=g.state.active)
    assert e.value.rule == "509.1" and str(e.value).startswith("509.1: ")
    assert _fingerprint(g) == before


def test_apply_checks_the_actor_before_the_action() -> None:
    """Another player's legal-looking action is refused for the actor, not the action."""
    g = Game.new(*DECKS, seed=5)
    d = g.decision
    assert d is not None
    legal = g.legal_actions()[0]
    with pytest.raises(IllegalActionError, match="decides now"):
        g.apply(legal, player=1 - d.player)
    g.apply(legal, player=d.player)


# ---------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "bad",
    [
        "pass",
        None,
        ("pass", 0, 0),
        0,
        Action("pass", [1]),
        Action(None),
        Action("pass", 0, 1.5),
        Action("pass", True),
    ],  # type: ignore[arg-type]
)
def test_apply_with_anything_but_an_action_is_a_type_error_naming_action(bad: Any) -> None:
    g = Game.new(*DECKS, seed=6)
    before = _fingerprint(g)
    with pytest.raises(TypeError, match="Action"):
        g.apply(bad)
    assert _fingerprint(g) == before


@pytest.mark.parametrize(
    ("bad", "error"),
    [
        (-1, ValueError),
        (2, ValueError),
        (100, ValueError),
        (None, TypeError),
        ("0", TypeError),
        (0.5, TypeError),
        (True, TypeError),
        ([0], TypeError),
    ],  # fmt: skip
)
def test_bad_players_are_refused_naming_the_players(bad: Any, error: type[Exception]) -> None:
    g = Game.new(*DECKS, seed=7)
    before = _fingerprint(g)
    calls: list[Any] = [g.observation, g.concede]
    if bad is not None:  # apply's player=None means "not said"
        calls.append(lambda p: g.apply(g.legal_actions()[0], player=p))
    for call in calls:
        with pytest.raises(error, match=r"0 \(A\) and 1 \(B\)"):
            call(bad)
        assert _fingerprint(g) == before
    with pytest.raises(error):
        g.determinize(bad, 1)


def test_bad_log_start_and_seed() -> None:
    g = Game.new(*DECKS, seed=8)
    with pytest.raises(ValueError):
        g.observation(0, -1)
    with pytest.raises(TypeError):
        g.observation(0, "3")  # type: ignore[arg-type]
    assert g.observation(0, 10**9).log == ()  # past the end: nothing new
    with pytest.raises(TypeError):
        g.determinize(0, "1")  # type: ignore[arg-type]


@pytest.mark.cr("104.3a", "800.4a")
def test_concede_by_index_only() -> None:
    g = Game.new(*DECKS, seed=9)
    g.concede(1)
    assert g.winner == 0
    with pytest.raises(IllegalActionError):
        g.concede(0)


# ---------------------------------------------------------------------------- the observation


def test_the_observation_is_typed_and_shows_each_player_only_their_own() -> None:
    g = Game.new(*DECKS, seed=10)
    _advance(g, lambda g: g.state.turn >= 4 and g.decision.kind == "priority")
    d = g.decision
    assert d is not None
    for me in (0, 1):
        obs = g.observation(me)
        assert isinstance(obs, Observation) and obs.player == me
        assert [c.name for c in obs.hand] == [g.obj(o).name for o in g.state.players[me].hand]
        assert obs.players[1 - me].hand_size == len(g.state.players[1 - me].hand)
        assert obs.decider == d.player and obs.decision_kind == "priority"
        assert (obs.decision is not None) == (me == d.player)
        for p in obs.battlefield:
            c = g.chars(p.id)
            assert p.controller == c.controller and p.abilities == c.ability_ids
            assert p.owner == g.obj(p.id).owner and p.sick == g.obj(p.id).sick


def test_the_spectators_view_has_no_hand_and_no_options() -> None:
    g = Game.new(*DECKS, seed=11)
    obs = g.public_observation()
    assert obs.player is None and obs.hand == () and obs.decision is None
    assert obs.decider == g.decision.player  # type: ignore[union-attr]
    assert [p.hand_size for p in obs.players] == [7, 7]
    drawn = [e.text for e in g.log if e.seen_by]
    assert drawn and not set(drawn) & {e.text for e in g.public_observation(0).log}


@pytest.mark.cr("601.2c")
def test_the_deciders_view_names_the_spell_being_cast_and_the_target_slot() -> None:
    g = Game.empty()
    for p in (0, 1):
        for _ in range(5):
            g.add_card(p, "Mountain", "library")
    g.add_card(0, "Mountain", BATTLEFIELD)
    bolt = g.add_card(0, "Lightning Bolt", "hand")
    bears = g.add_card(1, "Grizzly Bears", BATTLEFIELD)
    g.begin_at(0, "precombat_main")
    g.apply(Action("cast", bolt))
    obs = g.observation(0)
    d = obs.decision
    assert d is not None and d.kind == "target" and d.slot == 0
    assert (
        d.source == obs.stack[0].id and obs.stack[0].name == "Lightning Bolt" and obs.stack[0].kind == "spell"
    )
    assert Action("target", bears) in [Action(o.kind, o.a, o.b) for o in d.options]
    assert g.observation(1).decision is None and g.observation(1).stack[0].name == "Lightning Bolt"


@pytest.mark.cr("701.20a", "400.2")
def test_cards_revealed_to_a_player_are_in_their_view_and_not_in_the_others() -> None:
    g = Game.empty()
    for p in (0, 1):
        for _ in range(5):
            g.add_card(p, "Wastes", "library")
    g.add_card(0, "Swamp", BATTLEFIELD)
    g.add_card(0, "Duress", "hand")
    for name in ("Grizzly Bears", "Giant Growth", "Lightning Bolt", "Mountain"):
        g.add_card(1, name, "hand")
    g.begin_at(0, "precombat_main")
    duress = g.observation(0).hand[0].id
    g.apply(Action("cast", duress))
    while g.decision is not None and g.decision.kind != "choose":
        g.apply(g.legal_actions()[0])
    me = g.observation(0)
    names = {"Grizzly Bears", "Giant Growth", "Lightning Bolt", "Mountain"}
    assert {(k.name, k.zone, k.owner) for k in me.known} == {(n, "hand", 1) for n in names}
    assert me.decision is not None and {o.label for o in me.decision.options} == {
        "Giant Growth",
        "Lightning Bolt",
    }
    assert g.observation(1).known == ()  # their own hand is in their hand already
    assert {k.name for k in g.public_observation().known} == names


# ---------------------------------------------------------------------------- determinize


def _cards_by_zone(g: Game) -> Counter[tuple[int, str, int]]:
    s = g.state
    out: Counter[tuple[int, str, int]] = Counter()
    for p in s.players:
        for zone in ("library", "hand", "graveyard", "exile"):
            for oid in getattr(p, zone):
                out[(p.index, zone, s.objects[oid].card)] += 1
    return out


def _physical(g: Game) -> list[int]:
    return sorted(o.card for o in g.state.objects.values() if o.card >= 0)


def test_determinize_resamples_hidden_cards_and_keeps_what_the_player_sees() -> None:
    g = Game.new(*DECKS, seed=12)
    _advance(g, lambda g: g.state.turn >= 3 and g.decision.kind == "priority" and g.decision.player == 0)
    seen = g.observation(0)
    hands = set()
    libraries = set()
    for seed in range(12):
        h = g.determinize(0, seed)
        assert h.observation(0) == seen, "the visible part changed"
        assert _physical(h) == _physical(g)  # card conservation
        assert h.state.players[0].hand == g.state.players[0].hand
        assert [h.obj(o).name for o in h.state.players[0].hand] == [
            g.obj(o).name for o in g.state.players[0].hand
        ]
        for p in (0, 1):  # each zone keeps its size, and a card stays with its owner
            for zone in ("library", "hand"):
                assert len(getattr(h.state.players[p], zone)) == len(getattr(g.state.players[p], zone))
            owned = {o.card for o in h.state.objects.values() if o.owner == p and o.card >= 0}
            assert owned == {o.card for o in g.state.objects.values() if o.owner == p and o.card >= 0}
        hands.add(tuple(sorted(h.obj(o).card for o in h.state.players[1].hand)))
        libraries.add(tuple(h.obj(o).card for o in h.state.players[0].library))
        assert h.decision == g.decision  # the player's own decision stays valid
        assert h.legal_actions() == g.legal_actions()
    assert len(hands) > 8 and len(libraries) > 8
    assert g.determinize(0, 3).state_hash() == g.determinize(0, 3).state_hash()  # seeded


def test_determinized_games_play_on_to_the_end() -> None:
    for seed in range(4):
        g = Game.new(*DECKS[:: 1 if seed % 2 else -1], seed=seed)
        turn = 2 + seed
        _advance(g, lambda g: g.state.turn >= turn, seed=seed)  # noqa: B023
        me = g.decision.player  # type: ignore[union-attr]
        h = g.determinize(1 - me, seed)  # the other player's point of view: their decision is re-asked
        n = len(h.state.objects)
        run_game(h, [RandomAgent(seed), RandomAgent(seed + 1)])
        assert h.is_over()
        assert len(_physical(h)) == len(_physical(g)) and n >= len(
            [o for o in h.state.objects.values() if o.card >= 0]
        )


def test_determinize_hides_the_log_lines_the_player_could_not_read() -> None:
    g = Game.new(*DECKS, seed=13)
    h = g.determinize(0, 1)
    theirs = [e for e in g.log if e.seen_by == (1,)]
    assert theirs
    texts = [e.text for e in h.log]
    assert all(e.text not in texts for e in theirs)
    assert len(h.log) == len(g.log)


@pytest.mark.cr("701.20a", "400.2")
def test_determinize_keeps_a_revealed_hand_and_the_other_decisions_objects() -> None:
    g = Game.empty(seed=3)
    for p in (0, 1):
        for name in ("Wastes", "Forest", "Island", "Plains", "Swamp", "Mountain"):
            g.add_card(p, name, "library")
    g.add_card(0, "Swamp", BATTLEFIELD)
    g.add_card(0, "Duress", "hand")
    for name in ("Grizzly Bears", "Giant Growth", "Lightning Bolt", "Mountain"):
        g.add_card(1, name, "hand")
    g.begin_at(0, "precombat_main")
    g.apply(Action("cast", g.state.players[0].hand[0]))
    while g.decision is not None and g.decision.kind != "choose":
        g.apply(g.legal_actions()[0])
    hand = [g.obj(o).name for o in g.state.players[1].hand]
    for seed in range(5):
        h = g.determinize(0, seed)
        assert [h.obj(o).name for o in h.state.players[1].hand] == hand  # revealed to player 0
        assert h.legal_actions() == g.legal_actions()
        h.apply(h.legal_actions()[0])
        # From player 1's point of view, player 0's library is redrawn but not their revealed hand.
        k = g.determinize(1, seed)
        assert [k.obj(o).name for o in k.state.players[1].hand] == hand


def test_determinize_during_a_cast_resamples_the_state_it_would_rewind_to() -> None:
    g = Game.empty(seed=4)
    for p in (0, 1):
        for name in ("Wastes", "Forest", "Island", "Plains", "Swamp", "Mountain", "Shock"):
            g.add_card(p, name, "library")
    g.add_card(0, "Mountain", BATTLEFIELD)
    bolt = g.add_card(0, "Lightning Bolt", "hand")
    g.add_card(1, "Lightning Bolt", "hand")
    g.add_card(1, "Grizzly Bears", "hand")
    g.begin_at(0, "precombat_main")
    g.apply(Action("cast", bolt))
    assert g.state.rollback
    rewound = g.copy()
    rewound.apply(Action("cancel"))
    sizes = Counter(k[:2] for k in _cards_by_zone(rewound).elements())
    hands = set()
    for seed in range(6):
        h = g.determinize(0, seed)
        assert h.observation(0) == g.observation(0)
        h.apply(Action("cancel"))  # 733: back to the (resampled) state before the cast
        assert _physical(h) == _physical(g)
        assert Counter(k[:2] for k in _cards_by_zone(h).elements()) == sizes
        assert h.observation(0) == rewound.observation(0)
        hands.add(tuple(sorted(h.obj(o).name for o in h.state.players[1].hand)))
        run_game(h, [RandomAgent(seed), RandomAgent(seed + 1)])
        assert h.is_over()
    assert len(hands) > 1
