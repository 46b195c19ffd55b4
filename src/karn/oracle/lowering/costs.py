"""Costs: an activated ability's cost (118, 602.1) and a spell's cost increase (601.2f)."""

from __future__ import annotations

from karn.ir.nodes import Cost, CostIncrease, Effect
from karn.oracle.lowering.context import Ctx, LowerError
from karn.oracle.lowering.registry import Clause, lowers, no_effect
from karn.oracle.syntax import ChainSentence, CostA, CostIncreaseVP, Effects


def lower_cost(costs: tuple[CostA, ...], loyalty: int | None, ctx: Ctx) -> Cost:
    """'{2}{R}, {T}, Sacrifice ~' -> Cost; the IR has no other cost parts yet."""
    mana_parts: list[str] = []
    tap = False
    sac = False
    for c in costs:
        ctx.clause = c.text
        if c.kind == "mana":
            mana_parts.append(c.mana)
        elif c.kind == "tap":
            tap = True
        elif c.kind == "sacrifice" and c.obj is not None and c.obj.kind == "self":
            sac = True
        else:
            raise ctx.fail(f"the IR Cost cannot express '{c.text}'")
    return Cost(mana="".join(mana_parts) or None, tap=tap, sacrifice_self=sac, loyalty=loyalty)


def is_cost_increase(effects: Effects) -> bool:
    ss = effects.sentences
    return (
        len(ss) == 1
        and isinstance(ss[0], ChainSentence)
        and len(ss[0].items) == 1
        and isinstance(ss[0].items[0].vp, CostIncreaseVP)
    )


def lower_cost_increase(effects: Effects, text: str) -> CostIncrease:
    """'This spell costs {1} more to cast for each target beyond the first.' (601.2f)"""
    sentence = effects.sentences[0]
    assert isinstance(sentence, ChainSentence)
    item = sentence.items[0]
    assert isinstance(item.vp, CostIncreaseVP)
    if item.subject is None or item.subject.kind != "self":
        raise LowerError("cost increase of another spell", effects.text)
    mana = item.vp.mana
    generic = mana[1:-1]
    if not (mana.count("{") == 1 and generic.isdigit()):
        raise LowerError("non-generic cost increase", effects.text)
    return CostIncrease(generic_per_extra_target=int(generic), text=text)


@lowers(CostIncreaseVP)
def lower_cost_increase_clause(vp: CostIncreaseVP, clause: Clause) -> list[Effect]:
    """A cost increase is a static ability of a spell (see :func:`lower_cost_increase`),
    never an effect of a resolving ability."""
    raise no_effect(vp, clause.ctx)
