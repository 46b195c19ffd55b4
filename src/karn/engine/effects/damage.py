"""Damage and its prevention (120, 615): "deals N damage", "prevent the next N damage"."""

from __future__ import annotations

from karn import ir
from karn.engine.context import Context
from karn.engine.effects.registry import DONE, Outcome, handles
from karn.engine.events import AddShield, GameEvent
from karn.engine.frames import ResolveFrame
from karn.engine.pipeline import perform
from karn.engine.references import amount, damage_event, damage_source, refs, select, source_id
from karn.engine.state import BATTLEFIELD, Obj


@handles(ir.DealDamage)
def deal_damage(ctx: Context, f: ResolveFrame, o: Obj, e: ir.DealDamage) -> Outcome:
    """120.3: the source deals the damage to each target at once; "divided evenly" (rounded down)."""
    n = amount(ctx, f, o, e.amount)
    targets = refs(ctx, f, o, e.to)
    if e.divided == "evenly":
        everyone = [t for slot in o.targets for t in slot]
        n = n // max(1, len(everyone))
    share = {t: n for t in targets}
    if e.divided == "chosen":
        # 601.2d / 608.2b: each target gets the amount announced while casting; the share of a
        # target that became illegal isn't dealt to the others.
        slot = o.targets[e.to.index] if e.to.index < len(o.targets) else []
        announced = dict(zip(slot, o.division, strict=False))
        share = {t: announced.get(t, 0) for t in targets}
    src = damage_source(ctx, source_id(o))
    s = ctx.state
    events: list[GameEvent] = [
        damage_event(ctx, src, source_id(o), t, share[t])
        for t in targets
        if share[t] > 0 and (t < 0 or (t in s.objects and s.objects[t].zone == BATTLEFIELD))
    ]
    if events:
        perform(ctx, events)
    return DONE


@handles(ir.DamageEach)
def damage_each(ctx: Context, f: ResolveFrame, o: Obj, e: ir.DamageEach) -> Outcome:
    """120.2-120.3: "deals N damage to each creature": one event dealing it to all at once."""
    n = amount(ctx, f, o, e.amount)
    if n <= 0:
        return DONE
    src = damage_source(ctx, source_id(o))
    s = ctx.state
    events: list[GameEvent] = [
        damage_event(ctx, src, source_id(o), t, n)
        for t in select(ctx, f, o, e.what)
        if t in s.objects and s.objects[t].zone == BATTLEFIELD
    ]
    if events:
        perform(ctx, events)
    return DONE


@handles(ir.PreventDamageSharingColor)
def prevent_sharing_color(ctx: Context, f: ResolveFrame, o: Obj, e: ir.PreventDamageSharingColor) -> Outcome:
    """615.11: a shield for the target and for each other creature that shares a color with it,
    given to the creatures that match as the ability resolves (611.2c): later color changes
    and creatures entering later don't change who has one."""
    n = amount(ctx, f, o, e.amount)
    events: list[GameEvent] = []
    for t in refs(ctx, f, o, e.to):
        if t <= 0 or t not in ctx.state.objects or ctx.state.objects[t].zone != BATTLEFIELD:
            continue
        colors = set(ctx.chars(t).colors)
        others = [
            oid
            for oid, c in ctx.battlefield_chars().items()
            if oid != t and c.is_(e.others) and colors & set(c.colors)
        ]
        events += [
            AddShield(target=x, amount=n, source=source_id(o), source_name=o.name) for x in [t, *others]
        ]
    if events:
        perform(ctx, events)
    return DONE


@handles(ir.PreventDamage)
def prevent_damage(ctx: Context, f: ResolveFrame, o: Obj, e: ir.PreventDamage) -> Outcome:
    """615.7: a shield that prevents the next N damage to each target this turn."""
    n = amount(ctx, f, o, e.amount)
    perform(
        ctx,
        [
            AddShield(target=t, amount=n, source=source_id(o), source_name=o.name)
            for t in refs(ctx, f, o, e.to)
        ],
    )
    return DONE


@handles(ir.Fight)
def fight(ctx: Context, f: ResolveFrame, o: Obj, e: ir.Fight) -> Outcome:
    """701.14a: each creature deals damage equal to its power to the other, at the same time.
    701.14b: if either is no longer on the battlefield (or not a creature, or its target is
    illegal), no damage is dealt."""
    a = refs(ctx, f, o, e.a)
    b = refs(ctx, f, o, e.b)
    if len(a) != 1 or len(b) != 1:
        return DONE
    x, y = a[0], b[0]
    s = ctx.state
    for t in (x, y):
        if (
            t <= 0
            or t not in s.objects
            or s.objects[t].zone != BATTLEFIELD
            or not ctx.chars(t).is_("creature")
        ):
            return DONE
    events: list[GameEvent] = []
    for src, dst in ((x, y), (y, x)):
        n = ctx.chars(src).power
        if n > 0:
            events.append(damage_event(ctx, damage_source(ctx, src), src, dst, n))
    if events:
        perform(ctx, events)
    return DONE
