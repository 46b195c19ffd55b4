"""Combat plans for the heuristic agent: which creatures attack, and which block what."""

from __future__ import annotations

from typing import TYPE_CHECKING

from karn.agents.heuristic.evaluate import Fighter, _can_block, _power, _toughness_left, creature_value, fight
from karn.agents.heuristic.situation import _on_bf, _opponent
from karn.engine.actions import Action

if TYPE_CHECKING:
    from karn.game import Game


# ============================================================================ combat plans


def attack_plan(g: Game, me: int, acts: list[Action]) -> list[int]:
    """The creatures to attack with (including those already declared), in declaration order."""
    s = g.state
    cb = s.combat
    declared = list(cb.attackers) if cb is not None else []
    avail = sorted({a.a for a in acts if a.kind == "attack"})
    cands = declared + [a for a in avail if a not in declared]
    if not cands:
        return []
    opp = _opponent(g, me)
    opp_life = s.players[opp].life
    opp_creatures = [
        oid for oid in s.battlefield if g.controller(oid) == opp and g.chars(oid).is_("creature")
    ]
    blockers = [oid for oid in opp_creatures if not s.objects[oid].tapped and not g.chars(oid).cant_block]
    # Lethal: even if each blocker stops one of our biggest attackers.
    powers = sorted((_power(g, a) for a in cands), reverse=True)
    if sum(powers[len(blockers) :]) >= opp_life:
        return cands
    plan = [a for a in cands if a in declared or _good_attack(g, a, blockers)]
    if len(plan) < len(cands) and len(cands) > len(blockers):
        # Swarm: the blockers can stop only some of us; assume they kill our most valuable.
        k = len(blockers)
        loss = sum(sorted((creature_value(g, a) for a in cands), reverse=True)[:k])
        through = sum(powers[k:])
        if through >= max(2.0, loss / 2):
            plan = cands
    # Hold back blockers if the opponent's counterattack could be lethal.
    my_life = s.players[me].life
    opp_powers = sorted((_power(g, c) for c in opp_creatures), reverse=True)
    keep: list[int] = []
    home = [
        oid
        for oid in s.battlefield
        if g.controller(oid) == me and g.chars(oid).is_("creature") and oid not in plan
    ]
    vigilant = [a for a in plan if "vigilance" in g.chars(a).keywords]

    def exposed() -> bool:
        guards = len(home) + len(keep) + len(vigilant)
        return sum(opp_powers[guards:]) >= my_life

    movable = sorted(
        (a for a in plan if a not in declared and a not in vigilant),
        key=lambda a: (-_toughness_left(g, a), a),
    )
    while exposed() and movable:
        keep.append(movable.pop(0))
    return [a for a in plan if a not in keep]


def _good_attack(g: Game, a: int, blockers: list[int]) -> bool:
    """No possible single block makes this attack a clear loss for us."""
    av = creature_value(g, a)
    fa = Fighter.of(g, a)
    if fa.power <= 0:
        return False
    for b in blockers:
        if not _can_block(g, b, a):
            continue
        att_dies, blk_dies = fight(fa, Fighter.of(g, b))
        if att_dies and not blk_dies:
            return False
        if att_dies and blk_dies and creature_value(g, b) < 0.8 * av:
            return False
    return True


def block_plan(g: Game, me: int, acts: list[Action]) -> list[tuple[int, int]]:
    """Blocks (blocker, attacker) to declare: the ones already declared are kept as they are."""
    s = g.state
    cb = s.combat
    if cb is None:
        return []
    legal = {(a.a, a.b) for a in acts if a.kind == "block"}
    fixed = {b: atts[0] for b, atts in cb.blockers.items() if atts}
    used = set(fixed)
    blocked = set(fixed.values())
    attackers = [a for a in cb.attackers if _on_bf(g, a)]
    attackers = [a for a in attackers if "menace" not in g.chars(a).keywords or a in blocked]
    attackers.sort(key=lambda a: (-creature_value(g, a), a))
    mine = sorted({b for b, _ in legal})
    plan: list[tuple[int, int]] = []
    for a in attackers:
        if a in blocked:
            continue
        best: tuple[float, int] | None = None
        fa = Fighter.of(g, a)
        av = creature_value(g, a)
        for b in mine:
            if b in used or (b, a) not in legal:
                continue
            bv = creature_value(g, b)
            att_dies, blk_dies = fight(fa, Fighter.of(g, b))
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
            blocked.add(a)
            plan.append((best[1], a))
    # Chump blocks when the damage left unblocked would kill us.
    life = s.players[me].life

    walls: dict[int, int] = {}
    for b, a in list(fixed.items()) + plan:
        walls[a] = walls.get(a, 0) + max(0, _toughness_left(g, b))

    def incoming() -> int:
        total = 0
        for a in cb.attackers:
            if not _on_bf(g, a):
                continue
            if a not in blocked:
                total += _power(g, a)
            elif "trample" in g.chars(a).keywords:
                total += max(0, _power(g, a) - walls.get(a, 0))
        return total

    for a in sorted(attackers, key=lambda a: (-_power(g, a), a)):
        if incoming() < life:
            break
        if a in blocked:
            continue
        chumps = sorted(
            (b for b in mine if b not in used and (b, a) in legal), key=lambda b: (creature_value(g, b), b)
        )
        if chumps:
            used.add(chumps[0])
            blocked.add(a)
            walls[a] = max(0, _toughness_left(g, chumps[0]))
            plan.append((chumps[0], a))
    return plan
