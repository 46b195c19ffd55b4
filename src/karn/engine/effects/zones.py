"""Moving objects between zones: destroy (701.8), exile (406), return to hand, counter (701.6)."""

from __future__ import annotations

from karn import ir
from karn.engine.context import Context
from karn.engine.effects.permanents import on_battlefield
from karn.engine.effects.registry import DONE, Outcome, handles
from karn.engine.events import GameEvent, ZoneChange
from karn.engine.frames import ResolveFrame
from karn.engine.pipeline import perform
from karn.engine.references import leave_stack, refs, select, source_id, stack_label
from karn.engine.state import EXILE, GRAVEYARD, HAND, STACK, LinkedExile, Obj


@handles(ir.Destroy)
def destroy(ctx: Context, f: ResolveFrame, o: Obj, e: ir.Destroy) -> Outcome:
    """701.8a: destroyed permanents go to their owners' graveyards together; 702.12b:
    indestructible ones aren't destroyed."""
    events: list[GameEvent] = []
    for t in select(ctx, f, o, e.what):
        if t <= 0 or not on_battlefield(ctx, t):
            continue
        if "indestructible" in ctx.chars(t).keywords:
            ctx.emit("702.12b", f"{ctx.describe(t)} is indestructible and isn't destroyed")
            continue
        events.append(
            ZoneChange(
                obj=t,
                to=GRAVEYARD,
                rule="701.8a",
                cause="destroy",
                text=f"{ctx.describe(t)} is destroyed",
                no_regenerate=e.no_regenerate,  # 701.19c
            )
        )
    if events:
        perform(ctx, events)
    return DONE


def move_all(ctx: Context, ids: list[int], zone: str, rule: str, cause: str, verb: str) -> None:
    """Move objects to `zone`: permanents together (a leaves-the-battlefield look-back sees
    them all, 603.10a), cards in other zones one by one."""
    s = ctx.state
    ids = [t for t in ids if t > 0 and t in s.objects]
    permanents: list[GameEvent] = [
        ZoneChange(obj=t, to=zone, rule=rule, cause=cause, text=f"{ctx.describe(t)} {verb}")
        for t in ids
        if on_battlefield(ctx, t)
    ]
    if permanents:
        perform(ctx, permanents)
    for t in ids:
        if t in s.objects and not on_battlefield(ctx, t):
            perform(
                ctx, ZoneChange(obj=t, to=zone, rule=rule, cause=cause, text=f"{s.objects[t].name} {verb}")
            )


@handles(ir.Exile)
def exile(ctx: Context, f: ResolveFrame, o: Obj, e: ir.Exile) -> Outcome:
    move_all(ctx, select(ctx, f, o, e.what), EXILE, "406.2", "exile", "is exiled")
    return DONE


@handles(ir.ExileUntilSourceLeaves)
def exile_until(ctx: Context, f: ResolveFrame, o: Obj, e: ir.ExileUntilSourceLeaves) -> Outcome:
    """610.3: exile until the source leaves the battlefield; 610.3c: if it already left,
    nothing is exiled."""
    s = ctx.state
    source = source_id(o)
    if not on_battlefield(ctx, source):
        ctx.emit("610.3c", f"{o.name} has left the battlefield: nothing is exiled")
        return DONE
    events: list[GameEvent] = [
        ZoneChange(obj=t, to=EXILE, rule="610.3", cause="exile", text=f"{ctx.describe(t)} is exiled")
        for t in select(ctx, f, o, e.what)
        if t > 0 and on_battlefield(ctx, t)
    ]
    done = perform(ctx, events) if events else []
    for ev in done or []:
        if isinstance(ev, ZoneChange) and ev.to == EXILE and ev.new_id:
            s.linked_exiles.append(LinkedExile(source, ev.new_id, o.name))
    return DONE


@handles(ir.ReturnToHand)
def return_to_hand(ctx: Context, f: ResolveFrame, o: Obj, e: ir.ReturnToHand) -> Outcome:
    move_all(ctx, select(ctx, f, o, e.what), HAND, "400.6", "return", "returns to its owner's hand")
    return DONE


@handles(ir.CounterSpell)
def counter_spell(ctx: Context, f: ResolveFrame, o: Obj, e: ir.CounterSpell) -> Outcome:
    """701.6a: a countered spell is removed from the stack and put into its owner's graveyard."""
    s = ctx.state
    for t in refs(ctx, f, o, e.what):
        if t in s.objects and s.objects[t].zone == STACK:
            tgt = s.objects[t]
            ctx.emit("701.6a", f"{stack_label(ctx, tgt)} is countered")
            perform(ctx, leave_stack(tgt, "701.6a"))
    return DONE
