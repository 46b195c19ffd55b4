"""610.3: one-shot effects with a duration: "exile ... until ~ leaves the battlefield"."""

from __future__ import annotations

from typing import Any

import pytest

from karn import Action, Game
from karn.engine.events import GameEvent, ZoneChange
from karn.engine.pipeline import core


def _priests_game() -> tuple[Game, dict[str, int]]:
    g = Game.empty(names=["A", "B"])
    ids = {
        "bears": g.add_card(1, "Grizzly Bears", "battlefield"),
        "giant": g.add_card(1, "Hill Giant", "battlefield"),
        "priest1": g.add_card(0, "Banisher Priest", "hand"),
        "priest2": g.add_card(0, "Banisher Priest", "hand"),
        "doj": g.add_card(0, "Day of Judgment", "hand"),
    }
    for _ in range(10):
        g.add_card(0, "Plains", "battlefield")
    for p in (0, 1):
        for _ in range(5):
            g.add_card(p, "Wastes", "library")
    g.begin_at(0, "precombat_main")
    return g, ids


def _settle(g: Game, target: int | None = None) -> None:
    """Pass priority until the stack is empty, choosing `target` when a target is asked."""
    while g.decision is not None:
        d = g.decision
        if d.kind == "priority":
            if not g.state.stack:
                return
            g.apply(Action("pass"))
        elif d.kind == "pay":
            g.apply(Action("pay"))
        else:
            acts = g.legal_actions()
            pick = next((a for a in acts if target is not None and a.a == target), acts[0])
            g.apply(pick)


def _cast(g: Game, card: int, target: int | None = None) -> None:
    g.apply(Action("cast", card))
    _settle(g, target)


@pytest.mark.cr("610.3", "610.3c", "610.3d")
def test_two_sources_leaving_at_once_return_their_cards_at_once() -> None:
    g, ids = _priests_game()
    _cast(g, ids["priest1"], ids["bears"])
    _cast(g, ids["priest2"], ids["giant"])
    assert not [o for o in g.state.battlefield if g.state.objects[o].controller == 1]
    executed: list[GameEvent] = []
    # The zone changes as the pipeline executes them: its executors registry is looked up at
    # every event, so this records on the compiled build too (a compiled module's calls to
    # `core.execute` would bypass a patch of it).
    real = core.EXECUTORS[ZoneChange]

    def recording(ctx: Any, event: GameEvent) -> Any:
        executed.append(event)
        return real(ctx, event)

    core.EXECUTORS[ZoneChange] = recording
    try:
        _cast(g, ids["doj"])
    finally:
        core.EXECUTORS[ZoneChange] = real
    returning = [e for e in executed if isinstance(e, ZoneChange) and e.rule == "610.3c"]
    assert sorted(e.name for e in returning) == ["Grizzly Bears", "Hill Giant"]
    # one batch: the two cards return at the same time. The pipeline stamps each batch's zone
    # changes with one horizon, the first object id after the batch (603.10a look-back; triggers
    # group simultaneous events by it), and the first card returned gets a new id (400.7): in two
    # batches their horizons would differ.
    assert len({e.horizon for e in returning}) == 1 and returning[0].horizon > 0
    names = sorted(g.state.objects[o].name for o in g.state.battlefield if g.state.objects[o].controller == 1)
    assert names == ["Grizzly Bears", "Hill Giant"]
