"""Card knowledge from public card data: faces, compiled abilities, and what each target slot does.

Card text is public: the agent looks cards up by name in the :class:`CardPool` it was
given, or else in the packaged card database (:func:`karn.oracle.pool.build_pool`).
"""

from __future__ import annotations

import dataclasses

from karn import ir
from karn.cards.database import CardFace
from karn.cards.pool import CardPool, PoolCard
from karn.oracle.pool import build_pool

_RULES_POOL = CardPool({})  # answers "keyword:..." and "rules:..." ability ids (no card needed)


class CardKnowledge:
    """Cards by name, and abilities by their ids (``"Card Name#2"``, ``"keyword:flying"``)."""

    __slots__ = ("pool", "_cards", "_abilities", "_spell", "_enchant", "_aura")

    def __init__(self, pool: CardPool | None = None) -> None:
        self.pool = pool
        self._cards: dict[str, PoolCard] = {}
        self._abilities: dict[str, ir.Ability | None] = {}
        self._spell: dict[str, ir.SpellAbility | None] = {}
        self._enchant: dict[str, ir.Filter | None] = {}
        self._aura: dict[str, list[ir.Modify]] = {}

    def card(self, name: str) -> PoolCard:
        found = self._cards.get(name)
        if found is None:
            if self.pool is not None and name in self.pool:
                found = self.pool.card(name)
            else:
                found = build_pool([name]).card(name)
            self._cards[name] = found
        return found

    def face(self, name: str) -> CardFace:
        return self.card(name).face

    def compiled(self, name: str) -> ir.CompiledCard:
        return self.card(name).compiled

    def is_land(self, name: str) -> bool:
        return "land" in self.face(name).types

    def mana_value(self, name: str) -> int:
        return self.face(name).mana_value

    def ability(self, ability_id: str) -> ir.Ability | None:
        """The ability with this id (None if it can't be found)."""
        if ability_id in self._abilities:
            return self._abilities[ability_id]
        found: ir.Ability | None
        try:
            if ability_id.startswith(("keyword:", "rules:")):
                found = _RULES_POOL.ability(ability_id)
            else:
                name, _, index = ability_id.rpartition("#")
                found = self.compiled(name).abilities[int(index)]
        except (KeyError, IndexError, ValueError):
            found = None
        self._abilities[ability_id] = found
        return found

    def spell_ability(self, name: str) -> ir.SpellAbility | None:
        if name not in self._spell:
            self._spell[name] = next(
                (a for a in self.compiled(name).abilities if isinstance(a, ir.SpellAbility)), None
            )
        return self._spell[name]

    def enchant_filter(self, name: str) -> ir.Filter | None:
        """What an Aura may enchant (None: not an Aura)."""
        if name not in self._enchant:
            found = None
            for a in self.compiled(name).abilities:
                if isinstance(a, ir.Keyword) and a.name == "enchant":
                    found = a.arg or ir.Filter()
                    break
            self._enchant[name] = found
        return self._enchant[name]

    def aura_mods(self, name: str) -> list[ir.Modify]:
        """What an Aura does to the permanent it enchants."""
        found = self._aura.get(name)
        if found is None:
            found = []
            for a in self.compiled(name).abilities:
                if isinstance(a, ir.Static):
                    found.extend(
                        m for m in a.mods if isinstance(m.affected, ir.Ref) and m.affected.kind == "enchanted"
                    )
            self._aura[name] = found
        return found


def flat(effects: tuple[ir.Effect, ...]) -> list[ir.Effect]:
    out: list[ir.Effect] = []
    for e in effects:
        if isinstance(e, ir.May | ir.IfCondition):
            out.extend(flat(e.effects))
            if isinstance(e, ir.IfCondition):
                out.extend(flat(e.otherwise))
        elif isinstance(e, ir.ForEachTarget):
            # 608.2f: what each pass does to "that target" it does to each target of the slot
            out.extend(_on_slot(inner, e.slot) for inner in flat(e.effects))
        else:
            out.append(e)
    return out


def _on_slot(e: ir.Effect, slot: int) -> ir.Effect:
    """``e`` with its "that target" of a "for each" (``Ref("each_target")``) as the slot."""
    changes = {
        f: ir.Ref("target", slot)
        for f in ("to", "what", "player")
        if getattr(e, f, None) == ir.Ref("each_target")
    }
    return dataclasses.replace(e, **changes) if changes else e  # type: ignore[arg-type]


def _is_slot(r: object, slot: int) -> bool:
    return isinstance(r, ir.Ref) and r.kind == "target" and r.index == slot


def slot_effects(effects: tuple[ir.Effect, ...], slot: int) -> list[ir.Effect]:
    """The effects that act on target slot ``slot``."""
    out: list[ir.Effect] = []
    for e in flat(effects):
        if isinstance(e, ir.ApplyContinuous):
            if _is_slot(e.mod.affected, slot):
                out.append(e)
            continue
        if any(_is_slot(getattr(e, f, None), slot) for f in ("to", "what", "player")):
            out.append(e)
    return out


def amount(a: ir.Amount, x: int) -> int:
    """A rough value of an amount, for scoring (X as announced; anything counted: 2)."""
    if isinstance(a, int):
        return a
    if isinstance(a, ir.Var) and a.name == "X":
        return x
    if isinstance(a, ir.Half):
        return amount(a.of, x) // 2
    if isinstance(a, ir.Times):
        return amount(a.of, x) * amount(a.by, x)
    if isinstance(a, ir.Sum):
        return sum(amount(t, x) for t in a.terms)
    return 2
