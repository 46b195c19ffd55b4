"""Casting spells (601), payment (601.2g-h, 605), holding priority (117.3c) and rewinding (733)."""

from __future__ import annotations

import pytest
from rules_boards import setup

from karn import Action, Game, IllegalActionError
from karn.engine.state import BATTLEFIELD, player_ref


def find(g: Game, kind: str) -> Action:
    return next(a for a in g.legal_actions() if a.kind == kind)


@pytest.mark.cr("601.2c", "601.2h", "117.3c")
def test_cast_chooses_target_then_pays_and_the_caster_keeps_priority() -> None:
    g = setup(["Lightning Bolt"], ["Mountain"])
    g.apply(find(g, "cast"))
    d = g.decision
    assert d is not None and d.kind == "target" and d.rule == "601.2c"
    g.apply(Action("target", player_ref(1)))
    d = g.decision
    assert d is not None and d.kind == "pay"
    assert {a.kind for a in g.legal_actions()} == {"pay", "mana", "cancel"}
    g.apply(Action("pay"))
    d = g.decision
    assert d is not None and d.kind == "priority" and d.player == 0  # 117.3c
    assert [g.obj(o).name for o in g.state.stack] == ["Lightning Bolt"]


@pytest.mark.cr("733.1", "601.2")
def test_cancel_rewinds_the_cast_exactly() -> None:
    g = setup(["Lightning Bolt"], ["Mountain"])
    before = g.state_hash()
    log_len = len(g.log)
    g.apply(find(g, "cast"))
    g.apply(Action("target", player_ref(1)))
    mana = find(g, "mana")
    g.apply(mana)  # tap the Mountain by hand
    assert g.state.players[0].pool == {"R": 1}
    g.apply(Action("cancel"))
    assert g.state_hash() == before
    assert len(g.log) == log_len


@pytest.mark.cr("605.3b", "106.4")
def test_manual_mana_then_pay_uses_the_pool() -> None:
    g = setup(["Grizzly Bears"], ["Forest", "Forest", "Forest"])
    g.apply(find(g, "cast"))
    forest = find(g, "mana")
    g.apply(forest)
    g.apply(Action("pay"))
    tapped = [o for o in g.state.battlefield if g.obj(o).tapped]
    assert len(tapped) == 2 and g.state.players[0].pool == {}


@pytest.mark.cr("107.3a", "601.2b")
def test_x_is_bounded_by_the_mana_available() -> None:
    g = setup(["Mind Spring"], ["Island", "Island", "Island", "Island"])
    g.apply(find(g, "cast"))
    d = g.decision
    assert d is not None and d.kind == "x"
    xs = sorted(a.a for a in g.legal_actions() if a.kind == "x")
    assert xs == [0, 1, 2]
    g.apply(Action("x", 2))
    g.apply(Action("pay"))
    assert all(g.obj(o).tapped for o in g.state.battlefield)


@pytest.mark.cr("601.2f")
def test_fireball_costs_one_more_per_extra_target() -> None:
    g = setup(["Fireball"], ["Mountain"] * 4, ("Grizzly Bears",))
    g.apply(find(g, "cast"))
    g.apply(Action("x", 2))
    g.apply(Action("target", player_ref(1)))
    # a second target costs {1} more: X=2 + R + 1 = 4 lands, affordable
    bears = next(o for o in g.state.battlefield if g.obj(o).name == "Grizzly Bears")
    g.apply(Action("target", bears))
    d = g.decision
    assert d is not None and d.kind == "target"  # still may add more (none affordable)
    assert not any(a.kind == "target" for a in g.legal_actions())
    g.apply(Action("done"))
    assert g.decision is not None and "{3}{R}" in g.decision.prompt


@pytest.mark.cr("307.1", "117.1a")
def test_sorcery_with_a_spell_on_the_stack_is_refused_with_the_rule() -> None:
    g = setup(["Lightning Bolt", "Lava Spike"], ["Mountain", "Mountain"])
    g.apply(find(g, "cast"))
    g.apply(Action("target", player_ref(1)))
    g.apply(Action("pay"))
    spike = next(o for o in g.state.players[0].hand if g.obj(o).name == "Lava Spike")
    before = g.state_hash()
    with pytest.raises(IllegalActionError, match="307.1"):
        g.apply(Action("cast", spike))
    assert g.state_hash() == before


@pytest.mark.cr("305.2", "116.2a")
def test_second_land_is_refused() -> None:
    g = setup(["Mountain", "Mountain"], [])
    g.apply(find(g, "play"))
    land = g.state.players[0].hand[0]
    with pytest.raises(IllegalActionError, match="305.2"):
        g.apply(Action("play", land))


@pytest.mark.cr("302.6")
def test_summoning_sick_creature_cannot_use_tap_ability() -> None:
    g = Game.empty()
    for _ in range(5):
        g.add_card(0, "Wastes", "library")
        g.add_card(1, "Wastes", "library")
    elves = g.add_card(0, "Llanowar Elves", BATTLEFIELD, sick=True)
    g.begin_at(0, "precombat_main")
    assert not any(a.a == elves for a in g.legal_actions())
    with pytest.raises(IllegalActionError, match="302.6"):
        g.apply(Action("mana", elves, 0))


@pytest.mark.cr("601.2c", "608.2b")
def test_any_number_of_targets_includes_zero() -> None:
    g = setup(["Fireball"], ["Mountain", "Mountain"], ("Grizzly Bears",))
    g.apply(find(g, "cast"))
    g.apply(Action("x", 1))
    assert "done" in {a.kind for a in g.legal_actions()}  # no target is required
    g.apply(Action("done"))
    g.apply(Action("pay"))
    while g.state.stack:
        g.apply(Action("pass"))
    assert [g.obj(o).name for o in g.state.players[0].graveyard] == ["Fireball"]
    assert g.state.players[1].life == 20
    assert any(e.rule == "608.2" and "Fireball resolves" in e.text for e in g.log)


@pytest.mark.cr("602.2b", "601.2b", "107.3a")
def test_an_activated_ability_with_x_announces_x_and_uses_it() -> None:
    g = setup([], ["Cinder Elemental", "Mountain", "Mountain", "Mountain"], ("Grizzly Bears",))
    src = next(o for o in g.state.battlefield if g.obj(o).name == "Cinder Elemental")
    g.apply(Action("activate", src, 0))
    d = g.decision
    assert d is not None and d.kind == "x"
    assert sorted(a.a for a in g.legal_actions() if a.kind == "x") == [0, 1, 2]  # {X}{R} from 3 lands
    g.apply(Action("x", 2))
    g.apply(Action("target", player_ref(1)))
    g.apply(Action("pay"))
    while g.state.stack:
        g.apply(Action("pass"))
    assert g.state.players[1].life == 18
    assert [g.obj(o).name for o in g.state.players[0].graveyard] == ["Cinder Elemental"]


@pytest.mark.cr("602.2b", "118.3")
def test_a_tap_cost_source_is_not_also_tapped_for_mana() -> None:
    g = setup([], ["Urza's Factory"] + ["Wastes"] * 6)
    factory = next(o for o in g.state.battlefield if g.obj(o).name == "Urza's Factory")
    assert not any(a.kind == "activate" and a.a == factory for a in g.legal_actions())  # 6 other mana
    g2 = setup([], ["Urza's Factory"] + ["Wastes"] * 7)
    factory = next(o for o in g2.state.battlefield if g2.obj(o).name == "Urza's Factory")
    g2.apply(Action("activate", factory, 1))
    g2.apply(Action("pay"))
    assert all(g2.obj(o).tapped for o in g2.state.battlefield)
    assert len(g2.state.stack) == 1
