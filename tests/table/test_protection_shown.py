"""The table shows protection like any other keyword (702.16a), as the layers give it (613.1f):
printed, and granted by a resolved effect with the quality chosen as it resolved (608.2d)."""

from __future__ import annotations

import pytest

from karn import Action, Game
from karn.engine.state import BATTLEFIELD
from karn.table import build_table

ME, OPP = 0, 1


@pytest.mark.cr("702.16a", "613.1f")
def test_the_table_shows_printed_and_granted_protection() -> None:
    g = Game.empty()
    for _ in range(5):
        g.add_card(ME, "Wastes", "library")
        g.add_card(OPP, "Wastes", "library")
    for name in ("White Knight", "Grizzly Bears", "Plains"):
        g.add_card(ME, name, BATTLEFIELD)
    g.add_card(ME, "Gods Willing", "hand")
    g.begin_at(ME, "precombat_main")
    bears = next(o for o in g.state.battlefield if g.obj(o).name == "Grizzly Bears")
    cast = next(a for a in g.legal_actions() if a.kind == "cast")
    g.apply(cast)
    while g.state.agenda and g.legal_actions()[0].kind != "pass":
        target = next((a for a in g.legal_actions() if a.a == bears), None)
        g.apply(target if target is not None else g.legal_actions()[0])
    g.apply(Action("pass"))
    g.apply(Action("pass"), player=OPP)
    color = next(a for a in g.legal_actions() if a.label == "red")  # 608.2d
    g.apply(color)
    g.apply(g.legal_actions()[0])  # scry 1
    seat = build_table(g, ME).seats[ME]
    knight = next(c for c in seat.creatures if c.name == "White Knight")
    bear = next(c for c in seat.creatures if c.id == bears)
    assert "protection from black" in knight.keywords
    assert "protection from red" in bear.keywords
