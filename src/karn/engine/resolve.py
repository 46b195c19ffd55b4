"""Resolving spells and abilities (608) and the one-shot effects of the IR.

The ``resolve`` frame keeps its progress as data: the effect index and the
scratch values of the effect in progress, so a resolution waiting for a
choice (Duress's card, a scry, a "may") can be copied and saved.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from karn import ir
from karn.cards.mana import parse_mana_symbols
from karn.engine import damage, flow, rng, targeting, triggers
from karn.engine.actions import Action
from karn.engine.mana import add_mana
from karn.engine.state import (
    BATTLEFIELD,
    EXILE,
    GRAVEYARD,
    HAND,
    STACK,
    ContinuousEffect,
    Frame,
    Obj,
    Option,
    Shield,
    TokenDef,
    player_ref,
    ref_player,
)
from karn.engine.zones import move, new_object

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
                    and targeting.legal_target(g, spec, t, o.controller, _source_id(o), o.id)
                ]
            )
        if any_targets and not any(legal):
            s.agenda.pop()
            g.emit("608.2b", f"{_label(g, o)} doesn't resolve: all its targets are illegal")
            _leave_stack(g, o)
            return
        v["legal"] = legal
        v["i"] = 0
        v["sub"] = {}
        if o.ability < 0 and not _is_permanent_spell(g, o):
            g.emit("608.2", f"{o.name} resolves")
        elif o.ability >= 0:
            g.emit("608.2", f"{_label(g, o)} resolves")
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
                    f"{_label(g, o)}: do you want to do it?",
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


def _label(g: Game, o: Obj) -> str:
    return f"{o.name}'s ability" if o.ability >= 0 else o.name


def _source_id(o: Obj) -> int:
    return o.source if o.ability >= 0 else o.id


def _is_permanent_spell(g: Game, o: Obj) -> bool:
    return any(
        t in g.face(o.name).types
        for t in ("creature", "artifact", "enchantment", "planeswalker", "land", "battle")
    )


def _leave_stack(g: Game, o: Obj) -> None:
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
    _leave_stack(g, o)


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
        src = _source_id(o)
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
        host = s.objects.get(_source_id(o))
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
        if not targeting.matches(g, oid, flt, o.controller, _source_id(o)):
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


# ---------------------------------------------------------------------------- effects


def apply_effect(g: Game, f: Frame, o: Obj, e: ir.Effect) -> bool:
    """Apply one effect (608.2c). Returns False when it waits for a decision."""
    s = g.s
    f.vars["sub"]
    you = o.controller
    if isinstance(e, ir.DealDamage):
        n = amount(g, f, o, e.amount)
        tg = refs(g, f, o, e.to)
        if e.divided == "evenly":
            allt = [t for slot in o.targets for t in slot]
            n = n // max(1, len(allt))  # divided evenly among all targets, rounded down
        src = damage.source_of(g, _source_id(o))
        for t in tg:
            damage.deal(g, src, t, n)
        return True
    if isinstance(e, ir.GainLife):
        # Read the amount before anything else changes (608.2h).
        n = amount(g, f, o, e.amount)
        for p in refs(g, f, o, e.player):
            damage.gain_life(g, ref_player(p), n)
        return True
    if isinstance(e, ir.LoseLife):
        n = amount(g, f, o, e.amount)
        for p in refs(g, f, o, e.player):
            damage.lose_life(g, ref_player(p), n)
        return True
    if isinstance(e, ir.Draw):
        n = amount(g, f, o, e.amount)
        for p in refs(g, f, o, e.player):
            flow.draw(g, ref_player(p), n, "121.2")
        return True
    if isinstance(e, ir.Discard):
        return _discard(g, f, o, e)
    if isinstance(e, ir.Destroy):
        ids = [t for t in select(g, f, o, e.what) if t > 0 and _on_bf(g, t)]
        doomed = []
        for t in ids:
            if "indestructible" in g.chars(t).keywords:
                g.emit("702.12b", f"{g.describe(t)} is indestructible and isn't destroyed")
                continue
            doomed.append(t)
        for t in doomed:
            g.emit("701.8a", f"{g.describe(t)} is destroyed")
        triggers.leave_battlefield(g, doomed, GRAVEYARD, "701.8a", quiet=True)
        return True
    if isinstance(e, ir.Exile):
        ids = [t for t in select(g, f, o, e.what) if t > 0 and t in s.objects]
        bf = [t for t in ids if _on_bf(g, t)]
        other = [t for t in ids if not _on_bf(g, t)]
        triggers.leave_battlefield(g, bf, EXILE, "406.2", verb="is exiled")
        for t in other:
            nm = g.obj(t).name
            move(g, t, EXILE)
            g.emit("406.2", f"{nm} is exiled")
        return True
    if isinstance(e, ir.ReturnToHand):
        for t in select(g, f, o, e.what):
            if t <= 0 or t not in s.objects:
                continue
            if _on_bf(g, t):
                triggers.leave_battlefield(g, [t], HAND, "400.6", verb="returns to its owner's hand")
            else:
                nm = g.obj(t).name
                move(g, t, HAND)
                g.emit("400.6", f"{nm} returns to its owner's hand")
        return True
    if isinstance(e, ir.CounterSpell):
        for t in refs(g, f, o, e.what):
            if t in s.objects and s.objects[t].zone == STACK:
                tgt = s.objects[t]
                g.emit("701.6a", f"{_label(g, tgt)} is countered")
                _leave_stack(g, tgt)
        return True
    if isinstance(e, ir.ApplyContinuous):
        m = e.mod
        affected = [t for t in select(g, f, o, m.affected) if t > 0 and _on_bf(g, t)]  # 611.2c
        if affected:
            s.timestamp += 1
            s.effects.append(
                ContinuousEffect(
                    id=s.timestamp,
                    timestamp=s.timestamp,
                    source=_source_id(o),
                    controller=you,
                    affected=affected,
                    power=m.power,
                    toughness=m.toughness,
                    keywords=m.add_keywords,
                    cant_attack=m.cant_attack,
                    cant_block=m.cant_block,
                    until_end_of_turn=e.duration == "end_of_turn",
                )
            )
            g.dirty()
            desc = _mod_text(m)
            if len(affected) == 1:
                desc = desc.replace("get ", "gets ").replace("gain ", "gains ")
            g.emit("611.2a", f"{', '.join(g.describe(t) for t in affected)} {desc}")
        return True
    if isinstance(e, ir.GainControl):
        for t in refs(g, f, o, e.what):
            if t > 0 and _on_bf(g, t):
                s.timestamp += 1
                s.effects.append(
                    ContinuousEffect(
                        id=s.timestamp,
                        timestamp=s.timestamp,
                        source=_source_id(o),
                        controller=you,
                        affected=[t],
                        new_controller=you,
                        until_end_of_turn=e.duration == "end_of_turn",
                    )
                )
                if g.controller(t) != you:
                    s.objects[t].sick = True  # 302.6: not continuously controlled since the turn began
                g.dirty()
                g.emit("613.1b", f"{g.pname(you)} gains control of {g.describe(t)}")
        return True
    if isinstance(e, (ir.Tap, ir.Untap)):
        ids = [t for t in select(g, f, o, e.what) if t > 0 and _on_bf(g, t)]
        for t in ids:
            s.objects[t].tapped = isinstance(e, ir.Tap)
        if ids:
            verb = "taps" if isinstance(e, ir.Tap) else "untaps"
            g.emit(
                "701.26a" if isinstance(e, ir.Tap) else "701.26b",
                f"{_label(g, o)} {verb} {', '.join(g.describe(t) for t in ids)}",
            )
        f.vars["affected"] = ids
        return True
    if isinstance(e, ir.SkipNextUntap):
        for t in select(g, f, o, e.what):
            if t > 0 and _on_bf(g, t):
                s.objects[t].skip_untap = g.controller(t)  # "that player's next untap step"
        return True
    if isinstance(e, ir.CreateToken):
        n = amount(g, f, o, e.count)
        for p in refs(g, f, o, e.controller):
            pl = ref_player(p)
            for _ in range(n):
                td = e.token
                tok = new_object(
                    g,
                    -1,
                    td.name,
                    pl,
                    BATTLEFIELD,
                    token=TokenDef(
                        td.name, td.power, td.toughness, td.colors, td.types, td.subtypes, td.keywords
                    ),
                )
                tok.sick = True
                s.battlefield.append(tok.id)
                g.dirty()
                g.emit("111.2", f"{g.pname(pl)} creates a {td.power}/{td.toughness} {td.name} token")
                triggers.on_enter(g, tok.id)
        return True
    if isinstance(e, ir.AddMana):
        syms = parse_mana_symbols(e.mana)
        add_mana(g, you, syms)
        g.emit("106.3", f"{g.pname(you)} adds {e.mana}")
        return True
    if isinstance(e, ir.SearchLibrary):
        return _search(g, f, o, e)
    if isinstance(e, ir.Scry):
        return _scry(g, f, o, amount(g, f, o, e.amount))
    if isinstance(e, ir.PutCounters):
        n = amount(g, f, o, e.amount)
        for t in select(g, f, o, e.what):
            if t > 0 and _on_bf(g, t):
                c = s.objects[t].counters
                c[e.kind] = c.get(e.kind, 0) + n
                g.dirty()
                g.emit("122.1", f"{n} {e.kind} counter{'s' if n != 1 else ''} put on {g.describe(t)}")
        return True
    if isinstance(e, ir.PreventDamage):
        n = amount(g, f, o, e.amount)
        for t in refs(g, f, o, e.to):
            s.shields.append(Shield(target=t, amount=n, source_name=o.name))
            g.emit("615.7", f"the next {n} damage to {targeting.label(g, t)} this turn will be prevented")
        return True
    if isinstance(e, ir.RevealTop):
        for p in refs(g, f, o, e.player):
            pl = ref_player(p)
            lib = s.players[pl].library
            if not lib:
                continue
            top = lib[-1]
            nm = g.obj(top).name
            g.emit("701.20a", f"{g.pname(pl)} reveals {nm} from the top of their library")
            if e.filter is not None and e.put_into == "hand":
                flt = ir.Filter(types=e.filter.types, zone="library")
                if targeting.matches(g, top, flt, pl):
                    move(g, top, HAND)
                    g.emit("701.20a", f"{g.pname(pl)} puts {nm} into their hand")
        return True
    if isinstance(e, ir.Attach):
        sid = _source_id(o)
        for t in refs(g, f, o, e.to):
            if t > 0 and _on_bf(g, t) and sid in s.objects and _on_bf(g, sid):
                s.objects[sid].attached_to = t  # 701.3a
                s.timestamp += 1
                s.objects[sid].timestamp = s.timestamp  # 613.7e: new timestamp when attached
                g.dirty()
                g.emit("701.3a", f"{g.describe(sid)} becomes attached to {g.describe(t)}")
        return True
    raise AssertionError(f"unknown effect {e!r}")


def _on_bf(g: Game, t: int) -> bool:
    o = g.s.objects.get(t)
    return o is not None and o.zone == BATTLEFIELD


def _mod_text(m: ir.Modify) -> str:
    parts = []
    if m.power or m.toughness:
        parts.append(f"get {m.power:+d}/{m.toughness:+d}")
    if m.add_keywords:
        parts.append("gain " + " and ".join(m.add_keywords))
    if m.cant_attack or m.cant_block:
        parts.append("can't attack or block")
    return " and ".join(parts)


def discard(g: Game, oid: int, rule: str = "701.9a") -> None:
    o = g.obj(oid)
    nm, owner = o.name, o.owner
    move(g, oid, GRAVEYARD)
    g.emit(rule, f"{g.pname(owner)} discards {nm}")


def _discard(g: Game, f: Frame, o: Obj, e: ir.Discard) -> bool:
    """701.9: discarding. ``chooser="you"``: the ability's controller picks (after a reveal)."""
    s = g.s
    sub = f.vars["sub"]
    players = [ref_player(p) for p in refs(g, f, o, e.player)]
    if not players:
        return True
    pl = players[0]
    hand = s.players[pl].hand
    n = amount(g, f, o, e.amount)
    if e.reveal and not sub.get("revealed"):
        sub["revealed"] = True
        names = ", ".join(sorted(g.obj(c).name for c in hand)) or "no cards"
        g.emit("701.20a", f"{g.pname(pl)} reveals their hand: {names}")
    ans = sub.pop("answer", None)
    if ans is not None:
        discard(g, ans[1])
        sub["done"] = sub.get("done", 0) + 1
    if sub.get("done", 0) >= n:
        return True
    hand = s.players[pl].hand
    flt = e.filter
    choices = [c for c in hand if flt is None or targeting.matches(g, c, flt, pl)]
    if not choices:
        return True
    chooser = o.controller if e.chooser == "you" else pl
    if e.chooser == "player" and len(hand) <= n - sub.get("done", 0):
        for c in list(hand):
            discard(g, c)
        return True
    flow.ask(
        g,
        chooser,
        "choose",
        "701.9b",
        f"choose a card {g.pname(pl)} discards",
        [Option("choose", c, label=g.obj(c).name) for c in choices],
    )
    return False


def _search(g: Game, f: Frame, o: Obj, e: ir.SearchLibrary) -> bool:
    """701.23: search; the searcher may fail to find (701.23b); then shuffle."""
    s = g.s
    sub = f.vars["sub"]
    you = o.controller
    ans = sub.pop("answer", None)
    if ans is not None:
        if ans[0] == "choose":
            nm = g.obj(ans[1]).name
            if e.to == BATTLEFIELD:
                new = move(g, ans[1], BATTLEFIELD, controller=you, tapped=e.tapped)
                g.emit(
                    "701.23a", f"{g.pname(you)} puts {nm} onto the battlefield{' tapped' if e.tapped else ''}"
                )
                triggers.on_enter(g, new)
            else:
                move(g, ans[1], HAND)
                g.emit("701.23a", f"{g.pname(you)} puts {nm} into their hand")
            sub["found"] = sub.get("found", 0) + 1
        else:
            sub["found"] = e.count
    if sub.get("found", 0) < e.count:
        lib = s.players[you].library
        flt = ir.Filter(
            types=e.filter.types,
            subtypes=e.filter.subtypes,
            supertypes=e.filter.supertypes,
            not_types=e.filter.not_types,
            zone="library",
        )
        seen: set[str] = set()
        opts = []
        for c in reversed(lib):
            nm = g.obj(c).name
            if nm not in seen and targeting.matches(g, c, flt, you):
                seen.add(nm)
                opts.append(Option("choose", c, label=nm))
        opts.append(Option("none", label="find nothing"))
        flow.ask(g, you, "search", "701.23b", f"{g.pname(you)} searches their library", opts)
        return False
    rng.shuffle(s, s.players[you].library)
    g.emit("701.24a", f"{g.pname(you)} shuffles their library")
    return True


def _scry(g: Game, f: Frame, o: Obj, n: int) -> bool:
    """701.22a: look at the top N cards, put any on the bottom and the rest back on top."""
    s = g.s
    sub = f.vars["sub"]
    you = o.controller
    lib = s.players[you].library
    if "cards" not in sub:
        sub["cards"] = list(reversed(lib[-n:])) if n else []
        sub["bottom"] = []
        sub["top"] = []
        g.emit("701.22a", f"{g.pname(you)} scries {n}")
    ans = sub.pop("answer", None)
    if ans is not None:
        card = sub["cards"].pop(0)
        sub["bottom" if ans[0] == "bottom" else "top"].append(card)
    if sub["cards"]:
        c = sub["cards"][0]
        flow.ask(
            g,
            you,
            "scry",
            "701.22a",
            f"scry: put {g.obj(c).name} on the top or the bottom of your library?",
            [Option("top", c, label="top"), Option("bottom", c, label="bottom")],
        )
        return False
    for c in sub["bottom"]:
        lib.remove(c)
        lib.insert(0, c)
    if sub["bottom"]:
        g.emit("701.22a", f"{g.pname(you)} puts {len(sub['bottom'])} card(s) on the bottom")
    return True


__all__ = ["resolve_step", "resolve_answer", "discard", "HAND"]
