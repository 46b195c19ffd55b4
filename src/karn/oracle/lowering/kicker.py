"""Kicker (702.33): the keyword, "if this spell was kicked" sentences and the linked
"if it was kicked [with its [A] kicker]" trigger conditions (607.2i, 702.33e-f)."""

from __future__ import annotations

from karn.ir.nodes import Ability, Effect, IfCondition, Kicked, Kicker
from karn.oracle.lowering.chains import lower_chain
from karn.oracle.lowering.context import Ctx, LowerError
from karn.oracle.lowering.registry import lowers_keyword, lowers_sentence
from karn.oracle.syntax import IfKickedSentence, KickerA


@lowers_keyword(KickerA)
def lower_kicker(kw: KickerA, text: str) -> list[Ability]:
    """ "Kicker [cost]" means "You may pay an additional [cost] as you cast this spell";
    "Kicker [A] and/or [B]" is two kicker costs (702.33a-b)."""
    if any("{X}" in c for c in kw.costs):
        raise LowerError("kicker cost with X (107.3): the IR has no value for that X", text)
    return [Kicker(kw.costs, text=text)]


@lowers_sentence(IfKickedSentence)
def lower_if_kicked(s: IfKickedSentence, ctx: Ctx, out: list[Effect]) -> None:
    """ "If this spell was kicked, <effects>." (702.33d). A kicked-only part with its own
    targets is chosen only if kicked (702.33g): the IR has no conditional target, so refuse."""
    before = len(ctx.targets)
    inner: list[Effect] = []
    lower_chain(s.items, ctx, inner)
    if len(ctx.targets) != before:
        raise ctx.fail("targets chosen only if the spell was kicked (702.33g)")
    out.append(IfCondition(Kicked(), tuple(inner)))
