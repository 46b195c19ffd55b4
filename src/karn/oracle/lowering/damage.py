"""Damage (120) and damage prevention (615.7)."""

from __future__ import annotations

from karn.ir.nodes import DamageEach, DealDamage, Effect, Group, PreventDamage, PreventDamageSharingColor, Ref
from karn.oracle.lowering.context import Ctx, amount
from karn.oracle.lowering.references import (
    imperative,
    is_self,
    object_ref,
    object_sel,
    player_ref,
    target_ref,
)
from karn.oracle.lowering.registry import Clause, lowers
from karn.oracle.syntax import NP, DamageVP, PreventDamageVP, PreventSharingColorVP

_RECIPIENTS = ("target", "any_target", "it", "that", "you", "defending_player", "its_controller")


@lowers(DamageVP)
def lower_damage(vp: DamageVP, clause: Clause) -> list[Effect]:
    """ "~ deals N damage to R": the source deals it (120.1); "divided evenly" (DealDamage.divided)."""
    ctx = clause.ctx
    if clause.subject is not None and not is_self(clause.subject, ctx):
        raise ctx.fail("damage dealt by something other than the source")
    if vp.recipient.kind in ("each", "all") and not vp.divided:
        group = object_sel(vp.recipient, ctx)
        if not isinstance(group, Group):
            raise ctx.fail(f"the IR cannot deal damage to '{vp.recipient.text}'")
        return [DamageEach(amount(vp.amount), group)]
    if vp.recipient.kind not in _RECIPIENTS:
        raise ctx.fail(f"the IR cannot deal damage to '{vp.recipient.text}'")
    to = damage_recipient(vp.recipient, ctx)
    return [DealDamage(amount(vp.amount), to, divided="evenly" if vp.divided else None)]


@lowers(PreventDamageVP)
def lower_prevent(vp: PreventDamageVP, clause: Clause) -> list[Effect]:
    """ "Prevent the next N damage that would be dealt to R this turn" (615.7)."""
    imperative(clause.subject, clause.ctx)
    return [PreventDamage(amount(vp.amount), damage_recipient(vp.recipient, clause.ctx))]


@lowers(PreventSharingColorVP)
def lower_prevent_sharing_color(vp: PreventSharingColorVP, clause: Clause) -> list[Effect]:
    """ "Prevent the next N damage that would be dealt to target creature and each other
    creature that shares a color with it this turn" (615.11)."""
    ctx = clause.ctx
    imperative(clause.subject, ctx)
    if vp.others != "creature":
        raise ctx.fail(f"each other {vp.others} that shares a color")
    to = object_ref(vp.recipient, ctx)
    return [PreventDamageSharingColor(amount(vp.amount), to, vp.others)]


def damage_recipient(np: NP, ctx: Ctx) -> Ref:
    """The player or object a damage phrase names."""
    if np.kind in ("any_target", "target"):
        return target_ref(np, ctx)
    if np.kind in ("you", "defending_player", "its_controller"):
        return player_ref(np, ctx)
    return object_ref(np, ctx)
