"""State-based actions (704), performed simultaneously whenever a player would receive priority (704.3)."""

from __future__ import annotations

from karn import ir
from karn.engine import decisions, game_over, targeting
from karn.engine.actions import Action
from karn.engine.context import Context
from karn.engine.events import Attach, CounterChange, GameEvent, Planeswalk, ZoneChange
from karn.engine.frames import LegendFrame
from karn.engine.pipeline import perform
from karn.engine.pipeline.faces import day_night_events
from karn.engine.protection import protected_from
from karn.engine.state import BATTLEFIELD, GRAVEYARD, Option


def perform_sbas(ctx: Context) -> bool:
    """Check and perform all applicable state-based actions once (704.3). True if any happened."""
    s = ctx.state
    acted = False
    # 704.5a-c: players.
    for p in s.players:
        if p.lost:
            # 104.3e: an effect made them lose: they leave the game (or it ends) now.
            acted = acted or not p.left
            continue
        if p.life <= 0:
            p.lost = True
            ctx.emit("704.5a", f"{p.name} has {p.life} life and loses the game")
        elif p.drew_from_empty:
            p.lost = True
            ctx.emit("704.5b", f"{p.name} attempted to draw from an empty library and loses the game")
        elif p.poison >= 10:
            p.lost = True
            ctx.emit("704.5c", f"{p.name} has {p.poison} poison counters and loses the game")
        if p.lost:
            acted = True
        p.drew_from_empty = False
    if acted:
        game_over.check_game_over(ctx)
        if s.over:
            return True
    to_graveyard: list[GameEvent] = []
    others: list[GameEvent] = []
    dying: set[int] = set()
    watch = ctx.sba_watch()
    objects = s.objects
    for oid, c in watch.creatures:
        o = objects[oid]
        if c.toughness <= 0:
            dying.add(oid)
            text = f"{c.name} has toughness {c.toughness} and is put into the graveyard"
            to_graveyard.append(ZoneChange(obj=oid, to=GRAVEYARD, rule="704.5f", cause="sba", text=text))
        elif o.damage and (o.damage >= c.toughness or o.deathtouch_damage):
            if "indestructible" in c.keywords:
                continue  # 702.12b
            rule = "704.5g" if o.damage >= c.toughness else "704.5h"
            why = "lethal damage" if rule == "704.5g" else "deathtouch damage"
            dying.add(oid)
            text = f"{c.name} is destroyed ({why})"
            to_graveyard.append(ZoneChange(obj=oid, to=GRAVEYARD, rule=rule, cause="destroy", text=text))
    for oid, c in watch.planeswalkers:
        if oid not in dying and objects[oid].counters.get("loyalty", 0) <= 0:
            dying.add(oid)
            text = f"{c.name} has no loyalty and is put into the graveyard"
            to_graveyard.append(ZoneChange(obj=oid, to=GRAVEYARD, rule="704.5i", cause="sba", text=text))
    for oid, c in watch.auras:
        if oid not in dying and objects[oid].bestowed and not _aura_legal(ctx, oid):
            # 702.103f: a bestowed Aura attached to an illegal object (or to nothing) becomes
            # unattached and ceases to be bestowed, an exception to 704.5m
            others.append(Attach(obj=oid, to=0, rule="702.103f"))
            continue
        if oid not in dying and not _aura_legal(ctx, oid):
            dying.add(oid)
            text = f"{c.name} is not attached to a legal object and is put into the graveyard"
            to_graveyard.append(ZoneChange(obj=oid, to=GRAVEYARD, rule="704.5m", cause="sba", text=text))
    chars = ctx.battlefield_chars()
    for oid, _ in watch.equipment:
        host = objects[oid].attached_to
        if oid not in dying and host:
            h = objects.get(host)
            if h is None or h.zone != BATTLEFIELD or "creature" not in chars[host].types:
                others.append(Attach(obj=oid, to=0, rule="704.5n"))
            elif protected_from(ctx, chars[host].keywords, oid, chars[host].controller):
                # 702.16d: it can't equip a permanent with protection from a quality it has
                others.append(Attach(obj=oid, to=0, rule="704.5n"))
    for oid, c in watch.countered:
        counters = objects[oid].counters
        plus, minus = counters.get("+1/+1", 0), counters.get("-1/-1", 0)
        if plus and minus and oid not in dying:
            n = min(plus, minus)
            text = f"{n} +1/+1 and -1/-1 counter pairs are removed from {c.name}"
            others.append(CounterChange(obj=oid, kind="+1/+1", amount=-n, rule="704.5q", text=text))
            others.append(CounterChange(obj=oid, kind="-1/-1", amount=-n, rule="704.5q", quiet=True))
    for oid, c, final in watch.sagas:
        # 704.5s, 714.4: a Saga whose lore counters reached its final chapter number, and which
        # isn't the source of a chapter ability that has triggered but not yet left the stack
        if oid in dying or objects[oid].counters.get("lore", 0) < final or _chapter_pending(ctx, oid):
            continue
        dying.add(oid)
        text = f"{ctx.player_name(c.controller)} sacrifices {c.name} (its final chapter, {final}, is reached)"
        to_graveyard.append(ZoneChange(obj=oid, to=GRAVEYARD, rule="704.5s", cause="sacrifice", text=text))
    if s.planechase is not None and s.planechase.face_up:
        walk = _phenomenon_done(ctx)
        if walk is not None:
            others.append(walk)
    # 704.5j legend rule: the controller chooses which one to keep.
    legend = _legend_conflict(ctx) if watch.legendary else None
    if watch.day_night:
        # 702.145c-d, 702.145f-g: not state-based actions, but they happen as soon as they apply
        day_night = day_night_events(ctx)
        if day_night:
            perform(ctx, day_night)
            acted = True
    if to_graveyard or others:
        # 704.3: all applicable state-based actions happen at once.
        perform(ctx, to_graveyard + others)
        acted = True
    elif legend is not None:
        s.agenda.append(LegendFrame(player=legend[0], ids=legend[1]))
        acted = True
    return acted


def _chapter_pending(ctx: Context, oid: int) -> bool:
    """714.4: is the Saga the source of a chapter ability that has triggered but not yet left the
    stack (waiting to be put on it, 603.3, or on it)?"""
    s = ctx.state
    for t in s.triggers:
        if t.source == oid and _is_chapter(ctx, t.ability):
            return True
    for x in s.stack:
        o = s.objects[x]
        if o.source == oid and o.ability and _is_chapter(ctx, o.ability):
            return True
    return False


def _is_chapter(ctx: Context, aid: str) -> bool:
    ab = ctx.pool.ability(aid)
    return isinstance(ab, ir.Triggered) and ab.trigger.event == "chapter"


def _phenomenon_done(ctx: Context) -> Planeswalk | None:
    """704.6f, 312.7: a face-up phenomenon that isn't the source of a triggered ability that has
    triggered but not yet left the stack: the planar controller planeswalks."""
    s = ctx.state
    pc = s.planechase
    assert pc is not None
    for oid in pc.face_up:
        if "phenomenon" not in ctx.face(s.objects[oid].name).types:
            continue
        if any(t.source == oid for t in s.triggers) or any(s.objects[x].source == oid for x in s.stack):
            continue
        return Planeswalk(player=pc.controller, rule="704.6f")
    return None


def _aura_legal(ctx: Context, oid: int) -> bool:
    """303.4c / 704.5m: an Aura must be attached to an object its enchant ability allows, and
    not to one with protection from a quality it has (702.16c)."""
    s = ctx.state
    o = s.objects[oid]
    host = o.attached_to
    if not host or host not in s.objects or s.objects[host].zone != BATTLEFIELD:
        return False
    if protected_from(ctx, ctx.chars(host).keywords, oid, ctx.controller(host)):
        return False  # 702.16c: it can't enchant a permanent with protection from its quality
    if o.bestowed:
        return ctx.chars(host).is_("creature")  # 702.103b: enchant creature
    for a in ctx.chars(oid).abilities:
        if isinstance(a, ir.Keyword) and a.name == "enchant" and a.arg is not None:
            return targeting.matches(ctx, host, a.arg, ctx.controller(oid))
    return True


def _legend_conflict(ctx: Context) -> tuple[int, list[int]] | None:
    seen: dict[tuple[int, str], list[int]] = {}
    for oid, c in ctx.battlefield_chars().items():
        if "legendary" in c.supertypes:
            seen.setdefault((c.controller, c.name), []).append(oid)
    for (p, _), ids in seen.items():
        if len(ids) > 1:
            return p, ids
    return None


def legend_step(ctx: Context, f: LegendFrame) -> None:
    if f.keep:
        ctx.state.agenda.pop()
        rest = [i for i in f.ids if i != f.keep and i in ctx.state.objects]
        ctx.emit("704.5j", f"legend rule: {ctx.player_name(f.player)} keeps one {ctx.obj(f.keep).name}")
        perform(ctx, [ZoneChange(obj=i, to=GRAVEYARD, rule="704.5j", cause="legend") for i in rest])
        return
    decisions.ask(
        ctx,
        f.player,
        "legend",
        "704.5j",
        "legend rule: choose the legendary permanent to keep",
        [Option("choose", i, label=ctx.describe(i)) for i in f.ids],
    )


def legend_answer(ctx: Context, f: LegendFrame, a: Action) -> None:
    f.keep = a.a
