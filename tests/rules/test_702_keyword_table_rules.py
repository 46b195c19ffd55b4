"""Rules of keywords from the keyword table (karn.ir.keywords, karn.engine.keywords)."""

from __future__ import annotations

import pytest

from karn import Action, Game
from karn.engine.state import BATTLEFIELD, player_ref


def _game(*cards: tuple[int, str, str]) -> tuple[Game, list[int]]:
    g = Game.empty(names=("A", "B"))
    for p in (0, 1):
        for _ in range(5):
            g.add_card(p, "Wastes", "library")
    ids = [g.add_card(p, name, zone) for p, name, zone in cards]
    g.begin_at(0, "precombat_main")
    return g, ids


@pytest.mark.cr("702.114a")
def test_devoid_is_colorless_in_every_zone() -> None:
    g, (hand, field) = _game((0, "Blinding Drone", "hand"), (0, "Blinding Drone", BATTLEFIELD))
    assert g.chars(hand).colors == frozenset()
    assert g.chars(field).colors == frozenset()


@pytest.mark.cr("702.73a")
def test_changeling_is_every_creature_type_even_in_the_library() -> None:
    g, (card,) = _game((0, "Avian Changeling", "library"))
    assert {"goblin", "elf", "shapeshifter", "human"} <= g.chars(card).subtypes
    assert "forest" not in g.chars(card).subtypes  # a land type isn't a creature type


@pytest.mark.cr("702.61a")
def test_split_second_leaves_only_mana_abilities_and_passing() -> None:
    g, (_, _, _, death, _, _, growth) = _game(
        (0, "Swamp", BATTLEFIELD),
        (0, "Swamp", BATTLEFIELD),
        (0, "Swamp", BATTLEFIELD),
        (0, "Sudden Death", "hand"),
        (1, "Grizzly Bears", BATTLEFIELD),
        (1, "Forest", BATTLEFIELD),
        (1, "Giant Growth", "hand"),
    )
    g.apply(next(a for a in g.legal_actions() if a.kind == "cast" and a.a == death))
    while g.decision is not None and g.decision.kind != "priority":
        g.apply(g.legal_actions()[0])  # its one target, then automatic payment
    g.apply(Action("pass"))
    assert g.decision is not None and g.decision.player == 1
    assert {a.kind for a in g.legal_actions()} <= {"pass", "mana"}
    with pytest.raises(Exception, match="split second"):
        g.apply(Action("cast", growth))


@pytest.mark.cr("702.90b")
def test_infect_damage_to_a_player_is_poison_not_life() -> None:
    g, (mamba,) = _game((0, "Blight Mamba", BATTLEFIELD))
    while g.decision is not None and g.decision.kind != "attackers":
        g.apply(Action("pass"))
    g.apply(Action("attack", mamba, player_ref(1)))
    g.apply(Action("done"))
    while g.state.step != "postcombat_main":
        g.apply(next(a for a in g.legal_actions() if a.kind in ("pass", "done")))
    assert (g.state.players[1].life, g.state.players[1].poison) == (20, 1)


@pytest.mark.cr("508.1d")
def test_done_without_the_creature_that_must_attack_is_refused() -> None:
    g, (cyclops, _) = _game((0, "Bloodrock Cyclops", BATTLEFIELD), (0, "Grizzly Bears", BATTLEFIELD))
    while g.decision is not None and g.decision.kind != "attackers":
        g.apply(Action("pass"))
    assert "done" not in {a.kind for a in g.legal_actions()}
    with pytest.raises(Exception, match="attacks each combat if able"):
        g.apply(Action("done"))
    g.apply(Action("attack", cyclops, player_ref(1)))
    assert "done" in {a.kind for a in g.legal_actions()}
