"""Linked abilities (607) and what goes with them: cards exiled by an ability, found again by
the abilities linked to it on the same object (607.2a, 607.5); the activated abilities one
creature gains from another (613.1f); a creature that must block (509.1c)."""

from __future__ import annotations

from karn import ir
from karn.cards.pool import linked_key
from karn.engine import decisions, targeting
from karn.engine.context import Context
from karn.engine.effects.permanents import on_battlefield
from karn.engine.effects.registry import DONE, WAIT, Outcome, handles
from karn.engine.events import GameEvent, StartEffect, ZoneChange
from karn.engine.frames import ResolveFrame
from karn.engine.modifications import AddAbilities, BlockRequirement, ContinuousEffect, ExiledWith
from karn.engine.pipeline import perform
from karn.engine.references import refs, select, source_id
from karn.engine.state import BATTLEFIELD, EXILE, Obj, Option


def exile_linked(ctx: Context, f: ResolveFrame, o: Obj, e: ir.Exile) -> Outcome:
    """406.2: the objects are exiled (permanents together, other cards one by one), and what was
    exiled is recorded with the source object and ability (607.2a)."""
    s = ctx.state
    ids = [t for t in select(ctx, f, o, e.what) if t > 0 and t in s.objects]
    permanents: list[GameEvent] = [
        ZoneChange(obj=t, to=EXILE, rule="406.2", cause="exile", text=f"{ctx.describe(t)} is exiled")
        for t in ids
        if on_battlefield(ctx, t)
    ]
    done = list(perform(ctx, permanents) or []) if permanents else []
    for t in ids:
        if t in s.objects and not on_battlefield(ctx, t):
            moved = ZoneChange(
                obj=t, to=EXILE, rule="406.2", cause="exile", text=f"{s.objects[t].name} is exiled"
            )
            done += perform(ctx, moved) or []
    if o.ability:
        source = source_id(o)
        for ev in done:
            if isinstance(ev, ZoneChange) and ev.to == EXILE and ev.new_id:
                s.exiled_with.append(ExiledWith(source, o.ability, ev.new_id))
    return DONE


def exiled_with(ctx: Context, source: int, ability: str) -> list[int]:
    """607.2a, 607.5: the cards in exile that `source` exiled with an ability linked to `ability`
    (one printed on the same card): a card that left exile is a new object (400.7)."""
    s = ctx.state
    card = linked_key(ability)
    return [
        rec.obj
        for rec in s.exiled_with
        if rec.source == source
        and linked_key(rec.ability) == card
        and rec.obj in s.objects
        and s.objects[rec.obj].zone == EXILE
    ]


@handles(ir.PutLinkedExile)
def put_linked_exile(ctx: Context, f: ResolveFrame, o: Obj, e: ir.PutLinkedExile) -> Outcome:
    """ "Put a creature card exiled with ~ onto the battlefield under your control" (607.2a): its
    controller chooses one of the cards the source exiled with a linked ability (608.2d)."""
    source = source_id(o)
    cands = [
        t
        for t in exiled_with(ctx, source, o.ability)
        if targeting.matches(ctx, t, e.filter, o.controller, source)
    ]
    ans = f.answer
    f.answer = None
    if ans is not None and ans.kind == "choose" and ans.a in cands:
        pick = ans.a
    elif len(cands) == 1:
        pick = cands[0]
    elif not cands:
        ctx.emit("607.2a", f"no card exiled with {o.name}'s linked ability can be put onto the battlefield")
        return DONE
    else:
        decisions.ask(
            ctx,
            o.controller,
            "choose",
            "607.2a",
            f"{ctx.player_name(o.controller)}: choose a card exiled with {o.name}",
            [Option("choose", t, label=ctx.state.objects[t].name) for t in cands],
        )
        return WAIT
    name = ctx.state.objects[pick].name
    perform(
        ctx,
        ZoneChange(
            obj=pick,
            to=BATTLEFIELD,
            rule="607.2a",
            cause="put",
            controller=o.controller,
            text=f"{name} is put onto the battlefield under {ctx.player_name(o.controller)}'s control",
        ),
    )
    return DONE


@handles(ir.MustBlock)
def must_block(ctx: Context, f: ResolveFrame, o: Obj, e: ir.MustBlock) -> Outcome:
    """509.1c: "Target creature blocks ~ this turn if able": a requirement on the creature, about
    the source as it is now (611.2c), until end of turn."""
    blockers = [t for t in refs(ctx, f, o, e.blocker) if t > 0 and on_battlefield(ctx, t)]
    attackers = [t for t in refs(ctx, f, o, e.attacker) if t > 0 and on_battlefield(ctx, t)]
    if not blockers or not attackers:
        return DONE
    effect = ContinuousEffect(
        id=0,
        timestamp=0,
        source=source_id(o),
        controller=o.controller,
        affected=blockers,
        mods=[BlockRequirement(attackers[0])],
        duration="end_of_turn",
        source_name=o.name,
    )
    text = f"{ctx.describe(blockers[0])} blocks {ctx.describe(attackers[0])} this turn if able"
    perform(ctx, StartEffect(effect=effect, text=text))
    return DONE


@handles(ir.GainActivatedAbilities)
def gain_activated(ctx: Context, f: ResolveFrame, o: Obj, e: ir.GainActivatedAbilities) -> Outcome:
    """613.1f: the object gains, until end of turn, the activated abilities the other one has as
    the effect begins (611.2c). They keep their ids, so their references to "~" name the object
    that has them and their links hold between the abilities it gained together (607.5)."""
    what = [t for t in refs(ctx, f, o, e.what) if t > 0 and on_battlefield(ctx, t)]
    of = [t for t in refs(ctx, f, o, e.source) if t > 0 and on_battlefield(ctx, t)]
    if not what or not of:
        return DONE
    c = ctx.chars(of[0])
    ids = tuple(
        aid
        for aid, ab in zip(c.ability_ids, c.abilities, strict=True)
        if isinstance(ab, ir.Activated) and ab.zone == "battlefield"
    )
    if not ids:
        return DONE
    effect = ContinuousEffect(
        id=0,
        timestamp=0,
        source=source_id(o),
        controller=o.controller,
        affected=what,
        mods=[AddAbilities(abilities=ids)],
        duration="end_of_turn",
        source_name=o.name,
    )
    text = f"{ctx.describe(what[0])} gains the activated abilities of {ctx.describe(of[0])} until end of turn"
    perform(ctx, StartEffect(effect=effect, text=text))
    return DONE
