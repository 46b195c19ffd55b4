"""Predefined tokens (111.10): each defined once, its abilities compiled from their rules text
by the same compiler as a card's, so "create a Treasure token", "create two Food tokens" and
"investigate" (701.16a) make tokens with real abilities. A definition whose ability karn
can't compile makes every effect creating that token refuse, with the reason."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from karn.ir.nodes import Ability, GainAbility, TokenDef, Unsupported


@dataclass(frozen=True, slots=True)
class Predefined:
    """A predefined token's characteristics (111.10): its name, card types, subtypes and the
    rules text of its abilities (one ability a line)."""

    name: str
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    text: str
    rule: str


#: 111.10a-v: the predefined tokens with their abilities' text, by subtype.
PREDEFINED: dict[str, Predefined] = {
    p.subtypes[0]: p
    for p in (
        Predefined(
            "Treasure",
            ("artifact",),
            ("treasure",),
            "{T}, Sacrifice ~: Add one mana of any color.",
            "111.10a",
        ),
        Predefined("Food", ("artifact",), ("food",), "{2}, {T}, Sacrifice ~: You gain 3 life.", "111.10b"),
        Predefined("Gold", ("artifact",), ("gold",), "Sacrifice ~: Add one mana of any color.", "111.10c"),
        Predefined(
            "Shard", ("enchantment",), ("shard",), "{2}, Sacrifice ~: Scry 1, then draw a card.", "111.10e"
        ),
        Predefined("Clue", ("artifact",), ("clue",), "{2}, Sacrifice ~: Draw a card.", "111.10f"),
        Predefined(
            "Blood",
            ("artifact",),
            ("blood",),
            "{1}, {T}, Discard a card, Sacrifice ~: Draw a card.",
            "111.10g",
        ),
        Predefined(
            "Powerstone",
            ("artifact",),
            ("powerstone",),
            "{T}: Add {C}. This mana can't be spent to cast a nonartifact spell.",
            "111.10h",
        ),
        Predefined(
            "Map",
            ("artifact",),
            ("map",),
            "{1}, {T}, Sacrifice ~: Target creature you control explores. Activate only as a sorcery.",
            "111.10s",
        ),
        Predefined(
            "Junk",
            ("artifact",),
            ("junk",),
            "{T}, Sacrifice ~: Exile the top card of your library. You may play that card this turn."
            " Activate only as a sorcery.",
            "111.10t",
        ),
        Predefined(
            "Lander",
            ("artifact",),
            ("lander",),
            "{2}, {T}, Sacrifice ~: Search your library for a basic land card, put it onto the"
            " battlefield tapped, then shuffle.",
            "111.10u",
        ),
        Predefined(
            "Mutagen",
            ("artifact",),
            ("mutagen",),
            "{1}, {T}, Sacrifice ~: Put a +1/+1 counter on target creature. Activate only as a sorcery.",
            "111.10v",
        ),
    )
}


@functools.cache
def predefined_token(subtype: str) -> TokenDef | str:
    """The token a predefined name stands for (111.10), or why karn can't make it: its
    abilities compiled from their rules text (``~`` is the token itself)."""
    from karn.oracle.compiler import compile_line  # the abilities' own compilation
    from karn.oracle.normalize import Line

    p = PREDEFINED.get(subtype)
    if p is None:
        return f"no predefined token named {subtype!r} (111.10)"
    abilities: list[Ability] = []
    for line in p.text.split("\n"):
        for ab in compile_line(Line(line, line, "ability")):
            if isinstance(ab, Unsupported):
                return f"the {p.name} token's ability ({p.rule}) '{line}': {ab.reason}"
            abilities.append(ab)
    return TokenDef(p.name, 0, 0, (), p.types, p.subtypes, abilities=tuple(GainAbility(a) for a in abilities))
