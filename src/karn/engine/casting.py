"""Casting spells (601) and activating abilities (602), step by step.

601.2a move the card to the stack; 601.2b modes and X; 601.2c targets, one
pick at a time; 601.2f total cost (with cost increases); 601.2g-h mana
abilities and payment; 601.2i the spell becomes cast. Casting is
transactional (733): the state before it began is kept as bytes and restored
if the player cancels.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from karn import ir
from karn.cards.mana import ManaCost
from karn.engine import decisions, mana, targeting, timing, triggers
from karn.engine.abilities import extra_cost_per_target, spell_ability, spell_target_specs
from karn.engine.actions import Action
from karn.engine.context import Context
from karn.engine.state import STACK, Frame, Obj, Option, decode_state, encode_state
from karn.engine.zones import move, new_object

# ---------------------------------------------------------------------------- what a card does


def has_targets(ctx: Context, p: int, oid: int) -> bool:
    """601.2c: a spell needing targets can be cast only with legal choices for each slot."""
    name = ctx.obj(oid).name
    sa = spell_ability(ctx, name)
    if sa is not None and sa.modes:
        return any(_slots_fillable(ctx, p, oid, m.targets) for m in sa.modes)
    return _slots_fillable(ctx, p, oid, spell_target_specs(ctx, name, []))


def _slots_fillable(ctx: Context, p: int, source: int, specs: tuple[ir.TargetSpec, ...]) -> bool:
    return all(targeting.has_candidates(ctx, spec, p, source, source) for spec in specs)


def can_cast(
    ctx: Context,
    p: int,
    oid: int,
    srcs: list[mana.Source] | None = None,
    sorcery_ok: bool | None = None,
    avail: int | None = None,
) -> bool:
    """601.2: timing (117.1a, 307.1), legal targets (601.2c) and a payable cost (601.2h)."""
    o = ctx.obj(oid)
    info = _SPELL_INFO.get(o.name)
    if info is None:
        face = ctx.face(o.name)
        info = _SPELL_INFO[o.name] = _SpellInfo(
            "land" in face.types, "instant" in face.types, face.cost.with_x(0), ctx.compiled(o.name).playable
        )
    if info.land or not info.playable:
        return False
    if not info.instant and not (timing.sorcery_timing(ctx, p) if sorcery_ok is None else sorcery_ok):
        return False
    if srcs is None:
        srcs = mana.sources(ctx, p)
    pool = ctx.state.players[p].pool
    if info.cost.mana_value > (mana.available_count(pool, srcs) if avail is None else avail):
        return False
    if mana.solve(pool, info.cost, srcs) is None:
        return False
    return has_targets(ctx, p, oid)


class _SpellInfo(NamedTuple):
    land: bool
    instant: bool
    cost: ManaCost  # with X = 0 (601.2f minimum)
    playable: bool


_SPELL_INFO: dict[str, _SpellInfo] = {}


def can_activate(
    ctx: Context, p: int, oid: int, idx: int, ab: ir.Activated, srcs: list[mana.Source] | None = None
) -> bool:
    o = ctx.obj(oid)
    c = ab.cost
    if ab.sorcery_speed and not timing.sorcery_timing(ctx, p):
        return False
    if c.tap:
        if o.tapped:
            return False
        ch = ctx.chars(oid)
        if o.sick and ch.is_("creature") and "haste" not in ch.keywords:
            return False  # 302.6
    if c.loyalty is not None:
        if o.loyalty_turn == ctx.state.turn:
            return False  # 606.3: one loyalty ability per planeswalker per turn
        if o.counters.get("loyalty", 0) + c.loyalty < 0:
            return False  # 606.6
    if not _slots_fillable(ctx, p, oid, ab.targets):
        return False
    if c.mana:
        if srcs is None:
            srcs = mana.sources(ctx, p)
        if c.tap:
            srcs = [x for x in srcs if x.oid != oid]  # its {T} is part of the cost, not a mana source
        if mana.solve(ctx.state.players[p].pool, ManaCost.parse(c.mana), srcs) is None:
            return False
    return True


# ---------------------------------------------------------------------------- casting a spell (601)


def _snapshot(ctx: Context) -> None:
    ctx.state.rollback = b""
    ctx.state.settings["rollback_log"] = len(ctx.log)
    ctx.state.rollback = encode_state(ctx.state)


def cancel(ctx: Context) -> None:
    """733.1: rewind an illegal or abandoned cast/activation to the moment before it began."""
    s = decode_state(ctx.state.rollback)
    n = s.settings.get("rollback_log", len(ctx.log))
    s.rollback = b""
    s.settings.pop("rollback_log", None)
    ctx.state = s
    del ctx.log[n:]
    ctx.dirty()


def begin_cast(ctx: Context, p: int, oid: int) -> None:
    _snapshot(ctx)
    name = ctx.obj(oid).name
    new = move(ctx, oid, STACK, controller=p)  # 601.2a
    ctx.state.agenda.append(Frame("cast", {"obj": new, "player": p, "targets": [], "name": name}))


def cast_step(ctx: Context, f: Frame) -> None:
    v = f.vars
    p: int = v["player"]
    oid: int = v["obj"]
    name: str = v["name"]
    face = ctx.face(name)
    sa = spell_ability(ctx, name)
    # 601.2b: modes.
    if sa is not None and sa.modes and "modes" not in v:
        opts = [
            Option("mode", i, label=m.text or f"mode {i + 1}")
            for i, m in enumerate(sa.modes)
            if _slots_fillable(ctx, p, oid, m.targets)
        ]
        decisions.ask(ctx, p, "mode", "601.2b", f"choose a mode for {name}", opts + [_cancel()])
        return
    modes: list[int] = v.get("modes", [])
    # 601.2b: the value of X.
    if face.cost.x and "x" not in v:
        _ask_x(ctx, p, mana.max_x(ctx, p, face.cost), f"choose X for {name}")
        return
    x: int = v.get("x", 0)
    specs = spell_target_specs(ctx, name, modes)
    extra = extra_cost_per_target(ctx, name)
    if _choose_targets(ctx, f, p, oid, specs, name, face.cost.with_x(x), extra):
        return
    # 601.2f: total cost.
    n_targets = len(v["targets"][0]) if v["targets"] else 0
    total = face.cost.with_x(x, extra * max(0, n_targets - 1))
    v["cost"] = str(total)
    _ask_payment(ctx, p, total, f"pay {total} for {name}")


def _ask_x(ctx: Context, p: int, most: int, prompt: str) -> None:
    """601.2b: X is a bounded number, 0 up to what the player could pay for."""
    decisions.ask(
        ctx, p, "x", "601.2b", prompt, [Option("x", i, label=str(i)) for i in range(most + 1)] + [_cancel()]
    )


def _cancel() -> Option:
    return Option("cancel", label="cancel (undo this cast or activation)")


def _choose_targets(
    ctx: Context,
    f: Frame,
    p: int,
    source: int,
    specs: tuple[ir.TargetSpec, ...],
    name: str,
    base: ManaCost,
    extra_per_target: int,
) -> bool:
    """601.2c: choose targets one slot and one pick at a time. True while a decision is pending."""
    pick = targeting.next_pick(ctx, f.vars, specs, p, source, f.vars["obj"])
    if pick is None:
        return False
    spec, picked, cands = pick
    if (
        extra_per_target
        and picked
        and not mana.can_pay(ctx, p, base.with_x(0, extra_per_target * len(picked)))
    ):
        cands = []  # 601.2f: one more target would cost more than can be paid
    opts = [Option("target", t, label=targeting.label(ctx, t)) for t in cands]
    if len(picked) >= spec.min:
        opts.append(Option("done", label="no more targets"))
    opts.append(_cancel())
    what = spec.text or "target"
    decisions.ask(ctx, p, "target", "601.2c", f"choose {what} for {name} ({len(picked) + 1})", opts)
    return True


def _ask_payment(ctx: Context, p: int, cost: ManaCost, prompt: str, exclude: int = 0) -> None:
    """601.2g-h: activate mana abilities, then pay. The solver's payment is the option ``pay``."""
    opts: list[Option] = []
    if mana.can_pay(ctx, p, cost, exclude=exclude):
        opts.append(Option("pay", label=f"pay {cost} automatically"))
    for oid in ctx.state.battlefield:
        if oid == exclude:
            continue
        for i, ab in mana.mana_abilities(ctx, oid):
            if mana.can_activate_mana(ctx, p, oid, ab):
                opts.append(Option("mana", oid, i, label=f"activate {ctx.describe(oid)}: {ab.text}"))
    opts.append(_cancel())
    decisions.ask(ctx, p, "pay", "601.2h", prompt, opts)


def _common_answer(ctx: Context, f: Frame, a: Action) -> bool:
    """Answers shared by casting and activating. True if handled."""
    v = f.vars
    if a.kind == "cancel":
        ctx.state.agenda.pop()
        cancel(ctx)
        return True
    if a.kind == "target":
        v["targets"][-1].append(a.a)
        return True
    if a.kind == "done":
        v["slot_done"] = True
        return True
    if a.kind == "mana":
        mana.activate_mana_ability(ctx, v["player"], a.a, a.b)
        return True
    return False


def cast_answer(ctx: Context, f: Frame, a: Action) -> None:
    v = f.vars
    if _common_answer(ctx, f, a):
        return
    if a.kind == "mode":
        v["modes"] = [a.a]
    elif a.kind == "x":
        v["x"] = a.a
    elif a.kind == "pay":
        p: int = v["player"]
        if not mana.pay(ctx, p, ManaCost.parse(v["cost"])):
            raise AssertionError("payment solver failed after proposing a payment")
        _finish_cast(ctx, f)


def _finish_cast(ctx: Context, f: Frame) -> None:
    v = f.vars
    o = ctx.obj(v["obj"])
    o.x = v.get("x", 0)
    o.mode = v.get("modes", [])
    o.targets = v["targets"]
    ctx.state.agenda.pop()
    ctx.state.rollback = b""
    ctx.state.settings.pop("rollback_log", None)
    ctx.state.passes = 0
    tgt = _targets_text(ctx, o)
    xs = f" with X={o.x}" if ctx.face(o.name).cost.x else ""
    ctx.emit("601.2i", f"{ctx.player_name(o.controller)} casts {o.name}{xs}{tgt}")
    triggers.on_cast(ctx, o.id)


def _targets_text(ctx: Context, o: Obj) -> str:
    flat = [t for slot in o.targets for t in slot]
    if not flat:
        return ""
    return " targeting " + ", ".join(targeting.label(ctx, t) for t in flat)


# ---------------------------------------------------------------------------- activating an ability (602)


def begin_activate(ctx: Context, p: int, source: int, idx: int) -> None:
    _snapshot(ctx)
    src = ctx.obj(source)
    ab = ctx.chars(source).abilities[idx]
    assert isinstance(ab, ir.Activated)
    o = new_object(ctx, -1, src.name, src.owner, STACK, ability=idx, source=source)  # 602.2a
    o.controller = p
    ctx.state.stack.append(o.id)
    ctx.state.agenda.append(
        Frame("activate", {"obj": o.id, "player": p, "targets": [], "source": source, "idx": idx})
    )


def activate_step(ctx: Context, f: Frame) -> None:
    v = f.vars
    p: int = v["player"]
    source: int = v["source"]
    ab = _ability(ctx, v)
    name = ctx.obj(source).name
    printed = ManaCost.parse(ab.cost.mana)
    exclude = source if ab.cost.tap else 0  # a {T} in the cost: not also a mana source
    if printed.x and "x" not in v:
        # 602.2b / 601.2b: announce the value of X.
        _ask_x(ctx, p, mana.max_x(ctx, p, printed, exclude=exclude), f"choose X for {name}'s ability")
        return
    if _choose_targets(ctx, f, p, source, ab.targets, name, ManaCost(), 0):
        return
    cost = printed.with_x(v.get("x", 0))
    v["cost"] = str(cost)
    if cost.mana_value == 0:
        # Only non-mana costs ({T}, sacrifice, loyalty): paid at once (601.2h).
        _pay_activation(ctx, f)
        return
    _ask_payment(ctx, p, cost, f"pay {cost} to activate {name}", exclude=exclude)


def _ability(ctx: Context, v: dict[str, Any]) -> ir.Activated:
    """The ability being activated (the stack object carries its source's card name)."""
    ab = ctx.compiled(ctx.obj(v["obj"]).name).abilities[v["idx"]]
    assert isinstance(ab, ir.Activated)
    return ab


def activate_answer(ctx: Context, f: Frame, a: Action) -> None:
    if _common_answer(ctx, f, a):
        return
    if a.kind == "x":
        f.vars["x"] = a.a
    elif a.kind == "pay":
        exclude = f.vars["source"] if _ability(ctx, f.vars).cost.tap else 0
        if not mana.pay(ctx, f.vars["player"], ManaCost.parse(f.vars["cost"]), exclude=exclude):
            raise AssertionError("payment solver failed after proposing a payment")
        _pay_activation(ctx, f)


def _pay_activation(ctx: Context, f: Frame) -> None:
    """602.2b/601.2h: pay the non-mana costs ({T}, sacrifice, loyalty), then the ability is activated."""
    v = f.vars
    source: int = v["source"]
    ab = _ability(ctx, v)
    o = ctx.obj(v["obj"])
    src = ctx.obj(source)
    name = src.name
    o.targets = v["targets"]
    o.x = v.get("x", 0)
    c = ab.cost
    if c.tap:
        src.tapped = True
    if c.loyalty is not None:
        src.counters["loyalty"] = src.counters.get("loyalty", 0) + c.loyalty
        src.loyalty_turn = ctx.state.turn
        ctx.dirty()
    ctx.state.agenda.pop()
    ctx.state.rollback = b""
    ctx.state.settings.pop("rollback_log", None)
    ctx.state.passes = 0
    ctx.emit("602.2", f"{ctx.player_name(v['player'])} activates {name}: {ab.text}{_targets_text(ctx, o)}")
    if c.sacrifice_self:
        triggers.leave_battlefield(ctx, [source], "graveyard", "701.21", verb="is sacrificed")
