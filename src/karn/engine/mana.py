"""Mana (106), mana abilities (605) and the payment solver (601.2g-h).

The solver proposes an automatic payment from the mana pool and untapped
sources with simple {T} mana abilities. Manual mana abilities stay legal
alongside it.
"""

from __future__ import annotations

from typing import NamedTuple

from karn import ir
from karn.cards.mana import COLORS, ManaCost, parse_mana_symbols
from karn.engine import triggers
from karn.engine.context import Context


class Source(NamedTuple):
    oid: int
    ability: int
    produces: tuple[str, ...]  # the symbols its ability adds


_MANA_ABILITIES: dict[str, list[tuple[int, ir.Activated]]] = {}


def mana_abilities(ctx: Context, oid: int) -> list[tuple[int, ir.Activated]]:
    """The mana abilities of a permanent (605.1a). Continuous effects of the pool grant
    keywords only, so a card's activated abilities are those it was compiled with."""
    o = ctx.state.objects[oid]
    if o.token is not None:
        return []
    found = _MANA_ABILITIES.get(o.name)
    if found is None:
        found = [
            (i, a)
            for i, a in enumerate(ctx.compiled(o.name).abilities)
            if isinstance(a, ir.Activated) and a.mana_ability
        ]
        _MANA_ABILITIES[o.name] = found
    return found


def can_activate_mana(
    ctx: Context, p: int, oid: int, ab: ir.Activated, srcs: list[Source] | None = None
) -> bool:
    """605.3a: a player may activate a mana ability whenever they could pay its cost."""
    o = ctx.obj(oid)
    if ctx.controller(oid) != p:
        return False
    c = ab.cost
    if c.tap:
        if o.tapped:
            return False
        if o.sick and ctx.chars(oid).is_("creature") and "haste" not in ctx.chars(oid).keywords:
            return False  # 302.6
    if c.loyalty is not None:
        return False  # loyalty mana abilities: not supported yet (none compile)
    if c.mana:
        others = [x for x in (sources(ctx, p) if srcs is None else srcs) if x.oid != oid]
        return solve(ctx.state.players[p].pool, ManaCost.parse(c.mana), others) is not None
    return True


def free_source(ab: ir.Activated) -> bool:
    """A mana ability the solver may use: no mana, sacrifice or loyalty in its cost."""
    c = ab.cost
    return not c.mana and not c.sacrifice_self and c.loyalty is None


def sources(ctx: Context, p: int) -> list[Source]:
    """The untapped permanents the solver may tap for mana (one ability each)."""
    out: list[Source] = []
    for oid in ctx.state.battlefield:
        abilities = mana_abilities(ctx, oid)
        if not abilities or ctx.controller(oid) != p:
            continue
        for i, ab in abilities:
            if free_source(ab) and can_activate_mana(ctx, p, oid, ab):
                syms = produced(ab)
                if syms:
                    out.append(Source(oid, i, syms))
                break
    return out


def produced(ab: ir.Activated) -> tuple[str, ...]:
    """The mana symbols a mana ability adds (106.1)."""
    syms: tuple[str, ...] = ()
    for e in ab.effects:
        if isinstance(e, ir.AddMana):
            syms += parse_mana_symbols(e.mana)
    return syms


def add_mana(ctx: Context, p: int, symbols: tuple[str, ...], rule: str = "106.4") -> None:
    pool = ctx.state.players[p].pool
    for sym in symbols:
        pool[sym] = pool.get(sym, 0) + 1


def activate_mana_ability(ctx: Context, p: int, oid: int, idx: int) -> None:
    """605.3b: a mana ability resolves immediately, without the stack."""
    ab = ctx.chars(oid).abilities[idx]
    assert isinstance(ab, ir.Activated)
    name = ctx.describe(oid)
    c = ab.cost
    if c.mana and not pay(ctx, p, ManaCost.parse(c.mana), exclude=oid):
        raise AssertionError("a mana ability was offered whose mana cost can't be paid")
    if c.tap:
        ctx.obj(oid).tapped = True
    if c.sacrifice_self:
        triggers.leave_battlefield(ctx, [oid], "graveyard", "701.21a", verb="is sacrificed")
    syms = produced(ab)
    add_mana(ctx, p, syms)
    verb = "taps" if c.tap else "uses"
    ctx.emit("605.3b", f"{ctx.player_name(p)} {verb} {name} for {''.join('{' + s + '}' for s in syms)}")


def solve(
    pool: dict[str, int], cost: ManaCost, srcs: list[Source]
) -> tuple[dict[str, int], list[Source]] | None:
    """Find a payment: mana to spend from the pool and sources to tap. None if impossible.

    Colored symbols are paid first (pool, then sources producing that color),
    then generic with what is left (pool first, then colorless sources, then the
    sources whose colors are least needed).
    """
    avail = dict(pool)
    used: dict[str, int] = {}
    free = list(srcs)
    taps: list[Source] = []
    for color, n in cost.colored:
        for _ in range(n):
            if avail.get(color, 0) > 0:
                avail[color] -= 1
                used[color] = used.get(color, 0) + 1
                continue
            pick = next((s for s in free if s.produces == (color,)), None)
            if pick is None:
                pick = next((s for s in free if color in s.produces and len(s.produces) == 1), None)
            if pick is None:
                return None
            free.remove(pick)
            taps.append(pick)
    generic = cost.generic
    for color in ("C",) + COLORS:
        while generic > 0 and avail.get(color, 0) > 0:
            avail[color] -= 1
            used[color] = used.get(color, 0) + 1
            generic -= 1
    free.sort(key=lambda s: (s.produces != ("C",), len(s.produces)))
    while generic > 0:
        if not free:
            return None
        pick = free.pop(0)
        taps.append(pick)
        generic -= len(pick.produces)
    return used, taps


def available_count(pool: dict[str, int], srcs: list[Source]) -> int:
    return sum(pool.values()) + sum(len(s.produces) for s in srcs)


def max_x(ctx: Context, p: int, cost: ManaCost, extra: int = 0, cap: int = 20, exclude: int = 0) -> int:
    """The largest X (107.3) the player could pay for (bounded so the option list stays small)."""
    pool = ctx.state.players[p].pool
    srcs = [x for x in sources(ctx, p) if x.oid != exclude]
    if cost.x == 0:
        return 0
    hi = (available_count(pool, srcs) - cost.mana_value - extra) // cost.x
    hi = max(0, min(hi, cap))
    while hi > 0 and solve(pool, cost.with_x(hi, extra), srcs) is None:
        hi -= 1
    return hi


def can_pay(ctx: Context, p: int, cost: ManaCost, exclude: int = 0) -> bool:
    return (
        solve(ctx.state.players[p].pool, cost, [x for x in sources(ctx, p) if x.oid != exclude]) is not None
    )


def pay(ctx: Context, p: int, cost: ManaCost, exclude: int = 0) -> bool:
    """Pay a mana cost with the solver's proposal (601.2g-h). False if impossible."""
    pl = ctx.state.players[p]
    plan = solve(pl.pool, cost, [x for x in sources(ctx, p) if x.oid != exclude])
    if plan is None:
        return False
    used, taps = plan
    for src in taps:
        activate_mana_ability(ctx, p, src.oid, src.ability)
    # Spend: colored requirements, then generic, from the (now larger) pool.
    pool = pl.pool
    for color, n in cost.colored:
        pool[color] -= n
    generic = cost.generic
    for color in ("C",) + COLORS:
        while generic > 0 and pool.get(color, 0) > 0:
            pool[color] -= 1
            generic -= 1
    pl.pool = {k: v for k, v in pool.items() if v > 0}
    return generic == 0
