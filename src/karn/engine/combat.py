"""Combat (506-511, 802): declaring attackers and blockers, and combat damage.

Declarations are sequences of small decisions: one attacker (or blocker) at a
time, then ``done``; the declaration is checked as a whole when it is done
(508.1c-d, 509.1b-c): an illegal one is refused and stays as it was.
Restrictions: tapped or summoning-sick creatures (302.6), defender (702.3b),
"can't attack/block", flying and reach (702.9b, 702.17b), menace (702.111b). Requirements:
"blocks ~ this turn if able" (509.1c: as many obeyed as the restrictions allow).

With more than two players (802, 806), each attacking creature attacks one
opponent or a planeswalker an opponent controls; each defending player, in
APNAP order, declares blockers among the creatures attacking them or their
planeswalkers (802.4).
"""

from __future__ import annotations

from karn.engine import decisions
from karn.engine.actions import Action, IllegalActionError
from karn.engine.context import Context
from karn.engine.events import AttackerBlocked, AttackerDeclared, BlockerDeclared, GameEvent, Tap
from karn.engine.frames import AttackFrame, BlockFrame, DamageFrame
from karn.engine.game_over import apnap
from karn.engine.keywords import block_allowed, declaration_broken
from karn.engine.modifications import BlockRequirement
from karn.engine.pipeline import perform
from karn.engine.protection import protected_from
from karn.engine.references import damage_event, damage_source
from karn.engine.state import BATTLEFIELD, Combat, Option, player_ref, ref_player
from karn.ir.nodes import ObjectRuleKind

CANT_BE_BLOCKED = str(ObjectRuleKind.CANT_BE_BLOCKED)
BLOCKS_ONLY_FLYING = str(ObjectRuleKind.BLOCKS_ONLY_FLYING)
ATTACKS_EACH_COMBAT = str(ObjectRuleKind.ATTACKS_EACH_COMBAT)


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


def may_attack(ctx: Context, oid: int, defender: int) -> bool:
    """508.1c: a restriction on what this creature can attack: "~ can't attack unless defending
    player controls an Island" (the player attacked, or the planeswalker's controller)."""
    needs = ctx.chars(oid).attack_needs
    if not needs:
        return True
    player = defending_player(ctx, defender)
    return all(
        any(
            c.controller == player and c.is_("land") and need in c.subtypes
            for c in ctx.battlefield_chars().values()
        )
        for need in needs
    )


def defenders(ctx: Context) -> list[int]:
    """506.2/508.1b/802.3: the opponents, and the planeswalkers they control."""
    s = ctx.state
    out = [player_ref(p.index) for p in s.players if p.index != s.active and not p.lost]
    for oid, c in ctx.battlefield_chars().items():
        if c.is_("planeswalker") and c.controller != s.active:
            out.append(oid)
    return out


def defending_player(ctx: Context, defender: int) -> int:
    """The player an attacker attacks, or who controls the planeswalker it attacks (506.2)."""
    if defender < 0:
        return ref_player(defender)
    if defender in ctx.state.objects:
        return ctx.controller(defender)
    lk = ctx.state.lki.get(defender)
    return lk.controller if lk is not None else (ctx.state.active + 1) % len(ctx.state.players)


def _defender_name(ctx: Context, d: int) -> str:
    return ctx.player_name(ref_player(d)) if d < 0 else ctx.describe(d) if d in ctx.state.objects else "?"


# ---------------------------------------------------------------------------- declare attackers (508)


def attack_step(ctx: Context, f: AttackFrame) -> None:
    s = ctx.state
    cb = _combat(ctx)
    if f.done:
        s.agenda.pop()
        cb.defending = {a: defending_player(ctx, d) for a, d in cb.attackers.items()}
        taps: list[GameEvent] = []
        for a, d in cb.attackers.items():
            c = ctx.chars(a)
            if "vigilance" not in c.keywords:
                taps.append(Tap(obj=a, tapped=True, rule="508.1f", quiet=True))
            who = c.name or ctx.describe(a)  # 708.2: a face-down attacker has no name
            ctx.emit("508.1", f"{who} attacks {_defender_name(ctx, d)}")
        if taps:
            perform(ctx, taps)
        events: list[GameEvent] = [
            AttackerDeclared(obj=a, defender=d, defending_player=cb.defending[a])
            for a, d in cb.attackers.items()
        ]
        if events:
            perform(ctx, events)  # 508.3a: "whenever ... attacks" abilities trigger
        if not cb.attackers:
            ctx.emit("508.8", f"{ctx.player_name(s.active)} declares no attackers")
        return
    opts: list[Option] = []
    defs = defenders(ctx)
    for oid in s.battlefield:
        if oid in cb.attackers or not can_attack(ctx, oid):
            continue
        for d in defs:
            if not may_attack(ctx, oid, d):
                continue
            opts.append(
                Option("attack", oid, d, label=f"attack {_defender_name(ctx, d)} with {ctx.describe(oid)}")
            )
    for a, d in cb.attackers.items():
        opts.append(
            Option("unattack", a, label=f"undo the attack by {ctx.describe(a)} on {_defender_name(ctx, d)}")
        )
    if not attacks_illegal(ctx):
        # 508.1d: "done" is offered only when the declaration obeys the requirements
        opts.append(Option("done", label="done declaring attackers"))
    decisions.ask(
        ctx, s.active, "attackers", "508.1", f"{ctx.player_name(s.active)}: declare attackers", opts
    )


def attack_answer(ctx: Context, f: AttackFrame, a: Action) -> None:
    if a.kind == "attack":
        _combat(ctx).attackers[a.a] = a.b
        ctx.touched.add(a.a)
    elif a.kind == "unattack":
        _combat(ctx).attackers.pop(a.a, None)
        ctx.touched.add(a.a)
    elif a.kind == "done":
        why = attacks_illegal(ctx)
        if why:
            rule, _, text = why.partition(": ")
            raise IllegalActionError(f"this declaration of attackers is illegal: {text}", "508.1d", rule)
        f.done = True


def attacks_illegal(ctx: Context) -> str:
    """508.1d: why the active player's declaration of attackers breaks a requirement ("" if
    it doesn't): a creature that "attacks each combat if able" and is able to isn't attacking.
    (No attack in karn has a cost, so obeying never costs anything, 508.1d.)"""
    cb = _combat(ctx)
    for oid, c in ctx.battlefield_chars().items():
        if c.object_rules and ATTACKS_EACH_COMBAT in c.object_rules and oid not in cb.attackers:
            if can_attack(ctx, oid):
                return f"508.1d: {ctx.describe(oid)} attacks each combat if able"
    return ""


# ---------------------------------------------------------------------------- declare blockers (509)


def can_block(ctx: Context, blocker: int, attacker: int) -> bool:
    """509.1a-b: the keywords' blocking restrictions (flying 702.9b ..., in
    :mod:`karn.engine.keywords`); an attacker with protection can't be blocked by a creature
    with the stated quality (702.16f)."""
    b = ctx.chars(blocker)
    at = ctx.chars(attacker)
    if not block_allowed(ctx, at, b):
        return False
    if at.object_rules and CANT_BE_BLOCKED in at.object_rules:
        return False  # 509.1b: "~ can't be blocked"
    if b.object_rules and BLOCKS_ONLY_FLYING in b.object_rules and "flying" not in at.keywords:
        return False  # 509.1b: "~ can block only creatures with flying"
    if protected_from(ctx, at.keywords, blocker, at.controller):
        return False
    return True


def attacked_players(ctx: Context) -> list[int]:
    """802.4: the defending players actually attacked (a planeswalker's controller counts),
    in APNAP order."""
    cb = _combat(ctx)
    attacked = {cb.defending.get(a, defending_player(ctx, d)) for a, d in cb.attackers.items()}
    return [p for p in apnap(ctx) if p in attacked]


def _attacking(ctx: Context, player: int) -> list[int]:
    """802.4a: the attackers a defending player may block: those attacking them or a
    planeswalker they control."""
    cb = _combat(ctx)
    return [a for a, d in cb.attackers.items() if cb.defending.get(a, defending_player(ctx, d)) == player]


def blocks_illegal(ctx: Context, player: int) -> str:
    """509.1b-c: why this player's whole declaration of blockers is illegal ("" if it is legal).
    Only this player's blockers and the creatures attacking them count (802.4b)."""
    cb = _combat(ctx)
    why = _restrictions_broken(ctx, player, cb.blockers)
    return why or _requirements_broken(ctx, player, cb.blockers)


def _restrictions_broken(ctx: Context, player: int, blockers: dict[int, list[int]]) -> str:
    """509.1b: a restriction this declaration breaks ("" if none)."""
    mine = set(_attacking(ctx, player))
    for a in mine:
        n = sum(1 for b, atts in blockers.items() if a in atts and ctx.controller(b) == player)
        why = declaration_broken(ctx, a, n)
        if why:
            return why
    return ""


def _block_requirements(ctx: Context, player: int) -> list[tuple[int, int]]:
    """509.1c: the requirements on this player's creatures to block an attacker ("Target creature
    blocks ~ this turn if able"), as (blocker, attacker) pairs."""
    s = ctx.state
    attacking = set(_attacking(ctx, player))
    out: list[tuple[int, int]] = []
    for effect in s.effects:
        for mod in effect.mods:
            if isinstance(mod, BlockRequirement) and mod.attacker in attacking:
                out += [
                    (b, mod.attacker)
                    for b in effect.affected
                    if b in s.objects and s.objects[b].zone == BATTLEFIELD and ctx.controller(b) == player
                ]
    return out


def _able_to_block(ctx: Context, blocker: int, attacker: int) -> bool:
    """509.1a-b: an untapped creature with no restriction against blocking this attacker."""
    c = ctx.chars(blocker)
    return (
        c.is_("creature")
        and not ctx.obj(blocker).tapped
        and not c.cant_block
        and can_block(ctx, blocker, attacker)
    )


def _obeyed(requirements: list[tuple[int, int]], blockers: dict[int, list[int]]) -> int:
    return sum(1 for b, a in requirements if a in blockers.get(b, ()))


def _requirements_broken(ctx: Context, player: int, blockers: dict[int, list[int]]) -> str:
    """509.1c: the declaration must obey as many requirements as possible without breaking a
    restriction. It is illegal when a creature that must block an attacker doesn't, and blocking
    it instead (with another creature joining the block if a restriction needs one, 702.111b)
    would obey more requirements."""
    requirements = _block_requirements(ctx, player)
    if not requirements:
        return ""
    now = _obeyed(requirements, blockers)
    bound = {b for b, a in requirements if a in blockers.get(b, ())}
    helpers = [
        oid
        for oid, c in ctx.battlefield_chars().items()
        if c.controller == player and oid not in bound and not ctx.obj(oid).tapped and not c.cant_block
    ]
    for b, a in requirements:
        if a in blockers.get(b, ()) or not _able_to_block(ctx, b, a):
            continue
        trial = {k: list(v) for k, v in blockers.items() if k != b}
        trial[b] = [a]
        tries = [trial] + [
            {**{k: v for k, v in trial.items() if k != w}, w: [a]}
            for w in helpers
            if w != b and _able_to_block(ctx, w, a)
        ]
        for t in tries:
            if not _restrictions_broken(ctx, player, t) and _obeyed(requirements, t) > now:
                return f"509.1c: {ctx.describe(b)} must block {ctx.describe(a)} if able"
    return ""


def block_step(ctx: Context, f: BlockFrame) -> None:
    s = ctx.state
    cb = _combat(ctx)
    if not f.defenders and not f.done:
        if not cb.attackers:
            s.agenda.pop()
            return
        f.defenders = attacked_players(ctx)
    if f.done:
        # The current defending player is done; the next one in APNAP order declares (802.4).
        f.done = False
        dp = f.defenders.pop(0)
        mine = [(b, atts) for b, atts in cb.blockers.items() if ctx.controller(b) == dp]
        for b, atts in mine:
            ctx.emit("509.1", f"{ctx.describe(b)} blocks {', '.join(ctx.describe(x) for x in atts)}")
        if not mine:
            ctx.emit("509.1", f"{ctx.player_name(dp)} declares no blockers")
        if not f.defenders:
            s.agenda.pop()
            cb.blocked = [
                a for a in cb.attackers if any(a in atts for atts in cb.blockers.values())
            ]  # 509.1h
            ctx.touched.update(cb.blocked)
            # 509.3: blocking and becoming blocked trigger abilities once all are declared
            declared: list[GameEvent] = [
                BlockerDeclared(obj=b, attackers=list(atts)) for b, atts in cb.blockers.items()
            ]
            declared += [
                AttackerBlocked(obj=a, blockers=[b for b, atts in cb.blockers.items() if a in atts])
                for a in cb.blocked
            ]
            if declared:
                perform(ctx, declared)
            return
    if not f.defenders:
        s.agenda.pop()
        return
    dp = f.defenders[0]
    attackers = _attacking(ctx, dp)
    opts: list[Option] = []
    for oid, c in ctx.battlefield_chars().items():
        if not c.is_("creature") or c.controller != dp:
            continue
        if ctx.obj(oid).tapped or c.cant_block:
            continue  # 509.1a: only untapped creatures block
        blocking = cb.blockers.get(oid, [])
        if len(blocking) >= _max_blocks(ctx, oid):
            continue
        for a in attackers:
            if a not in blocking and can_block(ctx, oid, a):
                opts.append(
                    Option("block", oid, a, label=f"block {ctx.describe(a)} with {ctx.describe(oid)}")
                )
    for b, atts in cb.blockers.items():
        if ctx.controller(b) == dp:
            what = ", ".join(ctx.describe(x) for x in atts)
            opts.append(Option("unblock", b, label=f"undo the block by {ctx.describe(b)} (blocking {what})"))
    if not blocks_illegal(ctx, dp):
        # 509.1b-c: "done" is offered only for a legal declaration as a whole; applying it
        # otherwise is refused with the rule it breaks (flow.explain_illegal).
        opts.append(Option("done", label="done declaring blockers"))
    decisions.ask(ctx, dp, "blockers", "509.1", f"{ctx.player_name(dp)}: declare blockers", opts)


def _max_blocks(ctx: Context, oid: int) -> int:
    """509.1a: a creature blocks one attacker unless an ability lets it block more."""
    return ctx.chars(oid).max_blocks


def block_answer(ctx: Context, f: BlockFrame, a: Action) -> None:
    cb = _combat(ctx)
    if a.kind == "block":
        cb.blockers.setdefault(a.a, []).append(a.b)
        ctx.touched.add(a.a)
    elif a.kind == "unblock":
        cb.blockers.pop(a.a, None)
        ctx.touched.add(a.a)
    elif a.kind == "done":
        dp = f.defenders[0] if f.defenders else -1
        why = blocks_illegal(ctx, dp) if dp >= 0 else ""
        if why:
            rule, _, text = why.partition(": ")
            raise IllegalActionError(f"this declaration of blockers is illegal: {text}", "509.1b", rule)
        f.done = True


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


def _plan(ctx: Context, f: DamageFrame) -> None:
    """510.1: each attacking and blocking creature assigns its combat damage."""
    s = ctx.state
    cb = _combat(ctx)
    first = f.first
    if first:
        # 510.4: remember who had first strike or double strike as this step began.
        cb.dealt_first = [o for o in _participants(ctx) if _strikes_first(ctx, o)]
    plan: list[list[int]] = []  # [source, target, amount]
    queue: list[list[int]] = []  # [attacker, remaining, blockers...]
    order = apnap(ctx)
    attackers = sorted(
        cb.attackers.items(), key=lambda ad: order.index(ctx.controller(ad[0])) if ad[0] in s.objects else 0
    )
    for a, d in attackers:  # 802.5: damage is assigned in APNAP order
        if a not in s.objects or not _deals_now(ctx, a, first):
            continue
        c = ctx.chars(a)
        power = c.power
        if power <= 0:
            continue  # 510.1a
        blockers = [b for b, atts in cb.blockers.items() if a in atts and b in s.objects]
        trample = "trample" in c.keywords
        defender_alive = (d < 0 and not s.players[ref_player(d)].lost) or (
            d in s.objects and s.objects[d].zone == BATTLEFIELD
        )
        if a not in cb.blocked:
            if defender_alive:
                plan.append([a, d, power])  # 510.1b
            continue
        if not blockers:
            if trample and defender_alive:
                plan.append([a, d, power])  # 702.19d
            continue  # 510.1c
        if trample and defender_alive and s.settings.get("trample_choice", 0):
            # 702.19b: the controller chooses how much beyond lethal each blocker gets.
            f.trample[a] = d
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
            if len(live) == 1:
                plan.append([b, live[0], power])  # 510.1d
            else:
                queue.append([b, power] + live)  # 510.1d: a blocker dividing among attackers
    f.plan = plan
    f.queue = queue


def damage_step(ctx: Context, f: DamageFrame) -> None:
    s = ctx.state
    if f.dealt:
        s.agenda.pop()
        return
    if f.plan is None:
        _plan(ctx, f)
    assert f.plan is not None
    queue = f.queue
    while queue:
        cur = queue[0]
        a, left, targets = cur[0], cur[1], cur[2:]
        tramples_to = f.trample.get(a)
        if tramples_to is not None:
            if not targets:
                if left > 0:
                    f.plan.append([a, tramples_to, left])
                queue.pop(0)
                continue
            dt = "deathtouch" in ctx.chars(a).keywords
            low = min(left, _lethal(ctx, targets[0], dt, 0))
            rest = sum(_lethal(ctx, b, dt, 0) for b in targets[1:])
            high = max(low, left - rest)
            decisions.ask(
                ctx,
                ctx.controller(a),
                "damage",
                "702.19b",
                f"{ctx.describe(a)} (trample) assigns {left} combat damage: how much to {ctx.describe(targets[0])}?",
                [Option("number", n, targets[0], label=str(n)) for n in range(low, high + 1)],
            )
            return
        if len(targets) == 1:
            if left > 0:
                f.plan.append([a, targets[0], left])
            queue.pop(0)
            continue
        # 510.1c: an attacker blocked by several creatures; 510.1d: a blocker blocking several.
        rule = "510.1c" if a in _combat(ctx).attackers else "510.1d"
        decisions.ask(
            ctx,
            ctx.controller(a),
            "damage",
            rule,
            f"{ctx.describe(a)} assigns {left} combat damage: how much to {ctx.describe(targets[0])}?",
            [Option("number", n, targets[0], label=str(n)) for n in range(left + 1)],
        )
        return
    # 510.2: all combat damage is dealt simultaneously; lifelink's life gain is one event
    # per source (702.15b, 119.10).
    sources = {src: damage_source(ctx, src) for src, _, _ in f.plan}
    events: list[GameEvent] = []
    for src, tgt, n in f.plan:
        if tgt < 0 and s.players[ref_player(tgt)].lost:
            continue  # 800.4e: no damage is assigned to a player who left the game
        if tgt > 0 and (tgt not in s.objects or s.objects[tgt].zone != BATTLEFIELD):
            continue
        if n > 0:
            events.append(damage_event(ctx, sources[src], src, tgt, n, combat=True))
    f.dealt = True
    if events:
        perform(ctx, events)
    if s.agenda and s.agenda[-1] is f:
        s.agenda.pop()


def damage_answer(ctx: Context, f: DamageFrame, a: Action) -> None:
    cur = f.queue[0]
    if a.a > 0:
        assert f.plan is not None
        f.plan.append([cur[0], a.b, a.a])
    cur[1] -= a.a
    del cur[2]
