"""Triggered abilities (603): detecting trigger events and putting abilities on the stack.

Triggers are recorded when their event happens (603.2) and put on the stack
the next time a player would receive priority (603.3), in APNAP order, each
controller ordering their own (603.3b). Leaves-the-battlefield abilities look
back in time (603.10a): the battlefield as it was before the event decides
what triggers.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from karn import ir
from karn.engine import flow, targeting
from karn.engine.actions import Action
from karn.engine.filters import characteristics_match
from karn.engine.state import BATTLEFIELD, GRAVEYARD, STACK, Frame, LastKnown, Option, PendingTrigger
from karn.engine.zones import move, new_object

if TYPE_CHECKING:
    from karn.engine.game import Game


def _triggered(g: Game, oid: int) -> list[tuple[int, ir.Triggered]]:
    return [(i, a) for i, a in enumerate(g.chars(oid).abilities) if isinstance(a, ir.Triggered)]


def _add(
    g: Game, source: int, idx: int, controller: int, data: dict[str, int], name: str | None = None
) -> None:
    nm = name if name is not None else g.obj(source).name
    g.s.triggers.append(PendingTrigger(source=source, name=nm, ability=idx, controller=controller, data=data))


def _lki_matches(f: ir.Filter, lk: LastKnown, controller: int) -> bool:
    """Does an object that left the battlefield match `f` as it last existed (603.10a)?"""
    return characteristics_match(
        f, lk.types, lk.subtypes, lk.supertypes, lk.colors, lk.controller, lk.owner, controller
    )


def _watching(g: Game, event: str) -> Iterator[tuple[int, int, ir.Trigger, int]]:
    """Each (source, ability index, trigger, controller) on the battlefield whose trigger
    event is `event` (603.2: abilities trigger from the permanents there now)."""
    for src in g.s.battlefield:
        trig = _triggered(g, src)
        if not trig:
            continue
        ctl = g.controller(src)
        for i, t in trig:
            if t.trigger.event == event:
                yield src, i, t.trigger, ctl


def on_enter(g: Game, oid: int) -> None:
    """603.6a: enters-the-battlefield abilities trigger when a permanent enters."""
    if not oid:
        return
    for src, i, tr, ctl in _watching(g, "enters"):
        if tr.self_only and src != oid:
            continue
        if tr.filter is not None and not targeting.matches(g, oid, tr.filter, ctl, src):
            continue
        _add(g, src, i, ctl, {"trig": oid})


def on_cast(g: Game, spell: int) -> None:
    """601.2i / 603.2: "whenever [a player] casts" abilities (prowess 702.108a)."""
    caster = g.obj(spell).controller
    for src, i, tr, ctl in _watching(g, "cast"):
        if tr.player == "you" and caster != ctl:
            continue
        if tr.filter is not None and not targeting.matches(g, spell, tr.filter, ctl, src):
            continue
        _add(g, src, i, ctl, {"trig": spell})


def on_attack(g: Game, attacker: int, defending_player: int) -> None:
    """508.3a: "whenever [this creature] attacks" abilities."""
    for i, t in _triggered(g, attacker):
        if t.trigger.event == "attacks":
            _add(g, attacker, i, g.controller(attacker), {"trig": attacker, "defending": defending_player})


def on_gain_life(g: Game, p: int, amount: int) -> None:
    """603.2: "whenever you gain life" (119.9: one event per gain)."""
    if amount <= 0:
        return
    for src, i, tr, ctl in _watching(g, "gain_life"):
        if tr.player != "you" or ctl == p:
            _add(g, src, i, ctl, {"player": p})


def leave_battlefield(
    g: Game, oids: list[int], to: str, rule: str, verb: str = "", quiet: bool = False
) -> list[int]:
    """Move permanents off the battlefield simultaneously, firing leaves-the-battlefield
    triggers with look-back (603.10a). Returns the new object ids."""
    s = g.s
    watchers = []
    for src in s.battlefield:
        trig = [(i, t) for i, t in _triggered(g, src) if t.trigger.event in ("dies", "put_into_graveyard")]
        if trig:
            watchers.append((src, g.controller(src), g.obj(src).name, trig))
    new_ids = []
    moved = []
    for oid in oids:
        if oid not in s.objects or s.objects[oid].zone != BATTLEFIELD:
            continue
        name = g.describe(oid)
        new = move(g, oid, to)
        new_ids.append(new)
        moved.append(oid)
        dest = "its owner's " + to if to in (GRAVEYARD, "hand", "library") else to
        if quiet:
            pass
        elif verb:
            g.emit(rule, f"{name} {verb}")
        elif to == GRAVEYARD and "creature" in s.lki[oid].types:
            g.emit(rule, f"{name} dies")
        else:
            g.emit(rule, f"{name} is put into {dest}")
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
                _add(g, src, i, ctl, {"trig": oid, "new": lk.new_id}, name=sname)
    return new_ids


# ---------------------------------------------------------------------------- putting triggers on the stack


def _ability(g: Game, t: PendingTrigger) -> ir.Triggered:
    ab = g.compiled(t.name).abilities[t.ability]
    assert isinstance(ab, ir.Triggered)
    return ab


def place_step(g: Game, f: Frame) -> None:
    """603.3b: APNAP order; each player orders their own triggers; 603.3d targets."""
    s = g.s
    v = f.vars
    if "current" in v:
        _choose_trigger_targets(g, f)
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
                Option("order", i, label=f"{s.triggers[i].name}: {_ability(g, s.triggers[i]).text}")
                for i in mine
            ]
            flow.ask(
                g,
                p,
                "order",
                "603.3b",
                f"{g.pname(p)}: choose the next triggered ability to put on the stack",
                opts,
            )
            return
        _put(g, f, mine[0])
        return


def _put(g: Game, f: Frame, i: int) -> None:
    s = g.s
    t = s.triggers.pop(i)
    ab = _ability(g, t)
    o = new_object(g, -1, t.name, t.controller, STACK, ability=t.ability, source=t.source)
    o.controller = t.controller
    o.trigger = dict(t.data)
    s.stack.append(o.id)
    f.vars["current"] = o.id
    f.vars["targets"] = []
    if not ab.targets:
        _done_putting(g, f)
    else:
        _choose_trigger_targets(g, f)


def _choose_trigger_targets(g: Game, f: Frame) -> None:
    s = g.s
    oid: int = f.vars["current"]
    o = s.objects[oid]
    ab = g.compiled(o.name).abilities[o.ability]
    assert isinstance(ab, ir.Triggered)
    pick = targeting.next_pick(g, f.vars, ab.targets, o.controller, o.source, o.id)
    if pick is None:
        _done_putting(g, f)
        return
    spec, picked, cands = pick
    if len(picked) < spec.min and not cands:
        # 603.3d: no legal choice: the ability is removed from the stack.
        s.stack.remove(oid)
        del s.objects[oid]
        g.emit("603.3d", f"{o.name}'s triggered ability has no legal target and is removed")
        for k in ("current", "targets", "slot", "slot_done"):
            f.vars.pop(k, None)
        return
    opts = [Option("target", c, label=targeting.label(g, c)) for c in cands]
    if len(picked) >= spec.min:
        opts.append(Option("done", label="no more targets"))
    what = spec.text or "target"
    flow.ask(g, o.controller, "target", "603.3d", f"choose {what} for {o.name}'s ability", opts)


def _done_putting(g: Game, f: Frame) -> None:
    oid: int = f.vars.pop("current")
    o = g.obj(oid)
    o.targets = f.vars.pop("targets", [])
    f.vars.pop("slot", None)
    f.vars.pop("slot_done", None)
    ab = g.compiled(o.name).abilities[o.ability]
    text = ab.text if isinstance(ab, ir.Triggered) else ""
    tg = [targeting.label(g, t) for slot in o.targets for t in slot]
    g.emit("603.3", f"{o.name}'s ability triggers: {text}" + (f" (targeting {', '.join(tg)})" if tg else ""))


def place_answer(g: Game, f: Frame, a: Action) -> None:
    if a.kind == "order":
        _put(g, f, a.a)
    elif a.kind == "target":
        f.vars["targets"][-1].append(a.a)
    elif a.kind == "done":
        f.vars["slot_done"] = True


__all__ = ["on_enter", "on_cast", "on_attack", "on_gain_life", "leave_battlefield", "BATTLEFIELD"]
