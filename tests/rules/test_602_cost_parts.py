"""Costs made of parts (118, 602.1, 601.2h): each part says whether it can be paid (118.3,
602.2b), the objects that pay it are chosen as Decisions, and the activation is one transaction:
cancelled while choosing, nothing has changed (733.1)."""

from __future__ import annotations

import pytest

from karn import Action, Game
from karn.engine.state import BATTLEFIELD


def _game(mine: list[str], life: int = 20) -> Game:
    g = Game.empty()
    g.state.players[0].life = life
    for _ in range(6):
        g.add_card(1, "Wastes", "library")
        g.add_card(0, "Wastes", "library")
    for name in mine:
        g.add_card(0, name, BATTLEFIELD)
    g.begin_at(0, "precombat_main")
    return g


def _card(g: Game, name: str) -> int:
    return next(o.id for o in g.state.objects.values() if o.name == name and o.zone == BATTLEFIELD)


def _activate(g: Game, name: str) -> Action:
    src = _card(g, name)
    return next(a for a in g.legal_actions() if a.kind == "activate" and a.a == src)


@pytest.mark.cr("601.2h", "602.2b", "701.21a")
def test_the_permanent_to_sacrifice_is_chosen_among_those_that_can_pay() -> None:
    g = _game(["Blood Bairn", "Grizzly Bears", "Savannah Lions"])
    g.apply(_activate(g, "Blood Bairn"))
    d = g.decision
    assert d is not None and d.kind == "cost" and d.rule == "601.2h"
    chosen = {o.a for o in d.options if o.kind == "choose"}
    # "another creature": the source isn't one of them (109.1)
    assert chosen == {_card(g, "Grizzly Bears"), _card(g, "Savannah Lions")}
    g.apply(Action("choose", _card(g, "Grizzly Bears")))
    assert [g.obj(o).name for o in g.state.players[0].graveyard] == ["Grizzly Bears"]


@pytest.mark.cr("733.1", "601.2h")
def test_cancelling_while_choosing_what_to_sacrifice_changes_nothing() -> None:
    g = _game(["Goblin Bombardment", "Grizzly Bears"])
    before = g.state_hash()
    src = _card(g, "Goblin Bombardment")
    action = next(a for a in g.legal_actions() if a.kind == "activate" and a.a == src)
    g.apply(action)
    while g.decision is not None and g.decision.kind == "target":
        g.apply(next(o for o in g.legal_actions() if o.kind == "target"))
    assert g.decision is not None and g.decision.kind == "cost"
    g.apply(Action("cancel"))
    assert g.state_hash() == before
    assert g.obj(_card(g, "Grizzly Bears")).zone == BATTLEFIELD


@pytest.mark.cr("118.3", "602.2b")
def test_sacrificing_two_needs_two() -> None:
    g = _game(["Goblin Warrens", "Goblin Piker", "Mountain", "Mountain", "Mountain"])
    warrens = _card(g, "Goblin Warrens")
    assert not [a for a in g.legal_actions() if a.kind == "activate" and a.a == warrens]
    g = _game(["Goblin Warrens", "Goblin Piker", "Goblin Piker", "Mountain", "Mountain", "Mountain"])
    assert [a for a in g.legal_actions() if a.kind == "activate" and a.a == warrens]


@pytest.mark.cr("119.4", "118.3")
def test_paying_life_needs_that_much_life() -> None:
    g = _game(["Griselbrand"], life=7)
    assert [a for a in g.legal_actions() if a.kind == "activate"]
    g = _game(["Griselbrand"], life=6)
    assert not [a for a in g.legal_actions() if a.kind == "activate"]
