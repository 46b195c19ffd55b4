"""Changes to permanents: tap and untap (701.26), transform (701.27), "doesn't untap" (502.3),
attach (701.3), counters (122)."""

from __future__ import annotations

from karn import ir
from karn.engine import decisions
from karn.engine.context import Context
from karn.engine.effects.registry import DONE, WAIT, Outcome, handles
from karn.engine.events import Attach, CounterChange, EnergyChange, GameEvent, Tap, Transform
from karn.engine.frames import ProliferateProgress, ResolveFrame
from karn.engine.pipeline import perform
from karn.engine.references import amount, refs, select, source_id, stack_label
from karn.engine.state import BATTLEFIELD, EXILE, Obj, Option
from karn.engine.values import player_ref, ref_player


def on_battlefield(ctx: Context, t: int) -> bool:
    o = ctx.state.objects.get(t)
    return o is not None and o.zone == BATTLEFIELD


@handles(ir.Tap, ir.Untap)
def tap_or_untap(ctx: Context, f: ResolveFrame, o: Obj, e: ir.Tap | ir.Untap) -> Outcome:
    tapping = isinstance(e, ir.Tap)
    ids = [t for t in select(ctx, f, o, e.what) if t > 0 and on_battlefield(ctx, t)]
    f.affected = ids
    if ids:
        rule = "701.26a" if tapping else "701.26b"
        verb = "taps" if tapping else "untaps"
        text = f"{stack_label(ctx, o)} {verb} {', '.join(ctx.describe(t) for t in ids)}"
        events: list[GameEvent] = [Tap(obj=t, tapped=tapping, rule=rule, quiet=True) for t in ids]
        perform(ctx, events)
        ctx.emit(rule, text)
    return DONE


@handles(ir.Transform)
def transform(ctx: Context, f: ResolveFrame, o: Obj, e: ir.Transform) -> Outcome:
    """701.27a: each permanent named transforms (the pipeline does nothing to one that can't,
    701.27c-d). 701.27f: an activated or triggered ability of a permanent transforms it only
    if it hasn't transformed since the ability was put on the stack ("transform ~" twice in
    response to itself transforms it once)."""
    ids = [t for t in select(ctx, f, o, e.what) if t > 0 and on_battlefield(ctx, t)]
    f.affected = ids
    events: list[GameEvent] = []
    for t in ids:
        if o.ability and source_id(o) == t and ctx.state.objects[t].transformed_ts > o.timestamp:
            ctx.emit(
                "701.27f",
                f"{ctx.describe(t)} already transformed since {stack_label(ctx, o)} was put on the stack",
            )
            continue
        events.append(Transform(obj=t))
    if events:
        perform(ctx, events)
    return DONE


@handles(ir.SkipNextUntap)
def skip_next_untap(ctx: Context, f: ResolveFrame, o: Obj, e: ir.SkipNextUntap) -> Outcome:
    """502.3: "doesn't untap during its controller's next untap step"."""
    for t in select(ctx, f, o, e.what):
        if t > 0 and on_battlefield(ctx, t):
            ctx.state.objects[t].skip_untap = ctx.controller(t)
    return DONE


@handles(ir.Attach)
def attach(ctx: Context, f: ResolveFrame, o: Obj, e: ir.Attach) -> Outcome:
    """701.3a: attach the source (an Equipment, 702.6a) to the target."""
    sid = source_id(o)
    for t in refs(ctx, f, o, e.to):
        if t > 0 and on_battlefield(ctx, t) and on_battlefield(ctx, sid):
            perform(ctx, Attach(obj=sid, to=t))
    return DONE


@handles(ir.Proliferate)
def proliferate(ctx: Context, f: ResolveFrame, o: Obj, e: ir.Proliferate) -> Outcome:
    """701.34a: the controller chooses any number of permanents and/or players that have a
    counter (one at a time, then done), then gives each one additional counter of each kind it
    already has (at once: one event per permanent and kind)."""
    s = ctx.state
    progress = f.progress if isinstance(f.progress, ProliferateProgress) else ProliferateProgress()
    f.progress = progress
    ans = f.answer
    f.answer = None
    if ans is not None and ans.kind == "choose":
        progress.chosen.append(ans.a)
    if ans is None or ans.kind == "choose":
        cands = [t for t in s.battlefield if s.objects[t].counters and t not in progress.chosen]
        cands += [player_ref(p.index) for p in s.players if (p.poison or p.energy) and not p.left]
        cands = [t for t in cands if t not in progress.chosen]
        if cands:
            opts = [
                Option("choose", t, label=ctx.describe(t) if t > 0 else ctx.player_name(ref_player(t)))
                for t in cands
            ]
            opts.append(Option("done", label="no more (proliferate)"))
            decisions.ask(
                ctx, o.controller, "choose", "701.34a", "choose a permanent or player to proliferate", opts
            )
            return WAIT
    events: list[GameEvent] = []
    for t in progress.chosen:
        if t > 0:
            if on_battlefield(ctx, t):
                for kind in sorted(s.objects[t].counters):
                    events.append(CounterChange(obj=t, kind=kind, amount=1, rule="701.34a"))
        else:
            pl = s.players[ref_player(t)]
            if pl.poison:
                events.append(CounterChange(obj=t, kind="poison", amount=1, rule="701.34a"))
            if pl.energy:
                events.append(EnergyChange(player=pl.index, amount=1, rule="701.34a"))
    if events:
        perform(ctx, events)
    else:
        ctx.emit("701.34a", f"{stack_label(ctx, o)}: proliferate (nothing chosen)")
    return DONE


@handles(ir.RemoveCounters)
def remove_counters(ctx: Context, f: ResolveFrame, o: Obj, e: ir.RemoveCounters) -> Outcome:
    """122.1: remove counters of a kind (as many as there are, up to the amount); when none could
    be removed, a following "If you can't, ..." applies (fading 702.32a: ``f.declined``)."""
    n = amount(ctx, f, o, e.amount)
    s = ctx.state
    events: list[GameEvent] = []
    for t in select(ctx, f, o, e.what):
        # a permanent, or a suspended card in exile (702.62a: "remove a time counter from it")
        if t > 0 and (on_battlefield(ctx, t) or (t in s.objects and s.objects[t].zone == EXILE)):
            have = s.objects[t].counters.get(e.kind, 0)
            if have and n > 0:
                removed = min(have, n)
                text = (
                    f"{removed} {e.kind} counter{'s' if removed != 1 else ''} removed from {ctx.describe(t)}"
                )
                events.append(CounterChange(obj=t, kind=e.kind, amount=-removed, text=text))
    f.declined = not events
    if events:
        perform(ctx, events)
    return DONE


@handles(ir.PutCounters)
def put_counters(ctx: Context, f: ResolveFrame, o: Obj, e: ir.PutCounters) -> Outcome:
    n = amount(ctx, f, o, e.amount)
    ids = [t for t in select(ctx, f, o, e.what) if t > 0 and on_battlefield(ctx, t)]
    # "Put a +1/+1 counter on each creature you control. Those creatures gain vigilance": the
    # permanents the counters are put on (608.2c)
    f.affected = ids
    events: list[GameEvent] = [CounterChange(obj=t, kind=e.kind, amount=n) for t in ids]
    if events and n > 0:
        perform(ctx, events)
    return DONE
