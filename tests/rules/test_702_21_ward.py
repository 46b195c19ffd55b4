"""Ward (702.21a) and "becomes the target of a spell or ability" triggers (601.2c, 603.3d): the
ward ability triggers for a spell or ability an opponent controls, and the decision to pay its
cost belongs to that spell's controller (118.12), asked as a Decision."""

from __future__ import annotations

import pytest
from rules_boards import setup

from karn import Action, Game
from karn.engine.actions import IllegalActionError
from karn.engine.state import STACK


def _cast_at(g: Game, player: int, spell: str, target: int) -> None:
    card = next(o for o in g.state.players[player].hand if g.obj(o).name == spell)
    g.apply(Action("cast", card), player=player)
    d = g.decision
    assert d is not None and d.kind == "target"
    g.apply(Action("target", target), player=player)
    d = g.decision
    assert d is not None and d.kind == "pay"
    g.apply(Action("pay"), player=player)


def _pass_until_decision(g: Game, kind: str) -> None:
    for _ in range(10):
        d = g.decision
        assert d is not None
        if d.kind == kind:
            return
        assert d.kind == "priority"
        g.apply(Action("pass"), player=d.player)
    raise AssertionError(f"no {kind} decision came up")


def _board() -> tuple[Game, int]:
    # player 1 controls Hulking Raptor (ward {2}); player 0 has Lightning Bolt and three Mountains
    g = setup(["Lightning Bolt"], ["Mountain", "Mountain", "Mountain"], opp_battlefield=["Hulking Raptor"])
    raptor = next(o for o in g.state.battlefield if g.obj(o).name == "Hulking Raptor")
    return g, raptor


@pytest.mark.cr("702.21a", "601.2c", "603.3")
def test_ward_triggers_on_an_opponents_spell_and_waits_above_it() -> None:
    g, raptor = _board()
    _cast_at(g, 0, "Lightning Bolt", raptor)
    # the ward ability triggered as the Bolt was cast; it is put on the stack above it
    names = [g.obj(o).name for o in g.state.stack]
    assert names == ["Lightning Bolt", "Hulking Raptor"]
    ward = g.obj(g.state.stack[-1])
    assert ward.ability and ward.controller == 1
    assert all(g.obj(o).zone == STACK for o in g.state.stack)


@pytest.mark.cr("702.21a", "118.12")
def test_the_ward_payment_is_the_targeting_spells_controllers_decision() -> None:
    g, raptor = _board()
    _cast_at(g, 0, "Lightning Bolt", raptor)
    _pass_until_decision(g, "unless")
    d = g.decision
    assert d is not None and d.player == 0  # the Bolt's controller, not the Raptor's
    assert {o.kind for o in d.options} == {"yes", "no"}
    with pytest.raises(IllegalActionError):
        g.apply(Action("yes"), player=1)  # only the decider may answer
    g.apply(Action("no"), player=0)
    assert not g.state.stack  # the Bolt was countered (701.6a)
    assert g.obj(raptor).damage == 0


@pytest.mark.cr("702.21a", "118.12")
def test_an_illegal_answer_to_the_ward_decision_changes_nothing() -> None:
    g, raptor = _board()
    _cast_at(g, 0, "Lightning Bolt", raptor)
    _pass_until_decision(g, "unless")
    before = g.dumps()
    with pytest.raises(IllegalActionError):
        g.apply(Action("choose", raptor), player=0)
    assert g.dumps() == before


@pytest.mark.cr("702.21a", "118.12")
def test_paying_ward_taps_the_payers_lands_and_the_spell_resolves() -> None:
    g, raptor = _board()
    _cast_at(g, 0, "Lightning Bolt", raptor)
    _pass_until_decision(g, "unless")
    g.apply(Action("yes"), player=0)
    mountains = [o for o in g.state.battlefield if g.obj(o).name == "Mountain"]
    assert all(g.obj(m).tapped for m in mountains)
    _pass_until_decision(g, "priority")
    while g.state.stack:
        d = g.decision
        assert d is not None
        g.apply(Action("pass"), player=d.player)
    assert raptor not in g.state.battlefield  # 5/3 dealt 3 damage (704.5g)
