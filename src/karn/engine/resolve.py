"""Resolving spells and abilities (608).

The ``resolve`` frame keeps its progress as data: the effect index and the
scratch values of the effect in progress, so a resolution waiting for a
choice (Duress's card, a scry, a "may") can be copied and saved. Each effect
is applied by :func:`karn.engine.effects.apply_effect` (608.2c); ``refs``,
``select`` and ``amount`` say what an effect's references mean now.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from karn import ir
from karn.engine import flow, targeting, triggers
from karn.engine.actions import Action
from karn.engine.state import (
    BATTLEFIELD,
    GRAVEYARD,
    STACK,
    Frame,
    Obj,
    Option,
    player_ref,
    ref_player,
)
from karn.engine.zones import move

if TYPE_CHECKING:
    from karn.engine.game import Game


class _MayMarker:
    """Flattened "you may": the next `n` effects happen only if the controller says yes."""

    def __init__(self, n: int) -> None:
        self.n = n


def _flatten(effects: tuple[ir.Effect, ...]) -> list[ir.Effect | _MayMarker]:
    out: list[ir.Effect | _MayMarker] = []
    for e in effects:
        if isinstance(e, ir.May):
            inner = _flatten(e.effects)
            out.append(_MayMarker(len(inner)))
            out.extend(inner)
        else:
            out.append(e)
    return out


def _what(g: Game, o: Obj) -> tuple[tuple[ir.Effect, ...], tuple[ir.TargetSpec, ...]]:
    """The effects and target slots of a spell or ability on the stack."""
    if o.ability >= 0:
        ab = g.compiled(o.name).abilities[o.ability]
        if isinstance(ab, (ir.Activated, ir.Triggered)):
            return ab.effects, ab.targets
        return (), ()
    for a in g.compiled(o.name).abilities:
        if isinstance(a, ir.SpellAbility):
            if a.modes:
                effs: tuple[ir.Effect, ...] = ()
                tg: tuple[ir.TargetSpec, ...] = ()
                for m in o.mode:
                    effs += a.modes[m].effects
                    tg += a.modes[m].targets
                return effs, tg
            return a.effects, a.targets
    from karn.engine.casting import spell_target_specs

    return (), spell_target_specs(g, o.name, o.mode)


def resolve_step(g: Game, f: Frame) -> None:
    # Imported here: the effects module imports this one (refs, select, amount).
    from karn.engine.effects import apply_effect

    s = g.s
    v = f.vars
    oid: int = v["obj"]
    o = s.objects.get(oid)
    if o is None or o.zone != STACK:
        s.agenda.pop()
        return
    effects, specs = _what(g, o)
    if "legal" not in v:
        # 608.2b: recheck targets on resolution.
        legal = []
        any_targets = False
        for i, slot in enumerate(o.targets):
            any_targets = any_targets or bool(slot)
            spec = specs[i] if i < len(specs) else None
            legal.append(
                [
                    t
                    for t in slot
                    if spec is not None
                    and targeting.legal_target(g, spec, t, o.controller, source_id(o), o.id)
                ]
            )
        if any_targets and not any(legal):
            s.agenda.pop()
            g.emit("608.2b", f"{stack_label(g, o)} doesn't resolve: all its targets are illegal")
            leave_stack(g, o)
            return
        v["legal"] = legal
        v["i"] = 0
        v["sub"] = {}
        if o.ability < 0 and not _is_permanent_spell(g, o):
            g.emit("608.2", f"{o.name} resolves")
        elif o.ability >= 0:
            g.emit("608.2", f"{stack_label(g, o)} resolves")
    flat = _flatten(effects)
    while v["i"] < len(flat):
        e = flat[v["i"]]
        if isinstance(e, _MayMarker):
            ans = v["sub"].get("answer")
            if ans is None:
                flow.ask(
                    g,
                    o.controller,
                    "may",
                    "608.2c",
                    f"{stack_label(g, o)}: do you want to do it?",
                    [Option("yes", label="yes"), Option("no", label="no")],
                )
                return
            if ans[0] == "no":
                v["i"] += e.n
            v["i"] += 1
            v["sub"] = {}
            continue
        if not apply_effect(g, f, o, e):
            return
        v["i"] += 1
        v["sub"] = {}
        if s.over:
            return
    s.agenda.pop()
    finish(g, o, v)


def resolve_answer(g: Game, f: Frame, a: Action) -> None:
    f.vars["sub"]["answer"] = [a.kind, a.a, a.b]


def stack_label(g: Game, o: Obj) -> str:
    return f"{o.name}'s ability" if o.ability >= 0 else o.name


def source_id(o: Obj) -> int:
    return o.source if o.ability >= 0 else o.id


def _is_permanent_spell(g: Game, o: Obj) -> bool:
    return any(
        t in g.face(o.name).types
        for t in ("creature", "artifact", "enchantment", "planeswalker", "land", "battle")
    )


def leave_stack(g: Game, o: Obj) -> None:
    """608.2n: an instant or sorcery goes to its owner's graveyard; an ability ceases to exist."""
    s = g.s
    if o.ability >= 0:
        s.stack.remove(o.id)
        del s.objects[o.id]
    else:
        move(g, o.id, GRAVEYARD)


def finish(g: Game, o: Obj, v: dict[str, Any]) -> None:
    """608.2n / 608.3: the last step of resolution."""
    if o.ability < 0 and _is_permanent_spell(g, o):
        # 608.3: a permanent spell becomes a permanent under its controller's control.
        legal = v.get("legal", [])
        name = o.name
        new = move(g, o.id, BATTLEFIELD, controller=o.controller)
        n = g.obj(new)
        face = g.face(name)
        if face.loyalty is not None:
            n.counters["loyalty"] = int(face.loyalty)  # 306.5b
        if "aura" in face.subtypes and legal and legal[0]:
            n.attached_to = legal[0][0]  # 303.4f
        g.dirty()
        att = f" attached to {g.describe(n.attached_to)}" if n.attached_to else ""
        g.emit("608.3", f"{name} enters the battlefield under {g.pname(n.controller)}'s control{att}")
        triggers.on_enter(g, new)
        return
    leave_stack(g, o)


# ---------------------------------------------------------------------------- references


def refs(g: Game, f: Frame, o: Obj, r: ir.Ref) -> list[int]:
    """The objects (ids) or players (encoded, negative) a :class:`Ref` means now."""
    v = f.vars
    s = g.s
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
                    p = g.controller(t) if r.kind == "target_controller" else s.objects[t].owner
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


def select(g: Game, f: Frame, o: Obj, sel: ir.Selector) -> list[int]:
    if isinstance(sel, ir.Ref):
        return refs(g, f, o, sel)
    s = g.s
    flt = sel.filter
    players: list[int] | None = None
    if sel.player is not None:
        players = [ref_player(r) for r in refs(g, f, o, sel.player) if r < 0]
    if flt.zone == BATTLEFIELD:
        pool = list(s.battlefield)
    else:
        pool = [c for p in s.players for c in getattr(p, flt.zone)]
    out = []
    for oid in pool:
        if not targeting.matches(g, oid, flt, o.controller, source_id(o)):
            continue
        if players is not None:
            who = g.controller(oid) if flt.zone == BATTLEFIELD else s.objects[oid].owner
            if who not in players:
                continue
        out.append(oid)
    return out


def amount(g: Game, f: Frame, o: Obj, a: ir.Amount) -> int:
    if isinstance(a, int):
        return a
    if a.name == "X":
        return o.x
    if a.name == "power" and a.ref is not None:
        # 608.2h: use last known information if the object left.
        ids = refs(g, f, o, a.ref)
        for t in ids:
            if t > 0 and t in g.s.objects and g.s.objects[t].zone == BATTLEFIELD:
                return g.chars(t).power
        for t in o.targets[a.ref.index] if a.ref.index < len(o.targets) else []:
            lk = g.s.lki.get(t)
            if lk is not None:
                return lk.power
        return 0
    return 0


__all__ = ["resolve_step", "resolve_answer"]
