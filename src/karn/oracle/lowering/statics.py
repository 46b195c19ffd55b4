"""Static abilities (604): continuous modifications without a duration."""

from __future__ import annotations

from karn.ir.nodes import CostIncrease, Modify, Selector, Static
from karn.oracle.lowering.context import Ctx
from karn.oracle.lowering.continuous import merge, modification
from karn.oracle.lowering.costs import is_cost_increase, lower_cost_increase
from karn.oracle.lowering.references import object_sel
from karn.oracle.syntax import NP, ChainSentence, Effects, ModifyVP


def lower_static(effects: Effects, text: str) -> Static | CostIncrease:
    """A static ability (604): continuous modifications without a duration."""
    ctx = Ctx()
    if is_cost_increase(effects):
        return lower_cost_increase(effects, text)
    mods: list[Modify] = []
    for s in effects.sentences:
        ctx.clause = s.text
        if not isinstance(s, ChainSentence):
            raise ctx.fail("unsupported static ability")
        subject: NP | None = None
        for item in s.items:
            if item.subject is not None:
                subject = item.subject
            vp = item.vp
            if not isinstance(vp, ModifyVP) or vp.until_eot:
                raise ctx.fail("unsupported static ability")
            if subject is None:
                raise ctx.fail("static ability without a subject")
            what = _static_affected(subject, ctx)
            mod = modification(what, vp)
            if mods and mods[-1].affected == what:
                mods[-1] = merge(mods[-1], mod)
            else:
                mods.append(mod)
    if ctx.targets:
        raise ctx.fail("static ability with targets")
    return Static(tuple(mods), text=text)


def _static_affected(np: NP, ctx: Ctx) -> Selector:
    if np.kind in ("self", "enchanted", "equipped", "bare", "all", "each"):
        return object_sel(np, ctx)
    raise ctx.fail(f"static ability affecting '{np.text}'")
