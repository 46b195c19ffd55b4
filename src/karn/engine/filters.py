"""Matching an IR :class:`~karn.ir.Filter` against characteristics (109.2, 205).

One check serves live objects (targets, static abilities' affected sets,
enters and cast triggers) and last known information of objects that left the
battlefield (leaves-the-battlefield triggers, 603.10a).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping
from typing import Protocol

from karn import ir


class Characteristics(Protocol):
    """An object's characteristics (109.3) as a filter reads them: its characteristics now
    (:class:`karn.engine.layers.Chars`) or as it last existed (:class:`karn.engine.values.LastKnown`)."""

    @property
    def types(self) -> Collection[str]: ...
    @property
    def subtypes(self) -> Collection[str]: ...
    @property
    def supertypes(self) -> Collection[str]: ...
    @property
    def colors(self) -> Collection[str]: ...
    @property
    def mana_value(self) -> int: ...
    @property
    def keywords(self) -> Collection[str]: ...
    @property
    def power(self) -> int | None: ...
    @property
    def toughness(self) -> int | None: ...


def object_matches(
    f: ir.Filter,
    c: Characteristics,
    controller: int,
    owner: int,
    viewer: int,
    chosen: Mapping[str, str] | None = None,
    *,
    mana_value: int | None = None,
    enchants: str | None = None,
) -> bool:
    """:func:`characteristics_match` with all of an object's characteristics: its types,
    colors, mana value, power and toughness (613, 202.3). ``mana_value`` replaces the
    object's (a spell being cast counts the X announced, 202.3e); and its keywords ("with
    flying", "without flanking", 702)."""
    return characteristics_match(
        f,
        c.types,
        c.subtypes,
        c.supertypes,
        c.colors,
        controller,
        owner,
        viewer,
        chosen,
        c.mana_value if mana_value is None else mana_value,
        enchants,
        c.power,
        c.toughness,
        c.keywords,
    )


def characteristics_match(
    f: ir.Filter,
    types: Collection[str],
    subtypes: Collection[str],
    supertypes: Collection[str],
    colors: Collection[str],
    controller: int,
    owner: int,
    viewer: int,
    chosen: Mapping[str, str] | None = None,
    mana_value: int | None = None,
    enchants: str | None = None,
    power: int | None = None,
    toughness: int | None = None,
    keywords: Collection[str] | None = None,
) -> bool:
    """Do these characteristics satisfy `f`, "you" being `viewer`? (Zone and "another"
    are the caller's business.) ``chosen``: the values the filter's source chose as it
    entered (614.12a, 607.2a: "color", "creature_type"), for "of the chosen color/type".
    A filter on mana value parity or comparing numbers needs ``mana_value``, ``power`` and
    ``toughness`` (current characteristics, 613; 202.3); a filter on keywords ("with flying",
    702) needs ``keywords`` (without them it matches nothing)."""
    if f.keywords or f.not_keywords:
        if keywords is None:
            return False
        if any(k not in keywords for k in f.keywords) or any(k in keywords for k in f.not_keywords):
            return False
    if f.chosen is not None:
        value = (chosen or {}).get(f.chosen, "")
        if not value:
            return False
        if f.chosen == "color" and value not in colors:
            return False
        if f.chosen == "creature_type" and value not in subtypes:
            return False
    if f.types and not any(t in types for t in f.types):
        return False
    if f.not_types and any(t in types for t in f.not_types):
        return False
    if f.subtypes and not any(t in subtypes for t in f.subtypes):
        return False
    if f.supertypes and not all(t in supertypes for t in f.supertypes):
        return False
    if f.not_subtypes and any(t in subtypes for t in f.not_subtypes):
        return False
    if f.not_supertypes and any(t in supertypes for t in f.not_supertypes):
        return False
    if f.colors and not any(c in colors for c in f.colors):
        return False
    if f.not_colors and any(c in colors for c in f.not_colors):
        return False
    if f.controller == "you" and controller != viewer:
        return False
    if f.controller == "opponent" and controller == viewer:
        return False
    if f.owner == "you" and owner != viewer:
        return False
    if f.owner == "opponent" and owner == viewer:
        return False
    if f.mana_value is not None and (mana_value is None or (mana_value % 2 == 0) != (f.mana_value == "even")):
        return False  # 202.3: zero is even
    if f.enchant is not None and f.enchant != enchants:
        return False  # "Aura spells with enchant creature"
    if f.compared:  # most filters compare nothing: no generator on the hot path
        return all(_compared_holds(c, power, toughness, mana_value) for c in f.compared)
    return True


def _compared_holds(c: ir.Compared, power: int | None, toughness: int | None, mana_value: int | None) -> bool:
    """ "with power 4 or greater", "with mana value 3 or less" (202.3, 208.1); a number the
    caller doesn't know matches nothing, nor does a comparison with an X not bound
    (:func:`with_x`)."""
    if c.of_x:
        return False
    if c.what == "power_or_toughness":
        return _compare(c, power) or _compare(c, toughness)
    return _compare(c, power if c.what == "power" else toughness if c.what == "toughness" else mana_value)


def _compare(c: ir.Compared, number: int | None) -> bool:
    """Is `number` N or greater / N or less / N, as `c` says?"""
    if number is None:
        return False
    if c.op == "eq":
        return number == c.value
    return number >= c.value if c.op == "ge" else number <= c.value


def has_x(f: ir.Filter) -> bool:
    """Does `f` compare a number with X ("with mana value X or less", 107.3)?"""
    return bool(f.compared) and any(c.of_x for c in f.compared)


#: "X or less" while X isn't announced yet: no object's number is greater (601.2b comes later)
_ANY_X = 1 << 30


def with_x(f: ir.Filter, x: int | None) -> ir.Filter:
    """`f` with X replaced by the value announced for it (107.3, 601.2b, 602.2b); ``None``:
    not announced yet (whether a spell could be cast at all), so any X: the comparison is
    the most permissive one ("X or less" holds for every number, "X or greater" for 0)."""
    bound = tuple(
        dataclasses.replace(c, of_x=False, value=_bound(c.op, x)) if c.of_x else c for c in f.compared
    )
    return dataclasses.replace(f, compared=bound)


def _bound(op: str, x: int | None) -> int:
    if x is not None:
        return x
    return _ANY_X if op == "le" else 0
