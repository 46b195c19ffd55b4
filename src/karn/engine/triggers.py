"""Triggered abilities (603): finding them in the recorded events, putting them on the stack.

The pipeline records every event in the journal; :func:`scan` reads it right
after each step of the engine's loop — as the event happened, 603.2 — and
records the abilities that trigger. They are put on the stack the next time a
player would receive priority (603.3), in APNAP order, each controller
ordering their own (603.3b), targets chosen as they go on the stack (603.3d).

Which permanents' abilities trigger: those on the battlefield right after the
event (permanents that entered together see each other enter); abilities
that trigger on leaving the battlefield look back in time (603.10a): the
permanents as they were before the event, the ones that left with it
included, with their last known abilities.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from karn import ir
from karn.engine import decisions, targeting
from karn.engine.abilities import ability, ability_text
from karn.engine.context import Context
from karn.engine.events import AttackerDeclared, CreateToken, GameEvent, LifeGain, SpellCast, ZoneChange
from karn.engine.filters import characteristics_match
from karn.engine.frames import TriggersFrame
from karn.engine.pipeline import perform, put_on_stack
from karn.engine.references import condition_holds, leave_stack
from karn.engine.state import BATTLEFIELD, GRAVEYARD, LastKnown, Option, PendingTrigger, TriggerData

# "tapped_for_mana" abilities are mana abilities (605.1b): karn.engine.mana resolves them at once.
_EVENTS = ("enters", "dies", "put_into_graveyard", "attacks", "cast", "gain_life", "tapped_for_mana")


def _watchers(ctx: Context) -> dict[str, list[tuple[int, str, ir.Trigger, int]]]:
    """The triggered abilities of the permanents, by trigger event (cached per state version):
    (source, ability id, trigger, controller)."""
    version, found = ctx.watchers
    if version == ctx.state.layers_version:
        return found
    out: dict[str, list[tuple[int, str, ir.Trigger, int]]] = {e: [] for e in _EVENTS}
    for oid, c in ctx.battlefield_chars().items():
        for ab, aid in zip(c.abilities, c.ability_ids, strict=True):
            if isinstance(ab, ir.Triggered):
                out[ab.trigger.event].append((oid, aid, ab.trigger, c.controller))
    ctx.watchers = (ctx.state.layers_version, out)
    return out


def _add(ctx: Context, source: int, aid: str, controller: int, data: TriggerData, name: str) -> None:
    condition = _triggered(ctx, aid).kicked
    if condition is not None:
        # 603.4: an intervening "if" clause is checked when the ability triggers; "if it was
        # kicked" (702.33d-f) can't change later, so checking it again on resolution changes nothing.
        src = ctx.state.objects.get(source)
        if src is None or not condition_holds(ctx, src, condition):
            return
    ctx.state.triggers.append(
        PendingTrigger(source=source, name=name, ability=aid, controller=controller, data=data)
    )


def scan(ctx: Context) -> None:
    """603.2: record the abilities that trigger on the events performed since the last scan."""
    s = ctx.state
    journal = s.journal
    if not journal:
        return
    s.journal = []
    watchers: dict[str, Any] | None = None
    i = 0
    while i < len(journal):
        ev = journal[i]
        if isinstance(ev, ZoneChange):
            if ev.to == BATTLEFIELD and ev.new_id:
                watchers = watchers or _watchers(ctx)
                _on_enter(ctx, watchers["enters"], ev.new_id, ev.horizon)
            if ev.origin == BATTLEFIELD and ev.last_known is not None:
                # 603.10a: the events of one batch that left the battlefield look back together.
                batch = [ev]
                while i + 1 < len(journal) and _same_batch(journal[i + 1], ev):
                    i += 1
                    nxt = journal[i]
                    assert isinstance(nxt, ZoneChange)
                    if nxt.to == BATTLEFIELD and nxt.new_id:
                        watchers = watchers or _watchers(ctx)
                        _on_enter(ctx, watchers["enters"], nxt.new_id, nxt.horizon)
                    if nxt.origin == BATTLEFIELD and nxt.last_known is not None:
                        batch.append(nxt)
                watchers = watchers or _watchers(ctx)
                _on_leave(ctx, watchers, batch)
        elif isinstance(ev, CreateToken):
            watchers = watchers or _watchers(ctx)
            for tok in ev.new_ids:
                _on_enter(ctx, watchers["enters"], tok, ev.horizon)
        elif isinstance(ev, SpellCast):
            watchers = watchers or _watchers(ctx)
            _on_cast(ctx, watchers["cast"], ev)
        elif isinstance(ev, AttackerDeclared):
            _on_attack(ctx, ev)
        elif isinstance(ev, LifeGain):
            watchers = watchers or _watchers(ctx)
            _on_gain_life(ctx, watchers["gain_life"], ev)
        i += 1


def _same_batch(a: GameEvent, b: ZoneChange) -> bool:
    return isinstance(a, ZoneChange) and a.horizon == b.horizon and a.rule == b.rule and a.cause == b.cause


def _on_enter(ctx: Context, watching: list[tuple[int, str, ir.Trigger, int]], oid: int, horizon: int) -> None:
    """603.6a: enters-the-battlefield abilities trigger when a permanent enters."""
    s = ctx.state
    if oid not in s.objects:
        return
    for src, aid, tr, ctl in watching:
        if src >= horizon or src not in s.objects:
            continue  # it came later than the event
        if tr.self_only and src != oid:
            continue
        if tr.filter is not None and not targeting.matches(ctx, oid, tr.filter, ctl, src):
            continue
        if tr.from_zone is not None:
            continue  # "enters from [zone]": not expressible yet (the compiler doesn't produce it)
        _add(ctx, src, aid, ctl, TriggerData(object=oid), ctx.chars(src).name)


def _on_cast(ctx: Context, watching: list[tuple[int, str, ir.Trigger, int]], ev: SpellCast) -> None:
    """601.2i / 603.2: "whenever [a player] casts" abilities (prowess 702.108a)."""
    for src, aid, tr, ctl in watching:
        if tr.player == "you" and ev.player != ctl:
            continue
        if tr.from_zone is not None and ev.from_zone != tr.from_zone:
            continue  # "cast a spell from your graveyard"
        if tr.filter is not None and not targeting.matches(ctx, ev.obj, tr.filter, ctl, src):
            continue
        _add(ctx, src, aid, ctl, TriggerData(object=ev.obj), ctx.chars(src).name)


def _on_attack(ctx: Context, ev: AttackerDeclared) -> None:
    """508.3a: "whenever [this creature] attacks" abilities."""
    s = ctx.state
    if ev.obj not in s.objects:
        return
    c = ctx.chars(ev.obj)
    for ab, aid in zip(c.abilities, c.ability_ids, strict=True):
        if isinstance(ab, ir.Triggered) and ab.trigger.event == "attacks" and ab.trigger.self_only:
            data = TriggerData(object=ev.obj, defending=ev.defending_player)
            _add(ctx, ev.obj, aid, c.controller, data, c.name)
    for src, aid, tr, ctl in _watchers(ctx)["attacks"]:
        if tr.self_only or tr.filter is None:
            continue
        if targeting.matches(ctx, ev.obj, tr.filter, ctl, src):
            data = TriggerData(object=ev.obj, defending=ev.defending_player)
            _add(ctx, src, aid, ctl, data, ctx.chars(src).name)


def _on_gain_life(ctx: Context, watching: list[tuple[int, str, ir.Trigger, int]], ev: LifeGain) -> None:
    """603.2: "whenever you gain life" (119.9: one event per gain)."""
    if ev.amount <= 0:
        return
    for src, aid, tr, ctl in watching:
        if tr.player != "you" or ctl == ev.player:
            _add(ctx, src, aid, ctl, TriggerData(player=ev.player, amount=ev.amount), ctx.chars(src).name)


def _lki_matches(f: ir.Filter, lk: LastKnown, controller: int) -> bool:
    """Does an object that left the battlefield match `f` as it last existed (603.10a)?"""
    return characteristics_match(
        f, lk.types, lk.subtypes, lk.supertypes, lk.colors, lk.controller, lk.owner, controller
    )


def _look_back(
    ctx: Context, watchers: dict[str, Any], batch: list[ZoneChange]
) -> Iterator[tuple[int, str, ir.Trigger, int, str]]:
    """603.10a: the leaves-the-battlefield abilities as the game was before the event:
    permanents still there that were there before, and those that left with it."""
    horizon = batch[0].horizon
    left = {ev.obj for ev in batch}
    for event in ("dies", "put_into_graveyard"):
        for src, aid, tr, ctl in watchers[event]:
            if src < horizon and src not in left:
                yield src, aid, tr, ctl, ctx.chars(src).name
    for ev in batch:
        lk = ev.last_known
        assert lk is not None
        for aid in lk.abilities:
            ab = ability(ctx, aid)
            if isinstance(ab, ir.Triggered) and ab.trigger.event in ("dies", "put_into_graveyard"):
                yield ev.obj, aid, ab.trigger, lk.controller, lk.name


def _on_leave(ctx: Context, watchers: dict[str, Any], batch: list[ZoneChange]) -> None:
    for src, aid, tr, ctl, name in list(_look_back(ctx, watchers, batch)):
        for ev in batch:
            lk = ev.last_known
            assert lk is not None
            if ev.to != GRAVEYARD:
                continue
            if tr.event == "dies" and "creature" not in lk.types:
                continue  # 700.4: "dies" means put into a graveyard from the battlefield
            if tr.self_only and src != ev.obj:
                continue
            if tr.filter is not None:
                if tr.filter.other and src == ev.obj:
                    continue
                if not _lki_matches(tr.filter, lk, ctl):
                    continue
            _add(ctx, src, aid, ctl, TriggerData(object=ev.obj, new_object=ev.new_id), name)


# ---------------------------------------------------------------------------- putting triggers on the stack


def _triggered(ctx: Context, aid: str) -> ir.Triggered:
    ab = ability(ctx, aid)
    assert isinstance(ab, ir.Triggered)
    return ab


def place_step(ctx: Context, f: TriggersFrame) -> None:
    """603.3b: APNAP order; each player orders their own triggers; 603.3d targets."""
    s = ctx.state
    ans = f.answer
    f.answer = None
    if f.current:
        if ans is not None:
            if ans.kind == "target":
                f.picks.chosen[-1].append(ans.a)
            elif ans.kind == "done":
                f.picks.slot_done = True
        _choose_trigger_targets(ctx, f)
        return
    if ans is not None and ans.kind == "order":
        _put(ctx, f, ans.a)
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
                Option("order", i, label=f"{s.triggers[i].name}: {ability_text(ctx, s.triggers[i].ability)}")
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


def _put(ctx: Context, f: TriggersFrame, i: int) -> None:
    s = ctx.state
    t = s.triggers.pop(i)
    ab = _triggered(ctx, t.ability)
    o = put_on_stack(ctx, t.ability, t.source, t.name, t.controller, t.controller)
    o.trigger = t.data
    f.current = o.id
    f.picks.chosen = []
    f.picks.slot = 0
    f.picks.slot_done = False
    if not ab.targets:
        _done_putting(ctx, f)
    else:
        _choose_trigger_targets(ctx, f)


def _choose_trigger_targets(ctx: Context, f: TriggersFrame) -> None:
    s = ctx.state
    oid = f.current
    o = s.objects[oid]
    ab = _triggered(ctx, o.ability)
    pick = targeting.next_pick(ctx, f.picks, ab.targets, o.controller, o.source, o.id)
    if pick is None:
        _done_putting(ctx, f)
        return
    spec, picked, cands = pick
    if len(picked) < spec.min and not cands:
        # 603.3d: no legal choice: the ability is removed from the stack.
        f.current = 0
        perform(ctx, leave_stack(o, "603.3d"))
        ctx.emit("603.3d", f"{o.name}'s triggered ability has no legal target and is removed")
        return
    opts = [Option("target", c, label=targeting.label(ctx, c)) for c in cands]
    if len(picked) >= spec.min:
        opts.append(Option("done", label="no more targets"))
    what = spec.text or "target"
    decisions.ask(ctx, o.controller, "target", "603.3d", f"choose {what} for {o.name}'s ability", opts)


def _done_putting(ctx: Context, f: TriggersFrame) -> None:
    oid = f.current
    f.current = 0
    o = ctx.obj(oid)
    o.targets = f.picks.chosen
    f.picks.chosen = []
    text = _triggered(ctx, o.ability).text
    tg = [targeting.label(ctx, t) for slot in o.targets for t in slot]
    ctx.emit(
        "603.3", f"{o.name}'s ability triggers: {text}" + (f" (targeting {', '.join(tg)})" if tg else "")
    )
