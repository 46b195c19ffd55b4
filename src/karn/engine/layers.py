"""Characteristics of objects with continuous effects applied layer by layer (611-613).

The starting point is an object's copiable values (613.1-613.2: the printed
card from the pool, or the token's definition). Then every continuous effect —
from static abilities (604, 611.3) and from resolved spells and abilities
(611.2), all as :mod:`karn.engine.modifications` — is applied in layer order
(613.1): 2 control, 3 text, 4 type, 5 color, 6 abilities, 7a-7d power and
toughness, then effects on the rules (613.11).

Within a layer, characteristic-defining abilities come first (613.3), then
effects in timestamp order (613.7) unless one depends on another (613.8): a
dependent effect waits until the effects it depends on are applied; effects
in a dependency loop fall back to timestamp order. The set of objects an
effect from a static ability affects is determined when the effect starts to
apply, then kept for its later layers, even if the ability is removed (613.6);
an effect whose ability was removed before it started to apply doesn't apply.

Characteristics are a pure function of the state and the card pool; the
context caches them by the state's version.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from karn import ir
from karn.cards.pool import BASIC_LAND_MANA, CardPool, ability_id, intrinsic_ability
from karn.engine.filters import characteristics_match
from karn.engine.modifications import (
    LAYER_ORDER,
    AddAbilities,
    AddColors,
    AddTypes,
    BlockLimit,
    ContinuousEffect,
    Modification,
    ModifyPowerToughness,
    RemoveAbilities,
    RemoveTypes,
    Restriction,
    SetColors,
    SetController,
    SetPowerToughness,
    SetTypes,
    SwitchPowerToughness,
    layer_of,
)
from karn.engine.state import GameState, Obj

#: Counters that are keyword counters (122.1b): they give the keyword in layer 6 (613.1f).
KEYWORD_COUNTERS = frozenset(
    {
        "flying",
        "first strike",
        "double strike",
        "deathtouch",
        "hexproof",
        "indestructible",
        "lifelink",
        "menace",
        "reach",
        "trample",
        "vigilance",
        "haste",
    }
)


#: "Any number" of attackers a creature can block (509.1a).
ANY_NUMBER = 1_000


@dataclass(slots=True)
class Chars:
    """An object's characteristics as the game sees them now (109.3), plus its controller.

    ``abilities`` and ``ability_ids`` run in parallel: each ability with its stable id in
    the card pool, so an ability granted (layer 6) or copied (707) is found again when it
    is activated, triggers or resolves.
    """

    name: str
    types: frozenset[str]
    subtypes: frozenset[str]
    supertypes: frozenset[str]
    colors: frozenset[str]
    power: int
    toughness: int
    keywords: set[str]
    controller: int
    abilities: tuple[ir.Ability, ...]
    ability_ids: tuple[str, ...] = ()
    cant_attack: bool = False
    cant_block: bool = False
    max_blocks: int = 1  # 509.1a: how many attackers it may block
    mana_value: int = 0
    printed_keywords: frozenset[str] = field(default_factory=frozenset)
    retyped: bool = False  # a layer 4 effect changed its types (305.6 abilities are looked at again)

    def is_(self, t: str) -> bool:
        return t in self.types

    def copy(self) -> Chars:
        return Chars(
            self.name,
            self.types,
            self.subtypes,
            self.supertypes,
            self.colors,
            self.power,
            self.toughness,
            set(self.keywords),
            self.controller,
            self.abilities,
            self.ability_ids,
            self.cant_attack,
            self.cant_block,
            self.max_blocks,
            self.mana_value,
            self.printed_keywords,
            self.retyped,
        )


def _int(v: str | None) -> int:
    try:
        return int(v) if v is not None else 0
    except ValueError:
        return 0


class Printed:
    """Printed characteristics (the 613.1 starting point) of the cards of one pool,
    built once per card name and shared by copies of a game."""

    __slots__ = ("pool", "_templates", "memo")

    def __init__(self, pool: CardPool) -> None:
        self.pool = pool
        self._templates: dict[str, Chars] = {}
        # Other per-card-name facts derived from the pool by procedures ((kind, name) -> value).
        self.memo: dict[tuple[str, Any], Any] = {}

    def of(self, o: Obj) -> Chars:
        """Copiable printed values of a card or token (a fresh, mutable copy)."""
        if o.token is not None:
            tok = o.token
            c = Chars(
                name=tok.name,
                types=frozenset(tok.types),
                subtypes=frozenset(tok.subtypes),
                supertypes=frozenset(tok.supertypes),
                colors=frozenset(tok.colors),
                power=tok.power,
                toughness=tok.toughness,
                keywords=set(tok.keywords),
                controller=o.controller,
                abilities=tuple(ir.Keyword(k) for k in tok.keywords),
                ability_ids=tuple(f"keyword:{k}" for k in tok.keywords),
                printed_keywords=frozenset(tok.keywords),
            )
            if c.subtypes:
                _intrinsic_land_abilities(c)
            return c
        t = self._templates.get(o.name)
        if t is None:
            face = self.pool.face(o.name)
            compiled = self.pool.compiled(o.name)
            kws = frozenset(a.name for a in compiled.abilities if isinstance(a, ir.Keyword))
            t = self._templates[o.name] = Chars(
                name=face.name,
                types=frozenset(face.types),
                subtypes=frozenset(face.subtypes),
                supertypes=frozenset(face.supertypes),
                colors=frozenset(face.colors),
                power=_int(face.power),
                toughness=_int(face.toughness),
                keywords=set(kws),
                controller=0,
                abilities=compiled.abilities,
                ability_ids=tuple(ability_id(face.name, i) for i in range(len(compiled.abilities))),
                mana_value=face.mana_value,
                printed_keywords=kws,
            )
            if t.subtypes:
                _intrinsic_land_abilities(t)
        c = t.copy()
        c.controller = o.controller
        if o.bestowed:
            # 702.103b: an Aura enchantment with enchant creature, no longer a creature (its
            # creature types go with its card type, 205.3d)
            c.types = (c.types - {"creature"}) | {"enchantment"}
            c.subtypes = frozenset({"aura"})
        return c

    def statics(self, c: Chars) -> bool:
        """Does this ability list have a static ability (cached by the list)?"""
        key = ("statics", c.ability_ids)
        found: bool | None = self.memo.get(key)
        if found is None:
            found = self.memo[key] = any(isinstance(a, ir.Static) for a in c.abilities)
        return found

    def modifications(self, ability: str, index: int, m: ir.Modify) -> tuple[Modification, ...]:
        """The layered modifications the `index`-th :class:`~karn.ir.Modify` of a static
        ability stands for."""
        key = ("modify", (ability, index))
        found: tuple[Modification, ...] | None = self.memo.get(key)
        if found is None:
            found = self.memo[key] = modifications_of(m)
        return found


def modifications_of(m: ir.Modify) -> tuple[Modification, ...]:
    """IR "gets +N/+N", "gains K", "can't attack or block" as layer modifications:
    7c (613.4c), 6 (613.1f) and the rules (613.11)."""
    out: list[Modification] = []
    if m.power or m.toughness:
        out.append(ModifyPowerToughness(m.power, m.toughness))
    if m.add_keywords:
        out.append(AddAbilities(keywords=m.add_keywords))
    if m.cant_attack or m.cant_block:
        out.append(Restriction(m.cant_attack, m.cant_block))
    if m.extra_blocks:
        out.append(BlockLimit(m.extra_blocks))
    for change in m.changes:
        if isinstance(change, ir.SetColors) and not change.chosen:
            out.append(SetColors(change.colors))  # 613.1e: "becomes black"
    return tuple(out)


# ---------------------------------------------------------------------------- the effects


@dataclass(slots=True)
class _Effect:
    """A continuous effect while the layers are applied."""

    timestamp: int
    mods: tuple[Modification, ...]
    source: int
    controller: int
    affected: list[int] | None  # None: not yet determined (a static ability's selector)
    selector: ir.Selector | None = None
    ability: str = ""  # for a static ability: its id (it must still be there to start applying)
    cda: bool = False
    order: int = 0  # creation order, for stable sorting


def _gather(s: GameState, chars: dict[int, Chars], printed: Printed) -> list[_Effect]:
    """Every continuous effect that may apply to permanents now (611.2, 611.3)."""
    out: list[_Effect] = []
    objects = s.objects
    statics = printed.statics
    for oid in s.battlefield:
        c = chars[oid]
        if not statics(c):
            continue
        for ab, aid in zip(c.abilities, c.ability_ids, strict=True):
            if isinstance(ab, ir.Static):
                for k, m in enumerate(ab.mods):
                    out.append(
                        _Effect(
                            objects[oid].timestamp,  # 613.7a
                            printed.modifications(aid, k, m),
                            oid,
                            c.controller,
                            None,
                            m.affected,
                            aid,
                            order=len(out),
                        )
                    )
    for e in s.effects:
        out.append(_effect_of(e, len(out)))
    return out


def _effect_of(e: ContinuousEffect, order: int) -> _Effect:
    return _Effect(e.timestamp, tuple(e.mods), e.source, e.controller, list(e.affected), order=order)


def _affected(s: GameState, e: _Effect, chars: dict[int, Chars]) -> list[int]:
    """The permanents a static ability's effect applies to, by their current characteristics."""
    sel = e.selector
    src = s.objects.get(e.source)
    if isinstance(sel, ir.Ref):
        if src is None:
            return []
        if sel.kind in ("enchanted", "equipped"):
            return [src.attached_to] if src.attached_to in chars else []
        if sel.kind == "self":
            return [src.id] if src.id in chars else []
        return []
    if sel is None:
        return []
    f = sel.filter
    objects = s.objects
    controller = chars[e.source].controller if e.source in chars else e.controller
    return [
        oid
        for oid, c in chars.items()
        if not (f.other and oid == e.source)
        and characteristics_match(
            f,
            c.types,
            c.subtypes,
            c.supertypes,
            c.colors,
            c.controller,
            objects[oid].owner,
            controller,
            mana_value=c.mana_value,
        )
    ]


def _alive(e: _Effect, chars: dict[int, Chars]) -> bool:
    """A static ability's effect that hasn't started applying needs its ability (613.6)."""
    if e.affected is not None or not e.ability:
        return True
    c = chars.get(e.source)
    return c is not None and e.ability in c.ability_ids


# ---------------------------------------------------------------------------- applying modifications


def _apply(mod: Modification, c: Chars, pool: CardPool) -> None:
    if isinstance(mod, SetController):
        c.controller = mod.player
    elif isinstance(mod, AddTypes):
        c.retyped = True
        c.types = c.types | set(mod.types)
        c.subtypes = c.subtypes | set(mod.subtypes)
        c.supertypes = c.supertypes | set(mod.supertypes)
    elif isinstance(mod, SetTypes):
        c.retyped = True
        c.types = frozenset(mod.types)
        if mod.subtypes:
            c.subtypes = frozenset(mod.subtypes)
        if not mod.keep_supertypes:
            c.supertypes = frozenset()
    elif isinstance(mod, RemoveTypes):
        c.retyped = True
        c.types = c.types - set(mod.types)
        c.subtypes = c.subtypes - set(mod.subtypes)
        c.supertypes = c.supertypes - set(mod.supertypes)
    elif isinstance(mod, SetColors):
        c.colors = frozenset(mod.colors)
    elif isinstance(mod, AddColors):
        c.colors = c.colors | set(mod.colors)
    elif isinstance(mod, AddAbilities):
        c.keywords.update(mod.keywords)
        if mod.abilities:
            new = [a for a in mod.abilities if a not in c.ability_ids]
            c.abilities += tuple(pool.ability(a) for a in new)
            c.ability_ids += tuple(new)
    elif isinstance(mod, RemoveAbilities):
        if mod.everything:
            c.keywords = set()
            c.abilities = ()
            c.ability_ids = ()
        else:
            gone = set(mod.keywords)
            c.keywords -= gone
            kept = [
                (a, i)
                for a, i in zip(c.abilities, c.ability_ids, strict=True)
                if not (isinstance(a, ir.Keyword) and a.name in gone)
            ]
            c.abilities = tuple(a for a, _ in kept)
            c.ability_ids = tuple(i for _, i in kept)
    elif isinstance(mod, SetPowerToughness):
        if mod.power is not None:
            c.power = mod.power
        if mod.toughness is not None:
            c.toughness = mod.toughness
    elif isinstance(mod, ModifyPowerToughness):
        c.power += mod.power
        c.toughness += mod.toughness
    elif isinstance(mod, SwitchPowerToughness):
        c.power, c.toughness = c.toughness, c.power
    elif isinstance(mod, Restriction):
        c.cant_attack = c.cant_attack or mod.cant_attack
        c.cant_block = c.cant_block or mod.cant_block
    elif isinstance(mod, BlockLimit):
        c.max_blocks = ANY_NUMBER if mod.extra < 0 else min(ANY_NUMBER, c.max_blocks + mod.extra)


_INTRINSIC = {t: intrinsic_ability(t) for t in BASIC_LAND_MANA}


def _intrinsic_land_abilities(c: Chars) -> None:
    """305.6: a land with a basic land type has that type's mana ability (in the printed
    characteristics, and again as layer 6 begins when a layer 4 effect changed the types;
    layer 6 effects may still remove it)."""
    for land_type in BASIC_LAND_MANA:
        if land_type in c.subtypes:
            aid = f"rules:{land_type}"
            if aid in c.ability_ids:
                continue
            ability = _INTRINSIC[land_type]
            if ability in c.abilities:
                continue  # the card's own text already carries it
            c.abilities += (ability,)
            c.ability_ids += (aid,)


def _counters(s: GameState, chars: dict[int, Chars], layer: str) -> None:
    """Counters: keyword counters in layer 6 (613.1f), +1/+1 and -1/-1 in 7c (613.4c)."""
    for oid, c in chars.items():
        cnt = s.objects[oid].counters
        if not cnt:
            continue
        if layer == "6":
            c.keywords.update(k for k in cnt if k in KEYWORD_COUNTERS and cnt[k] > 0)
        else:
            n = cnt.get("+1/+1", 0) - cnt.get("-1/-1", 0)
            c.power += n
            c.toughness += n


# ---------------------------------------------------------------------------- dependencies (613.8)


def _depends(
    s: GameState, a: _Effect, b: _Effect, layer: str, chars: dict[int, Chars], pool: CardPool
) -> bool:
    """613.8a: does `a` depend on `b`? Applying `b` would change whether `a` exists or
    what it applies to (both in this layer; neither or both from a CDA)."""
    if a.cda != b.cda or a.affected is not None:
        return False
    trial = {oid: c.copy() for oid, c in chars.items()}
    for oid in _targets_of(s, b, trial):
        for mod in b.mods:
            if layer_of(mod, b.cda) == layer:
                _apply(mod, trial[oid], pool)
    if _alive(a, chars) != _alive(a, trial):
        return True
    return sorted(_affected(s, a, chars)) != sorted(_affected(s, a, trial))


def _targets_of(s: GameState, e: _Effect, chars: dict[int, Chars]) -> list[int]:
    return [o for o in e.affected if o in chars] if e.affected is not None else _affected(s, e, chars)


def _ordered(
    s: GameState, group: list[_Effect], layer: str, chars: dict[int, Chars], pool: CardPool
) -> Iterable[_Effect]:
    """613.3, 613.7, 613.8: CDAs first, then timestamps, dependencies overriding them,
    reevaluated after each effect is applied (613.8c)."""
    remaining = sorted(group, key=lambda e: (not e.cda, e.timestamp, e.order))
    while remaining:
        if len(remaining) == 1 or layer.startswith("7") or all(e.affected is not None for e in remaining):
            nxt = remaining[0]
        else:
            free = [
                e
                for e in remaining
                if not any(o is not e and _depends(s, e, o, layer, chars, pool) for o in remaining)
            ]
            # 613.8b: a dependent effect waits; a dependency loop falls back to timestamps.
            nxt = free[0] if free else remaining[0]
        remaining.remove(nxt)
        yield nxt


# ---------------------------------------------------------------------------- computing


def compute_battlefield(s: GameState, printed: Printed) -> dict[int, Chars]:
    """Characteristics of every permanent, all layers applied (613.1)."""
    chars: dict[int, Chars] = {oid: printed.of(s.objects[oid]) for oid in s.battlefield}
    pool = printed.pool
    effects = _gather(s, chars, printed)
    for layer in LAYER_ORDER:
        if layer == "6":
            for c in chars.values():
                if c.retyped and c.subtypes:
                    _intrinsic_land_abilities(c)
            _counters(s, chars, "6")
        group = [e for e in effects if any(layer_of(m, e.cda) == layer for m in e.mods)] if effects else []
        for e in _ordered(s, group, layer, chars, pool) if group else ():
            if not _alive(e, chars):
                effects.remove(e)  # 613.6: its ability is gone before it started to apply
                continue
            if e.affected is None:
                e.affected = _affected(s, e, chars)  # 613.6: the set is kept for later layers
            for mod in e.mods:
                if layer_of(mod, e.cda) == layer:
                    for oid in e.affected:
                        target = chars.get(oid)
                        if target is not None:
                            _apply(mod, target, pool)
        if layer == "7c":
            _counters(s, chars, "7c")
    return chars


def chars_of(printed: Printed, o: Obj) -> Chars:
    """Characteristics of an object that is not on the battlefield: its printed ones."""
    return printed.of(o)
