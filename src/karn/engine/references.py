"""What the references of a resolving spell or ability mean now (608.2b-h).

``refs`` turns an IR :class:`~karn.ir.Ref` into object ids or encoded players,
``select`` a :class:`~karn.ir.Group` into the objects it matches when the
effect is applied, ``amount`` a number (X, a power with last known
information, 608.2h).
"""

from __future__ import annotations

from karn import ir
from karn.engine import targeting
from karn.engine.context import Context
from karn.engine.state import BATTLEFIELD, GRAVEYARD, Frame, Obj, player_ref, ref_player
from karn.engine.zones import move


def stack_label(ctx: Context, o: Obj) -> str:
    return f"{o.name}'s ability" if o.ability >= 0 else o.name


def source_id(o: Obj) -> int:
    return o.source if o.ability >= 0 else o.id


def leave_stack(ctx: Context, o: Obj) -> None:
    """608.2n: an instant or sorcery goes to its owner's graveyard; an ability ceases to exist."""
    s = ctx.state
    if o.ability >= 0:
        s.stack.remove(o.id)
        del s.objects[o.id]
    else:
        move(ctx, o.id, GRAVEYARD)


# ---------------------------------------------------------------------------- references


def refs(ctx: Context, f: Frame, o: Obj, r: ir.Ref) -> list[int]:
    """The objects (ids) or players (encoded, negative) a :class:`Ref` means now."""
    v = f.vars
    s = ctx.state
    if r.kind == "target":
        legal: list[list[int]] = v["legal"]
        return list(legal[r.index]) if r.index < len(legal) else []
    if r.kind in ("target_controller", "target_owner"):
        out = []
        slot = o.targets[r.index] if r.index < len(o.targets) else []
        for t in slot:
            if t in v["legal"][r.index]:
                if t < 0:
                    out.append(t)
                    continue
                if t in s.objects:
                    p = ctx.controller(t) if r.kind == "target_controller" else s.objects[t].owner
                else:
                    lk = s.lki.get(t)
                    if lk is None:
                        continue
                    p = lk.controller if r.kind == "target_controller" else lk.owner
                out.append(player_ref(p))
        return out
    if r.kind == "you":
        return [player_ref(o.controller)]
    if r.kind == "self":
        src = source_id(o)
        if src in s.objects:
            return [src]
        # 400.7 exception: an ability that triggered on its source's zone change finds
        # the new object in the zone it moved to (Rancor returning itself).
        new = o.trigger.get("new", 0)
        if o.ability >= 0 and o.trigger.get("trig") == src and new in s.objects:
            return [new]
        return []
    if r.kind == "defending_player":
        d = o.trigger.get("defending")
        return [player_ref(d)] if d is not None else []
    if r.kind in ("enchanted", "equipped"):
        host = s.objects.get(source_id(o))
        return [host.attached_to] if host is not None and host.attached_to else []
    if r.kind == "triggering":
        trig = o.trigger.get("trig")
        return [trig] if trig is not None and trig in s.objects else []
    if r.kind == "affected":
        return list(v.get("affected", []))
    return []


def select(ctx: Context, f: Frame, o: Obj, sel: ir.Selector) -> list[int]:
    if isinstance(sel, ir.Ref):
        return refs(ctx, f, o, sel)
    s = ctx.state
    flt = sel.filter
    players: list[int] | None = None
    if sel.player is not None:
        players = [ref_player(r) for r in refs(ctx, f, o, sel.player) if r < 0]
    if flt.zone == BATTLEFIELD:
        pool = list(s.battlefield)
    else:
        pool = [c for p in s.players for c in getattr(p, flt.zone)]
    out = []
    for oid in pool:
        if not targeting.matches(ctx, oid, flt, o.controller, source_id(o)):
            continue
        if players is not None:
            who = ctx.controller(oid) if flt.zone == BATTLEFIELD else s.objects[oid].owner
            if who not in players:
                continue
        out.append(oid)
    return out


def amount(ctx: Context, f: Frame, o: Obj, a: ir.Amount) -> int:
    if isinstance(a, int):
        return a
    if a.name == "X":
        return o.x
    if a.name == "power" and a.ref is not None:
        # 608.2h: use last known information if the object left.
        ids = refs(ctx, f, o, a.ref)
        for t in ids:
            if t > 0 and t in ctx.state.objects and ctx.state.objects[t].zone == BATTLEFIELD:
                return ctx.chars(t).power
        for t in o.targets[a.ref.index] if a.ref.index < len(o.targets) else []:
            lk = ctx.state.lki.get(t)
            if lk is not None:
                return lk.power
        return 0
    return 0
