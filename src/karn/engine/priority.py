"""Priority (117): what a player holding priority may do, and passing.

Timing: instants any time a player has priority (117.1a, 304.1); other spells
and lands only in their controller's main phase with an empty stack
(117.1a, 305.2, 307.1); sorcery-speed abilities likewise (602.5d, 606.3).
"""

from __future__ import annotations

from typing import NamedTuple, cast

from karn import ir
from karn.engine import casting, decisions, game_over, mana, timing, triggers
from karn.engine.actions import Action
from karn.engine.context import Context
from karn.engine.state import BATTLEFIELD, Frame, Option, ref_player
from karn.engine.zones import move


def can_play_land(ctx: Context, p: int, oid: int) -> bool:
    s = ctx.state
    o = s.objects[oid]
    return (
        o.zone == "hand"
        and o.owner == p
        and "land" in ctx.face(o.name).types
        and timing.sorcery_timing(ctx, p)
        and s.players[p].lands_played < 1  # 305.2
    )


_ACTIVATED: dict[str, list[tuple[int, ir.Activated]]] = {}


def activated_abilities(ctx: Context, oid: int) -> list[tuple[int, ir.Activated]]:
    """Activated abilities of a permanent (602), by index in its compiled abilities."""
    o = ctx.state.objects[oid]
    if o.token is not None:
        return []
    found = _ACTIVATED.get(o.name)
    if found is None:
        found = [(i, a) for i, a in enumerate(ctx.compiled(o.name).abilities) if isinstance(a, ir.Activated)]
        _ACTIVATED[o.name] = found
    return found


def offer(ctx: Context, p: int) -> None:
    s = ctx.state
    pl = s.players[p]
    key = (p, timing.sorcery_timing(ctx, p), tuple(sorted(pl.pool.items())))
    cached = ctx.offers.get(key)
    if cached is None:
        cached = ctx.offers[key] = _options(ctx, p)
    decisions.ask(ctx, p, "priority", "117.1", f"priority: {pl.name}", list(cached))


def _options(ctx: Context, p: int) -> list[Option]:
    s = ctx.state
    opts: list[Option] = [Option("pass", label="pass priority")]
    pl = s.players[p]
    seen: set[str] = set()
    # One pass over the player's permanents with activated abilities: mana abilities
    # (605.3a) and the mana sources the payment solver may tap; the other activated
    # abilities (602) are checked once the sources are known.
    srcs: list[mana.Source] = []
    others: list[_PermAbility] = []
    mana_opts: list[Option] = []
    objects = s.objects
    for pa in _permanent_abilities(ctx, p):
        if not pa.ab.mana_ability:
            others.append(pa)
            continue
        o = objects[pa.oid]
        if pa.ab.cost.tap and (o.tapped or o.sick and pa.sick_matters):
            continue  # 302.6: {T} abilities of creatures need no summoning sickness
        if pa.ab.cost.mana or pa.ab.cost.loyalty is not None:
            others.append(pa)  # needs the other sources to be known first
            continue
        mana_opts.append(Option("mana", pa.oid, pa.idx, label=pa.label))
        if pa.syms:
            srcs.append(mana.Source(pa.oid, pa.idx, pa.syms))
    sorcery_ok = timing.sorcery_timing(ctx, p)
    avail = mana.available_count(pl.pool, srcs)
    for oid in pl.hand:
        name = s.objects[oid].name
        if name in seen:
            continue  # one option per card name: copies in hand are the same choice
        seen.add(name)
        face = ctx.face(name)
        if "land" in face.types:
            if can_play_land(ctx, p, oid):
                opts.append(Option("play", oid, label=f"play {name}"))
        elif casting.can_cast(ctx, p, oid, srcs, sorcery_ok, avail):
            opts.append(Option("cast", oid, label=f"cast {name}"))
    for pa in others:
        if pa.ab.mana_ability:
            if mana.can_activate_mana(ctx, p, pa.oid, pa.ab, srcs):
                mana_opts.append(Option("mana", pa.oid, pa.idx, label=pa.label))
        elif casting.can_activate(ctx, p, pa.oid, pa.idx, pa.ab, srcs):
            opts.append(Option("activate", pa.oid, pa.idx, label=pa.label))
    opts.extend(mana_opts)
    return opts


class _PermAbility(NamedTuple):
    oid: int
    idx: int
    ab: ir.Activated
    sick_matters: bool  # a creature without haste (302.6)
    label: str
    syms: tuple[str, ...]  # what the solver may tap it for (its first mana ability, no sacrifice)


def _permanent_abilities(ctx: Context, p: int) -> list[_PermAbility]:
    """The activated abilities of the permanents `p` controls, computed once per
    version of the battlefield's characteristics (tapped/sick are read live)."""
    bf = ctx.battlefield_chars()
    cache = ctx.ability_cache
    if cache[0] is not bf:
        cache = ctx.ability_cache = (bf, {})
    found = cache[1].get(p)
    if found is not None:
        return cast(list[_PermAbility], found)
    out: list[_PermAbility] = []
    for oid in ctx.state.battlefield:
        acts = activated_abilities(ctx, oid)
        c = bf[oid]
        if not acts or c.controller != p:
            continue
        sick_matters = c.is_("creature") and "haste" not in c.keywords
        first_mana = True
        for i, ab in acts:
            syms: tuple[str, ...] = ()
            if ab.mana_ability and mana.free_source(ab):
                if first_mana:
                    syms = mana.produced(ab)
                first_mana = False
            out.append(
                _PermAbility(oid, i, ab, sick_matters, f"activate {ctx.describe(oid)}: {ab.text}", syms)
            )
    cache[1][p] = out
    return out


def answer(ctx: Context, a: Action) -> None:
    s = ctx.state
    p = s.priority
    if a.kind == "pass":
        s.passes += 1
        ctx.emit("117.3d", f"{ctx.player_name(p)} passes priority")
        alive = [q for q in s.players if not q.lost]
        if s.passes >= len(alive):
            s.passes = 0
            if s.stack:
                s.agenda.append(Frame("resolve", {"obj": s.stack[-1]}))  # 117.4 / 608.1
                s.priority = game_over.first_priority(ctx)  # 117.3b
            else:
                s.stage = 2  # 117.4: the step or phase ends
        else:
            s.priority = (p + 1) % len(s.players)
            while s.players[s.priority].lost:
                s.priority = (s.priority + 1) % len(s.players)
        return
    # 117.3c: after an action the player receives priority again and the passes
    # start over (for a spell or ability: once it is cast, 601.2i / 602.2).
    if a.kind == "play":
        s.passes = 0
        play_land(ctx, p, a.a)
    elif a.kind == "cast":
        casting.begin_cast(ctx, p, a.a)
    elif a.kind == "activate":
        casting.begin_activate(ctx, p, a.a, a.b)
    elif a.kind == "mana":
        s.passes = 0
        mana.activate_mana_ability(ctx, p, a.a, a.b)


def play_land(ctx: Context, p: int, oid: int) -> None:
    """305.1/116.2a: playing a land is a special action; it doesn't use the stack."""
    name = ctx.obj(oid).name
    new = move(ctx, oid, BATTLEFIELD, controller=p)
    ctx.state.players[p].lands_played += 1
    ctx.emit("305.1", f"{ctx.player_name(p)} plays {name}")
    triggers.on_enter(ctx, new)


def explain(ctx: Context, a: Action) -> str:
    """A reason naming the rule that forbids `a`."""
    s = ctx.state
    d = s.decision
    if d is None:
        return "no decision is pending"
    if d.kind != "priority":
        return f"{a} is not one of the options of this decision ({d.prompt})"
    p = d.player
    o = s.objects.get(a.a)
    if a.kind in ("play", "cast", "activate", "mana") and o is None:
        return f"there is no object {a.a}"
    if a.kind == "play" and o is not None:
        if o.zone != "hand" or o.owner != p:
            return f"{o.name} is not in {ctx.player_name(p)}'s hand (305.1)"
        if "land" not in ctx.face(o.name).types:
            return f"{o.name} is not a land (305.1)"
        if s.players[p].lands_played >= 1:
            return f"{ctx.player_name(p)} has already played a land this turn (305.2)"
        return "a land can be played only in your main phase with an empty stack (305.2, 116.2a)"
    if a.kind == "cast" and o is not None:
        if o.zone != "hand" or o.owner != p:
            return f"{o.name} is not in {ctx.player_name(p)}'s hand (601.2a)"
        face = ctx.face(o.name)
        if "instant" not in face.types and not timing.sorcery_timing(ctx, p):
            return f"{o.name} can be cast only during its controller's main phase when the stack is empty (307.1, 117.1a)"
        if not casting.has_targets(ctx, p, o.id):
            return f"{o.name} has no legal targets (601.2c, 115)"
        return f"{ctx.player_name(p)} can't pay the cost of {o.name} ({face.mana_cost}) (601.2h)"
    if a.kind in ("activate", "mana") and o is not None:
        if o.zone != BATTLEFIELD or ctx.controller(o.id) != p:
            return f"{ctx.player_name(p)} doesn't control {o.name} (602.2)"
        abil = ctx.chars(o.id).abilities
        if not 0 <= a.b < len(abil) or not isinstance(abil[a.b], ir.Activated):
            return f"{o.name} has no such activated ability (602.1)"
        ab = abil[a.b]
        assert isinstance(ab, ir.Activated)
        if ab.cost.tap and o.tapped:
            return f"{o.name} is tapped; its {{T}} cost can't be paid (602.2, 118.3)"
        if ab.cost.tap and o.sick and ctx.chars(o.id).is_("creature"):
            return f"{o.name} has summoning sickness; its {{T}} ability can't be activated (302.6)"
        if ab.cost.loyalty is not None and o.loyalty_turn == s.turn:
            return f"a loyalty ability of {o.name} was already activated this turn (606.3)"
        if ab.sorcery_speed and not timing.sorcery_timing(ctx, p):
            return "this ability can be activated only any time you could cast a sorcery (602.5d, 606.3)"
        return f"the cost or targets of {o.name}'s ability can't be provided (602.2b, 601.2c, 601.2h)"
    if s.priority != p:
        return f"{ctx.player_name(ref_player(-1))} does not hold priority (117.1)"
    return f"{a} is not a legal action now (117.1)"
