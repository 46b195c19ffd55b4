"""Resolving spells and abilities (608).

The ``resolve`` frame keeps its progress as data: the effect index and the
scratch values of the effect in progress, so a resolution waiting for a
choice (Duress's card, a scry, a "may") can be copied and saved. Each effect
is applied by :func:`karn.engine.effects.apply_effect` (608.2c); ``refs``,
``select`` and ``amount`` say what an effect's references mean now.
"""

from __future__ import annotations

from typing import Any

from karn import ir
from karn.engine import decisions, targeting, triggers
from karn.engine.abilities import spell_target_specs
from karn.engine.actions import Action
from karn.engine.context import Context
from karn.engine.effects import apply_effect
from karn.engine.references import leave_stack, source_id, stack_label
from karn.engine.state import (
    BATTLEFIELD,
    STACK,
    Frame,
    Obj,
    Option,
)
from karn.engine.zones import move


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


def _what(ctx: Context, o: Obj) -> tuple[tuple[ir.Effect, ...], tuple[ir.TargetSpec, ...]]:
    """The effects and target slots of a spell or ability on the stack."""
    if o.ability >= 0:
        ab = ctx.compiled(o.name).abilities[o.ability]
        if isinstance(ab, (ir.Activated, ir.Triggered)):
            return ab.effects, ab.targets
        return (), ()
    for a in ctx.compiled(o.name).abilities:
        if isinstance(a, ir.SpellAbility):
            if a.modes:
                effs: tuple[ir.Effect, ...] = ()
                tg: tuple[ir.TargetSpec, ...] = ()
                for m in o.mode:
                    effs += a.modes[m].effects
                    tg += a.modes[m].targets
                return effs, tg
            return a.effects, a.targets
    return (), spell_target_specs(ctx, o.name, o.mode)


def resolve_step(ctx: Context, f: Frame) -> None:
    s = ctx.state
    v = f.vars
    oid: int = v["obj"]
    o = s.objects.get(oid)
    if o is None or o.zone != STACK:
        s.agenda.pop()
        return
    effects, specs = _what(ctx, o)
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
                    and targeting.legal_target(ctx, spec, t, o.controller, source_id(o), o.id)
                ]
            )
        if any_targets and not any(legal):
            s.agenda.pop()
            ctx.emit("608.2b", f"{stack_label(ctx, o)} doesn't resolve: all its targets are illegal")
            leave_stack(ctx, o)
            return
        v["legal"] = legal
        v["i"] = 0
        v["sub"] = {}
        if o.ability < 0 and not _is_permanent_spell(ctx, o):
            ctx.emit("608.2", f"{o.name} resolves")
        elif o.ability >= 0:
            ctx.emit("608.2", f"{stack_label(ctx, o)} resolves")
    flat = _flatten(effects)
    while v["i"] < len(flat):
        e = flat[v["i"]]
        if isinstance(e, _MayMarker):
            ans = v["sub"].get("answer")
            if ans is None:
                decisions.ask(
                    ctx,
                    o.controller,
                    "may",
                    "608.2c",
                    f"{stack_label(ctx, o)}: do you want to do it?",
                    [Option("yes", label="yes"), Option("no", label="no")],
                )
                return
            if ans[0] == "no":
                v["i"] += e.n
            v["i"] += 1
            v["sub"] = {}
            continue
        if not apply_effect(ctx, f, o, e):
            return
        v["i"] += 1
        v["sub"] = {}
        if s.over:
            return
    s.agenda.pop()
    finish(ctx, o, v)


def resolve_answer(ctx: Context, f: Frame, a: Action) -> None:
    f.vars["sub"]["answer"] = [a.kind, a.a, a.b]


def _is_permanent_spell(ctx: Context, o: Obj) -> bool:
    return any(
        t in ctx.face(o.name).types
        for t in ("creature", "artifact", "enchantment", "planeswalker", "land", "battle")
    )


def finish(ctx: Context, o: Obj, v: dict[str, Any]) -> None:
    """608.2n / 608.3: the last step of resolution."""
    if o.ability < 0 and _is_permanent_spell(ctx, o):
        # 608.3: a permanent spell becomes a permanent under its controller's control.
        legal = v.get("legal", [])
        name = o.name
        new = move(ctx, o.id, BATTLEFIELD, controller=o.controller)
        n = ctx.obj(new)
        face = ctx.face(name)
        if face.loyalty is not None:
            n.counters["loyalty"] = int(face.loyalty)  # 306.5b
        if "aura" in face.subtypes and legal and legal[0]:
            n.attached_to = legal[0][0]  # 303.4f
        ctx.dirty()
        att = f" attached to {ctx.describe(n.attached_to)}" if n.attached_to else ""
        ctx.emit(
            "608.3", f"{name} enters the battlefield under {ctx.player_name(n.controller)}'s control{att}"
        )
        triggers.on_enter(ctx, new)
        return
    leave_stack(ctx, o)


__all__ = ["resolve_step", "resolve_answer"]
