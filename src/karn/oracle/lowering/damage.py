"""Damage (120) and damage prevention (615.7)."""

from __future__ import annotations

from karn.ir.nodes import (
    Amount,
    Count,
    DamageEach,
    DealDamage,
    Effect,
    Fight,
    Group,
    PreventDamage,
    PreventDamageSharingColor,
    Ref,
    Var,
)
from karn.oracle.lowering.context import Ctx, amount
from karn.oracle.lowering.references import (
    imperative,
    is_player_desc,
    is_self,
    object_ref,
    object_sel,
    player_ref,
    players_ref,
    target_ref,
)
from karn.oracle.lowering.registry import Clause, lowers
from karn.oracle.syntax import NP, DamageVP, FightVP, PreventDamageVP, PreventSharingColorVP

_RECIPIENTS = (
    "target",
    "any_target",
    "it",
    "that",
    "you",
    "defending_player",
    "its_controller",
    "poss_controller",
    "poss_owner",
)


@lowers(FightVP)
def lower_fight(vp: FightVP, clause: Clause) -> list[Effect]:
    """ "Target creature you control fights target creature you don't control." (701.14a)."""
    ctx = clause.ctx
    if clause.subject is None:
        raise ctx.fail("'fight' without the creature that fights")
    a = object_ref(clause.subject, ctx)
    b = object_ref(vp.other, ctx)
    return [Fight(a, b)]


@lowers(DamageVP)
def lower_damage(vp: DamageVP, clause: Clause) -> list[Effect]:
    """ "~ deals N damage to R": the source deals it (120.1); "divided evenly" (DealDamage.divided)."""
    ctx = clause.ctx
    # "If this spell was kicked, it deals 4 damage instead": "it" is what dealt the damage the
    # sentence replaces, the source (608.2c)
    it_replacing = clause.subject is not None and clause.subject.kind == "it" and ctx.instead_of
    if clause.subject is not None and not is_self(clause.subject, ctx) and not it_replacing:
        raise ctx.fail("damage dealt by something other than the source")
    if vp.recipient.kind == "each" and is_player_desc(vp.recipient.desc) and not vp.divided:
        # "~ deals 2 damage to each opponent" (120.3): to each player the reference names
        return [DealDamage(amount(vp.amount), players_ref(vp.recipient, ctx))]
    if vp.recipient.kind in ("each", "all") and not vp.divided:
        group = object_sel(vp.recipient, ctx)
        if not isinstance(group, Group):
            raise ctx.fail(f"the IR cannot deal damage to '{vp.recipient.text}'")
        return [DamageEach(amount(vp.amount), group)]
    if vp.recipient.kind == "same":
        # "~ deals 4 damage instead": to what the damage it replaces was dealt to (608.2c)
        replaced = [e for e in ctx.instead_of if isinstance(e, DealDamage) and e.divided is None]
        if len(replaced) != 1:
            raise ctx.fail("'deals N damage' without saying to what")
        return [DealDamage(amount(vp.amount), replaced[0].to)]
    if vp.recipient.kind not in _RECIPIENTS:
        raise ctx.fail(f"the IR cannot deal damage to '{vp.recipient.text}'")
    if vp.power_of is not None:
        # "deals damage equal to its power / that creature's power" (608.2h: read on resolution)
        of = vp.power_of
        if of.kind == "it":
            src: Ref = ctx.obj if ctx.obj is not None else Ref("self")
        else:
            src = object_ref(of, ctx)
        n: Amount = Var("power", src)
    elif vp.mana_value_of is not None:
        # "deals damage equal to that card's mana value" (202.3; 608.2h: read on resolution)
        of = vp.mana_value_of
        card = object_ref(of, ctx) if of.kind == "that" else None
        if card is None or card != ctx.exiled:
            # a card returned to a hand or a spell that triggered is a new object or no
            # reference yet (400.7): only the card just exiled from a library is read here
            raise ctx.fail(f"the IR reads the mana value only of the card just exiled ('{of.text}')")
        n = Count("mana_value", ref=card)
    else:
        n = amount(vp.amount)
    to = damage_recipient(vp.recipient, ctx)
    if vp.chosen:
        # 601.2d: the division is announced as the spell is cast, so its amount must be known
        # then (a number, or X); triggered and activated abilities would divide as they're put
        # on the stack (603.3d, 602.2b), which the engine doesn't ask yet.
        if not ctx.spell:
            raise ctx.fail("damage divided as you choose by an ability (603.3d) isn't supported")
        if not (isinstance(n, int) or (isinstance(n, Var) and n.name == "X")):
            raise ctx.fail("damage divided as you choose needs an amount known as the spell is cast (601.2d)")
        if to.kind != "target":
            raise ctx.fail("damage divided as you choose among something other than targets")
        return [DealDamage(n, to, divided="chosen")]
    return [DealDamage(n, to, divided="evenly" if vp.divided else None)]


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
    if np.kind in ("you", "defending_player", "its_controller", "poss_controller", "poss_owner"):
        return player_ref(np, ctx)
    if np.kind == "that" and is_player_desc(np.desc):  # "that player"
        return player_ref(np, ctx)
    return object_ref(np, ctx)
