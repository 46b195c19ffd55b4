"""What a card does, read from its compiled abilities: its spell ability, an Aura's
enchant restriction (303.4a), its target slots (601.2c), cost increases (601.2f)."""

from __future__ import annotations

from karn import ir
from karn.engine.context import Context


def spell_ability(ctx: Context, name: str) -> ir.SpellAbility | None:
    for a in ctx.compiled(name).abilities:
        if isinstance(a, ir.SpellAbility):
            return a
    return None


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
