"""Sagas (714): chapter abilities, lore counters, the sacrifice of 714.4 / 704.5s; read ahead
(702.155); proliferate (701.34)."""

from __future__ import annotations

import pytest

from karn import Action, Game
from karn.engine.state import BATTLEFIELD, GRAVEYARD


def _game(
    *cards: tuple[int, str, str, dict[str, int]], step: str = "precombat_main"
) -> tuple[Game, list[int]]:
    g = Game.empty(names=("A", "B"))
    for p in (0, 1):
        for _ in range(5):
            g.add_card(p, "Wastes", "library")
    ids = [
        g.add_card(p, name, zone, counters=dict(counters)) if counters else g.add_card(p, name, zone)
        for p, name, zone, counters in cards
    ]
    g.begin_at(0, step)
    return g, ids


def _pass_until(g: Game, step: str) -> None:
    while g.state.step != step or g.decision is None or g.decision.kind != "priority":
        g.apply(next(a for a in g.legal_actions() if a.kind in ("pass", "done")))


@pytest.mark.cr("714.3c", "714.4", "704.5s")
def test_final_chapter_on_the_stack_keeps_the_saga_then_it_is_sacrificed() -> None:
    g, (saga,) = _game((0, "History of Benalia", BATTLEFIELD, {"lore": 2}), step="upkeep")
    _pass_until(g, "precombat_main")
    # 714.3c: the third lore counter; chapter III has triggered and is on the stack: 714.4 waits
    assert g.obj(saga).counters == {"lore": 3} and g.obj(saga).zone == BATTLEFIELD
    assert [g.obj(x).ability for x in g.state.stack] == ["History of Benalia#1"]
    g.apply(Action("pass"))
    g.apply(Action("pass"))  # III resolves; then the state-based action sacrifices it
    assert saga not in g.state.battlefield
    assert [g.obj(c).name for c in g.state.players[0].graveyard] == ["History of Benalia"]


@pytest.mark.cr("714.3c")
def test_no_lore_counter_in_the_opponents_precombat_main_phase() -> None:
    g, (saga,) = _game((1, "History of Benalia", BATTLEFIELD, {"lore": 1}), step="upkeep")
    _pass_until(g, "precombat_main")
    assert g.obj(saga).counters == {"lore": 1} and not g.state.stack


@pytest.mark.cr("714.3a", "714.2b")
def test_a_saga_put_onto_the_battlefield_enters_with_one_lore_counter_and_chapter_one_triggers() -> None:
    g, (_, _, _, saga) = _game(
        (0, "Plains", BATTLEFIELD, {}),
        (0, "Plains", BATTLEFIELD, {}),
        (0, "Plains", BATTLEFIELD, {}),
        (0, "History of Benalia", "hand", {}),
    )
    g.apply(Action("cast", saga))
    while g.decision is not None and g.decision.kind != "priority":
        g.apply(g.legal_actions()[0])
    g.apply(Action("pass"))
    g.apply(Action("pass"))  # the Saga resolves
    entered = next(x for x in g.state.battlefield if g.obj(x).name == "History of Benalia")
    assert g.obj(entered).counters == {"lore": 1}
    assert [g.obj(x).ability for x in g.state.stack] == ["History of Benalia#0"]


@pytest.mark.cr("702.155a", "702.155b", "714.3b")
def test_read_ahead_offers_each_chapter_and_skipped_chapters_dont_trigger() -> None:
    g, (*_, saga) = _game(
        *[(0, "Swamp", BATTLEFIELD, {}) for _ in range(5)], (0, "The Cruelty of Gix", "hand", {})
    )
    g.apply(Action("cast", saga))
    while g.decision is not None and g.decision.kind != "priority":
        g.apply(g.legal_actions()[0])
    g.apply(Action("pass"))
    g.apply(Action("pass"))
    d = g.decision
    assert d is not None and d.rule == "702.155b"
    assert [o.label for o in d.options] == ["1", "2", "3"]
    g.apply(next(a for a in g.legal_actions() if a.a == 2))
    entered = next(x for x in g.state.battlefield if g.obj(x).name == "The Cruelty of Gix")
    assert g.obj(entered).counters == {"lore": 2}
    # only chapter II (the search) triggered: chapter I was skipped
    assert [g.obj(x).ability for x in g.state.stack] == ["The Cruelty of Gix#2"]


@pytest.mark.cr("701.34a")
def test_proliferate_choosing_nothing_changes_nothing() -> None:
    g, (_, _, bears, plan) = _game(
        (0, "Island", BATTLEFIELD, {}),
        (0, "Island", BATTLEFIELD, {}),
        (0, "Grizzly Bears", BATTLEFIELD, {"+1/+1": 1}),
        (0, "Contentious Plan", "hand", {}),
    )
    g.apply(Action("cast", plan))
    while g.decision is not None and g.decision.kind != "priority":
        g.apply(g.legal_actions()[0])
    g.apply(Action("pass"))
    g.apply(Action("pass"))
    d = g.decision
    assert d is not None and d.rule == "701.34a"
    assert {o.kind for o in d.options} == {"choose", "done"}
    g.apply(Action("done"))
    assert g.obj(bears).counters == {"+1/+1": 1}
    assert GRAVEYARD == g.obj(next(iter(g.state.players[0].graveyard))).zone
