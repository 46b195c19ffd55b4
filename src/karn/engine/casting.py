"""Casting spells (601) and activating abilities (602), step by step.

601.2a move the card to the stack; 601.2b modes and X; 601.2c targets, one
pick at a time; 601.2f total cost (with cost increases); 601.2g-h mana
abilities and payment; 601.2i the spell becomes cast. Casting is
transactional (733): the state before it began is kept as bytes and restored
if the player cancels.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from karn import ir
from karn.cards.mana import ManaCost
from karn.engine import flow, mana, priority, targeting, triggers
from karn.engine.actions import Action
from karn.engine.state import STACK, Frame, Obj, Option, decode_state, encode_state
from karn.engine.zones import move, new_object

if TYPE_CHECKING:
    from karn.engine.game import Game


# ---------------------------------------------------------------------------- what a card does


def spell_ability(g: Game, name: str) -> ir.SpellAbility | None:
    for a in g.compiled(name).abilities:
        if isinstance(a, ir.SpellAbility):
            return a
    return None


def enchant_filter(g: Game, name: str) -> ir.Filter | None:
    for a in g.compiled(name).abilities:
        if isinstance(a, ir.Keyword) and a.name == "enchant":
            return a.arg or ir.Filter()
    return None


def spell_target_specs(g: Game, name: str, modes: list[int]) -> tuple[ir.TargetSpec, ...]:
    """The target slots of a spell: its spell ability (or chosen modes), or an Aura's enchant (303.4a)."""
    sa = spell_ability(g, name)
    if sa is not None:
        if sa.modes:
            out: tuple[ir.TargetSpec, ...] = ()
            for m in modes:
                out += sa.modes[m].targets
            return out
        return sa.targets
    ef = enchant_filter(g, name)
    if ef is not None:
        return (ir.TargetSpec(objects=ef, text="enchant"),)
    return ()


def extra_cost_per_target(g: Game, name: str) -> int:
    return sum(
        a.generic_per_extra_target for a in g.compiled(name).abilities if isinstance(a, ir.CostIncrease)
    )


def has_targets(g: Game, p: int, oid: int) -> bool:
    """601.2c: a spell needing targets can be cast only with legal choices for each slot."""
    name = g.obj(oid).name
    sa = spell_ability(g, name)
    if sa is not None and sa.modes:
        return any(_slots_fillable(g, p, oid, m.targets) for m in sa.modes)
    return _slots_fillable(g, p, oid, spell_target_specs(g, name, []))


def _slots_fillable(g: Game, p: int, source: int, specs: tuple[ir.TargetSpec, ...]) -> bool:
    return all(targeting.has_candidates(g, spec, p, source, source) for spec in specs)


def can_cast(
    g: Game,
    p: int,
    oid: int,
    srcs: list[mana.Source] | None = None,
    sorcery_ok: bool | None = None,
    avail: int | None = None,
) -> bool:
    """601.2: timing (117.1a, 307.1), legal targets (601.2c) and a payable cost (601.2h)."""
    o = g.obj(oid)
    info = _SPELL_INFO.get(o.name)
    if info is None:
        face = g.face(o.name)
        info = _SPELL_INFO[o.name] = _SpellInfo(
            "land" in face.types, "instant" in face.types, face.cost.with_x(0), g.compiled(o.name).playable
        )
    if info.land or not info.playable:
        return False
    if not info.instant and not (priority.sorcery_timing(g, p) if sorcery_ok is None else sorcery_ok):
        return False
    if srcs is None:
        srcs = mana.sources(g, p)
    pool = g.s.players[p].pool
    if info.cost.mana_value > (mana.available_count(pool, srcs) if avail is None else avail):
        return False
    if mana.solve(pool, info.cost, srcs) is None:
        return False
    return has_targets(g, p, oid)


class _SpellInfo(NamedTuple):
    land: bool
    instant: bool
    cost: ManaCost  # with X = 0 (601.2f minimum)
    playable: bool


_SPELL_INFO: dict[str, _SpellInfo] = {}


def can_activate(
    g: Game, p: int, oid: int, idx: int, ab: ir.Activated, srcs: list[mana.Source] | None = None
) -> bool:
    o = g.obj(oid)
    c = ab.cost
    if ab.sorcery_speed and not priority.sorcery_timing(g, p):
        return False
    if c.tap:
        if o.tapped:
            return False
        ch = g.chars(oid)
        if o.sick and ch.is_("creature") and "haste" not in ch.keywords:
            return False  # 302.6
    if c.loyalty is not None:
        if o.loyalty_turn == g.s.turn:
            return False  # 606.3: one loyalty ability per planeswalker per turn
        if o.counters.get("loyalty", 0) + c.loyalty < 0:
            return False  # 606.6
    if not _slots_fillable(g, p, oid, ab.targets):
        return False
    if c.mana:
        if srcs is None:
            srcs = mana.sources(g, p)
        if c.tap:
            srcs = [x for x in srcs if x.oid != oid]  # its {T} is part of the cost, not a mana source
        if mana.solve(g.s.players[p].pool, ManaCost.parse(c.mana), srcs) is None:
            return False
    return True


# ---------------------------------------------------------------------------- casting a spell (601)


def _snapshot(g: Game) -> None:
    g.s.rollback = b""
    g.s.settings["rollback_log"] = len(g.log)
    g.s.rollback = encode_state(g.s)


def cancel(g: Game) -> None:
    """733.1: rewind an illegal or abandoned cast/activation to the moment before it began."""
    s = decode_state(g.s.rollback)
    n = s.settings.get("rollback_log", len(g.log))
    s.rollback = b""
    s.settings.pop("rollback_log", None)
    g.s = s
    del g.log[n:]
    g.dirty()


def begin_cast(g: Game, p: int, oid: int) -> None:
    _snapshot(g)
    name = g.obj(oid).name
    new = move(g, oid, STACK, controller=p)  # 601.2a
    g.s.agenda.append(Frame("cast", {"obj": new, "player": p, "targets": [], "name": name}))


def cast_step(g: Game, f: Frame) -> None:
    v = f.vars
    p: int = v["player"]
    oid: int = v["obj"]
    name: str = v["name"]
    face = g.face(name)
    sa = spell_ability(g, name)
    # 601.2b: modes.
    if sa is not None and sa.modes and "modes" not in v:
        opts = [
            Option("mode", i, label=m.text or f"mode {i + 1}")
            for i, m in enumerate(sa.modes)
            if _slots_fillable(g, p, oid, m.targets)
        ]
        flow.ask(g, p, "mode", "601.2b", f"choose a mode for {name}", opts + [_cancel()])
        return
    modes: list[int] = v.get("modes", [])
    # 601.2b: the value of X.
    if face.cost.x and "x" not in v:
        _ask_x(g, p, mana.max_x(g, p, face.cost), f"choose X for {name}")
        return
    x: int = v.get("x", 0)
    specs = spell_target_specs(g, name, modes)
    extra = extra_cost_per_target(g, name)
    if _choose_targets(g, f, p, oid, specs, name, face.cost.with_x(x), extra):
        return
    # 601.2f: total cost.
    n_targets = len(v["targets"][0]) if v["targets"] else 0
    total = face.cost.with_x(x, extra * max(0, n_targets - 1))
    v["cost"] = str(total)
    _ask_payment(g, p, total, f"pay {total} for {name}")


def _ask_x(g: Game, p: int, most: int, prompt: str) -> None:
    """601.2b: X is a bounded number, 0 up to what the player could pay for."""
    flow.ask(
        g, p, "x", "601.2b", prompt, [Option("x", i, label=str(i)) for i in range(most + 1)] + [_cancel()]
    )


def _cancel() -> Option:
    return Option("cancel", label="cancel (undo this cast or activation)")


def _choose_targets(
    g: Game,
    f: Frame,
    p: int,
    source: int,
    specs: tuple[ir.TargetSpec, ...],
    name: str,
    base: ManaCost,
    extra_per_target: int,
) -> bool:
    """601.2c: choose targets one slot and one pick at a time. True while a decision is pending."""
    pick = targeting.next_pick(g, f.vars, specs, p, source, f.vars["obj"])
    if pick is None:
        return False
    spec, picked, cands = pick
    if extra_per_target and picked and not mana.can_pay(g, p, base.with_x(0, extra_per_target * len(picked))):
        cands = []  # 601.2f: one more target would cost more than can be paid
    opts = [Option("target", t, label=targeting.label(g, t)) for t in cands]
    if len(picked) >= spec.min:
        opts.append(Option("done", label="no more targets"))
    opts.append(_cancel())
    what = spec.text or "target"
    flow.ask(g, p, "target", "601.2c", f"choose {what} for {name} ({len(picked) + 1})", opts)
    return True


def _ask_payment(g: Game, p: int, cost: ManaCost, prompt: str, exclude: int = 0) -> None:
    """601.2g-h: activate mana abilities, then pay. The solver's payment is the option ``pay``."""
    opts: list[Option] = []
    if mana.can_pay(g, p, cost, exclude=exclude):
        opts.append(Option("pay", label=f"pay {cost} automatically"))
    for oid in g.s.battlefield:
        if oid == exclude:
            continue
        for i, ab in mana.mana_abilities(g, oid):
            if mana.can_activate_mana(g, p, oid, ab):
                opts.append(Option("mana", oid, i, label=f"activate {g.describe(oid)}: {ab.text}"))
    opts.append(_cancel())
    flow.ask(g, p, "pay", "601.2h", prompt, opts)


def _common_answer(g: Game, f: Frame, a: Action) -> bool:
    """Answers shared by casting and activating. True if handled."""
    v = f.vars
    if a.kind == "cancel":
        g.s.agenda.pop()
        cancel(g)
        return True
    if a.kind == "target":
        v["targets"][-1].append(a.a)
        return True
    if a.kind == "done":
        v["slot_done"] = True
        return True
    if a.kind == "mana":
        mana.activate_mana_ability(g, v["player"], a.a, a.b)
        return True
    return False


def cast_answer(g: Game, f: Frame, a: Action) -> None:
    v = f.vars
    if _common_answer(g, f, a):
        return
    if a.kind == "mode":
        v["modes"] = [a.a]
    elif a.kind == "x":
        v["x"] = a.a
    elif a.kind == "pay":
        p: int = v["player"]
        if not mana.pay(g, p, ManaCost.parse(v["cost"])):
            raise AssertionError("payment solver failed after proposing a payment")
        _finish_cast(g, f)


def _finish_cast(g: Game, f: Frame) -> None:
    v = f.vars
    o = g.obj(v["obj"])
    o.x = v.get("x", 0)
    o.mode = v.get("modes", [])
    o.targets = v["targets"]
    g.s.agenda.pop()
    g.s.rollback = b""
    g.s.settings.pop("rollback_log", None)
    g.s.passes = 0
    tgt = _targets_text(g, o)
    xs = f" with X={o.x}" if g.face(o.name).cost.x else ""
    g.emit("601.2i", f"{g.pname(o.controller)} casts {o.name}{xs}{tgt}")
    triggers.on_cast(g, o.id)


def _targets_text(g: Game, o: Obj) -> str:
    flat = [t for slot in o.targets for t in slot]
    if not flat:
        return ""
    return " targeting " + ", ".join(targeting.label(g, t) for t in flat)


# ---------------------------------------------------------------------------- activating an ability (602)


def begin_activate(g: Game, p: int, source: int, idx: int) -> None:
    _snapshot(g)
    src = g.obj(source)
    ab = g.chars(source).abilities[idx]
    assert isinstance(ab, ir.Activated)
    o = new_object(g, -1, src.name, src.owner, STACK, ability=idx, source=source)  # 602.2a
    o.controller = p
    g.s.stack.append(o.id)
    g.s.agenda.append(
        Frame("activate", {"obj": o.id, "player": p, "targets": [], "source": source, "idx": idx})
    )


def activate_step(g: Game, f: Frame) -> None:
    v = f.vars
    p: int = v["player"]
    source: int = v["source"]
    ab = _ability(g, v)
    name = g.obj(source).name
    printed = ManaCost.parse(ab.cost.mana)
    exclude = source if ab.cost.tap else 0  # a {T} in the cost: not also a mana source
    if printed.x and "x" not in v:
        # 602.2b / 601.2b: announce the value of X.
        _ask_x(g, p, mana.max_x(g, p, printed, exclude=exclude), f"choose X for {name}'s ability")
        return
    if _choose_targets(g, f, p, source, ab.targets, name, ManaCost(), 0):
        return
    cost = printed.with_x(v.get("x", 0))
    v["cost"] = str(cost)
    if cost.mana_value == 0:
        # Only non-mana costs ({T}, sacrifice, loyalty): paid at once (601.2h).
        _pay_activation(g, f)
        return
    _ask_payment(g, p, cost, f"pay {cost} to activate {name}", exclude=exclude)


def _ability(g: Game, v: dict[str, Any]) -> ir.Activated:
    """The ability being activated (the stack object carries its source's card name)."""
    ab = g.compiled(g.obj(v["obj"]).name).abilities[v["idx"]]
    assert isinstance(ab, ir.Activated)
    return ab


def activate_answer(g: Game, f: Frame, a: Action) -> None:
    if _common_answer(g, f, a):
        return
    if a.kind == "x":
        f.vars["x"] = a.a
    elif a.kind == "pay":
        exclude = f.vars["source"] if _ability(g, f.vars).cost.tap else 0
        if not mana.pay(g, f.vars["player"], ManaCost.parse(f.vars["cost"]), exclude=exclude):
            raise AssertionError("payment solver failed after proposing a payment")
        _pay_activation(g, f)


def _pay_activation(g: Game, f: Frame) -> None:
    """602.2b/601.2h: pay the non-mana costs ({T}, sacrifice, loyalty), then the ability is activated."""
    v = f.vars
    source: int = v["source"]
    ab = _ability(g, v)
    o = g.obj(v["obj"])
    src = g.obj(source)
    name = src.name
    o.targets = v["targets"]
    o.x = v.get("x", 0)
    c = ab.cost
    if c.tap:
        src.tapped = True
    if c.loyalty is not None:
        src.counters["loyalty"] = src.counters.get("loyalty", 0) + c.loyalty
        src.loyalty_turn = g.s.turn
        g.dirty()
    g.s.agenda.pop()
    g.s.rollback = b""
    g.s.settings.pop("rollback_log", None)
    g.s.passes = 0
    g.emit("602.2", f"{g.pname(v['player'])} activates {name}: {ab.text}{_targets_text(g, o)}")
    if c.sacrifice_self:
        triggers.leave_battlefield(g, [source], "graveyard", "701.21", verb="is sacrificed")
