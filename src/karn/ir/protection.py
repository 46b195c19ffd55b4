"""The qualities a protection ability names (702.16a): "protection from <quality>" read back
from a keyword's words, and whether characteristics have a quality. Plain rules vocabulary,
shared by the Oracle lowering (which refuses a quality karn doesn't know) and the engine
(:mod:`karn.engine.protection`, which applies protection where the rules look)."""

from __future__ import annotations

import functools
from collections.abc import Collection
from dataclasses import dataclass

from karn.ir.subtypes import (
    ARTIFACT_TYPES,
    COLOR_NAMES,
    CREATURE_TYPES,
    ENCHANTMENT_TYPES,
    LAND_TYPES,
    PLANESWALKER_TYPES,
    SPELL_TYPES,
)

PREFIX = "protection from "

#: 205.2a: the card types, by their plural as a protection quality names them.
CARD_TYPE_PLURALS: dict[str, str] = {
    "artifacts": "artifact",
    "battles": "battle",
    "creatures": "creature",
    "enchantments": "enchantment",
    "instants": "instant",
    "kindreds": "kindred",
    "lands": "land",
    "planeswalkers": "planeswalker",
    "sorceries": "sorcery",
}

_SUBTYPES: frozenset[str] = (
    frozenset(CREATURE_TYPES)
    | ARTIFACT_TYPES
    | ENCHANTMENT_TYPES
    | LAND_TYPES
    | PLANESWALKER_TYPES
    | SPELL_TYPES
)
_IRREGULAR: dict[str, str] = {"fungi": "fungus", "homunculi": "homunculus", "octopi": "octopus"}
_COLOR_BY_NAME: dict[str, str] = {name: letter for letter, name in COLOR_NAMES.items()}


@dataclass(frozen=True, slots=True)
class Quality:
    """One quality a protection ability names (702.16a). ``kind``: "everything", "color" (``value``
    a color letter), "all_colors", "multicolored", "monocolored", "colorless", "type", "subtype"
    (``value`` the type's singular), "opponents" (702.16k: each opponent of the controller of
    the object with protection)."""

    kind: str
    value: str = ""


def _subtype(word: str) -> str:
    """The singular of a subtype's plural ("goblins", "elves", "werewolves"), or ""."""
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    for suffix, repl in (("ies", "y"), ("ves", "f"), ("es", ""), ("s", ""), ("", "")):
        if word.endswith(suffix):
            base = word[: len(word) - len(suffix)] + repl
            if base in _SUBTYPES:
                return base
    return ""


@functools.cache
def quality(words: str) -> Quality | None:
    """The quality of "protection from <words>" (702.16a), or None if karn doesn't know it."""
    if words == "everything":
        return Quality("everything")  # 702.16j
    if words in ("all colors", "each color"):
        return Quality("all_colors")  # 702.16h
    if words == "each of your opponents":
        return Quality("opponents")  # 702.16k, 702.16i: from each opponent of its controller
    if words in ("multicolored", "monocolored", "colorless"):
        return Quality(words)
    if words in _COLOR_BY_NAME:
        return Quality("color", _COLOR_BY_NAME[words])
    if words in CARD_TYPE_PLURALS:
        return Quality("type", CARD_TYPE_PLURALS[words])
    sub = _subtype(words)
    if sub:
        return Quality("subtype", sub)
    return None


def has_quality(
    q: Quality, types: Collection[str], subtypes: Collection[str], colors: Collection[str]
) -> bool:
    """Does a source with these characteristics have quality `q` (702.16a)?"""
    kind = q.kind
    if kind == "everything":
        return True  # 702.16j: regardless of the object's characteristic values
    if kind == "color":
        return q.value in colors
    if kind == "all_colors":
        return bool(colors)
    if kind == "multicolored":
        return len(colors) >= 2  # 105.4
    if kind == "monocolored":
        return len(colors) == 1  # 105.4
    if kind == "colorless":
        return not colors  # 105.2c
    if kind == "type":
        return q.value in types
    if kind == "subtype":
        return q.value in subtypes
    return False
