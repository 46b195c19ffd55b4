"""The one-shot effects of the IR (608.2c) and the keyword actions they perform (701).

``apply_effect`` applies one effect of a resolving spell or ability: damage,
life, drawing, destroying, exiling, countering, continuous and
control-changing effects, tokens, mana, counters, prevention, ... The
keyword actions that ask for choices (discarding 701.9, searching 701.23,
scrying 701.22) keep their progress in the ``resolve`` frame's ``sub``
values and return False while they wait for a decision.
"""

from __future__ import annotations

from typing import Any

from karn import ir
from karn.cards.mana import parse_mana_symbols
from karn.engine import damage, decisions, rng, targeting, triggers
from karn.engine.context import Context
from karn.engine.mana import add_mana
from karn.engine.references import amount, leave_stack, refs, select, source_id, stack_label
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
    ref_player,
)
from karn.engine.zones import discard, draw, move, new_object

# ---------------------------------------------------------------------------- effects


def apply_effect(ctx: Context, f: Frame, o: Obj, e: ir.Effect) -> bool:
    """Apply one effect (608.2c). Returns False when it waits for a decision."""
    s = ctx.state
    f.vars["sub"]
    you = o.controller
    if isinstance(e, ir.DealDamage):
        n = amount(ctx, f, o, e.amount)
        tg = refs(ctx, f, o, e.to)
        if e.divided == "evenly":
            allt = [t for slot in o.targets for t in slot]
            n = n // max(1, len(allt))  # divided evenly among all targets, rounded down
        src = damage.source_of(ctx, source_id(o))
        for t in tg:
            damage.deal(ctx, src, t, n)
        return True
    if isinstance(e, ir.GainLife):
        # Read the amount before anything else changes (608.2h).
        n = amount(ctx, f, o, e.amount)
        for p in refs(ctx, f, o, e.player):
            damage.gain_life(ctx, ref_player(p), n)
        return True
    if isinstance(e, ir.LoseLife):
        n = amount(ctx, f, o, e.amount)
        for p in refs(ctx, f, o, e.player):
            damage.lose_life(ctx, ref_player(p), n)
        return True
    if isinstance(e, ir.Draw):
        n = amount(ctx, f, o, e.amount)
        for p in refs(ctx, f, o, e.player):
            draw(ctx, ref_player(p), n, "121.2")
        return True
    if isinstance(e, ir.Discard):
        return _discard(ctx, f, o, e)
    if isinstance(e, ir.Destroy):
        ids = [t for t in select(ctx, f, o, e.what) if t > 0 and _on_bf(ctx, t)]
        doomed = []
        for t in ids:
            if "indestructible" in ctx.chars(t).keywords:
                ctx.emit("702.12b", f"{ctx.describe(t)} is indestructible and isn't destroyed")
                continue
            doomed.append(t)
        for t in doomed:
            ctx.emit("701.8a", f"{ctx.describe(t)} is destroyed")
        triggers.leave_battlefield(ctx, doomed, GRAVEYARD, "701.8a", quiet=True)
        return True
    if isinstance(e, ir.Exile):
        _move_all(ctx, select(ctx, f, o, e.what), EXILE, "406.2", "is exiled")
        return True
    if isinstance(e, ir.ReturnToHand):
        _move_all(ctx, select(ctx, f, o, e.what), HAND, "400.6", "returns to its owner's hand")
        return True
    if isinstance(e, ir.CounterSpell):
        for t in refs(ctx, f, o, e.what):
            if t in s.objects and s.objects[t].zone == STACK:
                tgt = s.objects[t]
                ctx.emit("701.6a", f"{stack_label(ctx, tgt)} is countered")
                leave_stack(ctx, tgt)
        return True
    if isinstance(e, ir.ApplyContinuous):
        m = e.mod
        affected = [t for t in select(ctx, f, o, m.affected) if t > 0 and _on_bf(ctx, t)]  # 611.2c
        if affected:
            _add_effect(
                ctx,
                o,
                affected,
                e.duration,
                power=m.power,
                toughness=m.toughness,
                keywords=m.add_keywords,
                cant_attack=m.cant_attack,
                cant_block=m.cant_block,
            )
            desc = _mod_text(m)
            if len(affected) == 1:
                desc = desc.replace("get ", "gets ").replace("gain ", "gains ")
            ctx.emit("611.2a", f"{', '.join(ctx.describe(t) for t in affected)} {desc}")
        return True
    if isinstance(e, ir.GainControl):
        for t in refs(ctx, f, o, e.what):
            if t > 0 and _on_bf(ctx, t):
                _add_effect(ctx, o, [t], e.duration, new_controller=you)
                if ctx.controller(t) != you:
                    s.objects[t].sick = True  # 302.6: not continuously controlled since the turn began
                ctx.dirty()
                ctx.emit("613.1b", f"{ctx.player_name(you)} gains control of {ctx.describe(t)}")
        return True
    if isinstance(e, (ir.Tap, ir.Untap)):
        ids = [t for t in select(ctx, f, o, e.what) if t > 0 and _on_bf(ctx, t)]
        for t in ids:
            s.objects[t].tapped = isinstance(e, ir.Tap)
        if ids:
            verb = "taps" if isinstance(e, ir.Tap) else "untaps"
            ctx.emit(
                "701.26a" if isinstance(e, ir.Tap) else "701.26b",
                f"{stack_label(ctx, o)} {verb} {', '.join(ctx.describe(t) for t in ids)}",
            )
        f.vars["affected"] = ids
        return True
    if isinstance(e, ir.SkipNextUntap):
        for t in select(ctx, f, o, e.what):
            if t > 0 and _on_bf(ctx, t):
                s.objects[t].skip_untap = ctx.controller(t)  # "that player's next untap step"
        return True
    if isinstance(e, ir.CreateToken):
        n = amount(ctx, f, o, e.count)
        for p in refs(ctx, f, o, e.controller):
            pl = ref_player(p)
            for _ in range(n):
                td = e.token
                tok = new_object(
                    ctx,
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
                ctx.dirty()
                ctx.emit(
                    "111.2", f"{ctx.player_name(pl)} creates a {td.power}/{td.toughness} {td.name} token"
                )
                triggers.on_enter(ctx, tok.id)
        return True
    if isinstance(e, ir.AddMana):
        syms = parse_mana_symbols(e.mana)
        add_mana(ctx, you, syms)
        ctx.emit("106.3", f"{ctx.player_name(you)} adds {e.mana}")
        return True
    if isinstance(e, ir.SearchLibrary):
        return _search(ctx, f, o, e)
    if isinstance(e, ir.Scry):
        return _scry(ctx, f, o, amount(ctx, f, o, e.amount))
    if isinstance(e, ir.PutCounters):
        n = amount(ctx, f, o, e.amount)
        for t in select(ctx, f, o, e.what):
            if t > 0 and _on_bf(ctx, t):
                c = s.objects[t].counters
                c[e.kind] = c.get(e.kind, 0) + n
                ctx.dirty()
                ctx.emit("122.1", f"{n} {e.kind} counter{'s' if n != 1 else ''} put on {ctx.describe(t)}")
        return True
    if isinstance(e, ir.PreventDamage):
        n = amount(ctx, f, o, e.amount)
        for t in refs(ctx, f, o, e.to):
            s.shields.append(Shield(target=t, amount=n, source_name=o.name))
            ctx.emit("615.7", f"the next {n} damage to {targeting.label(ctx, t)} this turn will be prevented")
        return True
    if isinstance(e, ir.RevealTop):
        for p in refs(ctx, f, o, e.player):
            pl = ref_player(p)
            lib = s.players[pl].library
            if not lib:
                continue
            top = lib[-1]
            nm = ctx.obj(top).name
            ctx.emit("701.20a", f"{ctx.player_name(pl)} reveals {nm} from the top of their library")
            if e.filter is not None and e.put_into == "hand":
                flt = ir.Filter(types=e.filter.types, zone="library")
                if targeting.matches(ctx, top, flt, pl):
                    move(ctx, top, HAND)
                    ctx.emit("701.20a", f"{ctx.player_name(pl)} puts {nm} into their hand")
        return True
    if isinstance(e, ir.Attach):
        sid = source_id(o)
        for t in refs(ctx, f, o, e.to):
            if t > 0 and _on_bf(ctx, t) and sid in s.objects and _on_bf(ctx, sid):
                s.objects[sid].attached_to = t  # 701.3a
                s.timestamp += 1
                s.objects[sid].timestamp = s.timestamp  # 613.7e: new timestamp when attached
                ctx.dirty()
                ctx.emit("701.3a", f"{ctx.describe(sid)} becomes attached to {ctx.describe(t)}")
        return True
    raise AssertionError(f"unknown effect {e!r}")


def _add_effect(ctx: Context, o: Obj, affected: list[int], duration: str, **fields: Any) -> None:
    """611.2: a resolving spell or ability creates a continuous effect, with a timestamp (613.7)."""
    s = ctx.state
    s.timestamp += 1
    s.effects.append(
        ContinuousEffect(
            id=s.timestamp,
            timestamp=s.timestamp,
            source=source_id(o),
            controller=o.controller,
            affected=affected,
            until_end_of_turn=duration == "end_of_turn",
            **fields,
        )
    )
    ctx.dirty()


def _move_all(ctx: Context, ids: list[int], zone: str, rule: str, verb: str) -> None:
    """Move objects to `zone`: permanents together (leaves-the-battlefield look-back,
    603.10a), cards in other zones (graveyards) one by one."""
    s = ctx.state
    ids = [t for t in ids if t > 0 and t in s.objects]
    triggers.leave_battlefield(ctx, [t for t in ids if _on_bf(ctx, t)], zone, rule, verb=verb)
    for t in ids:
        if t in s.objects and not _on_bf(ctx, t):
            nm = ctx.obj(t).name
            move(ctx, t, zone)
            ctx.emit(rule, f"{nm} {verb}")


def _on_bf(ctx: Context, t: int) -> bool:
    o = ctx.state.objects.get(t)
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


def _discard(ctx: Context, f: Frame, o: Obj, e: ir.Discard) -> bool:
    """701.9: discarding. ``chooser="you"``: the ability's controller picks (after a reveal)."""
    s = ctx.state
    sub = f.vars["sub"]
    players = [ref_player(p) for p in refs(ctx, f, o, e.player)]
    if not players:
        return True
    pl = players[0]
    hand = s.players[pl].hand
    n = amount(ctx, f, o, e.amount)
    if e.reveal and not sub.get("revealed"):
        sub["revealed"] = True
        names = ", ".join(sorted(ctx.obj(c).name for c in hand)) or "no cards"
        ctx.emit("701.20a", f"{ctx.player_name(pl)} reveals their hand: {names}")
    ans = sub.pop("answer", None)
    if ans is not None:
        discard(ctx, ans[1])
        sub["done"] = sub.get("done", 0) + 1
    if sub.get("done", 0) >= n:
        return True
    hand = s.players[pl].hand
    flt = e.filter
    choices = [c for c in hand if flt is None or targeting.matches(ctx, c, flt, pl)]
    if not choices:
        return True
    chooser = o.controller if e.chooser == "you" else pl
    if e.chooser == "player" and len(hand) <= n - sub.get("done", 0):
        for c in list(hand):
            discard(ctx, c)
        return True
    decisions.ask(
        ctx,
        chooser,
        "choose",
        "701.9b",
        f"choose a card {ctx.player_name(pl)} discards",
        [Option("choose", c, label=ctx.obj(c).name) for c in choices],
    )
    return False


def _search(ctx: Context, f: Frame, o: Obj, e: ir.SearchLibrary) -> bool:
    """701.23: search; the searcher may fail to find (701.23b); then shuffle."""
    s = ctx.state
    sub = f.vars["sub"]
    you = o.controller
    ans = sub.pop("answer", None)
    if ans is not None:
        if ans[0] == "choose":
            nm = ctx.obj(ans[1]).name
            if e.to == BATTLEFIELD:
                new = move(ctx, ans[1], BATTLEFIELD, controller=you, tapped=e.tapped)
                ctx.emit(
                    "701.23a",
                    f"{ctx.player_name(you)} puts {nm} onto the battlefield{' tapped' if e.tapped else ''}",
                )
                triggers.on_enter(ctx, new)
            else:
                move(ctx, ans[1], HAND)
                ctx.emit("701.23a", f"{ctx.player_name(you)} puts {nm} into their hand")
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
            nm = ctx.obj(c).name
            if nm not in seen and targeting.matches(ctx, c, flt, you):
                seen.add(nm)
                opts.append(Option("choose", c, label=nm))
        opts.append(Option("none", label="find nothing"))
        decisions.ask(ctx, you, "search", "701.23b", f"{ctx.player_name(you)} searches their library", opts)
        return False
    rng.shuffle(s, s.players[you].library)
    ctx.emit("701.24a", f"{ctx.player_name(you)} shuffles their library")
    return True


def _scry(ctx: Context, f: Frame, o: Obj, n: int) -> bool:
    """701.22a: look at the top N cards, put any on the bottom and the rest back on top."""
    s = ctx.state
    sub = f.vars["sub"]
    you = o.controller
    lib = s.players[you].library
    if "cards" not in sub:
        sub["cards"] = list(reversed(lib[-n:])) if n else []
        sub["bottom"] = []
        sub["top"] = []
        ctx.emit("701.22a", f"{ctx.player_name(you)} scries {n}")
    ans = sub.pop("answer", None)
    if ans is not None:
        card = sub["cards"].pop(0)
        sub["bottom" if ans[0] == "bottom" else "top"].append(card)
    if sub["cards"]:
        c = sub["cards"][0]
        decisions.ask(
            ctx,
            you,
            "scry",
            "701.22a",
            f"scry: put {ctx.obj(c).name} on the top or the bottom of your library?",
            [Option("top", c, label="top"), Option("bottom", c, label="bottom")],
        )
        return False
    for c in sub["bottom"]:
        lib.remove(c)
        lib.insert(0, c)
    if sub["bottom"]:
        ctx.emit("701.22a", f"{ctx.player_name(you)} puts {len(sub['bottom'])} card(s) on the bottom")
    return True


__all__ = ["apply_effect"]
