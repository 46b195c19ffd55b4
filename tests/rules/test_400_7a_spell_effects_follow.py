"""400.7a: effects of spells and abilities that change the characteristics of a permanent spell
on the stack go on applying to the permanent it becomes. A made-up "Whenever you cast a creature
spell, it gains flying." (the shape of Jund's "it gains devour 5", 901.7)."""

from __future__ import annotations

import pytest

from karn import Action, Game
from karn.cards.database import CardDatabase
from karn.engine.state import BATTLEFIELD
from karn.oracle.pool import build_pool

NAME = "Herald of Wings"


def _game() -> Game:
    default = CardDatabase.default()
    basics = ("Forest", "Grizzly Bears", "Wastes")
    records = [default.raw(n) for n in basics]
    herald = default.raw("Grizzly Bears")
    herald.update(name=NAME, text="Whenever you cast a creature spell, it gains flying.")
    records.append(herald)
    pool = build_pool([*basics, NAME], CardDatabase.from_records(records))
    g = Game.empty(pool=pool)
    for p in (0, 1):
        for _ in range(5):
            g.add_card(p, "Wastes", "library")
    g.add_card(0, "Grizzly Bears", "hand")
    for _ in range(2):
        g.add_card(0, "Forest", BATTLEFIELD)
    g.add_card(0, NAME, BATTLEFIELD)
    g.begin_at(0, "precombat_main")
    return g


def _bears(g: Game) -> int:
    return next(o for o in g.state.battlefield + g.state.stack if g.state.objects[o].name == "Grizzly Bears")


@pytest.mark.cr("400.7a", "613.1f")
def test_a_creature_spell_that_gained_flying_is_a_permanent_with_flying() -> None:
    g = _game()
    g.apply(next(a for a in g.legal_actions() if a.kind == "cast"))
    if g.decision is not None and g.decision.kind == "pay":
        g.apply(Action("pay"))
    g.apply(Action("pass"))
    g.apply(Action("pass"))  # the trigger resolves: the Bears spell gains flying
    spell = _bears(g)
    assert g.state.objects[spell].zone == "stack" and "flying" in g.chars(spell).keywords
    g.apply(Action("pass"))
    g.apply(Action("pass"))  # the Bears resolve
    bears = _bears(g)
    assert g.state.objects[bears].zone == BATTLEFIELD
    assert "flying" in g.chars(bears).keywords  # 400.7a: the effect follows the spell
    assert (
        "flying"
        not in g.chars(next(o for o in g.state.battlefield if g.state.objects[o].name == NAME)).keywords
    )
