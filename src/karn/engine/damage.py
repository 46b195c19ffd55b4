"""Damage (120), life (119), prevention (615), lifelink (702.15) and deathtouch (702.2)."""

from __future__ import annotations

from typing import NamedTuple

from karn.engine import triggers
from karn.engine.context import Context
from karn.engine.state import BATTLEFIELD, ref_player


class DamageSource(NamedTuple):
    name: str
    controller: int
    keywords: frozenset[str]


def source_of(ctx: Context, oid: int) -> DamageSource:
    """The source's characteristics: current if it is still there, else last known (608.2h)."""
    o = ctx.state.objects.get(oid)
    if o is not None:
        if o.zone == BATTLEFIELD:
            c = ctx.chars(oid)
            return DamageSource(c.name, c.controller, frozenset(c.keywords))
        c = ctx.chars(oid)
        return DamageSource(c.name, o.controller, frozenset(c.keywords))
    lk = ctx.state.lki.get(oid)
    if lk is not None:
        return DamageSource(lk.name, lk.controller, frozenset(lk.keywords))
    return DamageSource("?", 0, frozenset())


def prevent(ctx: Context, target: int, amount: int) -> int:
    """615.7: shields prevent damage to `target`; returns the damage left."""
    for sh in ctx.state.shields:
        if sh.target == target and sh.amount > 0 and amount > 0:
            n = min(sh.amount, amount)
            sh.amount -= n
            amount -= n
            ctx.emit("615.7", f"{n} damage to {_name(ctx, target)} is prevented ({sh.source_name})")
    ctx.state.shields = [sh for sh in ctx.state.shields if sh.amount > 0]
    return amount


def _name(ctx: Context, t: int) -> str:
    if t < 0:
        return ctx.player_name(ref_player(t))
    return ctx.describe(t) if t in ctx.state.objects else "?"


def deal(
    ctx: Context, src: DamageSource, target: int, amount: int, combat: bool = False, lifelink: bool = True
) -> int:
    """Deal damage (120.3); returns the amount dealt after prevention."""
    if amount <= 0:
        return 0
    s = ctx.state
    if target > 0 and (target not in s.objects or s.objects[target].zone != BATTLEFIELD):
        return 0
    amount = prevent(ctx, target, amount)
    if amount <= 0:
        return 0
    kind = "combat damage" if combat else "damage"
    if target < 0:
        p = ref_player(target)
        s.players[p].life -= amount  # 120.3a
        ctx.emit(
            "120.3a", f"{src.name} deals {amount} {kind} to {ctx.player_name(p)} (life {s.players[p].life})"
        )
    else:
        o = s.objects[target]
        ch = ctx.chars(target)
        if ch.is_("planeswalker"):
            o.counters["loyalty"] = max(0, o.counters.get("loyalty", 0) - amount)  # 120.3c
            ctx.dirty()
            ctx.emit(
                "120.3c", f"{src.name} deals {amount} {kind} to {ch.name} (loyalty {o.counters['loyalty']})"
            )
        if ch.is_("creature"):
            o.damage += amount  # 120.3e
            if "deathtouch" in src.keywords:
                o.deathtouch_damage = True  # 702.2b
            ctx.emit("120.3e", f"{src.name} deals {amount} {kind} to {ch.name}")
    if lifelink and "lifelink" in src.keywords:
        gain_life(ctx, src.controller, amount, "702.15b")
    return amount


def gain_life(ctx: Context, p: int, amount: int, rule: str = "119.3") -> None:
    if amount <= 0:
        return
    pl = ctx.state.players[p]
    pl.life += amount
    ctx.emit(rule, f"{pl.name} gains {amount} life (life {pl.life})")
    triggers.on_gain_life(ctx, p, amount)


def lose_life(ctx: Context, p: int, amount: int, rule: str = "119.3") -> None:
    if amount <= 0:
        return
    pl = ctx.state.players[p]
    pl.life -= amount
    ctx.emit(rule, f"{pl.name} loses {amount} life (life {pl.life})")
