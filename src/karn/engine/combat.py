"""Combat (506-511): declaring attackers and blockers, and combat damage.

Declarations are sequences of small decisions: one attacker (or blocker) at a
time, then ``done``. Restrictions are enforced by what is offered: tapped or
summoning-sick creatures (302.6), defender (702.3b), "can't attack/block",
flying and reach (702.9b, 702.17b), menace (702.110b).
"""

from __future__ import annotations

from karn.engine import damage, decisions, triggers
from karn.engine.actions import Action
from karn.engine.context import Context
from karn.engine.state import BATTLEFIELD, Combat, Frame, Option, player_ref, ref_player


def _combat(ctx: Context) -> Combat:
    if ctx.state.combat is None:
        ctx.state.combat = Combat()
    return ctx.state.combat


def can_attack(ctx: Context, oid: int) -> bool:
    """508.1a/c: untapped creatures without summoning sickness (302.6), not defenders (702.3b)."""
    o = ctx.obj(oid)
    c = ctx.chars(oid)
    if not c.is_("creature") or c.controller != ctx.state.active or o.tapped:
        return False
    if o.sick and "haste" not in c.keywords:
        return False
    if "defender" in c.keywords or c.cant_attack:
        return False
    return True


def defenders(ctx: Context) -> list[int]:
    """506.2/508.1b: the opponents and the planeswalkers they control."""
    s = ctx.state
    out = [player_ref(p.index) for p in s.players if p.index != s.active and not p.lost]
    for oid in s.battlefield:
        c = ctx.chars(oid)
        if c.is_("planeswalker") and c.controller != s.active:
            out.append(oid)
    return out


def defending_player(ctx: Context, defender: int) -> int:
    if defender < 0:
        return ref_player(defender)
    if defender in ctx.state.objects:
        return ctx.controller(defender)
    lk = ctx.state.lki.get(defender)
    return lk.controller if lk is not None else (ctx.state.active + 1) % len(ctx.state.players)


def _dname(ctx: Context, d: int) -> str:
    return ctx.player_name(ref_player(d)) if d < 0 else ctx.describe(d) if d in ctx.state.objects else "?"


def attack_step(ctx: Context, f: Frame) -> None:
    s = ctx.state
    cb = _combat(ctx)
    if f.vars.get("done"):
        s.agenda.pop()
        for a, d in cb.attackers.items():
            c = ctx.chars(a)
            if "vigilance" not in c.keywords:
                ctx.obj(a).tapped = True  # 508.1f
            ctx.emit("508.1", f"{c.name} attacks {_dname(ctx, d)}")
        for a, d in list(cb.attackers.items()):
            triggers.on_attack(ctx, a, defending_player(ctx, d))  # 508.3a
        if not cb.attackers:
            ctx.emit("508.8", f"{ctx.player_name(s.active)} declares no attackers")
        return
    opts: list[Option] = []
    defs = defenders(ctx)
    for oid in s.battlefield:
        if oid in cb.attackers or not can_attack(ctx, oid):
            continue
        for d in defs:
            opts.append(Option("attack", oid, d, label=f"attack {_dname(ctx, d)} with {ctx.describe(oid)}"))
    for a in cb.attackers:
        opts.append(Option("unattack", a, label=f"undo the attack by {ctx.describe(a)}"))
    opts.append(Option("done", label="done declaring attackers"))
    decisions.ask(
        ctx, s.active, "attackers", "508.1", f"{ctx.player_name(s.active)}: declare attackers", opts
    )


def attack_answer(ctx: Context, f: Frame, a: Action) -> None:
    if a.kind == "attack":
        _combat(ctx).attackers[a.a] = a.b
    elif a.kind == "unattack":
        _combat(ctx).attackers.pop(a.a, None)
    elif a.kind == "done":
        f.vars["done"] = True


def can_block(ctx: Context, blocker: int, attacker: int) -> bool:
    """509.1a-b: flying (702.9b) needs flying or reach (702.17b)."""
    b = ctx.chars(blocker)
    at = ctx.chars(attacker)
    if "flying" in at.keywords and not ("flying" in b.keywords or "reach" in b.keywords):
        return False
    return True


def _defending(ctx: Context) -> int:
    cb = _combat(ctx)
    for d in cb.attackers.values():
        return defending_player(ctx, d)
    return (ctx.state.active + 1) % len(ctx.state.players)


def _menace_ok(ctx: Context) -> bool:
    cb = _combat(ctx)
    for a in cb.attackers:
        if "menace" in ctx.chars(a).keywords:
            n = sum(1 for atts in cb.blockers.values() if a in atts)
            if n == 1:
                return False  # 702.110b
    return True


def block_step(ctx: Context, f: Frame) -> None:
    s = ctx.state
    cb = _combat(ctx)
    dp = _defending(ctx)
    if f.vars.get("done"):
        s.agenda.pop()
        cb.blocked = [a for a in cb.attackers if any(a in atts for atts in cb.blockers.values())]  # 509.1h
        for b, atts in cb.blockers.items():
            ctx.emit("509.1", f"{ctx.describe(b)} blocks {', '.join(ctx.describe(x) for x in atts)}")
        if not cb.blockers:
            ctx.emit("509.1", f"{ctx.player_name(dp)} declares no blockers")
        return
    if not cb.attackers:
        s.agenda.pop()
        return
    opts: list[Option] = []
    for oid in s.battlefield:
        c = ctx.chars(oid)
        if not c.is_("creature") or c.controller != dp or oid in cb.blockers:
            continue
        if ctx.obj(oid).tapped or c.cant_block:
            continue  # 509.1a: only untapped creatures block
        for a in cb.attackers:
            if can_block(ctx, oid, a):
                opts.append(
                    Option("block", oid, a, label=f"block {ctx.describe(a)} with {ctx.describe(oid)}")
                )
    for b in cb.blockers:
        opts.append(Option("unblock", b, label=f"undo the block by {ctx.describe(b)}"))
    if _menace_ok(ctx):
        opts.append(Option("done", label="done declaring blockers"))
    decisions.ask(ctx, dp, "blockers", "509.1", f"{ctx.player_name(dp)}: declare blockers", opts)


def block_answer(ctx: Context, f: Frame, a: Action) -> None:
    cb = _combat(ctx)
    if a.kind == "block":
        cb.blockers[a.a] = [a.b]
    elif a.kind == "unblock":
        cb.blockers.pop(a.a, None)
    elif a.kind == "done":
        f.vars["done"] = True


# ---------------------------------------------------------------------------- combat damage (510)


def _strikes_first(ctx: Context, oid: int) -> bool:
    kw = ctx.chars(oid).keywords
    return "first strike" in kw or "double strike" in kw


def _participants(ctx: Context) -> list[int]:
    cb = _combat(ctx)
    out = [a for a in cb.attackers if a in ctx.state.objects]
    out += [b for b in cb.blockers if b in ctx.state.objects]
    return out


def any_first_strike(ctx: Context) -> bool:
    """510.4: a first-strike damage step happens if an attacking or blocking creature has
    first strike or double strike."""
    return any(_strikes_first(ctx, o) for o in _participants(ctx))


def _deals_now(ctx: Context, oid: int, first: bool) -> bool:
    kw = ctx.chars(oid).keywords
    if first:
        return "first strike" in kw or "double strike" in kw
    if "double strike" in kw:
        return True  # 702.4b
    return oid not in _combat(ctx).dealt_first  # 702.7b


def _lethal(ctx: Context, blocker: int, src_deathtouch: bool, already: int) -> int:
    """702.19b/510.1c-d: lethal damage considering damage already marked and assigned; deathtouch: 1 (702.2c)."""
    c = ctx.chars(blocker)
    needed = max(0, c.toughness - ctx.obj(blocker).damage - already)
    if src_deathtouch:
        return min(needed, 0 if already > 0 else 1)  # 702.2c: any nonzero amount is lethal
    return needed


def damage_step(ctx: Context, f: Frame) -> None:
    s = ctx.state
    cb = _combat(ctx)
    v = f.vars
    first: bool = v["first"]
    if "plan" not in v:
        if first:
            # 510.4: remember who had first strike or double strike as this step began.
            cb.dealt_first = [o for o in _participants(ctx) if _strikes_first(ctx, o)]
        plan: list[list[int]] = []  # [source, target, amount]
        queue: list[list[int]] = []  # [attacker, remaining, blockers...]
        for a, d in cb.attackers.items():
            if a not in s.objects or not _deals_now(ctx, a, first):
                continue
            c = ctx.chars(a)
            power = c.power
            if power <= 0:
                continue  # 510.1a
            blockers = [b for b, atts in cb.blockers.items() if a in atts and b in s.objects]
            trample = "trample" in c.keywords
            defender_alive = d < 0 or (d in s.objects and s.objects[d].zone == BATTLEFIELD)
            if a not in cb.blocked:
                if defender_alive:
                    plan.append([a, d, power])  # 510.1b
                continue
            if not blockers:
                if trample and defender_alive:
                    plan.append([a, d, power])  # 702.19d
                continue  # 510.1c
            if trample and defender_alive and ctx.state.settings.get("trample_choice", 0):
                # 702.19b: the controller chooses how much beyond lethal each blocker gets.
                v.setdefault("trample", {})[str(a)] = d
                queue.append([a, power] + blockers)
                continue
            if trample:
                # 702.19b: lethal damage to each blocker first; by default (setting
                # "trample_choice" off) the engine assigns the excess to the player or
                # planeswalker attacked, the choice that deals the most damage through.
                left = power
                dt = "deathtouch" in c.keywords
                for b in blockers:
                    n = min(left, _lethal(ctx, b, dt, 0))
                    if n:
                        plan.append([a, b, n])
                    left -= n
                if left > 0:
                    if defender_alive:
                        plan.append([a, d, left])
                    else:
                        plan.append([a, blockers[-1], left])
                continue
            if len(blockers) == 1:
                plan.append([a, blockers[0], power])  # 510.1c
                continue
            queue.append([a, power] + blockers)
        for b, atts in cb.blockers.items():
            if b not in s.objects or not _deals_now(ctx, b, first):
                continue
            power = ctx.chars(b).power
            live = [x for x in atts if x in s.objects]
            if power > 0 and live:
                plan.append([b, live[0], power])  # 510.1d
        v["plan"] = plan
        v["queue"] = queue
    queue = v["queue"]
    while queue:
        cur = queue[0]
        a, left, blockers = cur[0], cur[1], cur[2:]
        tramples_to = v.get("trample", {}).get(str(a))
        if tramples_to is not None:
            if not blockers:
                if left > 0:
                    v["plan"].append([a, tramples_to, left])
                queue.pop(0)
                continue
            dt = "deathtouch" in ctx.chars(a).keywords
            low = min(left, _lethal(ctx, blockers[0], dt, 0))
            rest = sum(_lethal(ctx, b, dt, 0) for b in blockers[1:])
            high = max(low, left - rest)
            decisions.ask(
                ctx,
                ctx.controller(a),
                "damage",
                "702.19b",
                f"{ctx.describe(a)} (trample) assigns {left} combat damage: how much to {ctx.describe(blockers[0])}?",
                [Option("number", n, blockers[0], label=str(n)) for n in range(low, high + 1)],
            )
            return
        if len(blockers) == 1:
            if left > 0:
                v["plan"].append([a, blockers[0], left])
            queue.pop(0)
            continue
        decisions.ask(
            ctx,
            ctx.controller(a),
            "damage",
            "510.1c",
            f"{ctx.describe(a)} assigns {left} combat damage: how much to {ctx.describe(blockers[0])}?",
            [Option("number", n, blockers[0], label=str(n)) for n in range(left + 1)],
        )
        return
    # 510.2: all combat damage is dealt simultaneously.
    sources = {src: damage.source_of(ctx, src) for src, _, _ in v["plan"]}
    dealt: dict[int, int] = {}
    for src, tgt, n in v["plan"]:
        if tgt < 0 and s.players[ref_player(tgt)].lost:
            continue  # 800.4e: no damage is assigned to a player who left the game
        dealt[src] = dealt.get(src, 0) + damage.deal(ctx, sources[src], tgt, n, combat=True, lifelink=False)
    for src, n in dealt.items():
        # 702.15b/119.10: one source's simultaneous damage is one life-gain event.
        if n and "lifelink" in sources[src].keywords:
            damage.gain_life(ctx, sources[src].controller, n, "702.15b")
    s.agenda.pop()


def damage_answer(ctx: Context, f: Frame, a: Action) -> None:
    cur = f.vars["queue"][0]
    if a.a > 0:
        f.vars["plan"].append([cur[0], a.b, a.a])
    cur[1] -= a.a
    del cur[2]
