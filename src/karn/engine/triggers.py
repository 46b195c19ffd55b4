"""Triggered abilities (603): detecting trigger events and putting abilities on the stack.

Triggers are recorded when their event happens (603.2) and put on the stack
the next time a player would receive priority (603.3), in APNAP order, each
controller ordering their own (603.3b). Leaves-the-battlefield abilities look
back in time (603.10a): the battlefield as it was before the event decides
what triggers.
"""

from __future__ import annotations

from collections.abc import Iterator

from karn import ir
from karn.engine import decisions, targeting
from karn.engine.actions import Action
from karn.engine.context import Context
from karn.engine.filters import characteristics_match
from karn.engine.state import BATTLEFIELD, GRAVEYARD, STACK, Frame, LastKnown, Option, PendingTrigger
from karn.engine.zones import move, new_object


def _triggered(ctx: Context, oid: int) -> list[tuple[int, ir.Triggered]]:
    return [(i, a) for i, a in enumerate(ctx.chars(oid).abilities) if isinstance(a, ir.Triggered)]


def _add(
    ctx: Context, source: int, idx: int, controller: int, data: dict[str, int], name: str | None = None
) -> None:
    nm = name if name is not None else ctx.obj(source).name
    ctx.state.triggers.append(
        PendingTrigger(source=source, name=nm, ability=idx, controller=controller, data=data)
    )


def _lki_matches(f: ir.Filter, lk: LastKnown, controller: int) -> bool:
    """Does an object that left the battlefield match `f` as it last existed (603.10a)?"""
    return characteristics_match(
        f, lk.types, lk.subtypes, lk.supertypes, lk.colors, lk.controller, lk.owner, controller
    )


def _watching(ctx: Context, event: str) -> Iterator[tuple[int, int, ir.Trigger, int]]:
    """Each (source, ability index, trigger, controller) on the battlefield whose trigger
    event is `event` (603.2: abilities trigger from the permanents there now)."""
    for src in ctx.state.battlefield:
        trig = _triggered(ctx, src)
        if not trig:
            continue
        ctl = ctx.controller(src)
        for i, t in trig:
            if t.trigger.event == event:
                yield src, i, t.trigger, ctl


def on_enter(ctx: Context, oid: int) -> None:
    """603.6a: enters-the-battlefield abilities trigger when a permanent enters."""
    if not oid:
        return
    for src, i, tr, ctl in _watching(ctx, "enters"):
        if tr.self_only and src != oid:
            continue
        if tr.filter is not None and not targeting.matches(ctx, oid, tr.filter, ctl, src):
            continue
        _add(ctx, src, i, ctl, {"trig": oid})


def on_cast(ctx: Context, spell: int) -> None:
    """601.2i / 603.2: "whenever [a player] casts" abilities (prowess 702.108a)."""
    caster = ctx.obj(spell).controller
    for src, i, tr, ctl in _watching(ctx, "cast"):
        if tr.player == "you" and caster != ctl:
            continue
        if tr.filter is not None and not targeting.matches(ctx, spell, tr.filter, ctl, src):
            continue
        _add(ctx, src, i, ctl, {"trig": spell})


def on_attack(ctx: Context, attacker: int, defending_player: int) -> None:
    """508.3a: "whenever [this creature] attacks" abilities."""
    for i, t in _triggered(ctx, attacker):
        if t.trigger.event == "attacks":
            _add(
                ctx, attacker, i, ctx.controller(attacker), {"trig": attacker, "defending": defending_player}
            )


def on_gain_life(ctx: Context, p: int, amount: int) -> None:
    """603.2: "whenever you gain life" (119.9: one event per gain)."""
    if amount <= 0:
        return
    for src, i, tr, ctl in _watching(ctx, "gain_life"):
        if tr.player != "you" or ctl == p:
            _add(ctx, src, i, ctl, {"player": p})


def leave_battlefield(
    ctx: Context, oids: list[int], to: str, rule: str, verb: str = "", quiet: bool = False
) -> list[int]:
    """Move permanents off the battlefield simultaneously, firing leaves-the-battlefield
    triggers with look-back (603.10a). Returns the new object ids."""
    s = ctx.state
    watchers = []
    for src in s.battlefield:
        trig = [(i, t) for i, t in _triggered(ctx, src) if t.trigger.event in ("dies", "put_into_graveyard")]
        if trig:
            watchers.append((src, ctx.controller(src), ctx.obj(src).name, trig))
    new_ids = []
    moved = []
    for oid in oids:
        if oid not in s.objects or s.objects[oid].zone != BATTLEFIELD:
            continue
        name = ctx.describe(oid)
        new = move(ctx, oid, to)
        new_ids.append(new)
        moved.append(oid)
        dest = "its owner's " + to if to in (GRAVEYARD, "hand", "library") else to
        if quiet:
            pass
        elif verb:
            ctx.emit(rule, f"{name} {verb}")
        elif to == GRAVEYARD and "creature" in s.lki[oid].types:
            ctx.emit(rule, f"{name} dies")
        else:
            ctx.emit(rule, f"{name} is put into {dest}")
    for oid in moved:
        lk = s.lki[oid]
        for src, ctl, sname, trig in watchers:
            for i, t in trig:
                tr = t.trigger
                if to != GRAVEYARD:
                    continue
                if tr.event == "dies" and "creature" not in lk.types:
                    continue  # 700.4: "dies" means put into a graveyard from the battlefield
                if tr.self_only and src != oid:
                    continue
                if tr.filter is not None:
                    if tr.filter.other and src == oid:
                        continue
                    if not _lki_matches(tr.filter, lk, ctl):
                        continue
                _add(ctx, src, i, ctl, {"trig": oid, "new": lk.new_id}, name=sname)
    return new_ids


# ---------------------------------------------------------------------------- putting triggers on the stack


def _ability(ctx: Context, t: PendingTrigger) -> ir.Triggered:
    ab = ctx.compiled(t.name).abilities[t.ability]
    assert isinstance(ab, ir.Triggered)
    return ab


def place_step(ctx: Context, f: Frame) -> None:
    """603.3b: APNAP order; each player orders their own triggers; 603.3d targets."""
    s = ctx.state
    v = f.vars
    if "current" in v:
        _choose_trigger_targets(ctx, f)
        return
    if not s.triggers:
        s.agenda.pop()
        return
    n = len(s.players)
    for k in range(n):
        p = (s.active + k) % n
        mine = [i for i, t in enumerate(s.triggers) if t.controller == p]
        if not mine:
            continue
        distinct = {(s.triggers[i].name, s.triggers[i].ability, s.triggers[i].source) for i in mine}
        if len(mine) > 1 and len(distinct) > 1:
            opts = [
                Option("order", i, label=f"{s.triggers[i].name}: {_ability(ctx, s.triggers[i]).text}")
                for i in mine
            ]
            decisions.ask(
                ctx,
                p,
                "order",
                "603.3b",
                f"{ctx.player_name(p)}: choose the next triggered ability to put on the stack",
                opts,
            )
            return
        _put(ctx, f, mine[0])
        return


def _put(ctx: Context, f: Frame, i: int) -> None:
    s = ctx.state
    t = s.triggers.pop(i)
    ab = _ability(ctx, t)
    o = new_object(ctx, -1, t.name, t.controller, STACK, ability=t.ability, source=t.source)
    o.controller = t.controller
    o.trigger = dict(t.data)
    s.stack.append(o.id)
    f.vars["current"] = o.id
    f.vars["targets"] = []
    if not ab.targets:
        _done_putting(ctx, f)
    else:
        _choose_trigger_targets(ctx, f)


def _choose_trigger_targets(ctx: Context, f: Frame) -> None:
    s = ctx.state
    oid: int = f.vars["current"]
    o = s.objects[oid]
    ab = ctx.compiled(o.name).abilities[o.ability]
    assert isinstance(ab, ir.Triggered)
    pick = targeting.next_pick(ctx, f.vars, ab.targets, o.controller, o.source, o.id)
    if pick is None:
        _done_putting(ctx, f)
        return
    spec, picked, cands = pick
    if len(picked) < spec.min and not cands:
        # 603.3d: no legal choice: the ability is removed from the stack.
        s.stack.remove(oid)
        del s.objects[oid]
        ctx.emit("603.3d", f"{o.name}'s triggered ability has no legal target and is removed")
        for k in ("current", "targets", "slot", "slot_done"):
            f.vars.pop(k, None)
        return
    opts = [Option("target", c, label=targeting.label(ctx, c)) for c in cands]
    if len(picked) >= spec.min:
        opts.append(Option("done", label="no more targets"))
    what = spec.text or "target"
    decisions.ask(ctx, o.controller, "target", "603.3d", f"choose {what} for {o.name}'s ability", opts)


def _done_putting(ctx: Context, f: Frame) -> None:
    oid: int = f.vars.pop("current")
    o = ctx.obj(oid)
    o.targets = f.vars.pop("targets", [])
    f.vars.pop("slot", None)
    f.vars.pop("slot_done", None)
    ab = ctx.compiled(o.name).abilities[o.ability]
    text = ab.text if isinstance(ab, ir.Triggered) else ""
    tg = [targeting.label(ctx, t) for slot in o.targets for t in slot]
    ctx.emit(
        "603.3", f"{o.name}'s ability triggers: {text}" + (f" (targeting {', '.join(tg)})" if tg else "")
    )


def place_answer(ctx: Context, f: Frame, a: Action) -> None:
    if a.kind == "order":
        _put(ctx, f, a.a)
    elif a.kind == "target":
        f.vars["targets"][-1].append(a.a)
    elif a.kind == "done":
        f.vars["slot_done"] = True


__all__ = ["on_enter", "on_cast", "on_attack", "on_gain_life", "leave_battlefield", "BATTLEFIELD"]
