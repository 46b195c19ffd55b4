"""Cascade (702.85a): exiling until a nonland card with a lesser mana value, casting it during
the resolution without paying its mana cost (608.2g), the rest to the bottom of the library."""

from __future__ import annotations

import pytest

from karn import Action, Game, IllegalActionError
from karn.engine.state import EXILE


def _board(library: list[str]) -> tuple[Game, int]:
    g = Game.empty()
    for name in reversed(library):  # the library's last card added is its top
        g.add_card(0, name, "library")
    for _ in range(5):
        g.add_card(1, "Wastes", "library")
    elf = g.add_card(0, "Bloodbraid Elf", "hand")
    for land in ("Mountain", "Mountain", "Forest", "Forest"):
        g.add_card(0, land, "battlefield")
    g.begin_at(0, "precombat_main", turn=3)
    return g, elf


def _cast_and_cascade(g: Game, elf: int) -> None:
    """Cast the Elf and pass until its cascade ability has resolved or asks something."""
    g.apply(Action("cast", elf), player=0)
    d = g.decision
    assert d is not None and d.kind == "pay"
    g.apply(Action("pay"), player=0)
    assert len(g.state.stack) == 2  # the Elf and its cascade ability above it
    while len(g.state.stack) == 2:
        d = g.decision
        assert d is not None
        if d.kind != "priority":
            return
        g.apply(Action("pass"), player=d.player)


@pytest.mark.cr("702.85a", "608.2g")
def test_the_cascaded_spell_is_cast_above_the_cascading_one() -> None:
    g, elf = _board(["Forest", "Shivan Dragon", "Lightning Bolt", "Island"])
    _cast_and_cascade(g, elf)
    d = g.decision
    assert d is not None and d.kind == "may" and d.player == 0
    exiled = sorted(g.obj(o).name for o in g.state.players[0].exile)
    assert exiled == ["Forest", "Lightning Bolt", "Shivan Dragon"]
    with pytest.raises(IllegalActionError):
        g.apply(Action("yes"), player=1)  # only the cascading spell's controller decides
    g.apply(Action("yes"), player=0)
    g.apply(Action("target", -2), player=0)  # no mana asked: the Mountains stay untapped
    assert [g.obj(o).name for o in g.state.stack] == ["Bloodbraid Elf", "Lightning Bolt"]
    # the Forest and the Dragon went to the bottom: the Island is still on top
    library = g.state.players[0].library
    assert g.obj(library[-1]).name == "Island"
    assert sorted(g.obj(o).name for o in library[:2]) == ["Forest", "Shivan Dragon"]
    assert not any(g.obj(o).zone == EXILE for o in library)
    assert not g.state.players[0].exile


@pytest.mark.cr("702.85a")
def test_cascade_with_no_cheaper_nonland_card_puts_everything_back() -> None:
    g, elf = _board(["Forest", "Shivan Dragon"])
    _cast_and_cascade(g, elf)
    # nothing to cast: no question; both cards go to the bottom, the Elf is still on the stack
    assert not g.state.players[0].exile
    assert len(g.state.players[0].library) == 2
    assert [g.obj(o).name for o in g.state.stack] == ["Bloodbraid Elf"]
