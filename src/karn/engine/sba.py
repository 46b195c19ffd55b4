"""State-based actions (704), performed simultaneously whenever a player would receive priority (704.3)."""

from __future__ import annotations

from karn import ir
from karn.engine import decisions, game_over, targeting, triggers
from karn.engine.actions import Action
from karn.engine.context import Context
from karn.engine.state import BATTLEFIELD, GRAVEYARD, Frame, Option


def perform(ctx: Context) -> bool:
    """Check and perform all applicable state-based actions once (704.3). True if any happened."""

    s = ctx.state
    acted = False
    # 704.5a-c: players.
    for p in s.players:
        if p.lost:
            continue
        if p.life <= 0:
            p.lost = True
            ctx.emit("704.5a", f"{p.name} has {p.life} life and loses the game")
        elif p.drew_from_empty:
            p.lost = True
            ctx.emit("704.5b", f"{p.name} attempted to draw from an empty library and loses the game")
        elif p.poison >= 10:
            p.lost = True
            ctx.emit("704.5c", f"{p.name} has {p.poison} poison counters and loses the game")
        if p.lost:
            acted = True
        p.drew_from_empty = False
    if acted:
        game_over.check_game_over(ctx)
        if s.over:
            return True
    to_graveyard: list[tuple[int, str, str]] = []
    destroyed: list[int] = []
    chars = ctx.battlefield_chars()
    for oid in s.battlefield:
        o = s.objects[oid]
        c = chars[oid]
        if c.is_("creature"):
            if c.toughness <= 0:
                to_graveyard.append(
                    (oid, "704.5f", f"{c.name} has toughness {c.toughness} and is put into the graveyard")
                )
                continue
            if o.damage >= c.toughness or o.deathtouch_damage and o.damage > 0:
                rule = "704.5g" if o.damage >= c.toughness else "704.5h"
                if "indestructible" in c.keywords:
                    continue  # 702.12b
                destroyed.append(oid)
                to_graveyard.append(
                    (
                        oid,
                        rule,
                        f"{c.name} is destroyed ({'lethal damage' if rule == '704.5g' else 'deathtouch damage'})",
                    )
                )
                continue
        if c.is_("planeswalker") and o.counters.get("loyalty", 0) <= 0:
            to_graveyard.append((oid, "704.5i", f"{c.name} has no loyalty and is put into the graveyard"))
            continue
        if "aura" in c.subtypes:
            if not _aura_legal(ctx, oid):
                to_graveyard.append(
                    (
                        oid,
                        "704.5m",
                        f"{c.name} is not attached to a legal object and is put into the graveyard",
                    )
                )
                continue
        if "equipment" in c.subtypes and o.attached_to:
            host = s.objects.get(o.attached_to)
            if host is None or host.zone != BATTLEFIELD or not chars[o.attached_to].is_("creature"):
                o.attached_to = 0
                ctx.dirty()
                ctx.emit("704.5n", f"{c.name} becomes unattached")
                acted = True
        if o.counters.get("+1/+1", 0) and o.counters.get("-1/-1", 0):
            n = min(o.counters["+1/+1"], o.counters["-1/-1"])
            o.counters["+1/+1"] -= n
            o.counters["-1/-1"] -= n
            o.counters = {k: v for k, v in o.counters.items() if v}
            ctx.dirty()
            ctx.emit("704.5q", f"{n} +1/+1 and -1/-1 counter pairs are removed from {c.name}")
            acted = True
    # 704.5j legend rule: the controller chooses which one to keep.
    legend = _legend_conflict(ctx) if any("legendary" in c.supertypes for c in chars.values()) else None
    if to_graveyard:
        for _, rule, text in to_graveyard:
            ctx.emit(rule, text)
        triggers.leave_battlefield(ctx, [oid for oid, _, _ in to_graveyard], GRAVEYARD, "704.3", quiet=True)
        acted = True
    elif legend is not None:
        s.agenda.append(Frame("legend", {"player": legend[0], "ids": legend[1]}))
        acted = True
    return acted


def _aura_legal(ctx: Context, oid: int) -> bool:
    """303.4c / 704.5m: an Aura must be attached to an object its enchant ability allows."""
    s = ctx.state
    o = s.objects[oid]
    host = o.attached_to
    if not host or host not in s.objects or s.objects[host].zone != BATTLEFIELD:
        return False
    for a in ctx.chars(oid).abilities:
        if isinstance(a, ir.Keyword) and a.name == "enchant" and a.arg is not None:
            return targeting.matches(ctx, host, a.arg, ctx.controller(oid))
    return True


def _legend_conflict(ctx: Context) -> tuple[int, list[int]] | None:
    seen: dict[tuple[int, str], list[int]] = {}
    for oid in ctx.state.battlefield:
        c = ctx.chars(oid)
        if "legendary" in c.supertypes:
            seen.setdefault((c.controller, c.name), []).append(oid)
    for (p, _), ids in seen.items():
        if len(ids) > 1:
            return p, ids
    return None


def legend_step(ctx: Context, f: Frame) -> None:
    ids: list[int] = f.vars["ids"]
    if "keep" in f.vars:
        ctx.state.agenda.pop()
        rest = [i for i in ids if i != f.vars["keep"] and i in ctx.state.objects]
        ctx.emit(
            "704.5j",
            f"legend rule: {ctx.player_name(f.vars['player'])} keeps one {ctx.obj(f.vars['keep']).name}",
        )
        triggers.leave_battlefield(ctx, rest, GRAVEYARD, "704.5j")
        return
    decisions.ask(
        ctx,
        f.vars["player"],
        "legend",
        "704.5j",
        "legend rule: choose the legendary permanent to keep",
        [Option("choose", i, label=ctx.describe(i)) for i in ids],
    )


def legend_answer(ctx: Context, f: Frame, a: Action) -> None:
    f.vars["keep"] = a.a
