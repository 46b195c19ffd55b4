"""The monarch (725): a designation; its two inherent triggered abilities have no source and are
controlled by the monarch (725.2); only one monarch at a time (725.3)."""

from __future__ import annotations

import pytest

from karn import Action, Game


def _board() -> tuple[Game, int]:
    g = Game.empty()
    for _ in range(10):
        g.add_card(0, "Wastes", "library")
        g.add_card(1, "Wastes", "library")
    sentinels = g.add_card(0, "Palace Sentinels", "hand")
    for _ in range(4):
        g.add_card(0, "Plains", "battlefield")
    g.begin_at(0, "precombat_main", turn=3)
    return g, sentinels


def _resolve_all(g: Game) -> None:
    while g.state.stack or g.state.triggers:
        d = g.decision
        assert d is not None and d.kind == "priority"
        g.apply(Action("pass"), player=d.player)


@pytest.mark.cr("725.1", "725.3")
def test_there_is_no_monarch_until_a_player_becomes_it() -> None:
    g, sentinels = _board()
    assert g.state.monarch == -1 and g.observation(0).monarch is None
    g.apply(Action("cast", sentinels), player=0)
    g.apply(Action("pay"), player=0)
    _resolve_all(g)
    assert g.state.monarch == 0
    assert g.observation(1).monarch == 0  # public


@pytest.mark.cr("725.2")
def test_the_end_step_draw_has_no_source_and_the_monarch_controls_it() -> None:
    g, sentinels = _board()
    g.apply(Action("cast", sentinels), player=0)
    g.apply(Action("pay"), player=0)
    _resolve_all(g)
    for _ in range(30):
        if g.state.step == "end" and g.state.stack:
            break
        d = g.decision
        assert d is not None
        if d.kind == "attackers":
            g.apply(Action("done"), player=d.player)
            continue
        g.apply(Action("pass"), player=d.player)
    (top,) = g.state.stack
    ability = g.obj(top)
    assert ability.source == 0 and ability.controller == 0 and ability.name == "the monarch"
