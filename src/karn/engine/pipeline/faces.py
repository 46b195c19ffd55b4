"""Double-faced permanents (712) turning over, and the game's day/night designation (731).

A transforming double-faced card is one object whichever face is up: its ``name`` is the card
pool's entry of the face up (the front face's "Delver of Secrets // Insectile Aberration" or the
back face's "Insectile Aberration"), so the layer system reads that face's characteristics
(712.8d-e). Transforming (701.27a) changes only that: the permanent keeps its counters, damage,
attachments, status and the effects applied to it (712.18), and doesn't enter the battlefield.
Outside the battlefield and the stack the card has its front face's characteristics again
(712.8a: :meth:`karn.cards.pool.CardPool.card_name`, applied at each zone change).
"""

from __future__ import annotations

from karn.engine.context import Context
from karn.engine.events import BecomeDayNight, GameEvent, Transform
from karn.engine.pipeline.changes import changed, executes
from karn.engine.pipeline.dfc import is_back_face_up, turns_into


@executes(Transform)
def execute_transform(ctx: Context, ev: Transform) -> list[GameEvent]:
    """701.27a: the permanent turns over so that its other face is up (nothing happens when it
    can't, :func:`turns_into`); a permanent with daybound or nightbound transforms only by
    those abilities (702.145b, 702.145e)."""
    s = ctx.state
    other = turns_into(ctx, ev.obj)
    if other is None:
        return []
    o = s.objects[ev.obj]
    before = ctx.chars(o.id)
    if not ev.day_night and ({"daybound", "nightbound"} & before.keywords):
        return []
    o.name = other
    s.timestamp += 1  # the clock 701.27f compares abilities' timestamps with (no new timestamp, 712.18)
    o.transformed_ts = s.timestamp
    changed(s, layers=True)
    ctx.touched.add(o.id)
    ev.changed = True
    ev.into = other
    ctx.emit(ev.rule, ev.text or f"{before.name or o.name} transforms into {ctx.chars(o.id).name or other}")
    return []


@executes(BecomeDayNight)
def execute_become_day_night(ctx: Context, ev: BecomeDayNight) -> list[GameEvent]:
    """731.1: the game gets the designation; "As it becomes night / day" the daybound and
    nightbound permanents transform (702.145b, 702.145e): as part of this change."""
    s = ctx.state
    if s.day_night == ev.to:
        return []
    ev.was = s.day_night
    s.day_night = ev.to
    changed(s)
    ctx.emit(ev.rule, ev.text or f"it becomes {ev.to}")
    return day_night_transforms(ctx)


def day_night_transforms(ctx: Context) -> list[GameEvent]:
    """702.145c, 702.145f: a permanent front face up with daybound transforms when it's night,
    one back face up with nightbound when it's day (immediately; not a state-based action)."""
    s = ctx.state
    if not s.day_night:
        return []
    out: list[GameEvent] = []
    for oid, c in ctx.sba_watch().day_night:
        name = s.objects[oid].name
        if turns_into(ctx, oid) is None:
            continue
        if s.day_night == "night" and "daybound" in c.keywords and not is_back_face_up(ctx, name):
            out.append(Transform(obj=oid, rule="702.145c", day_night=True))
        elif s.day_night == "day" and "nightbound" in c.keywords and is_back_face_up(ctx, name):
            out.append(Transform(obj=oid, rule="702.145f", day_night=True))
    return out


def day_night_events(ctx: Context) -> list[GameEvent]:
    """What daybound and nightbound make happen now (checked whenever state-based actions are,
    though they are not ones): 702.145d, 702.145g: with neither designation it becomes day (a
    permanent with daybound) or night (one with nightbound, and none with daybound); then
    702.145c, 702.145f: the permanents on the wrong face transform."""
    watching = ctx.sba_watch().day_night
    if not watching:
        return []
    if not ctx.state.day_night:
        if any("daybound" in c.keywords for _, c in watching):
            return [BecomeDayNight(to="day", rule="702.145d")]
        return [BecomeDayNight(to="night", rule="702.145g")]
    return day_night_transforms(ctx)
