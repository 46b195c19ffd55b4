"""Keywords built on counters (122): persist 702.79, undying 702.93, vanishing 702.63, fading
702.32."""

from __future__ import annotations

import pytest

from karn import Game
from karn.engine.state import BATTLEFIELD


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


def _settle(g: Game) -> None:
    """Answer single-option questions and pass until the stack is empty."""
    while g.decision is not None and (g.state.stack or g.decision.kind != "priority"):
        g.apply(
            next(a for a in g.legal_actions() if a.kind in ("pass", "done", "target", "choose", "yes", "pay"))
        )


@pytest.mark.cr("702.79a", "603.4", "603.10a")
def test_persist_looks_at_the_counters_it_had_as_it_died() -> None:
    g, (*_, duster, anthem) = _game(
        *[(0, "Plains", BATTLEFIELD, {}) for _ in range(2)],
        (0, "Kithkin Spellduster", BATTLEFIELD, {"-1/-1": 1}),
        (1, "Glorious Anthem", BATTLEFIELD, {}),
    )
    act = next(a for a in g.legal_actions() if a.kind == "activate" and a.a == duster)
    g.apply(act)
    _settle(g)
    assert anthem not in g.state.battlefield
    names = [g.obj(x).name for x in g.state.battlefield]
    assert "Kithkin Spellduster" not in names  # it had a -1/-1 counter: persist does nothing


@pytest.mark.cr("702.79a", "400.7")
def test_persist_returns_a_new_object_with_a_minus_counter() -> None:
    g, (*_, duster, _) = _game(
        *[(0, "Plains", BATTLEFIELD, {}) for _ in range(2)],
        (0, "Kithkin Spellduster", BATTLEFIELD, {}),
        (1, "Glorious Anthem", BATTLEFIELD, {}),
    )
    g.apply(next(a for a in g.legal_actions() if a.kind == "activate" and a.a == duster))
    _settle(g)
    back = [x for x in g.state.battlefield if g.obj(x).name == "Kithkin Spellduster"]
    assert len(back) == 1 and back[0] != duster
    assert g.obj(back[0]).counters == {"-1/-1": 1}
    assert g.chars(back[0]).power == 1


@pytest.mark.cr("702.32a")
def test_fading_removes_one_counter_at_its_controllers_upkeep_only() -> None:
    g, (mine, theirs) = _game(
        (0, "Blastoderm", BATTLEFIELD, {"fade": 2}), (1, "Blastoderm", BATTLEFIELD, {"fade": 2}), step="untap"
    )
    while g.state.step != "draw":
        g.apply(next(a for a in g.legal_actions() if a.kind in ("pass", "done")))
    assert g.obj(mine).counters == {"fade": 1}
    assert g.obj(theirs).counters == {"fade": 2}


@pytest.mark.cr("702.63a")
def test_vanishing_without_time_counters_does_nothing_at_upkeep() -> None:
    g, (calciderm,) = _game((0, "Calciderm", BATTLEFIELD, {}), step="untap")
    while g.state.step != "draw":
        g.apply(next(a for a in g.legal_actions() if a.kind in ("pass", "done")))
    # 603.4: "if this permanent has a time counter on it": no trigger, no sacrifice
    assert calciderm in g.state.battlefield
