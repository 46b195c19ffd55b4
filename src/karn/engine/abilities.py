"""What a card does, read from its compiled abilities: its spell ability, an Aura's
enchant restriction (303.4a), its target slots (601.2c), cost increases (601.2f)."""

from __future__ import annotations

import dataclasses
from typing import Any

from karn import ir
from karn.cards.pool import ability_id as card_ability_id
from karn.engine.context import Context
from karn.engine.modifications import TextChange
from karn.engine.state import Obj
from karn.ir.text import change_words


def spell_ability(ctx: Context, name: str) -> ir.SpellAbility | None:
    for a in ctx.compiled(name).abilities:
        if isinstance(a, ir.SpellAbility):
            return a
    return None


#: 702.103b: the target of a bestowed Aura spell (its enchant creature ability, 303.4a)
BESTOW_TARGET = ir.TargetSpec(objects=ir.Filter(types=("creature",)), text="enchant creature (bestow)")


def bestow_cost(ctx: Context, name: str) -> str | None:
    """702.103a: the card's bestow cost, if it has bestow."""
    key = ("bestow", name)
    memo = ctx.printed.memo
    if key not in memo:
        memo[key] = next((a.cost for a in ctx.compiled(name).abilities if isinstance(a, ir.Bestow)), None)
    found: str | None = memo[key]
    return found


def alternative_costs(ctx: Context, name: str) -> tuple[ir.AlternativeCost, ...]:
    """118.9: the card's alternative cost keywords (evoke, 702.74a), in Oracle order."""
    key = ("alt_costs", name)
    memo = ctx.printed.memo
    found: tuple[ir.AlternativeCost, ...] | None = memo.get(key)
    if found is None:
        found = memo[key] = tuple(
            a for a in ctx.compiled(name).abilities if isinstance(a, ir.AlternativeCost)
        )
    return found


def overloaded_spell(ctx: Context, name: str) -> ir.SpellAbility | None:
    """702.96a-b: the card's spell ability as overload's text-changing effect makes it ("target"
    replaced by "each": no targets), or None if it has no overload."""
    return next((a.spell for a in alternative_costs(ctx, name) if a.keyword == "overload"), None)


def morph_ability(ctx: Context, name: str) -> ir.Morph | None:
    """702.37a-b: the card's morph (or megamorph) ability, if it has one."""
    key = ("morph", name)
    memo = ctx.printed.memo
    if key not in memo:
        memo[key] = next((a for a in ctx.compiled(name).abilities if isinstance(a, ir.Morph)), None)
    found: ir.Morph | None = memo[key]
    return found


def flashback_cost(ctx: Context, name: str) -> str | None:
    """702.34a: the card's flashback cost, if it has flashback (and is an instant or sorcery)."""
    key = ("flashback", name)
    memo = ctx.printed.memo
    if key not in memo:
        cost = None
        if {"instant", "sorcery"} & set(ctx.face(name).types):
            cost = next((a.cost for a in ctx.compiled(name).abilities if isinstance(a, ir.Flashback)), None)
        memo[key] = cost
    found: str | None = memo[key]
    return found


def card_flashback(ctx: Context, oid: int) -> str | None:
    """702.34a: the flashback cost of this card as it is now: its card has flashback and no
    effect removed it in its zone (613.1f: "Cards in graveyards lose all abilities", Yixlid
    Jailer). Only effects that reach cards outside the battlefield can remove it."""
    cost = flashback_cost(ctx, ctx.obj(oid).name)
    if cost is None or not ctx.field().reach:
        return cost
    if any(isinstance(a, ir.Flashback) for a in ctx.chars(oid).abilities):
        return cost
    return None


def flashback_names(ctx: Context) -> frozenset[str]:
    """The cards of the pool that have flashback (702.34a), for a quick look at graveyards."""
    memo = ctx.printed.memo
    found: frozenset[str] | None = memo.get(("flashback_names", ""))
    if found is None:
        found = memo["flashback_names", ""] = frozenset(
            n for n in ctx.pool if flashback_cost(ctx, n) is not None
        )
    return found


def zone_abilities(ctx: Context, zone: str) -> dict[str, tuple[int, ...]]:
    """The cards of the pool with activated abilities that function from ``zone`` (113.6: from a
    graveyard, embalm 702.128a and eternalize 702.129a; 113.6b: from a hand, cycling 702.29a and
    typecycling 702.29e), each with those abilities' indexes, for a quick look at that zone."""
    memo = ctx.printed.memo
    found: dict[str, tuple[int, ...]] | None = memo.get(("zone_abilities", zone))
    if found is None:
        found = {}
        for n in ctx.pool:
            idx = tuple(
                i
                for i, a in enumerate(ctx.compiled(n).abilities)
                if isinstance(a, ir.Activated) and a.zone == zone
            )
            if idx:
                found[n] = idx
        memo["zone_abilities", zone] = found
    return found


def enchant_filter(ctx: Context, name: str) -> ir.Filter | None:
    for a in ctx.compiled(name).abilities:
        if isinstance(a, ir.Keyword) and a.name == "enchant":
            return a.arg or ir.Filter()
    return None


def spell_target_specs(ctx: Context, name: str, modes: list[int]) -> tuple[ir.TargetSpec, ...]:
    """The target slots of a spell: its spell ability (or chosen modes), or an Aura's enchant (303.4a)."""
    sa = spell_ability(ctx, name)
    if sa is not None:
        if sa.modes:
            out: tuple[ir.TargetSpec, ...] = ()
            for m in modes:
                out += sa.modes[m].targets
            return out
        return sa.targets
    ef = enchant_filter(ctx, name)
    if ef is not None:
        return (ir.TargetSpec(objects=ef, text="enchant"),)
    return ()


def extra_cost_per_target(ctx: Context, name: str) -> int:
    return sum(
        a.generic_per_extra_target for a in ctx.compiled(name).abilities if isinstance(a, ir.CostIncrease)
    )


def ability(ctx: Context, ability_id: str) -> ir.Ability:
    """An ability by its stable id (granted and copied abilities included)."""
    return ctx.pool.ability(ability_id)


def effects_of(ctx: Context, o: Obj) -> tuple[tuple[ir.Effect, ...], tuple[ir.TargetSpec, ...]]:
    """The effects and target slots of a spell or ability on the stack (for a modal spell,
    its chosen modes in order, 700.2)."""
    if o.ability:
        ab = ability(ctx, o.ability)
        if isinstance(ab, ir.Triggered) and ab.modes:
            return chosen_modes(ctx, o.ability, ab, tuple(o.mode))  # 700.2, 603.3c
        if isinstance(ab, (ir.Activated, ir.Triggered)):
            return ab.effects, ab.targets
        return (), ()
    if o.bestowed:
        return (), (BESTOW_TARGET,)  # 702.103b: an Aura spell with enchant creature
    if o.face_down:
        return (), ()  # 708.2a: a face-down creature spell has no text
    sa = overloaded_spell(ctx, o.name) if o.alt_cost == "overload" else None
    sa = sa or spell_ability(ctx, o.name)
    if sa is not None:
        found = chosen_modes(ctx, o.name, sa, tuple(o.mode)) if sa.modes else (sa.effects, sa.targets)
        return _text_changed(ctx, o, found) if ctx.state.effects else found
    found = (), spell_target_specs(ctx, o.name, o.mode)  # an Aura spell's enchant (303.4a)
    return _text_changed(ctx, o, found) if ctx.state.effects else found


def _text_changed(
    ctx: Context, o: Obj, found: tuple[tuple[ir.Effect, ...], tuple[ir.TargetSpec, ...]]
) -> tuple[tuple[ir.Effect, ...], tuple[ir.TargetSpec, ...]]:
    """612.1, 613.1c: a spell's text as the text-changing effects on it have it, in timestamp
    order (its targets are checked against the new text as it resolves, 608.2b)."""
    effects, targets = found
    on_it = [ce for ce in ctx.state.effects if o.id in ce.affected]  # most spells: none at all
    for ce in sorted(on_it, key=lambda ce: ce.timestamp):
        for m in ce.mods:
            if isinstance(m, TextChange):
                effects = change_words(effects, m.kind, m.old, m.new, o.name)
                targets = change_words(targets, m.kind, m.old, m.new, o.name)
    return effects, targets


def divided_damage(ctx: Context, name: str, modes: list[int]) -> ir.DealDamage | None:
    """The spell's "deals N damage divided as you choose among ..." (601.2d), if it has one
    (for a modal spell, in its chosen modes, with the slots numbered as on the stack)."""
    sa = spell_ability(ctx, name)
    if sa is None:
        return None
    effects = chosen_modes(ctx, name, sa, tuple(sorted(modes)))[0] if sa.modes else sa.effects
    return next((e for e in effects if isinstance(e, ir.DealDamage) and e.divided == "chosen"), None)


def chosen_modes(
    ctx: Context, name: str, sa: ir.SpellAbility | ir.Triggered, modes: tuple[int, ...]
) -> tuple[tuple[ir.Effect, ...], tuple[ir.TargetSpec, ...]]:
    """700.2: the effects and target slots of the chosen modes, in order. Each mode numbers
    its own target slots from 0; the spell's slots run on, so a mode's references to its
    targets are shifted past the slots of the modes before it."""
    key = ("modes", (name, modes))
    found: tuple[tuple[ir.Effect, ...], tuple[ir.TargetSpec, ...]] | None = ctx.printed.memo.get(key)
    if found is None:
        effects: tuple[ir.Effect, ...] = ()
        targets: tuple[ir.TargetSpec, ...] = ()
        for m in modes:
            mode = sa.modes[m]
            effects += tuple(_shift_targets(e, len(targets)) for e in mode.effects)
            targets += mode.targets
        found = ctx.printed.memo[key] = (effects, targets)
    return found


_TARGET_REFS = ("target", "target_controller", "target_owner")


def _shift_targets(node: Any, offset: int) -> Any:
    """A copy of an IR node whose references to target slot i point at slot i + offset."""
    if offset == 0:
        return node
    if isinstance(node, ir.Ref):
        return dataclasses.replace(node, index=node.index + offset) if node.kind in _TARGET_REFS else node
    if isinstance(node, tuple):
        return tuple(_shift_targets(x, offset) for x in node)
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        changes = {
            f.name: _shift_targets(getattr(node, f.name), offset)
            for f in dataclasses.fields(node)
            if isinstance(getattr(node, f.name), (ir.Ref, tuple))
            or dataclasses.is_dataclass(getattr(node, f.name))
        }
        return dataclasses.replace(node, **changes) if changes else node
    return node


def root_ability(ctx: Context, o: Obj) -> tuple[str, ir.Ability] | None:
    """The id and IR of what a spell or ability on the stack does: the ability's own id, or a
    spell's spell ability (whose quoted abilities get ids under it, 113.2c)."""
    if o.ability:
        return o.ability, ability(ctx, o.ability)
    for i, a in enumerate(ctx.compiled(o.name).abilities):
        if isinstance(a, ir.SpellAbility):
            return card_ability_id(o.name, i), a
    return None


def ability_text(ctx: Context, ability_id: str) -> str:
    ab = ability(ctx, ability_id)
    return getattr(ab, "text", "")


def is_permanent_card(ctx: Context, name: str) -> bool:
    """110.4a / 304.4 / 307.4: a card of a permanent type becomes a permanent when it resolves."""
    return any(t in ctx.face(name).types for t in PERMANENT_TYPES)


PERMANENT_TYPES = ("creature", "artifact", "enchantment", "planeswalker", "land", "battle")
