"""Combat damage assignment (510.1, 702.19b) driven through the decision API."""

from __future__ import annotations

import pytest

from karn import Action, Game
from karn.engine.state import BATTLEFIELD, player_ref


def combat(attacker: str, blockers: list[str], trample_choice: bool) -> tuple[Game, int, list[int]]:
    g = Game.empty()
    g.state.settings["trample_choice"] = int(trample_choice)
    for _ in range(5):
        g.add_card(0, "Wastes", "library")
        g.add_card(1, "Wastes", "library")
    a = g.add_card(0, attacker, BATTLEFIELD)
    bs = [g.add_card(1, b, BATTLEFIELD) for b in blockers]
    g.begin_at(0, "precombat_main")
    while g.decision is not None and g.decision.kind != "attackers":
        g.apply(Action("pass"))
    g.apply(Action("attack", a, player_ref(1)))
    g.apply(Action("done"))
    while g.decision is not None and g.decision.kind != "blockers":
        g.apply(Action("pass"))
    for b in bs:
        g.apply(Action("block", b, a))
    g.apply(Action("done"))
    while g.decision is not None and g.decision.kind == "priority":
        g.apply(Action("pass"))
    return g, a, bs


@pytest.mark.cr("702.19b")
def test_trample_choice_lets_the_attacker_overassign_to_the_blocker() -> None:
    g, _, (bears,) = combat("Colossal Dreadmaw", ["Grizzly Bears"], trample_choice=True)
    d = g.decision
    assert d is not None and d.kind == "damage" and d.rule == "702.19b"
    assert sorted(a.a for a in g.legal_actions()) == [2, 3, 4, 5, 6]  # at least lethal (2)
    g.apply(Action("number", 5, bears))
    assert g.state.players[1].life == 19


@pytest.mark.cr("702.19b")
def test_trample_default_assigns_lethal_then_the_rest_to_the_player() -> None:
    g, _, _ = combat("Colossal Dreadmaw", ["Grizzly Bears"], trample_choice=False)
    while g.decision is not None and g.decision.kind == "priority" and g.state.step != "postcombat_main":
        g.apply(Action("pass"))
    assert g.state.players[1].life == 16


@pytest.mark.cr("510.1c")
def test_two_blockers_free_division_all_to_the_second() -> None:
    g, _, (b1, b2) = combat("Craw Wurm", ["Grizzly Bears", "Grizzly Bears"], trample_choice=False)
    d = g.decision
    assert d is not None and d.kind == "damage" and d.rule == "510.1c"
    assert sorted(a.a for a in g.legal_actions()) == list(range(7))  # no damage assignment order
    g.apply(Action("number", 0, b1))
    while g.decision is not None and g.decision.kind == "priority" and g.state.step != "postcombat_main":
        g.apply(Action("pass"))
    names = [g.obj(o).name for o in g.state.players[1].graveyard]
    assert names == ["Grizzly Bears"]
    assert b1 in g.state.battlefield
