"""Trigger conditions (603.1) and what "it" refers to in the triggered effect.

"When" and "Whenever" are not told apart: both start a trigger condition
(603.1), the difference is only style (harmless drop).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from karn.ir.nodes import Filter, Ref, Trigger
from karn.oracle.lowering.conditions import lower_condition
from karn.oracle.lowering.context import CardTypes, Ctx
from karn.oracle.lowering.descriptions import describe
from karn.oracle.lowering.registry import lowers_trigger
from karn.oracle.syntax import (
    NP,
    AttacksTriggerA,
    CastTriggerA,
    ChaosTriggerA,
    CombatTriggerA,
    DamageTriggerA,
    DayNightTriggerA,
    DiesTriggerA,
    DiscardTriggerA,
    DrawTriggerA,
    EncounterTriggerA,
    EntersTriggerA,
    GainLifeTriggerA,
    LeavesTriggerA,
    PlaneswalkFromTriggerA,
    PlaneswalkToTriggerA,
    PutIntoGraveyardTriggerA,
    StateTriggerA,
    StepTriggerA,
    TargetedTriggerA,
    Word,
)


@lowers_trigger(DayNightTriggerA)
def lower_day_night_trigger(t: DayNightTriggerA, ctx: Ctx, card: CardTypes | None) -> Trigger:
    """731.1a: "Whenever day becomes night or night becomes day", "Whenever night becomes day"."""
    kinds: dict[str, Literal["day_night", "becomes_day", "becomes_night"]] = {
        "day_night": "day_night",
        "becomes_day": "becomes_day",
        "becomes_night": "becomes_night",
    }
    return Trigger(kinds[t.kind])


@lowers_trigger(ChaosTriggerA)
def lower_chaos_trigger(t: ChaosTriggerA, ctx: Ctx, card: CardTypes | None) -> Trigger:
    """311.7: "Whenever chaos ensues": a chaos ability, which only a plane card has (it
    functions from the command zone, 901.7)."""
    if card is None or "plane" not in card[0]:
        raise ctx.fail("'whenever chaos ensues' on a card that isn't a plane (311.7)")
    return Trigger("chaos")


@lowers_trigger(PlaneswalkToTriggerA)
def lower_planeswalk_to_trigger(t: PlaneswalkToTriggerA, ctx: Ctx, card: CardTypes | None) -> Trigger:
    """701.31d, 901.11: "When you planeswalk to ~": this plane turned face up by planeswalking."""
    if card is None or "plane" not in card[0]:
        raise ctx.fail("'when you planeswalk to ~' on a card that isn't a plane (701.31d)")
    return Trigger("planeswalk_to", self_only=True)


@lowers_trigger(PlaneswalkFromTriggerA)
def lower_planeswalk_from_trigger(t: PlaneswalkFromTriggerA, ctx: Ctx, card: CardTypes | None) -> Trigger:
    """701.31d, 901.11b: "When you planeswalk away from ~": this plane turned face down by
    planeswalking (it looks back: the face-down card is a new object, 901.7a)."""
    if card is None or "plane" not in card[0]:
        raise ctx.fail("'when you planeswalk away from ~' on a card that isn't a plane (701.31d)")
    return Trigger("planeswalk_from", self_only=True)


@lowers_trigger(EncounterTriggerA)
def lower_encounter_trigger(t: EncounterTriggerA, ctx: Ctx, card: CardTypes | None) -> Trigger:
    """312.5: "When you encounter [this phenomenon]" means "When you move this card off a
    planar deck and turn it face up": planeswalking to it (701.31d)."""
    if card is None or "phenomenon" not in card[0]:
        raise ctx.fail("'when you encounter ~' on a card that isn't a phenomenon (312.5)")
    return Trigger("planeswalk_to", self_only=True)


@lowers_trigger(GainLifeTriggerA)
def lower_gain_life_trigger(t: GainLifeTriggerA, ctx: Ctx, card: CardTypes | None) -> Trigger:
    ctx.trigger_amount = True  # "that much": the life gained
    return Trigger("gain_life", player="you")


_DAMAGE_TO: dict[
    tuple[str, ...], Literal["player", "opponent", "you", "creature", "player_or_planeswalker"]
] = {
    ("player",): "player",
    ("opponent",): "opponent",
    ("creature",): "creature",
    ("player", "planeswalker"): "player_or_planeswalker",
}


def _recipient_word(w: Word) -> str:
    if w.kind == "player":
        return "player" if w.value == "any" else w.value  # "opponent"
    return w.value if w.kind == "type" else f"{w.kind}:{w.value}"


@lowers_trigger(DamageTriggerA)
def lower_damage_trigger(t: DamageTriggerA, ctx: Ctx, card: CardTypes | None) -> Trigger:
    """ "Whenever ~ deals combat damage to a player" / "Whenever equipped creature deals
    damage" / "Whenever a creature you control deals combat damage to an opponent" /
    "Whenever ~ is dealt damage" (603.2h: prevented damage isn't dealt).

    "that player" is the player dealt damage; "that creature" the creature dealt
    damage, or else the source of the damage."""
    to: Literal["player", "opponent", "you", "creature", "player_or_planeswalker", None] = None
    if t.recipient is not None:
        r = t.recipient
        if r.kind == "you":
            to = "you"
        elif r.kind == "a" and r.desc is not None and not r.desc.adjs and not r.desc.quals:
            words = tuple(_recipient_word(w) for g in r.desc.groups for w in g)
            if words not in _DAMAGE_TO:
                raise ctx.fail(f"the IR's damage trigger can't say 'to {r.text}'")
            to = _DAMAGE_TO[words]
        else:
            raise ctx.fail(f"the IR's damage trigger can't say 'to {r.text}'")
    event: Literal["deals_damage", "dealt_damage"] = "dealt_damage" if t.dealt else "deals_damage"
    subject = t.subject
    if subject.kind == "self":
        trig = Trigger(event, self_only=True, combat=t.combat, to=to)
        ctx.obj = Ref("self")
    elif subject.kind in ("enchanted", "equipped"):
        if subject.desc is not None and (subject.desc.quals or subject.desc.adjs):
            raise ctx.fail(f"unsupported trigger subject '{subject.text}'")
        trig = Trigger(event, host=True, combat=t.combat, to=to)
        ctx.obj = Ref(subject.kind)
    elif subject.kind in ("a", "another") and subject.desc is not None and not t.dealt:
        d = describe(subject.desc, ctx, other=subject.kind == "another", player_controls=True)
        if d.objects is None or d.controller_np is not None or d.players is not None:
            raise ctx.fail(f"unsupported trigger subject '{subject.text}'")
        if d.objects.zone != "battlefield":
            raise ctx.fail(f"the IR's damage trigger is for permanents, not '{subject.text}'")
        trig = Trigger(event, filter=d.objects, combat=t.combat, to=to)
        ctx.obj = Ref("triggering")
    else:
        raise ctx.fail(f"unsupported trigger subject '{subject.text}'")
    ctx.trigger_amount = True  # "that much": the damage dealt
    if to == "creature":
        ctx.obj = Ref("triggering")  # "destroy that creature": the creature dealt damage
    elif to is not None:
        ctx.player = Ref("triggering_player")
    return trig


@lowers_trigger(DrawTriggerA)
def lower_draw_trigger(t: DrawTriggerA, ctx: Ctx, card: CardTypes | None) -> Trigger:
    """ "Whenever you/an opponent/a player draws a card", "... draws their second card each
    turn"; "Reveal the first card you draw each turn. Whenever you reveal a basic land card
    this way, ..." (603.11). "that player" is the player who drew; "that card" the card."""
    who = _player_kind(t.player, ctx)
    ctx.player = Ref("triggering_player")
    if t.reveal is None:
        return Trigger("draws", player=who, nth=t.nth)
    r = t.reveal
    if r.kind != "a" or r.desc is None:
        raise ctx.fail(f"unsupported revealed card '{r.text}'")
    d = describe(r.desc, ctx, "hand")
    if d.objects is None or d.players is not None:
        raise ctx.fail(f"'{r.text}' is not a kind of card")
    ctx.obj = Ref("triggering")
    return Trigger("draws", player=who, nth=t.nth, reveal=True, filter=replace(d.objects, zone="hand"))


def _player_kind(np: NP, ctx: Ctx) -> Literal["you", "opponent", None]:
    if np.kind == "you":
        return "you"
    if np.kind == "a" and np.desc is not None and not np.desc.adjs and not np.desc.quals:
        values = {w.value for g in np.desc.groups for w in g if w.kind == "player"}
        if values == {"any"}:
            return None
        if values == {"opponent"}:
            return "opponent"
    raise ctx.fail(f"unsupported player '{np.text}'")


@lowers_trigger(DiscardTriggerA)
def lower_discard_trigger(t: DiscardTriggerA, ctx: Ctx, card: CardTypes | None) -> Trigger:
    """ "When you cycle this card" (702.29c: it triggers from the zone the card went to),
    "Whenever you cycle another card" / "a player cycles a card" (702.29d, 702.29f), "Whenever
    you cycle or discard a card" (702.29d: once per card cycled) and "Whenever an opponent
    discards a card" (701.9). "that player" is the player who discarded; "that card" the card."""
    who = _player_kind(t.player, ctx)
    c = t.card
    if c.kind == "self":
        if not t.cycle or who != "you":
            raise ctx.fail(f"unsupported trigger '{t.text}'")
        ctx.obj = Ref("self")
        return Trigger("cycles", self_only=True, player="you")
    if c.kind not in ("a", "another") or c.desc is None or c.desc.text != "card" or c.min != 1:
        raise ctx.fail(f"the IR's discard trigger is for any one card, not '{c.text}'")
    if who != "you":
        ctx.player = Ref("triggering_player")
    ctx.obj = Ref("triggering")  # "that card": the card discarded, in its new zone
    other = Filter(other=True) if c.kind == "another" else None
    return Trigger("cycles" if t.cycle else "discards", player=who, filter=other)


@lowers_trigger(StateTriggerA)
def lower_state_trigger(t: StateTriggerA, ctx: Ctx, card: CardTypes | None) -> Trigger:
    """ "When you control no Islands, sacrifice this creature" (603.8)."""
    return Trigger("state", state=lower_condition(t.condition, ctx))


@lowers_trigger(StepTriggerA)
def lower_step_trigger(t: StepTriggerA, ctx: Ctx, card: CardTypes | None) -> Trigger:
    """ "At the beginning of your upkeep" / "each player's end step" / "combat on your turn"
    (603.1, 503-513): "that player" is the active player whose step began."""
    whose = _WHOSE[t.whose]
    if whose in ("enchanted_player", "enchanted_controller") and (card is None or not _is_aura(card)):
        raise ctx.fail("'enchanted' in a trigger of a card that isn't an Aura")
    ctx.player = Ref("triggering_player")
    return Trigger("step", player=whose, step=t.step)


_WHOSE: dict[str, Literal["you", "opponent", "enchanted_player", "enchanted_controller", None]] = {
    "you": "you",
    "each": None,
    "opponent": "opponent",
    "enchanted_player": "enchanted_player",
    "enchanted_controller": "enchanted_controller",
}


def _is_aura(card: CardTypes) -> bool:
    return "aura" in card[1]


@lowers_trigger(CastTriggerA)
def lower_cast_trigger(t: CastTriggerA, ctx: Ctx, card: CardTypes | None) -> Trigger:
    """ "Whenever you cast a spell from your graveyard": ``from_zone`` is where it
    was cast from (601.2a); the caster is you or any player."""
    spell = t.spell
    if spell.kind != "a" or spell.desc is None:
        raise ctx.fail("unsupported cast trigger")
    ctx.chosen_ok = True  # "a spell of the chosen color" (607.2a): the source's chosen value
    try:
        d = describe(spell.desc, ctx, "stack", cast_from=True)
    finally:
        ctx.chosen_ok = False
    if d.objects is None or d.objects.zone != "stack":
        raise ctx.fail("unsupported cast trigger")
    ctx.obj = Ref("triggering")  # "copy it", "that spell": the spell cast (603.7c)
    ctx.trigger_spell = True
    caster = t.caster
    if caster.kind == "you":
        return Trigger("cast", filter=d.objects, player="you", from_zone=d.cast_from)
    if caster.kind == "a" and caster.desc is not None:
        players = describe(caster.desc, ctx).players
        if players == "any":
            ctx.player = Ref("triggering_player")
            return Trigger("cast", filter=d.objects, from_zone=d.cast_from)  # any player
        if players == "opponent":
            ctx.player = Ref("triggering_player")
            return Trigger("cast", filter=d.objects, player="opponent", from_zone=d.cast_from)
    raise ctx.fail("the IR's cast trigger is for you, an opponent or any player")


@lowers_trigger(EntersTriggerA)
def lower_enters_trigger(t: EntersTriggerA, ctx: Ctx, card: CardTypes | None) -> Trigger:
    """ "When ~ enters" / "Whenever a creature you control enters" (603.6a)."""
    return _object_event("enters", t.subject, ctx, card)


@lowers_trigger(DiesTriggerA)
def lower_dies_trigger(t: DiesTriggerA, ctx: Ctx, card: CardTypes | None) -> Trigger:
    """ "When ~ dies" / "Whenever another creature dies" (700.4)."""
    return _object_event("dies", t.subject, ctx, card)


@lowers_trigger(LeavesTriggerA)
def lower_leaves_trigger(t: LeavesTriggerA, ctx: Ctx, card: CardTypes | None) -> Trigger:
    """ "When ~ leaves the battlefield" / "Whenever another creature leaves the battlefield"
    (603.6c; they look back in time, 603.10a)."""
    return _object_event("leaves", t.subject, ctx, card)


@lowers_trigger(AttacksTriggerA)
def lower_attacks_trigger(t: AttacksTriggerA, ctx: Ctx, card: CardTypes | None) -> Trigger:
    """ "Whenever ~ attacks" / "Whenever equipped creature attacks" / "Whenever a creature
    you control attacks" (508.3a); "... attacks alone" (506.5)."""
    if t.with_at_least:
        # 508.1: "When you attack with three or more creatures": once per declaration of attackers
        if t.subject.kind != "you" or t.with_type != "creature":
            raise ctx.fail(f"unsupported trigger '{t.text}'")
        return Trigger("attack_with", player="you", nth=t.with_at_least)
    return _combat_subject("attacks_alone" if t.alone else "attacks", t.subject, ctx)


_SubjectEvent = Literal[
    "attacks",
    "attacks_alone",
    "blocks",
    "becomes_blocked",
    "attacks_or_blocks",
    "blocks_or_blocked",
    "becomes_tapped",
    "becomes_untapped",
    "turned_face_up",
    "transforms_into",
]
_COMBAT_KINDS: dict[str, _SubjectEvent] = {
    "blocks": "blocks",
    "becomes_blocked": "becomes_blocked",
    "attacks_or_blocks": "attacks_or_blocks",
    "blocks_or_blocked": "blocks_or_blocked",
    "becomes_tapped": "becomes_tapped",
    "becomes_untapped": "becomes_untapped",
    "turned_face_up": "turned_face_up",
    "transforms_into": "transforms_into",
}


@lowers_trigger(CombatTriggerA)
def lower_combat_trigger(t: CombatTriggerA, ctx: Ctx, card: CardTypes | None) -> Trigger:
    """ "Whenever ~ blocks [a creature]", "becomes blocked [by a creature]", "attacks or
    blocks", "blocks or becomes blocked [by a creature]" (509.3a-d)."""
    if t.kind == "transforms_into" and t.subject.kind != "self":
        # 701.27e: "When this creature transforms into ~": only the source's own transforming
        raise ctx.fail(f"unsupported subject of 'transforms into': '{t.subject.text}'")
    trig = _combat_subject(_COMBAT_KINDS[t.kind], t.subject, ctx)
    if t.other is None:
        return trig
    other = t.other
    if other.kind != "a" or other.desc is None:
        raise ctx.fail(f"unsupported creature in the trigger: '{other.text}'")
    d = describe(other.desc, ctx)
    if d.objects is None or d.players is not None or d.objects.zone != "battlefield":
        raise ctx.fail(f"'{other.text}' is not a creature")
    ctx.obj = Ref("triggering")  # "that creature": the one blocked or blocking
    return replace(trig, partner=d.objects, per_creature=True)


def _combat_subject(event: _SubjectEvent, subject: NP, ctx: Ctx) -> Trigger:
    """The creature a combat trigger watches: the source, the one it's attached to, or
    the creatures a description names."""
    if subject.kind == "self":
        ctx.obj = Ref("self")
        return Trigger(event, self_only=True)
    if subject.kind in ("enchanted", "equipped"):
        if subject.desc is not None and (subject.desc.quals or subject.desc.adjs):
            raise ctx.fail(f"unsupported trigger subject '{subject.text}'")
        # "that land's controller": the permanent the event happened to (the host)
        ctx.obj = (
            Ref("triggering")
            if event in ("becomes_tapped", "becomes_untapped", "turned_face_up")
            else Ref(subject.kind)
        )
        return Trigger(event, host=True)
    if subject.kind in ("a", "another") and subject.desc is not None:
        d = describe(subject.desc, ctx, other=subject.kind == "another", player_controls=True)
        if d.objects is None or d.controller_np is not None or d.players is not None:
            raise ctx.fail(f"unsupported trigger subject '{subject.text}'")
        if d.objects.zone != "battlefield":
            raise ctx.fail(f"the IR's combat triggers are for permanents, not '{subject.text}'")
        ctx.obj = Ref("triggering")
        return Trigger(event, filter=d.objects)
    raise ctx.fail(f"unsupported trigger subject '{subject.text}'")


@lowers_trigger(PutIntoGraveyardTriggerA)
def lower_put_into_graveyard_trigger(
    t: PutIntoGraveyardTriggerA, ctx: Ctx, card: CardTypes | None
) -> Trigger:
    """ "When ~ is put into a graveyard from the battlefield" / "Whenever a land is put into
    a graveyard from the battlefield" (603.2c, 603.10a)."""
    return _object_event("put_into_graveyard", t.subject, ctx, card)


def _object_event(
    event: Literal["enters", "dies", "put_into_graveyard", "leaves"],
    subject: NP,
    ctx: Ctx,
    card: CardTypes | None,
) -> Trigger:
    """The source itself, or the permanents a description names ("it" is then the
    triggering object)."""
    if subject.kind == "self":
        ctx.obj = Ref("self")
        return Trigger(event, self_only=True)
    if subject.kind in ("enchanted", "equipped") and event != "enters":
        if subject.desc is not None and (subject.desc.quals or subject.desc.adjs):
            raise ctx.fail(f"unsupported trigger subject '{subject.text}'")
        # "When enchanted creature dies" (603.10a: the Aura looks back to what it was attached
        # to); "it"/"that creature" is the object that left
        ctx.obj = Ref("triggering")
        return Trigger(event, host=True)
    if subject.kind in ("another", "a", "self_or_another") and subject.desc is not None:
        ctx.chosen_ok = True  # "a creature of the chosen type" (607.2a): the source's chosen value
        try:
            d = describe(subject.desc, ctx, other=subject.kind == "another", player_controls=True)
        finally:
            ctx.chosen_ok = False
        if d.objects is None or d.controller_np is not None:
            raise ctx.fail("unsupported trigger subject")
        if d.objects.zone != "battlefield":
            # the IR's enters/dies triggers watch permanents; a card in another zone can't match
            raise ctx.fail(f"the IR's '{event}' trigger is for permanents, not '{subject.text}'")
        if subject.kind == "self_or_another" and not _self_matches(d.objects, card):
            # "this creature or another Ally": one filter only covers both if the source is an Ally
            raise ctx.fail("the source itself does not match the trigger's filter")
        ctx.obj = Ref("triggering")
        return Trigger(event, filter=d.objects)
    raise ctx.fail(f"unsupported trigger subject '{subject.text}'")


def _self_matches(f: Filter, card: CardTypes | None) -> bool:
    if card is None:
        return True
    types, subtypes = card
    if f.types and not set(f.types) & set(types):
        return False
    if f.subtypes and not set(f.subtypes) & set(subtypes):
        return False
    if set(f.not_types) & set(types) or f.colors or f.not_colors or f.supertypes:
        return False
    if f.compared:
        return False  # "~ or another creature with power 4 or greater": the source's power varies (208.1)
    return f.controller in (None, "you")


@lowers_trigger(TargetedTriggerA)
def lower_targeted_trigger(t: TargetedTriggerA, ctx: Ctx, card: CardTypes | None) -> Trigger:
    """ "Whenever ~ becomes the target of a spell or ability [an opponent controls]" (601.2c,
    603.3d; ward 702.21a): "that spell or ability" is the triggering object, "its controller"
    and "that player" its controller; "it" is the permanent (the source, or the one the source
    is attached to)."""
    subject = t.subject
    partner = Filter(zone="stack") if t.spell_only else None  # "of a spell": not an ability (113.1)
    whose: Literal["you", "opponent", None] = "you" if t.whose == "you" else "opponent" if t.whose else None
    ctx.trigger_spell = True
    ctx.player = Ref("triggering_player")
    if subject.kind == "self":
        ctx.obj = Ref("self")
        return Trigger("becomes_target", self_only=True, player=whose, partner=partner)
    if subject.kind in ("enchanted", "equipped") and subject.desc is not None:
        if subject.desc.quals or subject.desc.adjs:
            raise ctx.fail(f"unsupported trigger subject '{subject.text}'")
        ctx.obj = Ref(subject.kind)
        return Trigger("becomes_target", host=True, player=whose, partner=partner)
    # "whenever a creature you control becomes the target ...": "that creature" would be the
    # permanent targeted, which the trigger's data doesn't name
    raise ctx.fail(
        f"the IR's targeted triggers are for ~ or the permanent it's attached to, not '{subject.text}'"
    )
