"""What the references of a resolving spell or ability mean now (608.2b-h).

``refs`` turns an IR :class:`~karn.ir.Ref` into object ids or encoded players,
``select`` a :class:`~karn.ir.Group` into the objects it matches when the
effect is applied, ``amount`` a number (X, a power with last known
information, 608.2h). After a zone change an object is a new object (400.7):
"it" in an ability that triggered on that zone change finds the new object
in a public zone (400.7e), and a number read from an object that left uses
its last known information (608.2h).
"""

from __future__ import annotations

from typing import NamedTuple

from karn import ir
from karn.engine import targeting
from karn.engine.context import Context
from karn.engine.events import Damage, ZoneChange
from karn.engine.frames import ResolveFrame
from karn.engine.state import BATTLEFIELD, EXILE, GRAVEYARD, STACK, Obj, player_ref, ref_player
from karn.engine.values import QuantityLeaf, TriggerData, quantity
from karn.ir.keywords import keyword_number

_PUBLIC_ZONES = (BATTLEFIELD, GRAVEYARD, EXILE, STACK)


def stack_label(ctx: Context, o: Obj) -> str:
    if o.face_down and not o.ability:
        return f"a face-down creature spell (#{o.id})"  # 708.2: it has no name
    label = f"{o.name}'s ability" if o.ability else o.name
    return f"the copy of {label}" if o.is_copy else label  # 707.10


def kicker_costs(ctx: Context, name: str) -> tuple[str, ...]:
    """The kicker costs printed on a card, in order (702.33a-b)."""
    return tuple(c for a in ctx.compiled(name).abilities if isinstance(a, ir.Kicker) for c in a.costs)


def buyback_cost(ctx: Context, name: str) -> str | None:
    """702.27a: the card's buyback cost ("buyback {3}": "{3}"), if it has one."""
    for a in ctx.compiled(name).abilities:
        if isinstance(a, ir.Keyword) and a.name.startswith("buyback "):
            return a.name.removeprefix("buyback ")
    return None


def multikicker(ctx: Context, name: str) -> bool:
    """702.33c: the card's kicker is a multikicker (its one cost may be paid any number of times)."""
    return any(isinstance(a, ir.Kicker) and a.multi for a in ctx.compiled(name).abilities)


def was_kicked(ctx: Context, kicked_object: Obj, c: ir.Kicked) -> bool:
    """702.33d-f: whether the object (a spell, or the permanent it became) was kicked, or was
    kicked with the kicker cost ``c.cost`` — the linked kicker ability of its own card (607.2i)."""
    if c.cost is None:
        return bool(kicked_object.kicked)
    costs = kicker_costs(ctx, kicked_object.name)
    return any(i < len(costs) and costs[i] == c.cost for i in kicked_object.kicked)


def source_id(o: Obj) -> int:
    """The object a spell or ability comes from (the spell itself for a spell)."""
    return o.source if o.ability else o.id


def leave_stack(o: Obj, rule: str = "608.2n") -> ZoneChange:
    """608.2n: an instant or sorcery goes to its owner's graveyard; an ability ceases to exist."""
    if o.ability:
        return ZoneChange(obj=o.id, to="", rule=rule, cause="resolve", quiet=True)
    return ZoneChange(obj=o.id, to=GRAVEYARD, rule=rule, cause="resolve", quiet=True)


def _moved_to(ctx: Context, oid: int) -> int:
    """The new object `oid` became in a public zone, following its zone changes (400.7e)."""
    s = ctx.state
    seen = 0
    while oid not in s.objects and seen < 8:
        lk = s.lki.get(oid)
        if lk is None or not lk.new_id:
            return 0
        oid = lk.new_id
        seen += 1
    o = s.objects.get(oid)
    return oid if o is not None and o.zone in _PUBLIC_ZONES else 0


# ---------------------------------------------------------------------------- references


def refs(ctx: Context, f: ResolveFrame, o: Obj, r: ir.Ref) -> list[int]:
    """The objects (ids) or players (encoded, negative) a :class:`Ref` means now."""
    s = ctx.state
    legal = f.legal or []
    if r.kind == "target":
        return list(legal[r.index]) if r.index < len(legal) else []
    if r.kind in ("target_controller", "target_owner"):
        out = []
        slot = o.targets[r.index] if r.index < len(o.targets) else []
        for t in slot:
            if r.index < len(legal) and t in legal[r.index]:
                if t < 0:
                    out.append(t)
                    continue
                if t in s.objects:
                    p = ctx.controller(t) if r.kind == "target_controller" else s.objects[t].owner
                else:
                    lk = s.lki.get(t)
                    if lk is None:
                        continue
                    p = lk.controller if r.kind == "target_controller" else lk.owner
                out.append(player_ref(p))
        return out
    if r.kind == "you":
        return [player_ref(o.controller)]
    if r.kind == "self":
        src = source_id(o)
        if src in s.objects:
            return [src]
        # 400.7e: an ability that triggered on its source's zone change finds the new
        # object in the (public) zone it moved to (Rancor returning itself).
        trig = o.trigger
        if o.ability and trig is not None and trig.object == src and trig.new_object:
            new = _moved_to(ctx, trig.new_object)
            return [new] if new else []
        return []
    if r.kind == "defending_player":
        d = o.trigger.defending if o.trigger is not None else -1
        return [player_ref(d)] if d >= 0 else []
    if r.kind in ("enchanted", "equipped"):
        host = s.objects.get(source_id(o))
        return [host.attached_to] if host is not None and host.attached_to else []
    if r.kind == "triggering":
        trig = o.trigger
        if trig is None or not trig.object:
            return []
        if trig.object in s.objects:
            return [trig.object]
        if trig.new_object:  # 400.7e: "exile it" after it died
            new = _moved_to(ctx, trig.new_object)
            return [new] if new else []
        return []
    if r.kind in ("triggering_controller", "triggering_owner"):
        trig = o.trigger
        if trig is None or not trig.object:
            return []
        if trig.object in s.objects and s.objects[trig.object].zone in (BATTLEFIELD, STACK):
            t = trig.object
            return [
                player_ref(ctx.controller(t) if r.kind == "triggering_controller" else s.objects[t].owner)
            ]
        lk = s.lki.get(trig.object)
        if lk is not None:  # 608.2h: as it last existed
            return [player_ref(lk.controller if r.kind == "triggering_controller" else lk.owner)]
        if trig.object in s.objects:
            return [player_ref(s.objects[trig.object].owner)]
        return []
    if r.kind in ("each_player", "each_opponent"):
        # 101.4: in APNAP order, players still in the game (800.4a)
        n = len(s.players)
        order = [(s.active + k) % n for k in range(n)]
        return [
            player_ref(p)
            for p in order
            if not s.players[p].left and not (r.kind == "each_opponent" and p == o.controller)
        ]
    if r.kind == "triggering_player":
        who = o.trigger.player if o.trigger is not None else -1
        return [player_ref(who)] if who >= 0 else []
    if r.kind == "affected":
        return list(f.affected)
    if r.kind == "each_target":  # 608.2f: the target whose instructions are being done
        return [f.each.current] if f.each is not None and f.each.current else []
    return []


def select(ctx: Context, f: ResolveFrame, o: Obj, sel: ir.Selector) -> list[int]:
    if isinstance(sel, ir.Ref):
        return refs(ctx, f, o, sel)
    s = ctx.state
    flt = sel.filter
    players: list[int] | None = None
    if sel.player is not None:
        players = [ref_player(r) for r in refs(ctx, f, o, sel.player) if r < 0]
    if flt.zone == BATTLEFIELD:
        pool = list(s.battlefield)
    elif flt.zone == STACK:
        pool = list(s.stack)
    else:
        pool = [c for p in s.players for c in getattr(p, flt.zone)]
    out = []
    for oid in pool:
        if not targeting.matches(ctx, oid, flt, o.controller, source_id(o), o.ability):
            continue
        if players is not None:
            who = ctx.controller(oid) if flt.zone == BATTLEFIELD else s.objects[oid].owner
            if who not in players:
                continue
        out.append(oid)
    return out


def amount(ctx: Context, f: ResolveFrame, o: Obj, a: ir.Quantity) -> int:
    """A number as the effect reads it now (608.2h)."""
    if isinstance(a, int):
        return a
    return quantity(a, lambda leaf: _read(ctx, f, o, leaf))


def _read(ctx: Context, f: ResolveFrame, o: Obj, a: QuantityLeaf) -> int:
    """One number a quantity reads from the game (608.2h)."""
    if isinstance(a, ir.Count) and a.what == "died_this_way":
        return len(f.died) + a.plus  # the destroy effects of this resolution record them
    if isinstance(a, ir.Count):
        return count(ctx, a, o.controller, source_id(o), refs(ctx, f, o, a.ref) if a.ref is not None else [])
    if isinstance(a, ir.CountersOn):
        return _counters_on(ctx, f, o, a)
    if a.name == "X":
        return o.x
    if a.name in ("power", "toughness") and a.ref is not None:
        return _power(ctx, f, o, a.ref, toughness=a.name == "toughness")
    if a.name == "trigger_amount":
        return o.trigger.amount if o.trigger is not None else 0
    if a.name == "energy_paid":
        return f.energy_paid  # 107.1c: what "pay any amount of {E}" paid in this resolution
    if a.name in _PLAYER_VARS:
        # 119: the life total of the player it names ("your life total"); what they did this turn
        players = [ref_player(r) for r in refs(ctx, f, o, a.ref) if r < 0] if a.ref else [o.controller]
        return player_var(ctx, a.name, players[0]) if players else 0
    return 0


#: The :class:`~karn.ir.Var` names that read a number of a player.
_PLAYER_VARS = frozenset(("life", "life_gained_this_turn", "cards_drawn_this_turn", "spells_cast_this_turn"))


def player_var(ctx: Context, name: str, player: int) -> int:
    """A number of player ``player``: their life total (119), or what they did this turn."""
    pl = ctx.state.players[player]
    if name == "life":
        return pl.life
    if name == "life_gained_this_turn":
        return pl.life_gained_turn  # 119.9
    if name == "cards_drawn_this_turn":
        return pl.drawn_this_turn  # 121.1
    if name == "spells_cast_this_turn":
        return pl.spells_cast_turn  # 601.2i
    return 0


def _counters_on(ctx: Context, f: ResolveFrame, o: Obj, a: ir.CountersOn) -> int:
    """122.1: the counters of a kind on an object now, or as it last existed (608.2h)."""
    s = ctx.state
    for t in refs(ctx, f, o, a.ref):
        if t > 0 and t in s.objects and s.objects[t].zone == BATTLEFIELD:
            return _of_kind(s.objects[t].counters, a.kind)
    gone: list[int] = []
    if a.ref.kind == "self":
        gone = [source_id(o)]
    elif a.ref.kind == "triggering" and o.trigger is not None:
        gone = [o.trigger.object]
    elif a.ref.kind == "target" and a.ref.index < len(o.targets):
        gone = list(o.targets[a.ref.index])
    for t in gone:
        lk = s.lki.get(t)
        if lk is not None:
            return _of_kind(lk.counters or {}, a.kind)
    return 0


def _of_kind(counters: dict[str, int], kind: str) -> int:
    return counters.get(kind, 0) if kind else sum(counters.values())


def count(ctx: Context, c: ir.Count, controller: int, source: int, referred: list[int]) -> int:
    """A :class:`~karn.ir.Count`: objects a filter describes, the card types among them
    (205.2a), or the mana value of the object referred to (202.3); ``controller`` is "you"."""
    s = ctx.state
    if c.what == "greatest_power":
        # the powers of the objects that player controls now (608.2h)
        whose = [ref_player(r) for r in referred if r < 0] or [controller]
        flt = c.filter or ir.Filter(types=("creature",))
        powers = [
            ctx.chars(x).power
            for x in s.battlefield
            if ctx.controller(x) == whose[0] and targeting.matches(ctx, x, flt, whose[0], source)
        ]
        return max(powers, default=0) + c.plus
    if c.what == "exiled_this_turn":
        return s.exiled_this_turn + c.plus  # 603.4: the cards put into exile this turn
    if c.what == "creatures_died_this_turn":
        return s.creatures_died_this_turn + c.plus  # 700.4
    if c.what == "lands_entered_this_turn":
        return s.players[controller].lands_entered_turn + c.plus
    if c.what == "spells_last_turn":  # "if no spells were cast last turn"
        return sum(p.spells_cast_last_turn for p in s.players) + c.plus
    if c.what == "most_spells_last_turn":  # "if a player cast two or more spells last turn"
        return max((p.spells_cast_last_turn for p in s.players), default=0) + c.plus
    if c.what == "attacked_with":
        pl = s.players[controller]
        return (len(pl.attacked_with) if pl.attacked_turn == s.turn else 0) + c.plus
    if c.what == "mana_value":
        for t in referred:
            if t in s.objects and s.objects[t].zone in (BATTLEFIELD, STACK):
                return ctx.chars(t).mana_value + c.plus
            if t in s.lki:  # 608.2h: as it last existed ("that creature's mana value" once returned)
                return s.lki[t].mana_value + c.plus
            if t in s.objects:
                return ctx.chars(t).mana_value + c.plus
        return c.plus
    flt = c.filter or ir.Filter()
    if flt.zone == BATTLEFIELD:
        pool = s.battlefield
    elif flt.zone == STACK:
        pool = s.stack
    else:
        pool = [x for p in s.players for x in getattr(p, flt.zone)]
    found = [oid for oid in pool if targeting.matches(ctx, oid, flt, controller, source)]
    if c.what == "card_types":
        kinds = {t for oid in found for t in ctx.chars(oid).types}
        return len(kinds) + c.plus
    if c.what == "total_mana_value":
        return sum(ctx.chars(oid).mana_value for oid in found) + c.plus  # 202.3
    return len(found) + c.plus


def condition_holds(
    ctx: Context, cond: ir.Condition, controller: int, source: int, trigger: TriggerData | None
) -> bool:
    """603.4: is a triggered ability's intervening "if" condition true now? ``controller``
    is "you", ``source`` the ability's source, ``trigger`` its trigger event."""
    s = ctx.state
    if cond.kind == "controlled_since_last_upkeep":
        # 702.30a: it came under its controller's control since the beginning of their last
        # upkeep (before their first upkeep, "last upkeep" is the start of the game)
        o = s.objects.get(source)
        if o is None or o.zone != BATTLEFIELD:
            return False
        return o.control_upkeeps >= s.players[controller].upkeeps - 1
    if cond.kind in ("your_turn", "not_your_turn"):
        return (s.active == controller) == (cond.kind == "your_turn")  # 102.1: "your turn"
    if cond.kind == "suspended":
        # 702.62b: in exile, with suspend, with a time counter on it
        o = s.objects.get(source)
        return o is not None and o.zone == EXILE and o.counters.get("time", 0) > 0
    if cond.kind == "greater_power_or_toughness":
        # 702.100a-b: evolve compares the entering creature with the source, each as it is on the
        # battlefield or as it last existed there
        theirs = _power_toughness(ctx, trigger.object if trigger is not None else 0)
        mine = _power_toughness(ctx, source)
        if theirs is None or mine is None:
            return False
        return theirs[0] > mine[0] or theirs[1] > mine[1]
    if cond.kind in ("tapped", "untapped"):
        ref = cond.ref
        oid = source if ref is None or ref.kind == "self" else trigger.object if trigger else 0
        o = s.objects.get(oid)
        if o is None or o.zone != BATTLEFIELD:
            return False
        return o.tapped == (cond.kind == "tapped")
    a = cond.amount
    if isinstance(a, int):
        n = a
    elif isinstance(a, ir.Count):
        n = count(ctx, a, controller, source, [])
    elif isinstance(a, ir.CountersOn):
        n = _counters_now_or_last(ctx, a, source, trigger)
    elif isinstance(a, ir.Var) and a.name in _PLAYER_VARS:
        who = controller
        if a.ref is not None and a.ref.kind == "triggering_player":
            who = trigger.player if trigger is not None else -1
        if who < 0:
            return False
        n = player_var(ctx, a.name, who)
    else:
        return False
    return n >= cond.value if cond.op == ">=" else n <= cond.value


def _power_toughness(ctx: Context, oid: int) -> tuple[int, int] | None:
    """A creature's power and toughness on the battlefield, or as it last existed there (608.2h)."""
    s = ctx.state
    o = s.objects.get(oid)
    if o is not None and o.zone == BATTLEFIELD:
        c = ctx.chars(oid)
        return (c.power, c.toughness) if c.is_("creature") else None
    lk = s.lki.get(oid)
    if lk is None or "creature" not in lk.types:
        return None
    return lk.power, lk.toughness


def _counters_now_or_last(ctx: Context, a: ir.CountersOn, source: int, trigger: TriggerData | None) -> int:
    """603.4, 603.10a: "if it had no -1/-1 counters on it" (persist 702.79a): the counters on the
    source (or the triggering object) now, or as it last existed on the battlefield."""
    s = ctx.state
    oid = source if a.ref.kind == "self" else trigger.object if trigger is not None else 0
    o = s.objects.get(oid)
    if o is not None and o.zone == BATTLEFIELD:
        return _of_kind(o.counters, a.kind)
    lk = s.lki.get(oid)
    return _of_kind(lk.counters or {}, a.kind) if lk is not None else 0


def _power(ctx: Context, f: ResolveFrame, o: Obj, ref: ir.Ref, toughness: bool = False) -> int:
    """608.2h: the power (or toughness) of an object now, or as it last existed on the battlefield."""
    s = ctx.state
    for t in refs(ctx, f, o, ref):
        if t > 0 and t in s.objects and s.objects[t].zone == BATTLEFIELD:
            ch = ctx.chars(t)
            return ch.toughness if toughness else ch.power
    if ref.kind == "self":
        lk = s.lki.get(source_id(o))
        if lk is not None:
            return lk.toughness if toughness else lk.power
        if o.trigger is not None and o.trigger.object == source_id(o):
            return 0
    if ref.kind == "triggering" and o.trigger is not None:
        lk = s.lki.get(o.trigger.object)
        if lk is not None:
            return lk.toughness if toughness else lk.power
    if ref.kind == "target":
        for t in o.targets[ref.index] if ref.index < len(o.targets) else []:
            lk = s.lki.get(t)
            if lk is not None:
                return lk.toughness if toughness else lk.power
    if ref.kind == "affected":  # "sacrifice a creature ... its power": as it last existed
        for t in f.affected:
            lk = s.lki.get(t)
            if lk is not None:
                return lk.toughness if toughness else lk.power
    return 0


class DamageSource(NamedTuple):
    """What a source of damage is as it deals it: its name, controller, keywords."""

    name: str
    controller: int
    keywords: frozenset[str]


def damage_source(ctx: Context, oid: int) -> DamageSource:
    """The source's characteristics: current if it is still there, else last known (608.2h)."""
    o = ctx.state.objects.get(oid)
    if o is not None:
        c = ctx.chars(oid)
        controller = c.controller if o.zone == BATTLEFIELD else o.controller
        return DamageSource(c.name, controller, frozenset(c.keywords))
    lk = ctx.state.lki.get(oid)
    if lk is not None:
        return DamageSource(lk.name, lk.controller, frozenset(lk.keywords))
    return DamageSource("?", 0, frozenset())


def damage_event(
    ctx: Context, src: DamageSource, source: int, target: int, n: int, combat: bool = False
) -> Damage:
    """A damage event from `src` (its deathtouch and lifelink as it deals the damage)."""
    return Damage(
        source=source,
        target=target,
        amount=n,
        combat=combat,
        source_name=src.name,
        source_controller=src.controller,
        deathtouch="deathtouch" in src.keywords,
        lifelink="lifelink" in src.keywords,
        infect="infect" in src.keywords,
        wither="wither" in src.keywords,
        toxic=keyword_number(src.keywords, "toxic") if combat else 0,
    )
