"""Instructions with a condition: "If <condition>, <effects>." (608.2c), and the alternative
instruction "<effects> instead if <condition>." / "If <condition>, <effects> instead." (608.2c:
later text modifies the earlier instruction it follows), with "if this spell was kicked"
(702.33d) as one such condition."""

from __future__ import annotations

import dataclasses

from karn.ir.nodes import AddPT, ApplyContinuous, Effect, IfCondition, Kicked, Modify, ResolutionCondition
from karn.oracle.lowering.chains import lower_chain
from karn.oracle.lowering.conditions import lower_condition
from karn.oracle.lowering.context import Ctx
from karn.oracle.lowering.registry import lowers_sentence
from karn.oracle.syntax import IfConditionSentence


@lowers_sentence(IfConditionSentence)
def lower_if_condition(s: IfConditionSentence, ctx: Ctx, out: list[Effect]) -> None:
    """608.2c: the condition is checked as the instruction is reached. The effects have no
    targets of their own: a target is chosen as the spell is cast (601.2c), before anyone knows
    whether the condition will hold (the IR has no conditional target)."""
    condition: ResolutionCondition = Kicked() if s.kicked else _condition(s, ctx)
    replaced: tuple[Effect, ...] = ()
    if s.instead:
        replaced = tuple(out[ctx.previous_start : ctx.sentence_start])
        if ctx.sentence_start != len(out) or not replaced:
            raise ctx.fail("'instead' with no instruction before it to replace")
    before = len(ctx.targets)
    inner: list[Effect] = []
    ctx.instead_of = replaced
    try:
        lower_chain(s.items, ctx, inner)
    finally:
        ctx.instead_of = ()
    if len(ctx.targets) != before:
        raise ctx.fail("targets chosen only if a condition holds (601.2c)")
    if not s.instead:
        out.append(IfCondition(condition, tuple(inner)))
        return
    _check_replaces(replaced, inner, ctx)
    del out[ctx.previous_start :]
    out.append(IfCondition(condition, tuple(inner), otherwise=replaced))
    # the sentence after this one replaces (or follows) this whole instruction
    ctx.sentence_start = ctx.previous_start


def _condition(s: IfConditionSentence, ctx: Ctx) -> ResolutionCondition:
    assert s.condition is not None
    return lower_condition(s.condition, ctx)


def _check_replaces(replaced: tuple[Effect, ...], inner: list[Effect], ctx: Ctx) -> None:
    """ "Instead" replaces the earlier instruction by one of its own kind: "deals 4 damage
    instead" an instruction that dealt damage, "gets +4/+4 instead" one that gave +2/+2 and
    nothing more (a "+2/+2 and trample" would lose its trample: refused)."""
    if len(replaced) != 1 or len(inner) != 1 or type(replaced[0]) is not type(inner[0]):
        raise ctx.fail("'instead' replacing an instruction of another kind")
    old, new = replaced[0], inner[0]
    if isinstance(old, ApplyContinuous) and isinstance(new, ApplyContinuous):
        if old.duration != new.duration or _without_pt(old.mod) != _without_pt(new.mod):
            raise ctx.fail("'instead' changing only part of a continuous effect")


def _without_pt(m: Modify) -> Modify:
    """A modification with its power/toughness change left out (613.4c)."""
    others = tuple(c for c in m.changes if not isinstance(c, AddPT))
    return dataclasses.replace(m, power=0, toughness=0, changes=others)
