"""Emblems (114): created in the command zone by a resolving loyalty ability, public, kept by
copies and saves, and their abilities work from the command zone."""

from __future__ import annotations

import pytest

from karn.engine.state import COMMAND
from karn.game import Game
from karn.scenario.loader import load_text
from karn.scenario.runner import Runner

_BOARD = """
name: an emblem
start: {turn: 1, active: A, step: precombat_main}
players:
  A:
    battlefield: [{card: "Elspeth, Sun's Champion", counters: {loyalty: 8}}, Grizzly Bears]
  B:
    battlefield: [Hill Giant]
do:
  - {activate: "A.Elspeth, Sun's Champion", by: A, ability: 3}
  - resolve
"""


def _after_ultimate() -> Game:
    sc = load_text(_BOARD)[0]
    runner = Runner(sc)
    for step in sc.steps:
        runner.run_step(step)
    return runner.g


@pytest.mark.cr("114.1", "114.2", "114.5")
def test_the_emblem_is_an_object_in_the_command_zone_owned_by_its_player() -> None:
    g = _after_ultimate()
    (oid,) = g.state.emblems
    emblem = g.state.objects[oid]
    assert emblem.zone == COMMAND and emblem.owner == emblem.controller == 0
    assert emblem.card < 0  # 114.5: not a card
    assert emblem.emblem and g.chars(oid).types == frozenset()
    view = g.observation(1).emblems  # public: the opponent sees it and its abilities' text
    assert [(e.player, e.abilities) for e in view] == [
        (0, ("Creatures you control get +2/+2 and have flying.",))
    ]


@pytest.mark.cr("114.4", "613.4c")
def test_the_emblem_keeps_working_in_a_copy_and_a_save() -> None:
    g = _after_ultimate()
    bears = next(o for o in g.state.battlefield if g.state.objects[o].name == "Grizzly Bears")
    for game in (g, g.copy(), Game.loads(g.dumps(), pool=g.pool)):
        assert game.chars(bears).power == 4 and "flying" in game.chars(bears).keywords
        assert game.state.emblems == g.state.emblems
