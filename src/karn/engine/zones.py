"""Zones and zone changes (400-408).

A card that changes zones becomes a new object with a new id (400.7); the
physical card keeps its card id, so every card is always in exactly one zone.
Last known information of an object leaving the battlefield or the stack is
kept for effects and look-back triggers (603.10, 608.2h).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from karn.engine.state import BATTLEFIELD, LIBRARY, STACK, LastKnown, Obj

if TYPE_CHECKING:
    from karn.engine.game import Game


def zone_list(g: Game, o: Obj) -> list[int]:
    s = g.s
    if o.zone == BATTLEFIELD:
        return s.battlefield
    if o.zone == STACK:
        return s.stack
    p = s.players[o.owner]
    return getattr(p, o.zone)  # type: ignore[no-any-return]


def new_object(g: Game, card: int, name: str, owner: int, zone: str, **kw: object) -> Obj:
    s = g.s
    oid = s.next_id
    s.next_id += 1
    s.timestamp += 1
    o = Obj(id=oid, card=card, name=name, owner=owner, controller=owner, zone=zone, timestamp=s.timestamp)
    for k, v in kw.items():
        setattr(o, k, v)
    s.objects[oid] = o
    return o


def move(
    g: Game, oid: int, to: str, *, top: bool = True, controller: int | None = None, tapped: bool = False
) -> int:
    """Move an object to another zone (400.7): returns the new object's id (0 if it ceased to exist).

    Leaving the battlefield records last known information, unattaches what
    was attached, and removes the object from combat (506.4). Tokens leaving
    the battlefield cease to exist as a state-based action (704.5d, 111.7); here
    they are dropped as soon as they arrive.
    """
    s = g.s
    o = s.objects[oid]
    frm = o.zone
    lst = zone_list(g, o)
    lst.remove(oid)
    if frm in (BATTLEFIELD, STACK):
        if frm == BATTLEFIELD:
            ch = g.chars(oid)
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
    g.dirty()
    if o.token is not None and to != BATTLEFIELD or o.card < 0 and o.token is None:
        # 111.7/704.5d: a token that left the battlefield ceases to exist (it may still
        # trigger leaves-the-battlefield abilities via last known information).
        return 0
    new = new_object(g, o.card, o.name, o.owner, to, token=o.token)
    if to == BATTLEFIELD:
        new.controller = o.owner if controller is None else controller
        new.tapped = tapped
        new.sick = True  # 302.6
    elif to == STACK:
        new.controller = o.owner if controller is None else controller
    dest = zone_list(g, new)
    if to == LIBRARY and not top:
        dest.insert(0, new.id)
    elif to == LIBRARY:
        dest.append(new.id)  # the library list's end is its top
    else:
        dest.append(new.id)
    if oid in s.lki:
        s.lki[oid] = msgspec.structs.replace(s.lki[oid], new_id=new.id)
    return new.id
