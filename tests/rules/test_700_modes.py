"""Modal spells (700.2): choosing several modes, each with its own targets."""

from __future__ import annotations

import pytest

from karn import Action, Game
from karn.engine.state import player_ref


@pytest.mark.cr("700.2", "700.2d", "601.2b", "601.2c")
def test_choose_two_resolves_both_modes_each_with_its_targets() -> None:
    """Kolaghan's Command, modes 2 and 4: B discards a card, and 2 damage to a creature. Each
    mode numbers its targets from 0; on the stack they follow one another."""
    g = Game.empty(names=["A", "B"])
    command = g.add_card(0, "Kolaghan's Command", "hand")
    for land in ("Swamp", "Mountain", "Mountain"):
        g.add_card(0, land, "battlefield")
    bears = g.add_card(1, "Grizzly Bears", "battlefield")
    g.add_card(1, "Shock", "hand")
    for p in (0, 1):
        for _ in range(5):
            g.add_card(p, "Wastes", "library")
    g.begin_at(0, "precombat_main")
    g.apply(Action("cast", command))
    assert g.decision is not None and g.decision.kind == "mode"
    g.apply(Action("mode", 1))  # target player discards a card
    assert g.decision is not None and g.decision.kind == "mode"
    assert 1 not in [a.a for a in g.legal_actions() if a.kind == "mode"]  # 700.2d: not twice
    g.apply(Action("mode", 3))  # 2 damage to any target
    g.apply(Action("target", player_ref(1)))
    g.apply(Action("target", bears))
    g.apply(Action("pay"))
    while g.state.stack:
        g.apply(Action("pass"))
    assert sorted(g.obj(c).name for c in g.state.players[1].graveyard) == ["Grizzly Bears", "Shock"]
    assert not g.state.players[1].hand
