"""Combat (506-511): declaring attackers and blockers, and combat damage.

Declarations are sequences of small decisions: one attacker (or blocker) at a
time, then ``done``. Restrictions are enforced by what is offered: tapped or
summoning-sick creatures (302.6), defender (702.3b), "can't attack/block",
flying and reach (702.9b, 702.17b), menace (702.110b).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from karn.engine import damage, flow, triggers
from karn.engine.actions import Action
from karn.engine.state import BATTLEFIELD, Combat, Frame, Option, player_ref, ref_player

if TYPE_CHECKING:
    from karn.engine.game import Game


def _combat(g: Game) -> Combat:
    if g.s.combat is None:
        g.s.combat = Combat()
    return g.s.combat


def can_attack(g: Game, oid: int) -> bool:
    """508.1a/c: untapped creatures without summoning sickness (302.6), not defenders (702.3b)."""
    o = g.obj(oid)
    c = g.chars(oid)
    if not c.is_("creature") or c.controller != g.s.active or o.tapped:
        return False
    if o.sick and "haste" not in c.keywords:
        return False
    if "defender" in c.keywords or c.cant_attack:
        return False
    return True


def defenders(g: Game) -> list[int]:
    """506.2/508.1b: the opponents and the planeswalkers they control."""
    s = g.s
    out = [player_ref(p.index) for p in s.players if p.index != s.active and not p.lost]
    for oid in s.battlefield:
        c = g.chars(oid)
        if c.is_("planeswalker") and c.controller != s.active:
            out.append(oid)
    return out


def defending_player(g: Game, defender: int) -> int:
    if defender < 0:
        return ref_player(defender)
    if defender in g.s.objects:
        return g.controller(defender)
    lk = g.s.lki.get(defender)
    return lk.controller if lk is not None else (g.s.active + 1) % len(g.s.players)


def _dname(g: Game, d: int) -> str:
    return g.pname(ref_player(d)) if d < 0 else g.describe(d) if d in g.s.objects else "?"


def attack_step(g: Game, f: Frame) -> None:
    s = g.s
    cb = _combat(g)
    if f.vars.get("done"):
        s.agenda.pop()
        for a, d in cb.attackers.items():
            c = g.chars(a)
            if "vigilance" not in c.keywords:
                g.obj(a).tapped = True  # 508.1f
            g.emit("508.1", f"{c.name} attacks {_dname(g, d)}")
        for a, d in list(cb.attackers.items()):
            triggers.on_attack(g, a, defending_player(g, d))  # 508.3a
        if not cb.attackers:
            g.emit("508.8", f"{g.pname(s.active)} declares no attackers")
        return
    opts: list[Option] = []
    defs = defenders(g)
    for oid in s.battlefield:
        if oid in cb.attackers or not can_attack(g, oid):
            continue
        for d in defs:
            opts.append(Option("attack", oid, d, label=f"attack {_dname(g, d)} with {g.describe(oid)}"))
    for a in cb.attackers:
        opts.append(Option("unattack", a, label=f"undo the attack by {g.describe(a)}"))
    opts.append(Option("done", label="done declaring attackers"))
    flow.ask(g, s.active, "attackers", "508.1", f"{g.pname(s.active)}: declare attackers", opts)


def attack_answer(g: Game, f: Frame, a: Action) -> None:
    if a.kind == "attack":
        _combat(g).attackers[a.a] = a.b
    elif a.kind == "unattack":
        _combat(g).attackers.pop(a.a, None)
    elif a.kind == "done":
        f.vars["done"] = True


def can_block(g: Game, blocker: int, attacker: int) -> bool:
    """509.1a-b: flying (702.9b) needs flying or reach (702.17b)."""
    b = g.chars(blocker)
    at = g.chars(attacker)
    if "flying" in at.keywords and not ("flying" in b.keywords or "reach" in b.keywords):
        return False
    return True


def _defending(g: Game) -> int:
    cb = _combat(g)
    for d in cb.attackers.values():
        return defending_player(g, d)
    return (g.s.active + 1) % len(g.s.players)


def _menace_ok(g: Game) -> bool:
    cb = _combat(g)
    for a in cb.attackers:
        if "menace" in g.chars(a).keywords:
            n = sum(1 for atts in cb.blockers.values() if a in atts)
            if n == 1:
                return False  # 702.110b
    return True


def block_step(g: Game, f: Frame) -> None:
    s = g.s
    cb = _combat(g)
    dp = _defending(g)
    if f.vars.get("done"):
        s.agenda.pop()
        cb.blocked = [a for a in cb.attackers if any(a in atts for atts in cb.blockers.values())]  # 509.1h
        for b, atts in cb.blockers.items():
            g.emit("509.1", f"{g.describe(b)} blocks {', '.join(g.describe(x) for x in atts)}")
        if not cb.blockers:
            g.emit("509.1", f"{g.pname(dp)} declares no blockers")
        return
    if not cb.attackers:
        s.agenda.pop()
        return
    opts: list[Option] = []
    for oid in s.battlefield:
        c = g.chars(oid)
        if not c.is_("creature") or c.controller != dp or oid in cb.blockers:
            continue
        if g.obj(oid).tapped or c.cant_block:
            continue  # 509.1a: only untapped creatures block
        for a in cb.attackers:
            if can_block(g, oid, a):
                opts.append(Option("block", oid, a, label=f"block {g.describe(a)} with {g.describe(oid)}"))
    for b in cb.blockers:
        opts.append(Option("unblock", b, label=f"undo the block by {g.describe(b)}"))
    if _menace_ok(g):
        opts.append(Option("done", label="done declaring blockers"))
    flow.ask(g, dp, "blockers", "509.1", f"{g.pname(dp)}: declare blockers", opts)


def block_answer(g: Game, f: Frame, a: Action) -> None:
    cb = _combat(g)
    if a.kind == "block":
        cb.blockers[a.a] = [a.b]
    elif a.kind == "unblock":
        cb.blockers.pop(a.a, None)
    elif a.kind == "done":
        f.vars["done"] = True


# ---------------------------------------------------------------------------- combat damage (510)


def _strikes_first(g: Game, oid: int) -> bool:
    kw = g.chars(oid).keywords
    return "first strike" in kw or "double strike" in kw


def _participants(g: Game) -> list[int]:
    cb = _combat(g)
    out = [a for a in cb.attackers if a in g.s.objects]
    out += [b for b in cb.blockers if b in g.s.objects]
    return out


def any_first_strike(g: Game) -> bool:
    """510.4: a first-strike damage step happens if an attacking or blocking creature has
    first strike or double strike."""
    return any(_strikes_first(g, o) for o in _participants(g))


def _deals_now(g: Game, oid: int, first: bool) -> bool:
    kw = g.chars(oid).keywords
    if first:
        return "first strike" in kw or "double strike" in kw
    if "double strike" in kw:
        return True  # 702.4b
    return oid not in _combat(g).dealt_first  # 702.7b


def _lethal(g: Game, blocker: int, src_deathtouch: bool, already: int) -> int:
    """702.19b/510.1c-d: lethal damage considering damage already marked and assigned; deathtouch: 1 (702.2c)."""
    c = g.chars(blocker)
    needed = max(0, c.toughness - g.obj(blocker).damage - already)
    if src_deathtouch:
        return min(needed, 0 if already > 0 else 1)  # 702.2c: any nonzero amount is lethal
    return needed


def damage_step(g: Game, f: Frame) -> None:
    s = g.s
    cb = _combat(g)
    v = f.vars
    first: bool = v["first"]
    if "plan" not in v:
        if first:
            # 510.4: remember who had first strike or double strike as this step began.
            cb.dealt_first = [o for o in _participants(g) if _strikes_first(g, o)]
        plan: list[list[int]] = []  # [source, target, amount]
        queue: list[list[int]] = []  # [attacker, remaining, blockers...]
        for a, d in cb.attackers.items():
            if a not in s.objects or not _deals_now(g, a, first):
                continue
            c = g.chars(a)
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
            if trample and defender_alive and g.s.settings.get("trample_choice", 0):
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
                    n = min(left, _lethal(g, b, dt, 0))
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
            if b not in s.objects or not _deals_now(g, b, first):
                continue
            power = g.chars(b).power
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
            dt = "deathtouch" in g.chars(a).keywords
            low = min(left, _lethal(g, blockers[0], dt, 0))
            rest = sum(_lethal(g, b, dt, 0) for b in blockers[1:])
            high = max(low, left - rest)
            flow.ask(
                g,
                g.controller(a),
                "damage",
                "702.19b",
                f"{g.describe(a)} (trample) assigns {left} combat damage: how much to {g.describe(blockers[0])}?",
                [Option("number", n, blockers[0], label=str(n)) for n in range(low, high + 1)],
            )
            return
        if len(blockers) == 1:
            if left > 0:
                v["plan"].append([a, blockers[0], left])
            queue.pop(0)
            continue
        flow.ask(
            g,
            g.controller(a),
            "damage",
            "510.1c",
            f"{g.describe(a)} assigns {left} combat damage: how much to {g.describe(blockers[0])}?",
            [Option("number", n, blockers[0], label=str(n)) for n in range(left + 1)],
        )
        return
    # 510.2: all combat damage is dealt simultaneously.
    sources = {src: damage.source_of(g, src) for src, _, _ in v["plan"]}
    dealt: dict[int, int] = {}
    for src, tgt, n in v["plan"]:
        if tgt < 0 and s.players[ref_player(tgt)].lost:
            continue  # 800.4e: no damage is assigned to a player who left the game
        dealt[src] = dealt.get(src, 0) + damage.deal(g, sources[src], tgt, n, combat=True, lifelink=False)
    for src, n in dealt.items():
        # 702.15b/119.10: one source's simultaneous damage is one life-gain event.
        if n and "lifelink" in sources[src].keywords:
            damage.gain_life(g, sources[src].controller, n, "702.15b")
    s.agenda.pop()


def damage_answer(g: Game, f: Frame, a: Action) -> None:
    cur = f.vars["queue"][0]
    if a.a > 0:
        f.vars["plan"].append([cur[0], a.b, a.a])
    cur[1] -= a.a
    del cur[2]
