"""Protection (702.16): what a permanent is protected from, and whether a source has that quality.

A protection ability is a keyword of the form ``"protection from <quality>"`` among an object's
keywords (layer 6), so it is granted, removed, copied and shown like any other keyword. The
quality is read back from the keyword's words (:func:`quality`): a color ("red"), "all colors"
(702.16h: one ability per color), "multicolored", "monocolored", "colorless", "everything"
(702.16j), a card type ("creatures", "instants") or a subtype ("goblins", "zombies"). A value
chosen for the object ("the chosen color", 607.2a) or as an effect resolves ("the color of your
choice", 608.2d) is filled in by the layer system before it reaches the keywords.

Whether a source has the quality is read from its characteristics now (the layers), or, if it
has left its zone, as it last existed (608.2h): a protection-from-red creature can be the target
of a spell that was red but no longer is. 702.16a: a card type or subtype quality applies to
sources that are permanents with it and to sources in other zones that have it.

The consequences are applied where the rules look: targets (702.16b, :mod:`.targeting`, also
on resolution, 608.2b), attachments (702.16c-d, state-based actions 704.5m-n, :mod:`.sba`),
damage (702.16e, a prevention effect, :mod:`.pipeline.instead`) and blocks (702.16f,
:mod:`.combat`).
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Iterable
from dataclasses import dataclass

from karn.engine.context import Context
from karn.engine.state import BATTLEFIELD, STACK
from karn.engine.subtypes import (
    ARTIFACT_TYPES,
    COLOR_NAMES,
    COLORS,
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


def qualities(keywords: Iterable[str]) -> list[Quality]:
    """The qualities an object's protection keywords name (702.16g: one per ability)."""
    out: list[Quality] = []
    for k in keywords:
        if k.startswith(PREFIX):
            q = quality(k[len(PREFIX) :])
            if q is not None:
                out.append(q)
    return out


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


def color_keyword(letter: str) -> str:
    """ "protection from <color>" for a color letter (a chosen color, 607.2a, 608.2d)."""
    return PREFIX + COLOR_NAMES.get(letter, letter)


def color_choices() -> tuple[str, ...]:
    """The colors a "color of your choice" may be (105.1)."""
    return COLORS


def _source_characteristics(
    ctx: Context, source: int
) -> tuple[Collection[str], Collection[str], Collection[str]] | None:
    """A source's types, subtypes and colors now, or as it last existed (608.2h)."""
    if source in ctx.state.objects:
        c = ctx.chars(source)
        return c.types, c.subtypes, c.colors
    lk = ctx.state.lki.get(source)
    if lk is not None:
        return lk.types, lk.subtypes, lk.colors
    return None


def _source_player(ctx: Context, source: int) -> int:
    """702.16k: the player whose object the source is: its controller on the battlefield or the
    stack, else its owner (or as it last existed)."""
    o = ctx.state.objects.get(source)
    if o is not None:
        return ctx.controller(source) if o.zone in (BATTLEFIELD, STACK) else o.owner
    lk = ctx.state.lki.get(source)
    return lk.controller if lk is not None else -1


def protected_from(ctx: Context, keywords: Collection[str], source: int, holder: int = -1) -> str:
    """The protection keyword among `keywords` that names a quality `source` has (702.16b-f),
    or "". ``holder``: the controller of the object with protection (for 702.16k)."""
    if not keywords or source <= 0:
        return ""
    # sorted: the keyword named in the log must not depend on set order (string hashing)
    found = sorted(k for k in keywords if k.startswith(PREFIX))
    if not found:
        return ""
    traits = _source_characteristics(ctx, source)
    for k in found:
        q = quality(k[len(PREFIX) :])
        if q is None:
            continue
        if q.kind == "everything":
            return k
        if q.kind == "opponents":
            player = _source_player(ctx, source)
            if player >= 0 and holder >= 0 and player != holder:
                return k
            continue
        if traits is not None and has_quality(q, *traits):
            return k
    return ""


def object_protected_from(ctx: Context, oid: int, source: int) -> str:
    """The protection ability of permanent `oid` that names a quality of `source`, or ""."""
    return protected_from(ctx, ctx.chars(oid).keywords, source, ctx.controller(oid))
