"""Combat plans for the heuristic agent: which creatures attack, and which block what."""

from __future__ import annotations

from karn.agents.heuristic.evaluate import Fighter, can_block, creature_value, fight
from karn.agents.heuristic.situation import Situation, power, toughness_left
from karn.engine.actions import Action
from karn.engine.observation import PermanentView

# ============================================================================ combat plans


def attack_plan(v: Situation, acts: list[Action]) -> list[int]:
    """The creatures to attack with (including those already declared), in declaration order."""
    obs = v.obs
    me = v.me
    cb = obs.combat
    declared = list(cb.attackers) if cb is not None else []
    avail = sorted({a.a for a in acts if a.kind == "attack"})
    cands = declared + [a for a in avail if a not in declared]
    if not cands:
        return []
    perms = v.perms
    opp = v.opponent()
    opp_life = v.life(opp)
    opp_creatures = v.creatures(opp)
    blockers = [p for p in opp_creatures if not p.tapped and not p.cant_block]
    # Lethal: even if each blocker stops one of our biggest attackers.
    powers = sorted((power(perms[a]) for a in cands), reverse=True)
    if sum(powers[len(blockers) :]) >= opp_life:
        return cands
    plan = [a for a in cands if a in declared or _good_attack(v, perms[a], blockers)]
    if len(plan) < len(cands) and len(cands) > len(blockers):
        # Swarm: the blockers can stop only some of us; assume they kill our most valuable.
        k = len(blockers)
        loss = sum(sorted((creature_value(v, perms[a]) for a in cands), reverse=True)[:k])
        through = sum(powers[k:])
        if through >= max(2.0, loss / 2):
            plan = cands
    # Hold back blockers if the opponent's counterattack could be lethal.
    my_life = v.life(me)
    opp_powers = sorted((power(c) for c in opp_creatures), reverse=True)
    keep: list[int] = []
    home = [p.id for p in v.creatures(me) if p.id not in plan]
    vigilant = [a for a in plan if "vigilance" in perms[a].keywords]

    def exposed() -> bool:
        guards = len(home) + len(keep) + len(vigilant)
        return sum(opp_powers[guards:]) >= my_life

    movable = sorted(
        (a for a in plan if a not in declared and a not in vigilant),
        key=lambda a: (-toughness_left(perms[a]), a),
    )
    while exposed() and movable:
        keep.append(movable.pop(0))
    return [a for a in plan if a not in keep]


def _good_attack(v: Situation, a: PermanentView, blockers: list[PermanentView]) -> bool:
    """No possible single block makes this attack a clear loss for us."""
    av = creature_value(v, a)
    fa = Fighter.of(a)
    if fa.power <= 0:
        return False
    for b in blockers:
        if not can_block(b, a):
            continue
        att_dies, blk_dies = fight(fa, Fighter.of(b))
        if att_dies and not blk_dies:
            return False
        if att_dies and blk_dies and creature_value(v, b) < 0.8 * av:
            return False
    return True


def block_plan(v: Situation, acts: list[Action]) -> list[tuple[int, int]]:
    """Blocks (blocker, attacker) to declare: the ones already declared are kept as they are."""
    cb = v.obs.combat
    if cb is None:
        return []
    perms = v.perms
    legal = {(a.a, a.b) for a in acts if a.kind == "block"}
    fixed = {b: atts[0] for b, atts in cb.blockers.items() if atts}
    used = set(fixed)
    blocked = set(fixed.values())
    attackers = [perms[a] for a in cb.attackers if a in perms]
    attackers = [a for a in attackers if "menace" not in a.keywords or a.id in blocked]
    attackers.sort(key=lambda a: (-creature_value(v, a), a.id))
    mine = sorted({b for b, _ in legal})
    plan: list[tuple[int, int]] = []
    for a in attackers:
        if a.id in blocked:
            continue
        best: tuple[float, int] | None = None
        fa = Fighter.of(a)
        av = creature_value(v, a)
        for b in mine:
            if b in used or (b, a.id) not in legal:
                continue
            bp = perms[b]
            bv = creature_value(v, bp)
            att_dies, blk_dies = fight(fa, Fighter.of(bp))
            if att_dies and not blk_dies:
                score = av + 1.0
            elif not blk_dies:
                score = 0.5
            elif att_dies and av >= bv:
                score = av - bv + 0.1
            else:
                continue
            if best is None or score > best[0]:
                best = (score, b)
        if best is not None:
            used.add(best[1])
            blocked.add(a.id)
            plan.append((best[1], a.id))
    # Chump blocks when the damage left unblocked would kill us.
    life = v.life(v.me)

    walls: dict[int, int] = {}
    for b, a_id in list(fixed.items()) + plan:
        if b in perms:
            walls[a_id] = walls.get(a_id, 0) + max(0, toughness_left(perms[b]))

    def incoming() -> int:
        total = 0
        for a_id in cb.attackers:
            p = perms.get(a_id)
            if p is None:
                continue
            if a_id not in blocked:
                total += power(p)
            elif "trample" in p.keywords:
                total += max(0, power(p) - walls.get(a_id, 0))
        return total

    for a in sorted(attackers, key=lambda a: (-power(a), a.id)):
        if incoming() < life:
            break
        if a.id in blocked:
            continue
        chumps = sorted(
            (b for b in mine if b not in used and (b, a.id) in legal),
            key=lambda b: (creature_value(v, perms[b]), b),
        )
        if chumps:
            used.add(chumps[0])
            blocked.add(a.id)
            walls[a.id] = max(0, toughness_left(perms[chumps[0]]))
            plan.append((chumps[0], a.id))
    return plan
