"""Triggered mana abilities (605.1b): "Whenever a player taps a land for mana, that player adds
one mana of any type that land produced." They resolve as soon as they trigger (605.4a)."""

from __future__ import annotations

from karn.ir.nodes import AddManaProduced, Effect, Trigger
from karn.oracle.lowering.context import CardTypes, Ctx
from karn.oracle.lowering.descriptions import describe
from karn.oracle.lowering.references import is_player_desc
from karn.oracle.lowering.registry import Clause, lowers, lowers_trigger
from karn.oracle.syntax import AddManaProducedVP, EitherTriggerA, TapsForManaTriggerA


@lowers_trigger(TapsForManaTriggerA)
def lower_taps_for_mana(t: TapsForManaTriggerA, ctx: Ctx, card: CardTypes | None) -> Trigger:
    """ "Whenever a player taps a land for mana" (any player) / "Whenever you tap ..."."""
    who = t.player
    if who.kind == "you":
        player = "you"
    elif who.kind == "a" and is_player_desc(who.desc):
        player = None
    else:
        raise ctx.fail(f"unsupported player '{who.text}' tapping for mana")
    if t.permanent.kind != "a" or t.permanent.desc is None:
        raise ctx.fail("unsupported permanent tapped for mana")
    d = describe(t.permanent.desc, ctx)
    if d.objects is None or d.players is not None or d.objects.zone != "battlefield":
        raise ctx.fail("unsupported permanent tapped for mana")
    return Trigger("tapped_for_mana", filter=d.objects, player=player)  # type: ignore[arg-type]


@lowers_trigger(EitherTriggerA)
def lower_either_trigger(t: EitherTriggerA, ctx: Ctx, card: CardTypes | None) -> Trigger:
    """Never lowered whole: the compiler makes one triggered ability per event (603.2c)."""
    raise ctx.fail("two trigger events in one ability")


@lowers(AddManaProducedVP)
def lower_add_mana_produced(vp: AddManaProducedVP, clause: Clause) -> list[Effect]:
    """ "that player adds one mana of any type that land produced" (106.12a): only in a
    "taps ... for mana" trigger, the player being the one who tapped it."""
    subject = clause.subject
    ctx = clause.ctx
    if subject is None or subject.kind != "that" or not is_player_desc(subject.desc):
        raise ctx.fail("mana of the type a permanent produced, added by someone other than its tapper")
    if vp.count != 1 or vp.permanent_type != "land":
        raise ctx.fail(f"unsupported '{vp.text}'")
    return [AddManaProduced(vp.count)]
