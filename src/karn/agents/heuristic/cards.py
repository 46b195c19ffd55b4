"""Card knowledge from public card data: spell abilities, Auras, and the effects on each target slot."""

from __future__ import annotations

from typing import TYPE_CHECKING

from karn import ir

if TYPE_CHECKING:
    from karn.game import Game


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
