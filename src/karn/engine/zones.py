"""Zones and zone changes (400-408).

A card that changes zones becomes a new object with a new id (400.7); the
physical card keeps its card id, so every card is always in exactly one zone.
Last known information of an object leaving the battlefield or the stack is
kept for effects and look-back triggers (603.10, 608.2h).
"""

from __future__ import annotations

import msgspec

from karn.engine.context import Context
from karn.engine.state import BATTLEFIELD, GRAVEYARD, HAND, LIBRARY, STACK, LastKnown, Obj


def zone_list(ctx: Context, o: Obj) -> list[int]:
    s = ctx.state
    if o.zone == BATTLEFIELD:
        return s.battlefield
    if o.zone == STACK:
        return s.stack
    p = s.players[o.owner]
    return getattr(p, o.zone)  # type: ignore[no-any-return]


def new_object(ctx: Context, card: int, name: str, owner: int, zone: str, **kw: object) -> Obj:
    s = ctx.state
    oid = s.next_id
    s.next_id += 1
    s.timestamp += 1
    o = Obj(id=oid, card=card, name=name, owner=owner, controller=owner, zone=zone, timestamp=s.timestamp)
    for k, v in kw.items():
        setattr(o, k, v)
    s.objects[oid] = o
    return o


def move(
    ctx: Context, oid: int, to: str, *, top: bool = True, controller: int | None = None, tapped: bool = False
) -> int:
    """Move an object to another zone (400.7): returns the new object's id (0 if it ceased to exist).

    Leaving the battlefield records last known information, unattaches what
    was attached, and removes the object from combat (506.4). Tokens leaving
    the battlefield cease to exist as a state-based action (704.5d, 111.7); here
    they are dropped as soon as they arrive.
    """
    s = ctx.state
    o = s.objects[oid]
    frm = o.zone
    lst = zone_list(ctx, o)
    lst.remove(oid)
    if frm in (BATTLEFIELD, STACK):
        if frm == BATTLEFIELD:
            ch = ctx.chars(oid)
            s.lki[oid] = LastKnown(
                name=ch.name,
                owner=o.owner,
                controller=ch.controller,
                power=ch.power,
                toughness=ch.toughness,
                types=tuple(sorted(ch.types)),
                colors=tuple(sorted(ch.colors)),
                new_id=0,
                keywords=tuple(sorted(ch.keywords)),
                subtypes=tuple(sorted(ch.subtypes)),
                supertypes=tuple(sorted(ch.supertypes)),
                token=o.token is not None,
            )
            for other in s.battlefield:
                if s.objects[other].attached_to == oid:
                    s.objects[other].attached_to = 0
            if s.combat is not None:
                s.combat.attackers.pop(oid, None)
                s.combat.blockers.pop(oid, None)
        else:
            s.lki[oid] = LastKnown(o.name, o.owner, o.controller, 0, 0, (), (), 0)
    del s.objects[oid]
    ctx.dirty()
    if o.token is not None and to != BATTLEFIELD or o.card < 0 and o.token is None:
        # 111.7/704.5d: a token that left the battlefield ceases to exist (it may still
        # trigger leaves-the-battlefield abilities via last known information).
        return 0
    new = new_object(ctx, o.card, o.name, o.owner, to, token=o.token)
    if to == BATTLEFIELD:
        new.controller = o.owner if controller is None else controller
        new.tapped = tapped
        new.sick = True  # 302.6
    elif to == STACK:
        new.controller = o.owner if controller is None else controller
    dest = zone_list(ctx, new)
    if to == LIBRARY and not top:
        dest.insert(0, new.id)
    elif to == LIBRARY:
        dest.append(new.id)  # the library list's end is its top
    else:
        dest.append(new.id)
    if oid in s.lki:
        s.lki[oid] = msgspec.structs.replace(s.lki[oid], new_id=new.id)
    return new.id


# ---------------------------------------------------------------------------- drawing (121) and discarding (701.9)


def draw(ctx: Context, p: int, n: int = 1, rule: str = "121.1") -> None:
    pl = ctx.state.players[p]
    for _ in range(n):
        if not pl.library:
            pl.drew_from_empty = True  # 704.5b
            ctx.emit("121.4", f"{pl.name} attempts to draw from an empty library")
            continue
        move(ctx, pl.library[-1], HAND)
    if n:
        ctx.emit(rule, f"{pl.name} draws {n} card{'s' if n != 1 else ''}")


def discard(ctx: Context, oid: int, rule: str = "701.9a") -> None:
    o = ctx.obj(oid)
    nm, owner = o.name, o.owner
    move(ctx, oid, GRAVEYARD)
    ctx.emit(rule, f"{ctx.player_name(owner)} discards {nm}")
