"""608.2d: "You may sacrifice a creature. If you don't, you lose 4 life." — the CR's own wording
(608.2d's example names no card), compiled from a made-up sorcery in a custom card database."""

from __future__ import annotations

import pytest

from karn import Action, Game
from karn.cards.database import CardDatabase
from karn.engine.state import BATTLEFIELD
from karn.oracle.pool import build_pool

TEXT = "You may sacrifice a creature. If you don't, you lose 4 life."


def _game(creatures: int) -> Game:
    default = CardDatabase.default()
    records = [default.raw(n) for n in ("Swamp", "Grizzly Bears", "Wastes")]
    spell = default.raw("Sign in Blood")
    spell.update(name="Grim Choice", text=TEXT, manaCost="{B}")
    records.append(spell)
    pool = build_pool(["Swamp", "Grizzly Bears", "Wastes", "Grim Choice"], CardDatabase.from_records(records))
    g = Game.empty(pool=pool)
    for p in (0, 1):
        for _ in range(5):
            g.add_card(p, "Wastes", "library")
    g.add_card(0, "Grim Choice", "hand")
    g.add_card(0, "Swamp", BATTLEFIELD)
    for _ in range(creatures):
        g.add_card(0, "Grizzly Bears", BATTLEFIELD)
    g.begin_at(0, "precombat_main")
    return g


def _cast_and_resolve(g: Game) -> None:
    g.apply(next(a for a in g.legal_actions() if a.kind == "cast"))
    g.apply(Action("pay"))
    g.apply(Action("pass"))
    g.apply(Action("pass"))


@pytest.mark.cr("608.2d")
def test_a_player_with_no_creature_cant_choose_to_sacrifice_and_loses_4_life() -> None:
    g = _game(0)
    _cast_and_resolve(g)
    assert g.decision is not None and g.decision.kind == "priority"  # never asked "you may"
    assert g.state.players[0].life == 16


@pytest.mark.cr("608.2d", "701.21a")
def test_sacrificing_means_no_life_loss_and_declining_means_losing_4() -> None:
    g = _game(1)
    _cast_and_resolve(g)
    assert g.decision is not None and g.decision.kind == "may"
    g.apply(Action("yes"))
    assert g.state.players[0].life == 20
    assert [g.state.objects[o].name for o in g.state.players[0].graveyard] == ["Grizzly Bears", "Grim Choice"]
    g = _game(1)
    _cast_and_resolve(g)
    g.apply(Action("no"))
    assert g.state.players[0].life == 16
    assert any(g.state.objects[o].name == "Grizzly Bears" for o in g.state.battlefield)
