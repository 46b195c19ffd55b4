"""Adding mana (106.3)."""

from __future__ import annotations

from karn.ir.nodes import AddMana, Count, Effect
from karn.oracle.lowering.descriptions import describe
from karn.oracle.lowering.references import imperative
from karn.oracle.lowering.registry import Clause, lowers
from karn.oracle.syntax import AddManaVP


@lowers(AddManaVP)
def lower_add_mana(vp: AddManaVP, clause: Clause) -> list[Effect]:
    imperative(clause.subject, clause.ctx)
    if vp.chosen_color:
        # "Add one mana of the chosen color." (106.1, 607.2a): the color chosen as it entered.
        if vp.chosen_color != 1:
            raise clause.ctx.fail(f"unsupported '{vp.text}'")
        return [AddMana("", chosen_color=True)]
    if vp.each is None:
        return [AddMana(vp.mana)]
    # "Add {G} for each creature you control." (106.3): that mana once per object counted.
    d = describe(vp.each, clause.ctx)
    if d.objects is None or d.players is not None:
        raise clause.ctx.fail("mana for each player")
    return [AddMana(vp.mana, times=Count("objects", d.objects))]
