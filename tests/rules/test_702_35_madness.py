"""Madness (702.35a-b): a discarded card with madness is exiled instead, and its owner may cast
it for its madness cost as the triggered ability resolves (608.2g)."""

from __future__ import annotations

import pytest

from karn import Action, Game, IllegalActionError


def _board() -> tuple[Game, int, int]:
    g = Game.empty()
    for _ in range(10):
        g.add_card(0, "Wastes", "library")
        g.add_card(1, "Wastes", "library")
    reunion = g.add_card(0, "Cathartic Reunion", "hand")
    temper = g.add_card(0, "Fiery Temper", "hand")
    g.add_card(0, "Forest", "hand")
    for _ in range(3):
        g.add_card(0, "Mountain", "battlefield")
    g.begin_at(0, "precombat_main")
    return g, reunion, temper


def _discard_temper(g: Game, reunion: int, temper: int) -> None:
    g.apply(Action("cast", reunion), player=0)
    forest = next(o for o in g.state.players[0].hand if g.obj(o).name == "Forest")
    for card in (temper, forest):
        d = g.decision
        assert d is not None
        g.apply(next(Action(o.kind, o.a, o.b) for o in d.options if o.a == card), player=0)
    d = g.decision
    if d is not None and d.kind == "pay":
        g.apply(Action("pay"), player=0)


@pytest.mark.cr("702.35a", "701.9a")
def test_the_discarded_card_is_exiled_and_its_ability_waits_above_the_spell() -> None:
    g, reunion, temper = _board()
    _discard_temper(g, reunion, temper)
    assert [g.obj(o).name for o in g.state.players[0].exile] == ["Fiery Temper"]
    assert [g.obj(o).name for o in g.state.stack] == ["Cathartic Reunion", "Fiery Temper"]
    assert g.obj(g.state.stack[-1]).ability  # the madness triggered ability
    assert all(g.obj(o).name != "Fiery Temper" for o in g.state.players[0].graveyard)


@pytest.mark.cr("702.35a", "608.2g")
def test_the_owner_decides_and_only_the_owner() -> None:
    g, reunion, temper = _board()
    _discard_temper(g, reunion, temper)
    while g.decision is not None and g.decision.kind == "priority":
        g.apply(Action("pass"), player=g.decision.player)
    d = g.decision
    assert d is not None and d.kind == "may" and d.player == 0
    before = g.dumps()
    with pytest.raises(IllegalActionError):
        g.apply(Action("yes"), player=1)
    assert g.dumps() == before
