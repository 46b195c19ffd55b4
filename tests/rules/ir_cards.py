"""Test cards written directly in the IR: the engine's layer system is checked on its own,
independently of the Oracle compiler (which has its own snapshot tests in tests/oracle)."""

from __future__ import annotations

from typing import Any

from karn import Game, ir
from karn.cards.database import CardFace
from karn.cards.pool import CardPool, PoolCard
from karn.oracle.pool import build_pool

REAL = [
    "Wastes",
    "Grizzly Bears",
    "Llanowar Elves",
    "Lightning Bolt",
    "Mountain",
    "Forest",
    "Taiga",
    "Serra Angel",
]


def card(
    name: str,
    type_line: str,
    *abilities: ir.Ability,
    mana_cost: str | None = "{2}",
    power: str | None = None,
    toughness: str | None = None,
    colors: tuple[str, ...] = (),
) -> PoolCard:
    left, _, right = type_line.partition("—")
    words = [w.lower() for w in left.split()]
    supertypes = tuple(w for w in words if w in ("basic", "legendary", "snow", "world"))
    types = tuple(w for w in words if w not in supertypes)
    subtypes = tuple(w.lower() for w in right.split())
    face = CardFace(
        name=name,
        mana_cost=mana_cost,
        type_line=type_line,
        types=types,
        subtypes=subtypes,
        supertypes=supertypes,
        text="",
        power=power,
        toughness=toughness,
        loyalty=None,
        keywords=(),
        layout="normal",
        color_identity=colors,
        data_colors=colors,
    )
    return PoolCard.of(face, ir.CompiledCard(name, abilities))


def game(
    cards: list[PoolCard],
    *setup: tuple[int, str, str] | tuple[int, str, str, dict[str, Any]],
    active: int = 0,
    step: str = "precombat_main",
) -> tuple[Game, list[int]]:
    """A game with these test cards (and a few real ones) in the pool; ``setup`` puts cards
    into zones: (player, name, zone) or (player, name, zone, fields); an ``attached_to`` of
    ``-i`` means the i-th card of the setup (1-based)."""
    pool = build_pool(REAL).merged(CardPool(cards))
    g = Game.empty(names=["A", "B"], pool=pool)
    ids: list[int] = []
    for p, name, zone, *rest in setup:
        fields = dict(rest[0]) if rest else {}
        if fields.get("attached_to", 0) < 0:
            fields["attached_to"] = ids[-fields["attached_to"] - 1]
        ids.append(g.add_card(p, name, zone, **fields))
    for p in (0, 1):
        for _ in range(5):
            g.add_card(p, "Wastes", "library")
    g.begin_at(active, step)
    return g, ids
