"""How good things are for the heuristic agent: permanent values, fight simulation,
and the scoring of targets, effects, casts and activations (from the observation and
public card knowledge only)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from karn import ir
from karn.agents.heuristic.cards import amount, flat, slot_effects
from karn.agents.heuristic.effect_scores import Target, harm, score, scores
from karn.agents.heuristic.situation import Situation, power, toughness_left
from karn.agents.heuristic.targets import candidates, matches
from karn.cards.mana import ManaCost
from karn.engine.mana import free_source
from karn.engine.observation import PermanentView, StackItemView
from karn.engine.state import BATTLEFIELD, ref_player

KEYWORD_VALUE = {
    "flying": 2.0,
    "first strike": 1.5,
    "double strike": 3.0,
    "deathtouch": 2.0,
    "lifelink": 1.0,
    "trample": 1.0,
    "menace": 1.0,
    "vigilance": 0.5,
    "reach": 0.5,
    "hexproof": 1.0,
    "indestructible": 3.0,
    "haste": 0.5,
    "shadow": 2.0,
    "horsemanship": 2.0,
    "fear": 1.5,
    "intimidate": 1.5,
    "skulk": 1.0,
    "infect": 1.5,
    "wither": 1.0,
}


# ============================================================================ evaluating permanents


def has_mana_ability(v: Situation, p: PermanentView) -> bool:
    for aid in p.abilities:
        ab = v.cards.ability(aid)
        if isinstance(ab, ir.Activated) and ab.mana_ability:
            return True
    return False


def creature_value(v: Situation, p: PermanentView) -> float:
    """How much a creature is worth on the battlefield (power counts double)."""
    val = 2.0 * max(p.power or 0, 0) + max(p.toughness or 0, 0)
    for k in p.keywords:
        val += KEYWORD_VALUE.get(k, 0.0)
    if has_mana_ability(v, p):
        val += 2.0
    return val


def permanent_value(v: Situation, p: PermanentView) -> float:
    if "creature" in p.types:
        return creature_value(v, p)
    if "planeswalker" in p.types:
        return 6.0 + p.counters.get("loyalty", 0)
    if "land" in p.types:
        return 1.5
    return 1.0 + p.mana_value


@dataclass(frozen=True, slots=True)
class Fighter:
    """A creature's combat numbers (with a pump already added, when asked)."""

    power: int
    tough: int  # toughness left (damage subtracted)
    first: bool
    deathtouch: bool
    indestructible: bool

    @staticmethod
    def of(p: PermanentView, dp: int = 0, dt: int = 0) -> Fighter:
        kw = p.keywords
        return Fighter(
            power=power(p) + dp,
            tough=toughness_left(p) + dt,
            first="first strike" in kw or "double strike" in kw,
            deathtouch="deathtouch" in kw,
            indestructible="indestructible" in kw,
        )


def fight(att: Fighter, blk: Fighter) -> tuple[bool, bool]:
    """(attacker dies, blocker dies) when the two deal combat damage to each other."""
    a_kills = att.power > 0 and (att.power >= blk.tough or att.deathtouch) and not blk.indestructible
    b_kills = blk.power > 0 and (blk.power >= att.tough or blk.deathtouch) and not att.indestructible
    if att.first and not blk.first and a_kills:
        b_kills = False
    elif blk.first and not att.first and b_kills:
        a_kills = False
    return b_kills, a_kills


def can_block(blocker: PermanentView, attacker: PermanentView) -> bool:
    """A guess at the blocking restrictions of the keywords (karn.engine.keywords); landwalk,
    which depends on the defending player's lands, is left out."""
    b = blocker.keywords
    a = attacker.keywords
    if "flying" in a and "flying" not in b and "reach" not in b:
        return False
    if ("shadow" in a) != ("shadow" in b) or ("horsemanship" in a and "horsemanship" not in b):
        return False
    if "fear" in a and "artifact" not in blocker.types and "B" not in blocker.colors:
        return False
    if (
        "intimidate" in a
        and "artifact" not in blocker.types
        and not set(attacker.colors) & set(blocker.colors)
    ):
        return False
    return not ("skulk" in a and (blocker.power or 0) > (attacker.power or 0))


# ============================================================================ target scoring


def face_score(v: Situation, n: int) -> float:
    life = v.life(v.opponent())
    if n >= life:
        return 1000.0
    if not v.face_time():
        return 0.0
    return n * (2.0 if life <= 10 else 1.5)


def _pump_value(v: Situation, p: PermanentView, dp: int, dt: int) -> float:
    """What +dp/+dt until end of turn on our creature ``p`` gains now."""
    obs = v.obs
    me = v.me
    value = creature_value(v, p)
    best = 0.0
    # In response to an opponent's damage spell or ability aimed at it (the topmost one).
    theirs = next((item for item in obs.stack if item.controller != me), None)
    if theirs is not None:
        dmg = _incoming_damage(v, theirs, p.id)
        left = toughness_left(p)
        if left <= dmg < left + dt:
            best = max(best, value)
    cb = obs.combat
    if cb is None or obs.step not in ("declare_blockers", "first_strike_damage"):
        return best
    oid = p.id
    if oid in cb.attackers:
        blockers = [v.perms[b] for b, atts in cb.blockers.items() if oid in atts and b in v.perms]
        if not blockers:
            if oid not in cb.blocked and dp > 0:
                life = v.life(v.opponent())
                unblocked = sum(
                    power(v.perms[a]) for a in cb.attackers if a in v.perms and a not in cb.blocked
                )
                if unblocked < life <= unblocked + dp:
                    best = max(best, 1000.0)
            return best
        if len(blockers) == 1:
            b = blockers[0]
            before = fight(Fighter.of(p), Fighter.of(b))
            after = fight(Fighter.of(p, dp, dt), Fighter.of(b))
            gain = (value if before[0] and not after[0] else 0.0) + (
                creature_value(v, b) if after[1] and not before[1] else 0.0
            )
            return max(best, gain)
        total = sum(power(b) for b in blockers)
        left = toughness_left(p)
        if left <= total < left + dt:
            best = max(best, value)
        return best
    if oid in cb.blockers:
        atts = [v.perms[a] for a in cb.blockers[oid] if a in v.perms]
        if atts:
            a = atts[0]
            before = fight(Fighter.of(a), Fighter.of(p))
            after = fight(Fighter.of(a), Fighter.of(p, dp, dt))
            gain = (value if before[1] and not after[1] else 0.0) + (
                creature_value(v, a) if after[0] and not before[0] else 0.0
            )
            best = max(best, gain)
    return best


def _incoming_damage(v: Situation, item: StackItemView, oid: int) -> int:
    """Damage the stack object ``item`` would deal to ``oid`` (0 if unknown or none)."""
    effects = object_effects(v, item)
    if effects is None:
        return 0
    total = 0
    for slot, tgts in enumerate(item.targets):
        if oid not in tgts:
            continue
        for e in slot_effects(effects, slot):
            if isinstance(e, ir.DealDamage):
                total += amount(e.amount, item.x)
    return total


def object_effects(
    v: Situation, item: StackItemView, modes: tuple[int, ...] | None = None
) -> tuple[ir.Effect, ...] | None:
    """Effects of a spell or ability on the stack."""
    if item.ability is None:
        sa = v.cards.spell_ability(item.name)
        if sa is None:
            return None
        if sa.modes:
            chosen = modes if modes is not None else item.modes
            return tuple(e for m in (chosen or (0,)) if m < len(sa.modes) for e in sa.modes[m].effects)
        return sa.effects
    ab = v.cards.ability(item.ability)
    if isinstance(ab, ir.Activated | ir.Triggered):
        return ab.effects
    return None


def score_target(v: Situation, effects: list[ir.Effect], t: int, x: int = 0) -> float:
    """How good it is for us that ``effects`` act on target ``t`` (a player ref or an object id):
    the sum of each effect's registered scorer (:mod:`karn.agents.heuristic.effect_scores`)."""
    me = v.me
    if t < 0:
        target = Target(mine=ref_player(t) == me, player=ref_player(t))
    else:
        p = v.perms.get(t)
        if p is None:
            item = v.stack_item(t)
            if item is None:
                return 0.0  # a card in a graveyard, ...
            target = Target(mine=item.controller == me, spell=item)
        else:
            target = Target(mine=p.controller == me, permanent=p, value=permanent_value(v, p))
    return sum(score(v, e, target, x) for e in effects)


@scores(ir.DealDamage)
def _damage(v: Situation, e: ir.DealDamage, target: Target, x: int) -> float:
    n = amount(e.amount, x)
    if target.player is not None:
        return -3.0 * n if target.mine else face_score(v, n)
    p = target.permanent
    if p is None:
        return 0.0
    if target.creature:
        kills = n >= toughness_left(p) and "indestructible" not in p.keywords
    else:
        kills = "planeswalker" in p.types and n >= p.counters.get("loyalty", 0)
    if kills:
        return -target.value if target.mine else target.value
    return -1.0 if target.mine else 0.0


@scores(ir.ApplyContinuous)
def _continuous(v: Situation, e: ir.ApplyContinuous, target: Target, x: int) -> float:
    if target.permanent is None:
        return 0.0 if target.spell is not None else harm(target)
    temporary = e.duration in ("end_of_turn", "until_your_next_turn")  # 611.2a
    return modify_score(v, target.permanent, e.mod, target.mine, target.value, temporary)


def modify_score(
    v: Situation, p: PermanentView, m: ir.Modify, mine: bool, value: float, temporary: bool
) -> float:
    creature = "creature" in p.types
    if m.cant_attack or m.cant_block or m.power < 0 or m.toughness < 0:
        if creature and toughness_left(p) + m.toughness <= 0:
            return -value if mine else value
        harm = 0.6 * value if (m.cant_attack or m.cant_block) else 0.5 * (-m.power - m.toughness)
        return -harm if mine else harm
    if not creature:
        return -1.0
    if not mine:
        return -1.0 - m.power - m.toughness
    if temporary:
        pump = _pump_value(v, p, m.power, m.toughness)
        obs = v.obs
        if obs.active == v.me and obs.step == "precombat_main" and not p.tapped:
            pump = max(pump, 1.0 * max(m.power, 0))  # before attacking: worth a little
        return pump
    return 1.0 + 2.0 * m.power + m.toughness + len(m.add_keywords)


def aura_score(v: Situation, t: int, mods: list[ir.Modify]) -> float:
    p = v.perms.get(t) if t >= 0 else None
    if p is None:
        return 0.0
    mine = p.controller == v.me
    value = permanent_value(v, p)
    total = 0.0
    for m in mods:
        harmful = m.cant_attack or m.cant_block or m.power < 0 or m.toughness < 0
        if harmful:
            total += modify_score(v, p, m, mine, value, False)
        elif mine:
            ready = not p.sick or "haste" in p.keywords
            total += (
                3.0
                + 0.3 * value
                + 2.0 * m.power
                + m.toughness
                + len(m.add_keywords)
                + (1.0 if ready else 0.0)
            )
        else:
            total -= 2.0
    return total if mods else (1.0 if mine else 0.0)


def _best_over(v: Situation, spec: ir.TargetSpec, source: int, score: Callable[[int], float]) -> float:
    return max((score(c) for c in candidates(v, spec, source)), default=0.0)


def effects_score(
    v: Situation,
    effects: tuple[ir.Effect, ...],
    specs: tuple[ir.TargetSpec, ...],
    source: int,
    x: int = 0,
) -> float:
    """Worth of a spell or ability (with the best first target), or of its untargeted effects."""
    if not specs:
        return _untargeted_score(v, effects, x) if v.my_main() or v.face_time() else 0.0
    slot0 = slot_effects(effects, 0)
    return _best_over(v, specs[0], source, lambda c: score_target(v, slot0, c, x))


def _group_of(e: ir.Effect) -> ir.Group | None:
    sel = e.mod.affected if isinstance(e, ir.ApplyContinuous) else getattr(e, "what", None)
    return sel if isinstance(sel, ir.Group) else None


def _untargeted_score(v: Situation, effects: tuple[ir.Effect, ...], x: int) -> float:
    """Effects on groups ("destroy all creatures") count object by object; others a flat 4."""
    total = 0.0
    other = False
    for e in flat(effects):
        grp = _group_of(e)
        if grp is None or grp.filter.zone != BATTLEFIELD:
            other = True
            continue
        for p in v.obs.battlefield:
            if matches(v, p, grp.filter):
                total += score_target(v, [e], p.id, x)
    return total + (4.0 if other else 0.0)


def available_mana(v: Situation) -> int:
    """Mana the agent could make now: its pool and its untapped free mana sources (302.6)."""
    me = v.me
    total = sum(v.obs.players[me].mana_pool.values())
    for p in v.obs.battlefield:
        if p.controller != me or p.tapped:
            continue
        if p.sick and "creature" in p.types and "haste" not in p.keywords:
            continue
        for aid in p.abilities:
            ab = v.cards.ability(aid)
            if isinstance(ab, ir.Activated) and ab.mana_ability and ab.cost.tap and free_source(ab):
                total += 1
                break
    return total


def max_x(v: Situation, cost: ManaCost, cap: int = 20) -> int:
    """The largest X (107.3) the agent could likely pay for."""
    if not cost.x:
        return 0
    return max(0, min(cap, (available_mana(v) - cost.mana_value) // cost.x))


# ============================================================================ what to cast or activate


def cast_score(v: Situation, oid: int) -> float:
    name = v.hand.get(oid)
    if name is None:
        return 0.0
    face = v.cards.face(name)
    main = v.my_main()
    if "creature" in face.types:
        return 10.0 + face.mana_value if main or v.face_time() else 0.0
    ef = v.cards.enchant_filter(name)
    if ef is not None:
        if not main:
            return 0.0
        mods = v.cards.aura_mods(name)
        return _best_over(v, ir.TargetSpec(objects=ef), oid, lambda c: aura_score(v, c, mods))
    sa = v.cards.spell_ability(name)
    cheap = 0.1 * face.mana_value  # prefer the cheaper of two equal spells
    if sa is None:
        return (6.0 + face.mana_value) if main else 0.0
    x = max_x(v, face.cost)
    if sa.modes:
        return max(effects_score(v, m.effects, m.targets, oid, x) for m in sa.modes) - cheap
    return effects_score(v, sa.effects, sa.targets, oid, x) - cheap


def activate_score(v: Situation, oid: int, idx: int) -> float:
    p = v.perms.get(oid)
    if p is None or not 0 <= idx < len(p.abilities):
        return 0.0
    ab = v.cards.ability(p.abilities[idx])
    if not isinstance(ab, ir.Activated):
        return 0.0
    if ab.cost.loyalty is not None:
        # Planeswalkers: an ability every turn, preferring the ones that add loyalty.
        bonus = effects_score(v, ab.effects, ab.targets, oid) if ab.targets else 0.0
        return 4.0 + 0.2 * ab.cost.loyalty + bonus if v.my_main() else 0.0
    if ab.equip:
        if p.attached_to or not v.my_main():
            return 0.0
    elif not ab.cost.tap:
        return 0.0  # repeatable abilities: not worth the risk of wasting mana
    return effects_score(v, ab.effects, ab.targets, oid)


def pending_target_scorer(v: Situation) -> Callable[[int], float]:
    """A scorer for the target decision of the spell or ability being put on the stack."""
    d = v.obs.decision
    item = v.stack_item(d.source) if d is not None and d.source is not None else v.top()
    if item is None:
        return lambda t: 0.0
    slot = d.slot if d is not None else 0
    if item.ability is None:
        sa = v.cards.spell_ability(item.name)
        if sa is None:
            mods = v.cards.aura_mods(item.name)
            return lambda t: aura_score(v, t, mods)
        modes = d.modes if d is not None and d.modes else (0,)
        effects: tuple[ir.Effect, ...] | None = object_effects(v, item, modes)
    else:
        effects = object_effects(v, item)
    if effects is None:
        me = v.me
        return lambda t: 1.0 if t < 0 and ref_player(t) != me else 0.0
    chosen = slot_effects(effects, slot)
    x = d.x if d is not None and d.x is not None else item.x
    return lambda t: score_target(v, chosen, t, x)
