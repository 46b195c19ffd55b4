"""The activated abilities of each player's permanents (602, 605), kept for reuse.

For every permanent: its activated abilities as they are now (printed, granted by layer 6,
intrinsic to its land types, 305.6), each with the option label a player sees, and the
mana abilities the payment solver may use (those whose only cost is {T}). The entries are
kept while the permanent's name and abilities stay the same; the per-player lists per
version of the characteristics. Tapped and summoning-sick states are read live (302.6).
"""

from __future__ import annotations

from typing import NamedTuple, cast

from karn import ir
from karn.engine.context import Context
from karn.engine.layers import Chars
from karn.engine.state import Option


class PermanentAbility(NamedTuple):
    oid: int
    idx: int  # its index in the permanent's abilities now (the action's second number)
    ab: ir.Activated
    sick_matters: bool  # a creature without haste (302.6)
    label: str
    option: Option  # the "mana" option, for a mana ability


class PlayerAbilities(NamedTuple):
    all: list[PermanentAbility]


def of_player(ctx: Context, p: int) -> PlayerAbilities:
    """The activated abilities of the permanents `p` controls (printed, granted, intrinsic),
    computed once per version of the battlefield's characteristics (tapped/sick are read live);
    each permanent's entries are kept while its name and abilities stay the same."""
    bf = ctx.battlefield_chars()
    version = ctx.state.layers_version
    cache = ctx.ability_cache
    if cache[0] != version:
        cache = ctx.ability_cache = (version, {})
    found = cache[1].get(p)
    if found is not None:
        return cast(PlayerAbilities, found)
    per_object = ctx.object_abilities
    out: list[PermanentAbility] = []
    for oid, c in bf.items():
        if c.controller != p:
            continue
        sick_matters = "creature" in c.types and "haste" not in c.keywords
        key = (c.name, c.ability_ids, sick_matters)
        entry = per_object.get(oid)
        if entry is None or entry[0] != key:
            entry = per_object[oid] = (key, _object_abilities(oid, c, sick_matters))
        out.extend(entry[1])
    result = cache[1][p] = PlayerAbilities(out)
    return result


def _object_abilities(oid: int, c: Chars, sick_matters: bool) -> list[PermanentAbility]:
    out: list[PermanentAbility] = []
    for i, ab in enumerate(c.abilities):
        if isinstance(ab, ir.Activated) and ab.zone == "battlefield":  # 113.6
            label = f"activate {c.name} (#{oid}): {ab.text}"
            out.append(PermanentAbility(oid, i, ab, sick_matters, label, Option("mana", oid, i, label=label)))
    return out
