"""Characteristics of objects with continuous effects applied in layer order (611-613).

Printed values come from the card face (or the token definition, 111.4); then
layer 2 (control), layer 6 (abilities: keywords granted), layer 7c (power and
toughness modifications and counters) are applied in timestamp order
(613.7). The pool's effects have no dependencies (613.8). Results are
cached per game and invalidated whenever the state changes in a way that can
change a characteristic.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from karn import ir
from karn.cards.pool import CardPool
from karn.engine.filters import characteristics_match
from karn.engine.state import GameState, Obj


@dataclass(slots=True)
class Chars:
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
    cant_attack: bool = False
    cant_block: bool = False
    mana_value: int = 0
    printed_keywords: frozenset[str] = field(default_factory=frozenset)

    def is_(self, t: str) -> bool:
        return t in self.types


def _int(v: str | None) -> int:
    try:
        return int(v) if v is not None else 0
    except ValueError:
        return 0


class Printed:
    """Printed characteristics (the 613.1 starting point) of the cards of one pool,
    built once per card name and shared by copies of a game."""

    __slots__ = ("pool", "_templates")

    def __init__(self, pool: CardPool) -> None:
        self.pool = pool
        self._templates: dict[str, Chars] = {}

    def of(self, o: Obj) -> Chars:
        """Copiable printed values of a card or token (a fresh, mutable copy)."""
        if o.token is not None:
            tok = o.token
            return Chars(
                name=tok.name,
                types=frozenset(tok.types),
                subtypes=frozenset(tok.subtypes),
                supertypes=frozenset(),
                colors=frozenset(tok.colors),
                power=tok.power,
                toughness=tok.toughness,
                keywords=set(tok.keywords),
                controller=o.controller,
                abilities=tuple(ir.Keyword(k) for k in tok.keywords),
                printed_keywords=frozenset(tok.keywords),
            )
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
                mana_value=face.mana_value,
                printed_keywords=kws,
            )
        return Chars(
            t.name,
            t.types,
            t.subtypes,
            t.supertypes,
            t.colors,
            t.power,
            t.toughness,
            set(t.printed_keywords),
            o.controller,
            t.abilities,
            False,
            False,
            t.mana_value,
            t.printed_keywords,
        )


def compute_battlefield(s: GameState, printed: Printed) -> dict[int, Chars]:
    """Characteristics of every permanent, all layers applied (613.1)."""
    out: dict[int, Chars] = {}
    for oid in s.battlefield:
        out[oid] = printed.of(s.objects[oid])
    # Layer 2: control-changing effects (613.1b), in timestamp order.
    for e in sorted(s.effects, key=lambda e: e.timestamp):
        if e.new_controller >= 0:
            for oid in e.affected:
                if oid in out:
                    out[oid].controller = e.new_controller
    # Gather modifications from static abilities (604, 611.3) and resolved effects (611.2).
    mods: list[tuple[int, list[int], int, int, tuple[str, ...], bool, bool]] = []
    for oid in s.battlefield:
        src = s.objects[oid]
        ch = out[oid]
        for ab in ch.abilities:
            if not isinstance(ab, ir.Static):
                continue
            for m in ab.mods:
                affected = _static_affected(s, src, ch.controller, m.affected, out)
                mods.append(
                    (
                        src.timestamp,
                        affected,
                        m.power,
                        m.toughness,
                        m.add_keywords,
                        m.cant_attack,
                        m.cant_block,
                    )
                )
    for e in s.effects:
        if e.new_controller >= 0:
            continue
        mods.append((e.timestamp, e.affected, e.power, e.toughness, e.keywords, e.cant_attack, e.cant_block))
    mods.sort(key=lambda m: m[0])
    # Layer 6: ability-adding effects (613.1f).
    for _, affected, _, _, kws, cant_a, cant_b in mods:
        for oid in affected:
            c = out.get(oid)
            if c is None:
                continue
            c.keywords.update(kws)
            c.cant_attack = c.cant_attack or cant_a
            c.cant_block = c.cant_block or cant_b
    # Layer 7c: P/T modifications and counters (613.4c).
    for _, affected, p, t, _, _, _ in mods:
        if p or t:
            for oid in affected:
                c = out.get(oid)
                if c is not None:
                    c.power += p
                    c.toughness += t
    for oid in s.battlefield:
        cnt = s.objects[oid].counters
        if cnt:
            c = out[oid]
            n = cnt.get("+1/+1", 0) - cnt.get("-1/-1", 0)
            c.power += n
            c.toughness += n
    return out


def _static_affected(
    s: GameState, src: Obj, controller: int, sel: ir.Selector, chars: dict[int, Chars]
) -> list[int]:
    if isinstance(sel, ir.Ref):
        if sel.kind in ("enchanted", "equipped"):
            return [src.attached_to] if src.attached_to else []
        if sel.kind == "self":
            return [src.id]
        return []
    f = sel.filter
    objects = s.objects
    return [
        oid
        for oid, c in chars.items()
        if not (f.other and oid == src.id)
        and characteristics_match(
            f, c.types, c.subtypes, c.supertypes, c.colors, c.controller, objects[oid].owner, controller
        )
    ]


def chars_of(printed: Printed, o: Obj) -> Chars:
    """Characteristics of an object that is not on the battlefield: its printed ones."""
    return printed.of(o)
