"""What a player may see (DESIGN.md property 6: no peeking).

An observation shows public zones in full, the player's own hand, the sizes
of hidden zones, and the pending decision only to the player who makes it.
"""

from __future__ import annotations

from typing import Any

from karn.engine.context import Context
from karn.engine.state import BATTLEFIELD


def describe(ctx: Context, oid: int) -> str:
    o = ctx.state.objects.get(oid)
    if o is None:
        lk = ctx.state.lki.get(oid)
        return lk.name if lk is not None else f"#{oid}"
    if o.zone == BATTLEFIELD:
        return f"{ctx.chars(oid).name} (#{oid})"
    return f"{o.name} (#{oid})"


def permanent_view(ctx: Context, oid: int) -> dict[str, Any]:
    o = ctx.state.objects[oid]
    c = ctx.chars(oid)
    v: dict[str, Any] = {
        "id": oid,
        "name": c.name,
        "owner": o.owner,
        "controller": c.controller,
        "types": sorted(c.types),
        "tapped": o.tapped,
    }
    if c.is_("creature"):
        v.update(power=c.power, toughness=c.toughness, damage=o.damage, sick=o.sick)
    if c.keywords:
        v["keywords"] = sorted(c.keywords)
    if o.counters:
        v["counters"] = dict(o.counters)
    if o.attached_to:
        v["attached_to"] = o.attached_to
    if o.token is not None:
        v["token"] = True
    return v


def observation(ctx: Context, player: int) -> dict[str, Any]:
    s = ctx.state
    players = []
    for p in s.players:
        pv: dict[str, Any] = {
            "index": p.index,
            "name": p.name,
            "life": p.life,
            "poison": p.poison,
            "library_count": len(p.library),
            "hand_count": len(p.hand),
            "graveyard": [s.objects[c].name for c in p.graveyard],
            "exile": [s.objects[c].name for c in p.exile],
            "mana_pool": dict(p.pool),
            "lost": p.lost,
        }
        if p.index == player:
            pv["hand"] = [{"id": c, "name": s.objects[c].name} for c in p.hand]
        players.append(pv)
    stack = []
    for oid in reversed(s.stack):
        o = s.objects[oid]
        stack.append(
            {
                "id": oid,
                "name": o.name,
                "kind": "ability" if o.ability else "spell",
                "controller": o.controller,
                "targets": [list(t) for t in o.targets],
            }
        )
    obs: dict[str, Any] = {
        "player": player,
        "turn": s.turn,
        "active": s.active,
        "step": s.step,
        "priority": s.priority,
        "players": players,
        "battlefield": [permanent_view(ctx, oid) for oid in s.battlefield],
        "stack": stack,
        "over": s.over,
        "winner": s.winner if s.over else None,
    }
    d = s.decision
    if d is not None:
        obs["decider"] = d.player
        if d.player == player:
            obs["decision"] = {
                "kind": d.kind,
                "rule": d.rule,
                "prompt": d.prompt,
                "options": [o.label for o in d.options],
            }
    return obs
