"""Copying spells (707.10): "Copy target instant or sorcery spell", "copy it" / "copy that
spell" in a cast trigger, Fork's "except that the copy is red" (707.9b), and "You may choose
new targets for the copy" (707.10c), which amends the copy effect before it."""

from __future__ import annotations

from dataclasses import replace

from karn.ir.nodes import (
    Ability,
    CopySpell,
    Effect,
    Filter,
    Keyword,
    Ref,
    TargetSpec,
    Trigger,
    Triggered,
    Var,
)
from karn.oracle.lowering.context import Ctx
from karn.oracle.lowering.references import imperative, object_ref
from karn.oracle.lowering.registry import Clause, lowers, lowers_keyword
from karn.oracle.syntax import NP, CopyAbilityVP, CopyOfChosenVP, CopyVP, NewTargetsVP, StormA

# 702.40a: what storm means.
STORM_TEXT = (
    "When you cast this spell, copy it for each other spell that was cast before it this turn. "
    "If the spell has any targets, you may choose new targets for any of the copies."
)


@lowers_keyword(StormA)
def lower_storm(kw: StormA, text: str) -> list[Ability]:
    """ "Storm" means "When you cast this spell, copy it for each other spell that was cast
    before it this turn. If the spell has any targets, you may choose new targets for any of
    the copies." (702.40a): a triggered ability that works on the stack; the number of spells
    cast before it is fixed as it triggers (the trigger event's amount)."""
    copy = CopySpell(Ref("triggering"), count=Var("trigger_amount"), new_targets=True)
    return [Keyword("storm", text=text), Triggered(Trigger("cast_self"), (copy,), text=STORM_TEXT)]


@lowers(CopyVP)
def lower_copy(vp: CopyVP, clause: Clause) -> list[Effect]:
    """ "Copy target instant or sorcery spell [you control]" (707.10): the target must be a
    spell; "copy it" / "copy that spell" names the spell a cast trigger saw (603.7c)."""
    ctx = clause.ctx
    imperative(clause.subject, ctx)
    ref = object_ref(vp.obj, ctx, default_zone="stack")
    if ref.kind == "target" and (ctx.targets[ref.index].objects or Filter()).zone != "stack":
        raise ctx.fail("copy target must be a spell")
    if ref.kind not in ("target", "triggering"):
        raise ctx.fail(f"the IR can't copy '{vp.obj.text}' (only a target spell or the triggering spell)")
    return [CopySpell(ref, colors=(vp.color,) if vp.color else ())]


@lowers(CopyAbilityVP)
def lower_copy_ability(vp: CopyAbilityVP, clause: Clause) -> list[Effect]:
    """ "Copy target triggered ability you control" (Strionic Resonator), "... activated or
    triggered ability you control" (707.10): a target on the stack that is an ability of
    those kinds (113.1b-c; a mana ability never is on the stack, 605.3b)."""
    ctx = clause.ctx
    imperative(clause.subject, ctx)
    text = vp.text.removeprefix("copy ")
    spec = TargetSpec(objects=Filter(controller="you", zone="stack", abilities=vp.kinds), text=text)
    ctx.targets.append(spec)
    ref = Ref("target", len(ctx.targets) - 1)
    ctx.obj = ref
    return [CopySpell(ref)]


@lowers(NewTargetsVP)
def lower_new_targets(vp: NewTargetsVP, clause: Clause) -> list[Effect]:
    """ "You may choose new targets for the copy" (707.10c): the copy effect just before it
    lets its controller change any of the copy's targets."""
    ctx = clause.ctx
    imperative(clause.subject, ctx)
    if not clause.out or not isinstance(clause.out[-1], CopySpell):
        raise ctx.fail("'choose new targets for the copy' without a copy just before it")
    clause.out[-1] = replace(clause.out[-1], new_targets=True)
    return []


@lowers(CopyOfChosenVP)
def lower_copy_of_chosen(vp: CopyOfChosenVP, clause: Clause) -> list[Effect]:
    raise clause.ctx.fail("'is a copy of the chosen creature' as a one-shot effect: only a static ability")


def copy_of_chosen(subject: NP | None, ctx: Ctx) -> Ref:
    """ "Enchanted creature is a copy of the chosen creature." (613.2a, 707.2c): the static copy
    effect applies to the permanent its source enchants or equips."""
    what = object_ref(subject, ctx) if subject is not None else None
    if what not in (Ref("enchanted"), Ref("equipped")) or not isinstance(what, Ref):
        raise ctx.fail(f"'{subject.text if subject else ''} is a copy of the chosen creature'")
    return what
