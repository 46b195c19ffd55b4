"""Mana abilities (605) beyond the basic lands: costs with mana, sacrifice, summoning sickness."""

from __future__ import annotations

import pytest

from karn import Action, Game
from karn.engine.state import BATTLEFIELD


def board(mine: list[str], hand: list[str]) -> tuple[Game, dict[str, int]]:
    g = Game.empty()
    for _ in range(5):
        g.add_card(0, "Wastes", "library")
        g.add_card(1, "Wastes", "library")
    ids = {n: g.add_card(0, n, BATTLEFIELD) for n in mine}
    for n in hand:
        g.add_card(0, n, "hand")
    g.begin_at(0, "precombat_main")
    return g, ids


@pytest.mark.cr("605.3a", "605.3b", "106.4")
def test_a_mana_ability_with_a_mana_cost_pays_it_from_other_sources() -> None:
    g, ids = board(["Golgari Signet", "Forest"], ["Grizzly Bears"])
    acts = {(a.kind, a.a) for a in g.legal_actions()}
    assert ("mana", ids["Golgari Signet"]) in acts
    g.apply(Action("mana", ids["Golgari Signet"], 0))
    assert g.state.players[0].pool == {"B": 1, "G": 1}
    assert g.obj(ids["Forest"]).tapped and g.obj(ids["Golgari Signet"]).tapped
    assert not g.state.stack  # 605.3b: no stack
    assert any(a.kind == "cast" for a in g.legal_actions())


@pytest.mark.cr("605.3a")
def test_a_mana_ability_whose_cost_cannot_be_paid_is_not_offered() -> None:
    g, ids = board(["Golgari Signet"], [])
    assert all(a.a != ids["Golgari Signet"] for a in g.legal_actions())


@pytest.mark.cr("605.3a", "302.6")
def test_a_summoning_sick_mana_creature_cannot_tap_but_a_land_can() -> None:
    g = Game.empty()
    for _ in range(5):
        g.add_card(0, "Wastes", "library")
        g.add_card(1, "Wastes", "library")
    elves = g.add_card(0, "Llanowar Elves", BATTLEFIELD, sick=True)
    forest = g.add_card(0, "Forest", BATTLEFIELD, sick=True)
    g.begin_at(0, "precombat_main")
    offered = {a.a for a in g.legal_actions() if a.kind == "mana"}
    assert forest in offered and elves not in offered


@pytest.mark.cr("500.4", "106.4")
def test_unused_mana_empties_at_the_end_of_the_step() -> None:
    g, ids = board(["Forest"], [])
    g.apply(Action("mana", ids["Forest"], 0))
    assert g.state.players[0].pool == {"G": 1}
    g.apply(Action("pass"))
    g.apply(Action("pass"))
    assert g.state.step == "beginning_of_combat"
    assert g.state.players[0].pool == {}
    assert any(e.rule == "500.4" for e in g.log)


@pytest.mark.cr("605.3a", "601.2g", "601.2h")
def test_a_mana_ability_with_a_mana_cost_activated_while_paying_keeps_what_the_cost_needs() -> None:
    """Reliability finding F1: Coal Golem ({3}, sacrifice: add {R}{R}{R}) activated while paying
    Ancient Craving ({3}{B}) with {B}{R}{R}{R} floating: its {3} is paid with red mana, the {B}
    stays for the spell, and the spell can then be paid and cast."""
    g = Game.empty(names=["A", "B"])
    golem = g.add_card(0, "Coal Golem", "battlefield")
    craving = g.add_card(0, "Ancient Craving", "hand")
    for p in (0, 1):
        for _ in range(10):
            g.add_card(p, "Wastes", "library")
    g.state.players[0].pool = {"B": 1, "R": 3}
    g.dirty()
    g.begin_at(0, "precombat_main")
    g.apply(Action("cast", craving))
    assert g.decision is not None and g.decision.kind == "pay"
    activate = next(a for a in g.legal_actions() if a.kind == "mana" and a.a == golem)
    g.apply(activate)
    assert g.state.players[0].pool == {"B": 1, "R": 3}  # {3} paid from the red, {R}{R}{R} added
    assert "Coal Golem" in [g.obj(o).name for o in g.state.players[0].graveyard]
    assert g.decision is not None and g.decision.kind == "pay"
    g.apply(Action("pay"))
    assert [g.obj(o).name for o in g.state.stack] == ["Ancient Craving"]
