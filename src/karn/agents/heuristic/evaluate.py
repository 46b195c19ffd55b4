"""How good things are for the heuristic agent: permanent values, fight simulation,
and the scoring of targets, effects, casts and activations."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from karn import ir
from karn.agents.heuristic.cards import (
    _amount,
    _aura_mods,
    _enchant_filter,
    _flat,
    _slot_effects,
    _spell_ability,
)
from karn.agents.heuristic.situation import _face_time, _my_main, _on_bf, _opponent
from karn.engine import mana, targeting
from karn.engine.state import BATTLEFIELD, STACK, Obj, ref_player

if TYPE_CHECKING:
    from karn.game import Game

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
}


# ============================================================================ evaluating permanents


def creature_value(g: Game, oid: int) -> float:
    """How much a creature is worth on the battlefield (power counts double)."""
    c = g.chars(oid)
    v = 2.0 * max(c.power, 0) + max(c.toughness, 0)
    for k in c.keywords:
        v += KEYWORD_VALUE.get(k, 0.0)
    if any(isinstance(a, ir.Activated) and a.mana_ability for a in c.abilities):
        v += 2.0
    return v


def permanent_value(g: Game, oid: int) -> float:
    c = g.chars(oid)
    if c.is_("creature"):
        return creature_value(g, oid)
    if c.is_("planeswalker"):
        return 6.0 + g.state.objects[oid].counters.get("loyalty", 0)
    if c.is_("land"):
        return 1.5
    return 1.0 + c.mana_value


def _toughness_left(g: Game, oid: int) -> int:
    return g.chars(oid).toughness - g.state.objects[oid].damage


def _power(g: Game, oid: int) -> int:
    return max(0, g.chars(oid).power)


@dataclass(frozen=True, slots=True)
class Fighter:
    """A creature's combat numbers (with a pump already added, when asked)."""

    power: int
    tough: int  # toughness left (damage subtracted)
    first: bool
    deathtouch: bool
    indestructible: bool

    @staticmethod
    def of(g: Game, oid: int, dp: int = 0, dt: int = 0) -> Fighter:
        kw = g.chars(oid).keywords
        return Fighter(
            power=_power(g, oid) + dp,
            tough=_toughness_left(g, oid) + dt,
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


def _can_block(g: Game, blocker: int, attacker: int) -> bool:
    b = g.chars(blocker).keywords
    a = g.chars(attacker).keywords
    return "flying" not in a or "flying" in b or "reach" in b


# ============================================================================ target scoring


def _face_score(g: Game, me: int, n: int) -> float:
    opp = g.state.players[_opponent(g, me)]
    if n >= opp.life:
        return 1000.0
    if not _face_time(g, me):
        return 0.0
    return n * (2.0 if opp.life <= 10 else 1.5)


def _pump_value(g: Game, me: int, oid: int, dp: int, dt: int) -> float:
    """What +dp/+dt until end of turn on our creature ``oid`` gains now."""
    s = g.state
    value = creature_value(g, oid)
    best = 0.0
    # In response to an opponent's damage spell or ability aimed at it (the topmost one).
    theirs = next((s.objects[x] for x in reversed(s.stack) if s.objects[x].controller != me), None)
    if theirs is not None:
        dmg = _incoming_damage(g, theirs, oid)
        left = _toughness_left(g, oid)
        if left <= dmg < left + dt:
            best = max(best, value)
    cb = s.combat
    if cb is None or s.step not in ("declare_blockers", "first_strike_damage"):
        return best
    if oid in cb.attackers:
        blockers = [b for b, atts in cb.blockers.items() if oid in atts and _on_bf(g, b)]
        if not blockers:
            if oid not in cb.blocked and dp > 0:
                opp = s.players[_opponent(g, me)]
                unblocked = sum(_power(g, a) for a in cb.attackers if _on_bf(g, a) and a not in cb.blocked)
                if unblocked < opp.life <= unblocked + dp:
                    best = max(best, 1000.0)
            return best
        if len(blockers) == 1:
            b = blockers[0]
            before = fight(Fighter.of(g, oid), Fighter.of(g, b))
            after = fight(Fighter.of(g, oid, dp, dt), Fighter.of(g, b))
            gain = (value if before[0] and not after[0] else 0.0) + (
                creature_value(g, b) if after[1] and not before[1] else 0.0
            )
            return max(best, gain)
        total = sum(_power(g, b) for b in blockers)
        left = _toughness_left(g, oid)
        if left <= total < left + dt:
            best = max(best, value)
        return best
    if oid in cb.blockers:
        atts = [a for a in cb.blockers[oid] if _on_bf(g, a)]
        if atts:
            a = atts[0]
            before = fight(Fighter.of(g, a), Fighter.of(g, oid))
            after = fight(Fighter.of(g, a), Fighter.of(g, oid, dp, dt))
            gain = (value if before[1] and not after[1] else 0.0) + (
                creature_value(g, a) if after[0] and not before[0] else 0.0
            )
            best = max(best, gain)
    return best


def _incoming_damage(g: Game, o: Obj, oid: int) -> int:
    """Damage the stack object ``o`` would deal to ``oid`` (0 if unknown or none)."""
    effects = _object_effects(g, o)
    if effects is None:
        return 0
    total = 0
    for slot, tgts in enumerate(o.targets):
        if oid not in tgts:
            continue
        for e in _slot_effects(effects, slot):
            if isinstance(e, ir.DealDamage):
                total += _amount(e.amount, o.x)
    return total


def _object_effects(g: Game, o: Obj) -> tuple[ir.Effect, ...] | None:
    """Effects of a spell or ability on the stack."""
    try:
        if not o.ability:
            sa = _spell_ability(g, o.name)
            if sa is None:
                return None
            if sa.modes:
                return tuple(e for m in (o.mode or [0]) for e in sa.modes[m].effects)
            return sa.effects
        ab = g.pool.ability(o.ability)
    except (KeyError, IndexError):
        return None
    if isinstance(ab, ir.Activated | ir.Triggered):
        return ab.effects
    return None


def score_target(g: Game, me: int, effects: list[ir.Effect], t: int, x: int = 0) -> float:
    """How good it is for us that ``effects`` act on target ``t`` (a player ref or an object id)."""
    s = g.state
    if t < 0:
        p = ref_player(t)
        mine = p == me
        total = 0.0
        for e in effects:
            if isinstance(e, ir.DealDamage):
                n = _amount(e.amount, x)
                total += -3.0 * n if mine else _face_score(g, me, n)
            elif isinstance(e, ir.GainLife | ir.Draw):
                n = _amount(e.amount, x)
                total += 1.5 * n if mine else -1.5 * n
            elif isinstance(e, ir.LoseLife | ir.Discard):
                n = _amount(e.amount, x)
                total += -1.5 * n if mine else 1.5 * n
            else:
                total += -1.0 if mine else 1.0
        return total
    o = s.objects.get(t)
    if o is None:
        return 0.0
    if o.zone == STACK:
        mine = o.controller == me
        return sum((-6.0 if mine else 6.0) for e in effects if isinstance(e, ir.CounterSpell))
    if o.zone != BATTLEFIELD:
        return 0.0
    mine = g.controller(t) == me
    c = g.chars(t)
    creature = c.is_("creature")
    value = permanent_value(g, t)
    total = 0.0
    for e in effects:
        if isinstance(e, ir.DealDamage):
            n = _amount(e.amount, x)
            if creature:
                kills = n >= _toughness_left(g, t) and "indestructible" not in c.keywords
            else:
                kills = c.is_("planeswalker") and n >= o.counters.get("loyalty", 0)
            if kills:
                total += -value if mine else value
            elif mine:
                total -= 1.0
        elif isinstance(e, ir.ApplyContinuous):
            total += _modify_score(g, me, t, e.mod, mine, value, e.duration == "end_of_turn")
        elif isinstance(e, ir.Destroy | ir.Exile | ir.GainControl):
            total += -value if mine else value
        elif isinstance(e, ir.ReturnToHand):
            total += -0.5 * value if mine else 0.5 * value
        elif isinstance(e, ir.Tap | ir.SkipNextUntap):
            total += -1.0 if mine else 1.0
        elif isinstance(e, ir.PutCounters):
            n = _amount(e.amount, x)
            if e.kind == "-1/-1":
                kills = creature and n >= _toughness_left(g, t)
                total += (-value if mine else value) if kills else (-n if mine else n)
            else:
                total += 2.0 * n if mine else -2.0 * n
        elif isinstance(e, ir.Untap | ir.PreventDamage):
            total += 1.0 if mine else -1.0
        elif isinstance(e, ir.Attach):
            total += (2.0 + 0.3 * value) if (mine and creature) else -1.0
        else:
            total += -1.0 if mine else 1.0
    return total


def _modify_score(g: Game, me: int, t: int, m: ir.Modify, mine: bool, value: float, temporary: bool) -> float:
    c = g.chars(t)
    if m.cant_attack or m.cant_block or m.power < 0 or m.toughness < 0:
        if c.is_("creature") and _toughness_left(g, t) + m.toughness <= 0:
            return -value if mine else value
        harm = 0.6 * value if (m.cant_attack or m.cant_block) else 0.5 * (-m.power - m.toughness)
        return -harm if mine else harm
    if not c.is_("creature"):
        return -1.0
    if not mine:
        return -1.0 - m.power - m.toughness
    if temporary:
        pump = _pump_value(g, me, t, m.power, m.toughness)
        st = g.state
        if st.active == me and st.step == "precombat_main" and not st.objects[t].tapped:
            pump = max(pump, 1.0 * max(m.power, 0))  # before attacking: worth a little
        return pump
    return 1.0 + 2.0 * m.power + m.toughness + len(m.add_keywords)


def _aura_score(g: Game, me: int, t: int, mods: list[ir.Modify]) -> float:
    if t < 0 or not _on_bf(g, t):
        return 0.0
    mine = g.controller(t) == me
    value = permanent_value(g, t)
    total = 0.0
    for m in mods:
        harmful = m.cant_attack or m.cant_block or m.power < 0 or m.toughness < 0
        if harmful:
            total += _modify_score(g, me, t, m, mine, value, False)
        elif mine:
            o = g.state.objects[t]
            ready = not o.sick or "haste" in g.chars(t).keywords
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


def _best_over(g: Game, me: int, spec: ir.TargetSpec, source: int, score: Callable[[int], float]) -> float:
    cands = targeting.candidates(g.ctx, spec, me, source)
    return max((score(c) for c in cands), default=0.0)


def effects_score(
    g: Game,
    me: int,
    effects: tuple[ir.Effect, ...],
    specs: tuple[ir.TargetSpec, ...],
    source: int,
    x: int = 0,
) -> float:
    """Worth of a spell or ability (with the best first target), or of its untargeted effects."""
    if not specs:
        return _untargeted_score(g, me, effects, x) if _my_main(g, me) or _face_time(g, me) else 0.0
    slot0 = _slot_effects(effects, 0)
    return _best_over(g, me, specs[0], source, lambda c: score_target(g, me, slot0, c, x))


def _group_of(e: ir.Effect) -> ir.Group | None:
    sel = e.mod.affected if isinstance(e, ir.ApplyContinuous) else getattr(e, "what", None)
    return sel if isinstance(sel, ir.Group) else None


def _untargeted_score(g: Game, me: int, effects: tuple[ir.Effect, ...], x: int) -> float:
    """Effects on groups ("destroy all creatures") count object by object; others a flat 4."""
    total = 0.0
    other = False
    for e in _flat(effects):
        grp = _group_of(e)
        if grp is None:
            other = True
            continue
        if grp.filter.zone != BATTLEFIELD:
            other = True
            continue
        for oid in g.state.battlefield:
            if targeting.matches(g.ctx, oid, grp.filter, me):
                total += score_target(g, me, [e], oid, x)
    return total + (4.0 if other else 0.0)


# ============================================================================ what to cast or activate


def cast_score(g: Game, me: int, oid: int) -> float:
    name = g.state.objects[oid].name
    face = g.face(name)
    main = _my_main(g, me)
    if "creature" in face.types:
        return 10.0 + face.mana_value if main or _face_time(g, me) else 0.0
    ef = _enchant_filter(g, name)
    if ef is not None:
        if not main:
            return 0.0
        mods = _aura_mods(g, name)
        return _best_over(g, me, ir.TargetSpec(objects=ef), oid, lambda c: _aura_score(g, me, c, mods))
    sa = _spell_ability(g, name)
    cheap = 0.1 * face.mana_value  # prefer the cheaper of two equal spells
    if sa is None:
        return (6.0 + face.mana_value) if main else 0.0
    x = mana.max_x(g.ctx, me, face.cost) if face.cost.x else 0
    if sa.modes:
        return max(effects_score(g, me, m.effects, m.targets, oid, x) for m in sa.modes) - cheap
    return effects_score(g, me, sa.effects, sa.targets, oid, x) - cheap


def activate_score(g: Game, me: int, oid: int, idx: int) -> float:
    abilities = g.chars(oid).abilities
    if idx >= len(abilities):
        return 0.0
    ab = abilities[idx]
    if not isinstance(ab, ir.Activated):
        return 0.0
    if ab.cost.loyalty is not None:
        # Planeswalkers: an ability every turn, preferring the ones that add loyalty.
        bonus = effects_score(g, me, ab.effects, ab.targets, oid) if ab.targets else 0.0
        return 4.0 + 0.2 * ab.cost.loyalty + bonus if _my_main(g, me) else 0.0
    if ab.equip:
        if g.state.objects[oid].attached_to or not _my_main(g, me):
            return 0.0
    elif not ab.cost.tap:
        return 0.0  # repeatable abilities: not worth the risk of wasting mana
    return effects_score(g, me, ab.effects, ab.targets, oid)


def pending_target_scorer(g: Game, me: int) -> Callable[[int], float]:
    """A scorer for the target decision of the spell or ability being put on the stack."""
    s = g.state
    if not s.stack:
        return lambda t: 0.0
    o = s.objects[s.stack[-1]]
    frame = s.agenda[-1] if s.agenda else None
    picks = getattr(frame, "picks", None)
    slot = picks.slot if picks is not None else 0
    if not o.ability:
        sa = _spell_ability(g, o.name)
        if sa is None:
            mods = _aura_mods(g, o.name)
            return lambda t: _aura_score(g, me, t, mods)
        if sa.modes:
            modes = getattr(frame, "modes", None) or [0]
            effects = tuple(e for m in modes for e in sa.modes[m].effects)
        else:
            effects = sa.effects
    else:
        found = _object_effects(g, o)
        if found is None:
            return lambda t: 1.0 if t < 0 and ref_player(t) != me else 0.0
        effects = found
    chosen = _slot_effects(effects, slot)
    return lambda t: score_target(g, me, chosen, t, o.x)
