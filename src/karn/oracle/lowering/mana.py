"""Adding mana (106.3)."""

from __future__ import annotations

from karn.ir.nodes import AddMana, Effect
from karn.oracle.lowering.references import imperative
from karn.oracle.lowering.registry import Clause, lowers
from karn.oracle.syntax import AddManaVP


@lowers(AddManaVP)
def lower_add_mana(vp: AddManaVP, clause: Clause) -> list[Effect]:
    imperative(clause.subject, clause.ctx)
    return [AddMana(vp.mana)]
