"""Moving objects between zones: destroy (701.8), exile (406), return to hand, counter (701.6)."""

from __future__ import annotations

from karn import ir
from karn.engine import decisions, targeting
from karn.engine.abilities import effects_of, spell_ability
from karn.engine.context import Context
from karn.engine.effects.linked import exile_linked
from karn.engine.effects.permanents import on_battlefield
from karn.engine.effects.registry import DONE, WAIT, Outcome, handles
from karn.engine.events import GameEvent, ZoneChange
from karn.engine.frames import ResolveFrame, SacrificeProgress
from karn.engine.pipeline import perform
from karn.engine.references import amount, leave_stack, refs, select, source_id, stack_label
from karn.engine.state import (
    BATTLEFIELD,
    EXILE,
    GRAVEYARD,
    HAND,
    STACK,
    DelayedTrigger,
    LinkedExile,
    Obj,
    Option,
    PendingTrigger,
    TriggerData,
    ref_player,
)
from karn.ir.walk import nested_abilities


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
        done = perform(ctx, events) or []
        # "the number of creatures that died this way": the ones put into a graveyard (700.4)
        f.died += [
            ev.new_id
            for ev in done
            if isinstance(ev, ZoneChange)
            and ev.to == GRAVEYARD
            and ev.last_known
            and "creature" in ev.last_known.types
        ]
    return DONE


def move_all(ctx: Context, ids: list[int], zone: str, rule: str, cause: str, verb: str) -> list[int]:
    """Move objects to `zone`: permanents together (a leaves-the-battlefield look-back sees
    them all, 603.10a), cards in other zones one by one. The new objects in `zone` (400.7)."""
    s = ctx.state
    ids = [t for t in ids if t > 0 and t in s.objects]
    permanents: list[GameEvent] = [
        ZoneChange(obj=t, to=zone, rule=rule, cause=cause, text=f"{ctx.describe(t)} {verb}")
        for t in ids
        if on_battlefield(ctx, t)
    ]
    done: list[GameEvent] = list(perform(ctx, permanents) or []) if permanents else []
    for t in ids:
        if t in s.objects and not on_battlefield(ctx, t):
            done += (
                perform(
                    ctx,
                    ZoneChange(obj=t, to=zone, rule=rule, cause=cause, text=f"{s.objects[t].name} {verb}"),
                )
                or []
            )
    return [ev.new_id for ev in done if isinstance(ev, ZoneChange) and ev.to == zone and ev.new_id]


@handles(ir.Sacrifice)
def sacrifice(ctx: Context, f: ResolveFrame, o: Obj, e: ir.Sacrifice) -> Outcome:
    """701.21a: a player sacrifices a permanent they control: it goes to its owner's
    graveyard (not destroyed: indestructible doesn't stop it, regeneration can't replace
    it). "Each player sacrifices a creature": each chooses in APNAP order (101.4), then
    all are sacrificed at once."""
    s = ctx.state
    if e.what is not None:
        who = {ref_player(p) for p in refs(ctx, f, o, e.player)}
        ids = [t for t in refs(ctx, f, o, e.what) if t > 0 and on_battlefield(ctx, t)]
        f.affected = [t for t in ids if ctx.controller(t) in who]
        _sacrifice(ctx, f.affected)
        return DONE
    progress = f.progress if isinstance(f.progress, SacrificeProgress) else SacrificeProgress()
    f.progress = progress
    players = [ref_player(p) for p in refs(ctx, f, o, e.player)]
    n = amount(ctx, f, o, e.amount)
    ans = f.answer
    f.answer = None
    if ans is not None and ans.kind == "choose":
        progress.chosen.append(ans.a)
        progress.picked += 1
    while progress.turn < len(players):
        p = players[progress.turn]
        cands = [
            t
            for t in s.battlefield
            if t not in progress.chosen
            and ctx.controller(t) == p
            and (e.filter is None or targeting.matches(ctx, t, e.filter, o.controller, source_id(o)))
        ]
        left = n - progress.picked
        if left <= 0 or not cands:
            progress.turn += 1
            progress.picked = 0
            continue
        if len(cands) <= left:
            progress.chosen.extend(cands)  # no choice: all of them
            progress.turn += 1
            progress.picked = 0
            continue
        decisions.ask(
            ctx,
            p,
            "choose",
            "701.21a",
            f"{ctx.player_name(p)}: choose a permanent to sacrifice",
            [Option("choose", t, label=ctx.describe(t)) for t in cands],
        )
        return WAIT
    f.affected = list(progress.chosen)  # "that creature" (603.12: "when you do")
    _sacrifice(ctx, progress.chosen)
    return DONE


def _sacrifice(ctx: Context, ids: list[int]) -> None:
    if ids:
        perform(
            ctx,
            [
                ZoneChange(
                    obj=t,
                    to=GRAVEYARD,
                    rule="701.21a",
                    cause="sacrifice",
                    text=f"{ctx.player_name(ctx.controller(t))} sacrifices {ctx.describe(t)}",
                )
                for t in ids
            ],
        )


@handles(ir.Exile)
def exile(ctx: Context, f: ResolveFrame, o: Obj, e: ir.Exile) -> Outcome:
    if e.linked:
        return exile_linked(ctx, f, o, e)  # 607.2a: remembered as exiled with the source
    # 400.7j: the rest of the effect finds the cards it exiled ("then return it to the battlefield")
    f.affected = move_all(ctx, select(ctx, f, o, e.what), EXILE, "406.2", "exile", "is exiled")
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


@handles(ir.ReturnChosen)
def return_chosen(ctx: Context, f: ResolveFrame, o: Obj, e: ir.ReturnChosen) -> Outcome:
    """ "Return a land you control to its owner's hand." (608.2c-d): its controller chooses among
    the permanents they control that match as it resolves (no target), then they return (400.6)."""
    progress = f.progress if isinstance(f.progress, SacrificeProgress) else SacrificeProgress()
    f.progress = progress
    ans = f.answer
    f.answer = None
    if ans is not None and ans.kind == "choose":
        progress.chosen.append(ans.a)
    cands = [
        t
        for t in ctx.state.battlefield
        if t not in progress.chosen
        and ctx.controller(t) == o.controller
        and targeting.matches(ctx, t, e.filter, o.controller, source_id(o))
    ]
    left = e.amount - len(progress.chosen)
    if left > 0 and len(cands) > left:
        decisions.ask(
            ctx,
            o.controller,
            "choose",
            "608.2d",
            f"{stack_label(ctx, o)}: choose a permanent to return to its owner's hand",
            [Option("choose", t, label=ctx.describe(t)) for t in cands],
        )
        return WAIT
    chosen = progress.chosen + (cands if left > 0 else [])
    f.affected = list(chosen)
    move_all(ctx, chosen, HAND, "400.6", "return", "returns to its owner's hand")
    return DONE


@handles(ir.CounterSpell)
def counter_spell(ctx: Context, f: ResolveFrame, o: Obj, e: ir.CounterSpell) -> Outcome:
    """701.6a: a countered spell is removed from the stack and put into its owner's graveyard."""
    s = ctx.state
    for t in refs(ctx, f, o, e.what):
        if t in s.objects and s.objects[t].zone == STACK:
            tgt = s.objects[t]
            if any(isinstance(ab, ir.CantBeCountered) for ab in ctx.chars(t).abilities):
                ctx.emit("113.6g", f"{stack_label(ctx, tgt)} can't be countered")
                continue
            ctx.emit("701.6a", f"{stack_label(ctx, tgt)} is countered")
            perform(ctx, leave_stack(tgt, "701.6a"))
    return DONE


def _nested_id(ctx: Context, o: Obj, e: ir.CreateDelayed | ir.Reflexive) -> str:
    """The id of the ability a CreateDelayed or Reflexive effect of ``o`` creates."""
    parent = o.ability or f"spell:{o.name}"
    effects, _ = effects_of(ctx, o)
    if not o.ability:
        sa = spell_ability(ctx, o.name)
        if sa is not None:
            effects = sa.effects + tuple(x for m in sa.modes for x in m.effects)
    index = next((i for i, d in enumerate(nested_abilities(effects)) if d is e), -1)
    if index < 0:  # pragma: no cover - the effect comes from these effects
        raise AssertionError("a nested ability outside its parent's effects")
    return f"nested:{index}:{parent}"


def _bound(ctx: Context, f: ResolveFrame, o: Obj, bind: ir.Ref | None) -> int:
    """603.7c: the object a created ability acts on, fixed now (-1: it names nothing)."""
    if bind is None:
        return 0
    found = [t for t in refs(ctx, f, o, bind) if t > 0]
    return found[0] if found else -1


@handles(ir.CreateDelayed)
def create_delayed(ctx: Context, f: ResolveFrame, o: Obj, e: ir.CreateDelayed) -> Outcome:
    """603.7a: create a delayed triggered ability; the object it acts on is fixed now
    (603.7c)."""
    s = ctx.state
    when = e.when
    watch = 0
    if e.watch is not None:
        watched = _bound(ctx, f, o, e.watch)
        if watched <= 0 or not on_battlefield(ctx, watched):
            return DONE  # 603.7a: it left before the ability existed: it never triggers
        watch = watched
    s.delayed.append(
        DelayedTrigger(
            ability=_nested_id(ctx, o, e),
            source=source_id(o),
            name=o.name,
            controller=o.controller,
            step=when.step or "",
            player=o.controller if when.player == "you" else -1,
            object=_bound(ctx, f, o, e.bind),
            watch=watch,
            turn=s.turn if e.this_turn else -1,
            untapped=e.or_untapped,
        )
    )
    s.version += 1
    return DONE


@handles(ir.ExileIfLeaves)
def exile_if_leaves(ctx: Context, f: ResolveFrame, o: Obj, e: ir.ExileIfLeaves) -> Outcome:
    """702.84a, 614.1a: "If it would leave the battlefield, exile it instead of putting it
    anywhere else": a replacement effect that lasts as long as the permanent stays this object
    (400.7); found by the pipeline from the permanent's mark."""
    s = ctx.state
    for t in select(ctx, f, o, e.what):
        if t > 0 and t in s.objects and s.objects[t].zone == BATTLEFIELD:
            s.objects[t].exile_if_leaves = True
            s.version += 1
    return DONE


@handles(ir.Reflexive)
def reflexive(ctx: Context, f: ResolveFrame, o: Obj, e: ir.Reflexive) -> Outcome:
    """603.12: "When you do, ...": the reflexive ability triggers now if the action before
    it was taken (it acted on something, for "you may sacrifice a creature. When you
    do"); it goes on the stack the next time a player would receive priority."""
    if e.bind is not None and e.bind.kind == "affected" and not f.affected:
        return DONE
    bound = _bound(ctx, f, o, e.bind)
    ctx.state.triggers.append(
        PendingTrigger(
            source=source_id(o),
            name=o.name,
            ability=_nested_id(ctx, o, e),
            controller=o.controller,
            data=TriggerData(object=max(bound, 0)),
        )
    )
    ctx.emit("603.12", f"{o.name}'s reflexive ability triggers")
    return DONE
