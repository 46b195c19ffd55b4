"""Suspend (702.62a): a special action from the hand (116.2f), two abilities that function in
exile, and the card cast without paying its mana cost during a resolution (608.2g, 118.9)."""

from __future__ import annotations

import pytest

from karn import Action, Game, IllegalActionError, ir
from karn.engine.state import EXILE


def _board(card: str = "Rift Bolt", lands: tuple[str, ...] = ("Mountain",)) -> tuple[Game, int]:
    g = Game.empty()
    for _ in range(10):
        g.add_card(0, "Wastes", "library")
        g.add_card(1, "Wastes", "library")
    oid = g.add_card(0, card, "hand")
    for land in lands:
        g.add_card(0, land, "battlefield")
    g.begin_at(0, "precombat_main")
    return g, oid


def _suspend_action(g: Game, oid: int) -> Action:
    return next(a for a in g.legal_actions() if a.kind == "activate" and a.a == oid)


def _special_action_index(g: Game, oid: int) -> int:
    found = g.ctx.chars(oid).abilities
    return next(i for i, ab in enumerate(found) if isinstance(ab, ir.Activated) and ab.suspend)


def _exiled(g: Game, name: str) -> int:
    return next(o for o in g.state.players[0].exile if g.obj(o).name == name)


def _pass_to_decision(g: Game, kind: str) -> None:
    for _ in range(200):
        d = g.decision
        assert d is not None
        if d.kind == kind:
            return
        assert d.kind == "priority", d.kind
        g.apply(Action("pass"), player=d.player)
    raise AssertionError(f"no {kind} decision")


@pytest.mark.cr("702.62a", "116.2f")
def test_suspending_is_a_special_action_that_keeps_priority() -> None:
    g, bolt = _board()
    g.apply(_suspend_action(g, bolt), player=0)
    d = g.decision
    if d is not None and d.kind == "pay":
        g.apply(Action("pay"), player=0)
    assert not g.state.stack  # it doesn't use the stack
    exiled = _exiled(g, "Rift Bolt")
    assert g.obj(exiled).zone == EXILE and g.obj(exiled).counters == {"time": 1}
    d = g.decision
    assert d is not None and d.kind == "priority" and d.player == 0


@pytest.mark.cr("702.62a", "307.1")
def test_a_sorcery_is_suspended_only_when_it_could_be_cast() -> None:
    g = Game.empty()
    for _ in range(10):
        g.add_card(0, "Wastes", "library")
        g.add_card(1, "Wastes", "library")
    bolt = g.add_card(1, "Rift Bolt", "hand")
    g.add_card(1, "Mountain", "battlefield")
    g.begin_at(0, "precombat_main")  # player 1's sorcery in player 0's turn
    g.apply(Action("pass"), player=0)
    d = g.decision
    assert d is not None and d.player == 1
    assert not any(a.kind == "activate" and a.a == bolt for a in g.legal_actions())
    before = g.dumps()
    with pytest.raises(IllegalActionError, match="702.62a"):
        g.apply(Action("activate", bolt, _special_action_index(g, bolt)), player=1)
    assert g.dumps() == before


@pytest.mark.cr("702.62a", "608.2g", "733.1")
def test_an_abandoned_free_cast_leaves_the_card_exiled() -> None:
    g, bolt = _board()
    g.apply(_suspend_action(g, bolt), player=0)
    d = g.decision
    if d is not None and d.kind == "pay":
        g.apply(Action("pay"), player=0)
    _pass_to_decision(g, "may")  # turn 3's upkeep: the last counter is removed
    g.apply(Action("yes"), player=0)
    d = g.decision
    assert d is not None and d.kind == "target" and d.player == 0
    assert [g.obj(o).name for o in g.state.stack][-1] == "Rift Bolt"  # 601.2a: on the stack
    g.apply(Action("cancel"), player=0)
    exiled = _exiled(g, "Rift Bolt")
    assert not g.obj(exiled).counters  # no longer suspended (702.62b)
    assert all(g.obj(o).name != "Rift Bolt" for o in g.state.stack)


@pytest.mark.cr("608.2g", "118.9")
def test_the_free_spell_is_cast_during_the_resolution_without_mana() -> None:
    g, bolt = _board()
    g.apply(_suspend_action(g, bolt), player=0)
    d = g.decision
    if d is not None and d.kind == "pay":
        g.apply(Action("pay"), player=0)
    _pass_to_decision(g, "may")
    mountain = next(o for o in g.state.battlefield if g.obj(o).name == "Mountain")
    assert not g.obj(mountain).tapped
    g.apply(Action("yes"), player=0)
    g.apply(Action("target", -2), player=0)  # player 1 (encoded -(1 + 1))
    # cast without paying: no payment asked, the Mountain stays untapped, the spell is on the stack
    assert not g.obj(mountain).tapped
    assert [g.obj(o).name for o in g.state.stack] == ["Rift Bolt"]
    d = g.decision
    assert d is not None and d.kind == "priority"
