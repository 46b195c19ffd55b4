"""A simple, fast, deterministic heuristic player.

It plays a land whenever it can; casts creatures, Auras on its best creature,
burn at creatures it can kill (the most valuable first) or at the opponent's
face (late in its own turn, at the end of the opponent's turn, or when it is
lethal), pump spells when they win a fight in combat or save a creature from
a burn spell; pays with the engine's payment solver and never cancels.
It attacks when no possible blocker makes the attack a bad trade (or when the
attack is lethal), and blocks to kill, to trade evenly, or to chump when the
incoming damage would be lethal.

Information: it decides from the legal actions, the observation (its own
hand), and public state (the battlefield, the stack, combat, life totals and
card data). It never reads the opponent's hand nor any library.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from karn import ir
from karn.engine import mana, targeting
from karn.engine.actions import Action
from karn.engine.state import BATTLEFIELD, STACK, Obj, player_ref, ref_player

if TYPE_CHECKING:
    from karn.engine.game import Game

#: A cast or activation must score above this to be worth doing now.
CAST_THRESHOLD = 3.5

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

Handler = Callable[["Game", int, list[Action]], "Action | None"]


class HeuristicAgent:
    """A rule-of-thumb player: beats random play almost always, and is fast."""

    def __repr__(self) -> str:
        return "HeuristicAgent()"

    def choose(self, game: Game, player: int) -> Action:
        acts = game.legal_actions()
        if not acts:
            raise ValueError("no decision is pending: the game is over")
        d = game.decision
        handler = _HANDLERS.get(d.kind) if d is not None else None
        if handler is not None:
            choice = handler(game, player, acts)
            if choice is not None:
                return choice
        return _fallback(acts)


# ============================================================================ small helpers


def _first(acts: list[Action], kind: str) -> Action | None:
    for a in acts:
        if a.kind == kind:
            return a
    return None


def _fallback(acts: list[Action]) -> Action:
    """Anything but cancel, if possible."""
    for a in acts:
        if a.kind != "cancel":
            return a
    return acts[0]


def _opponent(g: Game, me: int) -> int:
    for p in g.s.players:
        if p.index != me and not p.lost:
            return p.index
    return (me + 1) % len(g.s.players)


def _hand(g: Game, me: int) -> list[tuple[int, str]]:
    """Our own hand, as the observation shows it."""
    obs = g.observation(me)
    return [(c["id"], c["name"]) for c in obs["players"][me].get("hand", [])]


def _is_land(g: Game, name: str) -> bool:
    return "land" in g.face(name).types


def _on_bf(g: Game, oid: int) -> bool:
    o = g.s.objects.get(oid)
    return o is not None and o.zone == BATTLEFIELD


def _lands_in_play(g: Game, me: int) -> int:
    return sum(1 for oid in g.s.battlefield if g.controller(oid) == me and g.chars(oid).is_("land"))


def _my_main(g: Game, me: int) -> bool:
    s = g.s
    return s.active == me and s.step in ("precombat_main", "postcombat_main") and not s.stack


def _face_time(g: Game, me: int) -> bool:
    """When damage to the opponent's face is worth spending a card on (if not lethal)."""
    s = g.s
    return (s.active == me and s.step == "postcombat_main") or (s.active != me and s.step == "end")


# ============================================================================ card knowledge (public card data)


def _spell_ability(g: Game, name: str) -> ir.SpellAbility | None:
    for a in g.compiled(name).abilities:
        if isinstance(a, ir.SpellAbility):
            return a
    return None


def _enchant_filter(g: Game, name: str) -> ir.Filter | None:
    for a in g.compiled(name).abilities:
        if isinstance(a, ir.Keyword) and a.name == "enchant":
            return a.arg or ir.Filter()
    return None


def _aura_mods(g: Game, name: str) -> list[ir.Modify]:
    out: list[ir.Modify] = []
    for a in g.compiled(name).abilities:
        if isinstance(a, ir.Static):
            out.extend(m for m in a.mods if isinstance(m.affected, ir.Ref) and m.affected.kind == "enchanted")
    return out


def _flat(effects: tuple[ir.Effect, ...]) -> list[ir.Effect]:
    out: list[ir.Effect] = []
    for e in effects:
        if isinstance(e, ir.May):
            out.extend(_flat(e.effects))
        else:
            out.append(e)
    return out


def _is_slot(r: object, slot: int) -> bool:
    return isinstance(r, ir.Ref) and r.kind == "target" and r.index == slot


def _slot_effects(effects: tuple[ir.Effect, ...], slot: int) -> list[ir.Effect]:
    """The effects that act on target slot ``slot``."""
    out: list[ir.Effect] = []
    for e in _flat(effects):
        if isinstance(e, ir.ApplyContinuous):
            if _is_slot(e.mod.affected, slot):
                out.append(e)
            continue
        if any(_is_slot(getattr(e, f, None), slot) for f in ("to", "what", "player")):
            out.append(e)
    return out


def _amount(a: ir.Amount, x: int) -> int:
    if isinstance(a, int):
        return a
    return x if a.name == "X" else 2


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
        return 6.0 + g.s.objects[oid].counters.get("loyalty", 0)
    if c.is_("land"):
        return 1.5
    return 1.0 + c.mana_value


def _toughness_left(g: Game, oid: int) -> int:
    return g.chars(oid).toughness - g.s.objects[oid].damage


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
    opp = g.s.players[_opponent(g, me)]
    if n >= opp.life:
        return 1000.0
    if not _face_time(g, me):
        return 0.0
    return n * (2.0 if opp.life <= 10 else 1.5)


def _pump_value(g: Game, me: int, oid: int, dp: int, dt: int) -> float:
    """What +dp/+dt until end of turn on our creature ``oid`` gains now."""
    s = g.s
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
        if o.ability < 0:
            sa = _spell_ability(g, o.name)
            if sa is None:
                return None
            if sa.modes:
                return tuple(e for m in (o.mode or [0]) for e in sa.modes[m].effects)
            return sa.effects
        ab = g.compiled(o.name).abilities[o.ability]
    except (KeyError, IndexError):
        return None
    if isinstance(ab, ir.Activated | ir.Triggered):
        return ab.effects
    return None


def score_target(g: Game, me: int, effects: list[ir.Effect], t: int, x: int = 0) -> float:
    """How good it is for us that ``effects`` act on target ``t`` (a player ref or an object id)."""
    s = g.s
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
        st = g.s
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
            o = g.s.objects[t]
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
    cands = targeting.candidates(g, spec, me, source)
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
        for oid in g.s.battlefield:
            if targeting.matches(g, oid, grp.filter, me):
                total += score_target(g, me, [e], oid, x)
    return total + (4.0 if other else 0.0)


# ============================================================================ what to cast or activate


def cast_score(g: Game, me: int, oid: int) -> float:
    name = g.s.objects[oid].name
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
    x = mana.max_x(g, me, face.cost) if face.cost.x else 0
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
        if g.s.objects[oid].attached_to or not _my_main(g, me):
            return 0.0
    elif not ab.cost.tap:
        return 0.0  # repeatable abilities: not worth the risk of wasting mana
    return effects_score(g, me, ab.effects, ab.targets, oid)


def pending_target_scorer(g: Game, me: int) -> Callable[[int], float]:
    """A scorer for the target decision of the spell or ability being put on the stack."""
    s = g.s
    if not s.stack:
        return lambda t: 0.0
    o = s.objects[s.stack[-1]]
    frame = s.agenda[-1].vars if s.agenda else {}
    slot = int(frame.get("slot", 0))
    if o.ability < 0:
        sa = _spell_ability(g, o.name)
        if sa is None:
            mods = _aura_mods(g, o.name)
            return lambda t: _aura_score(g, me, t, mods)
        if sa.modes:
            modes = frame.get("modes") or [0]
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


# ============================================================================ combat plans


def attack_plan(g: Game, me: int, acts: list[Action]) -> list[int]:
    """The creatures to attack with (including those already declared), in declaration order."""
    s = g.s
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
    s = g.s
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


# ============================================================================ decision handlers


def _mulligan(g: Game, me: int, acts: list[Action]) -> Action | None:
    hand = _hand(g, me)
    lands = sum(1 for _, n in hand if _is_land(g, n))
    mulls = g.s.players[me].mulligans  # public: everyone sees the mulligans taken
    ok = 2 <= lands <= 5 if mulls == 0 else (1 <= lands <= 5 if mulls == 1 else True)
    return _first(acts, "keep" if ok else "mulligan")


def _worst_card(g: Game, me: int, ids: list[int]) -> int:
    """Our card we'd miss least: a land when we have plenty, else the most expensive spell."""
    names = dict(_hand(g, me))
    lands = [i for i in ids if _is_land(g, names.get(i) or g.obj(i).name)]
    spells = [i for i in ids if i not in lands]
    have = len(lands) + _lands_in_play(g, me)
    if lands and (have >= 5 or len(lands) > len(ids) // 2 or not spells):
        return lands[-1]
    return max(spells, key=lambda i: (g.face(names.get(i) or g.obj(i).name).mana_value, i))


def _bottom(g: Game, me: int, acts: list[Action]) -> Action | None:
    opts = [a for a in acts if a.kind == "bottom"]
    if not opts:
        return None
    worst = _worst_card(g, me, [a.a for a in opts])
    return next(a for a in opts if a.a == worst)


def _discard(g: Game, me: int, acts: list[Action]) -> Action | None:
    opts = [a for a in acts if a.kind == "choose"]
    if not opts:
        return None
    mine = [a for a in opts if g.obj(a.a).owner == me]
    if mine:
        worst = _worst_card(g, me, [a.a for a in mine])
        return next(a for a in mine if a.a == worst)
    # Choosing the card an opponent discards (shown to us by the decision): the most expensive.
    return max(opts, key=lambda a: (g.face(g.obj(a.a).name).mana_value, -a.a))


def _scry(g: Game, me: int, acts: list[Action]) -> Action | None:
    top = _first(acts, "top")
    bottom = _first(acts, "bottom")
    if top is None or bottom is None:
        return None
    name = g.obj(top.a).name  # the card being scried: this decision shows it to us
    lands = _lands_in_play(g, me) + sum(1 for _, n in _hand(g, me) if _is_land(g, n))
    if _is_land(g, name):
        return top if lands < 5 else bottom
    return top if lands >= 3 or g.face(name).mana_value <= 2 else bottom


def _yes(g: Game, me: int, acts: list[Action]) -> Action | None:
    return _first(acts, "yes")


def _x(g: Game, me: int, acts: list[Action]) -> Action | None:
    xs = [a for a in acts if a.kind == "x"]
    return max(xs, key=lambda a: a.a) if xs else None


def _search(g: Game, me: int, acts: list[Action]) -> Action | None:
    return _first(acts, "choose") or _first(acts, "none")


def _pay(g: Game, me: int, acts: list[Action]) -> Action | None:
    # The engine's solver pays; tap by hand only when it proposes no payment.
    return _first(acts, "pay") or _first(acts, "mana")


def _damage(g: Game, me: int, acts: list[Action]) -> Action | None:
    """510.1c: lethal damage to the first blocker in order, the rest to the next ones."""
    nums = [a for a in acts if a.kind == "number"]
    if not nums:
        return None
    left = max(a.a for a in nums)
    blocker = nums[0].b
    need = left
    if _on_bf(g, blocker):
        need = max(0, _toughness_left(g, blocker))
        cb = g.s.combat
        atts = cb.blockers.get(blocker, []) if cb is not None else []
        if any(_on_bf(g, a) and "deathtouch" in g.chars(a).keywords for a in atts):
            need = min(need, 1)
    want = min(left, need)
    return next((a for a in nums if a.a == want), nums[-1])


def _mode(g: Game, me: int, acts: list[Action]) -> Action | None:
    modes = [a for a in acts if a.kind == "mode"]
    if not modes or not g.s.stack:
        return modes[0] if modes else None
    o = g.s.objects[g.s.stack[-1]]
    sa = _spell_ability(g, o.name)
    if sa is None or not sa.modes:
        return modes[0]

    def worth(a: Action) -> float:
        m = sa.modes[a.a]
        return effects_score(g, me, m.effects, m.targets, o.id)

    return max(modes, key=lambda a: (worth(a), -a.a))


def _priority(g: Game, me: int, acts: list[Action]) -> Action | None:
    s = g.s
    pass_ = _first(acts, "pass")
    if s.stack and s.objects[s.stack[-1]].controller == me:
        return pass_  # let our own spell or ability resolve first
    play = _first(acts, "play")
    if play is not None:
        return play
    best: Action | None = None
    best_score = CAST_THRESHOLD
    for a in acts:
        if a.kind == "cast":
            sc = cast_score(g, me, a.a)
        elif a.kind == "activate":
            sc = activate_score(g, me, a.a, a.b)
        else:
            continue
        if sc > best_score:
            best, best_score = a, sc
    return best or pass_


def _target(g: Game, me: int, acts: list[Action]) -> Action | None:
    targets = [a for a in acts if a.kind == "target"]
    done = _first(acts, "done")
    if not targets:
        return done
    scorer = pending_target_scorer(g, me)
    best = max(targets, key=lambda a: (scorer(a.a), -a.a))
    if done is not None and scorer(best.a) <= 0:
        return done
    return best


def _attackers(g: Game, me: int, acts: list[Action]) -> Action | None:
    opp_ref = player_ref(_opponent(g, me))
    for oid in attack_plan(g, me, acts):
        opts = [a for a in acts if a.kind == "attack" and a.a == oid]
        if opts:
            return next((a for a in opts if a.b == opp_ref), opts[0])
    return _first(acts, "done")


def _blockers(g: Game, me: int, acts: list[Action]) -> Action | None:
    legal = {(a.a, a.b): a for a in acts if a.kind == "block"}
    for pair in block_plan(g, me, acts):
        if pair in legal:
            return legal[pair]
    return _first(acts, "done") or _first(acts, "unblock")


def _order(g: Game, me: int, acts: list[Action]) -> Action | None:
    return _first(acts, "order")


def _legend(g: Game, me: int, acts: list[Action]) -> Action | None:
    opts = [a for a in acts if a.kind == "choose"]
    if not opts:
        return None
    return max(opts, key=lambda a: (-g.s.objects[a.a].damage, -a.a))


_HANDLERS: dict[str, Handler] = {
    "priority": _priority,
    "mulligan": _mulligan,
    "bottom": _bottom,
    "mode": _mode,
    "x": _x,
    "target": _target,
    "pay": _pay,
    "attackers": _attackers,
    "blockers": _blockers,
    "damage": _damage,
    "may": _yes,
    "choose": _discard,
    "discard": _discard,
    "search": _search,
    "scry": _scry,
    "order": _order,
    "legend": _legend,
}
