"""Descriptions of objects and players (109, 205) -> IR Filters.

Every qualifier the grammar accepts is either kept in the result or refused
with a LowerError; a caller that can use a qualifier outside the Filter asks
for it explicitly (``player_controls``, ``cast_from``, ``from_revealed_hand``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from karn.ir.nodes import Compared, Filter
from karn.oracle.lowering.context import Ctx, Zone
from karn.oracle.syntax import NP, Desc, Qual


@dataclass(frozen=True, slots=True)
class Described:
    """What a description names.

    * ``objects``: the Filter of the objects, if it names objects;
    * ``players``: which players, if it names players ("target player or planeswalker");
    * ``controller_np``: "... target player controls": the player whose permanents;
    * ``cast_from``: "a spell from your graveyard": the zone the spell was cast from (601.2a).
    """

    objects: Filter | None
    players: Literal["any", "opponent", "you", None]
    controller_np: NP | None = None
    cast_from: Literal["graveyard", "hand", "library", None] = None
    exiled_with: bool = False  # "a creature card exiled with ~" (607.2a)


def describe(
    desc: Desc,
    ctx: Ctx,
    default_zone: Zone = "battlefield",
    other: bool = False,
    *,
    player_controls: bool = False,
    cast_from: bool = False,
    from_revealed_hand: bool = False,
    exiled_with: bool = False,
) -> Described:
    """Turn a description into a Filter (109, 205) and/or the players it names.

    The keyword flags say which qualifiers the caller handles itself:
    ``player_controls`` ("creatures target player controls": ``controller_np``),
    ``cast_from`` ("a spell from your graveyard": ``cast_from``),
    ``from_revealed_hand`` ("a card from it", the hand just revealed), ``exiled_with``
    ("a creature card exiled with ~", 607.2a: ``exiled_with``). Without the
    flag such a qualifier raises a LowerError: it is never dropped.
    """
    types: list[str] = []
    subtypes: list[str] = []
    supertypes: list[str] = []
    not_types: list[str] = []
    not_subtypes: list[str] = []
    not_supertypes: list[str] = []
    colors: list[str] = []
    not_colors: list[str] = []
    controller: Literal["you", "opponent", None] = None
    owner: Literal["you", "opponent", None] = None
    zone: Zone | Literal["stack_or_battlefield"] | None = None
    players: Literal["any", "opponent", "you", None] = None
    has_objects = False
    head = ""
    controller_np: NP | None = None
    for w in desc.adjs:
        if w.kind == "color":
            colors.append(w.value)
        elif w.kind == "noncolor":
            not_colors.append(w.value)
        elif w.kind == "nontype":
            not_types.append(w.value)
        elif w.kind == "supertype":
            supertypes.append(w.value)
        elif w.kind == "nonsubtype":
            not_subtypes.append(w.value)
        elif w.kind == "nonsupertype":
            not_supertypes.append(w.value)
        elif w.kind == "other":
            other = True
        else:
            raise ctx.fail(f"the IR Filter cannot express '{w.value}'")
    multi = len(desc.groups) > 1
    all_heads: list[str] = []
    type_groups = 0
    subtype_groups = 0
    for group in desc.groups:
        g_types = [w.value for w in group if w.kind == "type"]
        g_subtypes = [w.value for w in group if w.kind == "subtype"]
        g_players = [w.value for w in group if w.kind == "player"]
        heads = [w.kind for w in group if w.kind in ("card", "spell", "permanent", "token", "object")]
        if "token" in heads:
            raise ctx.fail("the IR Filter cannot express tokens")
        if "permanent" in heads and ("card" in heads or "spell" in heads):
            # "permanent card", "permanent spell": a card with a permanent type (110.4a),
            # i.e. not an instant or sorcery; the other word names the zone
            if multi:
                raise ctx.fail(f"the IR Filter cannot express '{desc.text}'")
            not_types += [t for t in ("instant", "sorcery") if t not in not_types]
            heads = [h for h in heads if h != "permanent"]
        if g_players:
            if len(group) != 1:
                raise ctx.fail("unexpected player description")
            players = "any" if "any" in (players, g_players[0]) else g_players[0]  # type: ignore[assignment]
            continue
        has_objects = True
        if len(g_types) > 1:
            raise ctx.fail(
                "the IR Filter cannot express an object with several card types ('artifact creature')"
            )
        if len(g_subtypes) > 1:
            raise ctx.fail("the IR Filter cannot express several subtypes at once")
        if multi and g_types and g_subtypes:
            raise ctx.fail("the IR Filter cannot express this alternative")
        type_groups += bool(g_types)
        subtype_groups += bool(g_subtypes)
        types += g_types
        subtypes += g_subtypes
        for h in heads:
            head = h
        all_heads += heads
    if type_groups and subtype_groups and multi:
        raise ctx.fail("the IR Filter cannot express a type-or-subtype alternative")
    # "target spell or permanent": only an effect that handles both zones may say it
    spell_or_permanent = ctx.spell_or_permanent_ok and sorted(set(all_heads)) == ["permanent", "spell"]
    if spell_or_permanent and (types or subtypes or colors or not_types or not_colors or desc.quals):
        raise ctx.fail(f"the IR Filter cannot express '{desc.text}' (a qualified spell or permanent)")
    if len(set(all_heads)) > 1 and not spell_or_permanent:  # one Filter has one zone
        raise ctx.fail(f"the IR Filter cannot express '{desc.text}' (objects in different zones)")
    zone_quals = 0
    chosen: str | None = None
    mana_value: Literal["even", "odd", None] = None
    enchant: str | None = None
    linked_exile = False
    combat_with_source = False
    compared: list[Compared] = []
    keywords: list[str] = []
    not_keywords: list[str] = []
    for q in desc.quals:
        if q.kind == "controller":
            controller = "you" if q.value == "you" else "opponent"
        elif q.kind == "owner":
            owner = "you"
        elif q.kind == "zone" and q.value == "not_battlefield":
            # "cards you own that aren't on the battlefield": every other zone (611.3)
            zone = "not_battlefield"
            zone_quals += 1
        elif q.kind == "zone":
            zone = q.value  # type: ignore[assignment]
            if q.player is None:
                owner = "you"  # "from your graveyard"
            elif q.value != "exile":
                owner = None  # "from a graveyard"; "cards you own in exile" keeps its owner (406)
            zone_quals += 1
        elif q.kind == "from_it":
            if not from_revealed_hand:
                raise ctx.fail(f"the IR cannot tell which zone 'from it' means in '{desc.text}'")
            zone = "hand"
            zone_quals += 1
        elif q.kind == "their_choice":
            pass  # "a creature of their choice": the player acting chooses, as for any "a <desc>"
        elif q.kind == "chosen":
            if not ctx.chosen_ok:
                raise ctx.fail(
                    f"the IR reads 'the chosen ...' only in a static ability's group ('{desc.text}')"
                )
            chosen = q.value
        elif q.kind == "enchant":
            if "aura" not in subtypes:
                raise ctx.fail(f"'with enchant' on something other than an Aura ('{desc.text}')")
            enchant = q.value
        elif q.kind == "mana_value":
            mana_value = "even" if q.value == "even" else "odd"
            has_objects = True
        elif q.kind == "player_controls":
            if not player_controls:
                raise ctx.fail(f"the IR cannot restrict '{desc.text}' to a player's permanents here")
            controller_np = q.player
        elif q.kind == "exiled_with_self":
            if not exiled_with:
                raise ctx.fail(
                    f"the IR reads 'exiled with ~' only in 'put ... onto the battlefield' ('{desc.text}')"
                )
            linked_exile = True
            zone = "exile"  # 607.2a: cards exiled with the source
            zone_quals += 1
        elif q.kind == "combat_with_self":
            combat_with_source = True  # 509.1g, 506.4: "blocking or blocked by ~"
        elif q.kind == "compare":
            compared.append(_compared(q, desc, ctx))
            has_objects = True
        elif q.kind == "keyword":
            keywords.append(q.value)  # "creatures with flying" (702)
            has_objects = True
        elif q.kind == "not_keyword":
            not_keywords.append(q.value)  # "a creature without flanking" (702.25a)
            has_objects = True
        elif q.kind == "colors":
            if colors:  # "a red spell that's black or green": both would have to hold
                raise ctx.fail(f"the IR Filter cannot express two color conditions ('{desc.text}')")
            colors = q.value.split(",")  # "that's black, red, or green": any of them (105.2)
        else:
            raise ctx.fail(f"the IR Filter cannot express '{desc.text}'")
    if zone_quals > 1:
        raise ctx.fail(f"two zones in one description ('{desc.text}')")
    origin: Literal["graveyard", "hand", "library", None] = None
    if spell_or_permanent:
        zone = "stack_or_battlefield"  # "target spell or permanent" (115.1): either zone
    elif head == "spell":
        if zone is not None:
            # "a spell from your graveyard": a spell is on the stack (112.1); the
            # zone names where it was cast from, which only a cast trigger can use
            if not cast_from:
                raise ctx.fail(f"the IR cannot describe a spell by the zone it was cast from ('{desc.text}')")
            origin = zone  # type: ignore[assignment]
        zone = "stack"
    elif head == "object":
        # "all objects": every card in every zone, spell and permanent (109.1)
        if zone is not None:
            raise ctx.fail(f"the IR cannot describe '{desc.text}'")
        zone = "any"
    elif head == "card" and zone is None:
        zone = default_zone
    if zone is None:
        zone = "battlefield" if default_zone in ("stack",) else default_zone
    if not has_objects and (
        colors or not_colors or not_types or subtypes or supertypes or not_subtypes or not_supertypes
    ):
        has_objects = True
    objects = None
    if has_objects:
        objects = Filter(
            types=tuple(types),
            subtypes=tuple(subtypes),
            supertypes=tuple(supertypes),
            not_types=tuple(not_types),
            colors=tuple(colors),
            not_colors=tuple(not_colors),
            not_subtypes=tuple(not_subtypes),
            not_supertypes=tuple(not_supertypes),
            controller=controller,
            owner=owner,
            other=other,
            zone=zone,
            chosen="color" if chosen == "color" else "creature_type" if chosen else None,
            mana_value=mana_value,
            enchant=enchant,
            combat_with_source=combat_with_source,
            compared=tuple(compared),
            keywords=tuple(keywords),
            not_keywords=tuple(not_keywords),
        )
    elif controller or owner or other or chosen or combat_with_source or compared or keywords or not_keywords:
        raise ctx.fail("qualifier on a player")
    return Described(objects, players, controller_np, origin, exiled_with=linked_exile)


def _compared(q: Qual, desc: Desc, ctx: Ctx) -> Compared:
    """ "with power 4 or greater", "with mana value 3 or less" (202.3, 208.1) against a
    constant, or against the X announced for the spell or activated ability (107.3, 601.2b,
    602.2b); an ability with no X of its own (a triggered one) has no X to compare with."""
    if q.value not in _COMPARED_NUMBERS or q.op not in ("ge", "le", "eq"):
        raise ctx.fail(f"the IR Filter cannot express '{desc.text}'")
    if q.amount is None:
        if not ctx.x_announced:
            raise ctx.fail(
                f"the IR compares with X only in a spell or an ability with X in its cost ('{desc.text}')"
            )
        return Compared(q.value, q.op, 0, of_x=True)  # type: ignore[arg-type]
    return Compared(q.value, q.op, q.amount)  # type: ignore[arg-type]


_COMPARED_NUMBERS = ("power", "toughness", "mana_value", "power_or_toughness")
