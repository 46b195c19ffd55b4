"""Trigger conditions (603.1) and what "it" refers to in the triggered effect."""

from __future__ import annotations

from karn.ir.nodes import Filter, Ref, Trigger
from karn.oracle.lowering.context import Ctx
from karn.oracle.lowering.descriptions import describe
from karn.oracle.syntax import TriggerA

CardTypes = tuple[tuple[str, ...], tuple[str, ...]]  # (types, subtypes) of the card being compiled


def lower_trigger(t: TriggerA, ctx: Ctx, card: CardTypes | None = None) -> Trigger:
    """The trigger condition (603.1) and what 'it' refers to in the effect.

    "When" and "Whenever" are not told apart: both start a trigger condition
    (603.1), the difference is only style (harmless drop).
    """
    ctx.clause = t.text
    subj = t.subject
    if t.event == "gain_life":
        return Trigger("gain_life", player="you")
    if t.event == "cast":
        assert subj is not None
        if subj.kind != "a" or subj.desc is None:
            raise ctx.fail("unsupported cast trigger")
        # "Whenever you cast a spell from your graveyard": from_zone is where it was cast from
        d = describe(subj.desc, ctx, "stack", cast_from=True)
        if d.objects is None or d.objects.zone != "stack":
            raise ctx.fail("unsupported cast trigger")
        caster = t.caster
        if caster is not None and caster.kind == "you":
            return Trigger("cast", filter=d.objects, player="you", from_zone=d.cast_from)
        if caster is not None and caster.kind == "a" and caster.desc is not None:
            if describe(caster.desc, ctx).players == "any":
                return Trigger("cast", filter=d.objects, from_zone=d.cast_from)  # any player
        raise ctx.fail("the IR's cast trigger is for you or any player")
    assert subj is not None
    if subj.kind == "self":
        ctx.obj = Ref("self")
        return Trigger(t.event, self_only=True)
    if t.event in ("attacks", "put_into_graveyard"):
        raise ctx.fail(f"the IR's '{t.event}' trigger is only for the source itself")
    if subj.kind in ("another", "a", "self_or_another") and subj.desc is not None:
        d = describe(subj.desc, ctx, other=subj.kind == "another", player_controls=True)
        if d.objects is None or d.controller_np is not None:
            raise ctx.fail("unsupported trigger subject")
        if d.objects.zone != "battlefield":
            # the IR's enters/dies triggers watch permanents; a card in another zone can't match
            raise ctx.fail(f"the IR's '{t.event}' trigger is for permanents, not '{subj.text}'")
        if subj.kind == "self_or_another" and not _self_matches(d.objects, card):
            # "this creature or another Ally": one filter only covers both if the source is an Ally
            raise ctx.fail("the source itself does not match the trigger's filter")
        ctx.obj = Ref("triggering")
        return Trigger(t.event, filter=d.objects)
    raise ctx.fail(f"unsupported trigger subject '{subj.text}'")


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
    return f.controller in (None, "you")
