"""A creature that can block several attackers (509.1a) and divides its damage (510.1d)."""

from __future__ import annotations

import pytest

from karn import Action, Game


def _combat_game(blocker: str = "Palace Guard") -> tuple[Game, int, int, int]:
    g = Game.empty(names=["A", "B"])
    bear1 = g.add_card(0, "Grizzly Bears", "battlefield")
    bear2 = g.add_card(0, "Grizzly Bears", "battlefield")
    guard = g.add_card(1, blocker, "battlefield")
    for p in (0, 1):
        for _ in range(5):
            g.add_card(p, "Wastes", "library")
    g.begin_at(0, "precombat_main")
    while g.decision is not None and g.decision.kind == "priority":
        g.apply(Action("pass"))
    return g, bear1, bear2, guard


@pytest.mark.cr("509.1a", "510.1d", "704.5g")
def test_a_creature_that_can_block_any_number_blocks_two_and_divides_its_damage() -> None:
    g, bear1, bear2, guard = _combat_game()  # Palace Guard: "can block any number of creatures"
    assert g.decision is not None and g.decision.kind == "attackers"
    defender = next(a.b for a in g.legal_actions() if a.kind == "attack")
    g.apply(Action("attack", bear1, defender))
    g.apply(Action("attack", bear2, defender))
    g.apply(Action("done"))
    while g.decision is not None and g.decision.kind == "priority":
        g.apply(Action("pass"))
    assert g.decision is not None and g.decision.kind == "blockers"
    g.apply(Action("block", guard, bear1))
    assert Action("block", guard, bear2) in g.legal_actions()  # 509.1a: it may block another
    g.apply(Action("block", guard, bear2))
    g.apply(Action("done"))
    assert g.state.combat is not None and sorted(g.state.combat.blockers[guard]) == sorted([bear1, bear2])
    while g.decision is not None and g.decision.kind == "priority":
        g.apply(Action("pass"))
    d = g.decision
    assert d is not None and d.kind == "damage" and d.rule == "510.1d" and d.player == 1
    g.apply(Action("number", 1, bear1))  # 1 to the first bear, the rest (0) to the second
    while g.decision is not None and g.decision.kind == "priority" and g.state.step != "end_of_combat":
        g.apply(Action("pass"))
    assert g.obj(bear1).damage == 1 or bear1 not in g.state.objects
    assert guard not in g.state.battlefield  # 2 + 2 damage: lethal for a 1/4 (704.5g)
    assert g.state.players[1].life == 20


@pytest.mark.cr("509.1a")
def test_a_creature_blocks_one_attacker_unless_an_ability_says_otherwise() -> None:
    g, bear1, bear2, wall = _combat_game("Wall of Stone")
    defender = next(a.b for a in g.legal_actions() if a.kind == "attack")
    g.apply(Action("attack", bear1, defender))
    g.apply(Action("attack", bear2, defender))
    g.apply(Action("done"))
    while g.decision is not None and g.decision.kind == "priority":
        g.apply(Action("pass"))
    g.apply(Action("block", wall, bear1))
    assert not [a for a in g.legal_actions() if a.kind == "block" and a.a == wall]
