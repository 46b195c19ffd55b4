"""Static abilities (604): continuous modifications without a duration, and
replacement effects on how permanents enter the battlefield (614.1c-d)."""

from __future__ import annotations

import dataclasses
from typing import Literal

from karn.ir.nodes import (
    AdditionalCost,
    CastRestriction,
    CostIncrease,
    CostReduction,
    Effect,
    EntersReplacement,
    FlashPermission,
    Group,
    LoyaltyCostIncrease,
    Modify,
    Selector,
    Static,
)
from karn.oracle.lowering.context import Ctx, amount
from karn.oracle.lowering.continuous import block_limit, merge, modification
from karn.oracle.lowering.costs import (
    is_additional_cost,
    is_cost_increase,
    is_cost_reduction,
    is_loyalty_cost_increase,
    lower_additional_cost,
    lower_cost_increase,
    lower_cost_reduction,
    lower_loyalty_cost_increase,
)
from karn.oracle.lowering.descriptions import describe
from karn.oracle.lowering.references import object_sel
from karn.oracle.lowering.registry import Clause, lowers, no_effect
from karn.oracle.syntax import (
    NP,
    BlockLimitVP,
    CantBlockWithVP,
    CantCastVP,
    CastAsThoughFlashVP,
    ChainSentence,
    Effects,
    EntersVP,
    Item,
    MayVP,
    ModifyVP,
)

# the counters the engine knows (122.1a), as for PutCounters
ENTERS_COUNTER_KINDS = ("+1/+1", "-1/-1")


def lower_static(
    effects: Effects, text: str
) -> (
    Static
    | CostIncrease
    | EntersReplacement
    | AdditionalCost
    | CostReduction
    | LoyaltyCostIncrease
    | CastRestriction
    | FlashPermission
):
    """A static ability (604): continuous modifications without a duration, a
    spell's cost increase (601.2f) or an "enters tapped/with counters" replacement."""
    ctx = Ctx()
    if is_cost_increase(effects):
        return lower_cost_increase(effects, text)
    if is_additional_cost(effects):
        return lower_additional_cost(effects, text)
    if is_cost_reduction(effects):
        return lower_cost_reduction(effects, text)
    if is_loyalty_cost_increase(effects):
        return lower_loyalty_cost_increase(effects, text)
    entering = _enters_item(effects)
    if entering is not None:
        return lower_enters(entering, ctx, text)
    restriction = _player_restriction(effects, ctx, text)
    if restriction is not None:
        return restriction
    mods: list[Modify] = []
    for s in effects.sentences:
        ctx.clause = s.text
        if not isinstance(s, ChainSentence):
            raise ctx.fail("unsupported static ability")
        subject: NP | None = None
        for item in s.items:
            if item.subject is not None:
                subject = item.subject
            vp = item.vp
            if not isinstance(vp, (ModifyVP, BlockLimitVP)) or isinstance(vp, ModifyVP) and vp.until_eot:
                raise ctx.fail("unsupported static ability")
            if subject is None:
                raise ctx.fail("static ability without a subject")
            what = _static_affected(subject, ctx)
            mod = modification(what, vp) if isinstance(vp, ModifyVP) else block_limit(what, vp, ctx)
            if mods and mods[-1].affected == what:
                mods[-1] = merge(mods[-1], mod)
            else:
                mods.append(mod)
    if ctx.targets:
        raise ctx.fail("static ability with targets")
    return Static(tuple(mods), text=text)


_RESTRICTED_PLAYERS: dict[str, Literal["you", "opponent"]] = {"you": "you", "your_opponents": "opponent"}


def _player_restriction(
    effects: Effects, ctx: Ctx, text: str
) -> CastRestriction | FlashPermission | Static | None:
    """ "Your opponents can't cast spells with even mana values." (a restriction on casting,
    601.2e) and "Your opponents can't block with creatures with even mana values." (509.1b:
    the creatures those players control can't block)."""
    ss = effects.sentences
    if not (len(ss) == 1 and isinstance(ss[0], ChainSentence) and len(ss[0].items) == 1):
        return None
    item = ss[0].items[0]
    if isinstance(item.vp, MayVP) and isinstance(item.vp.sub, CastAsThoughFlashVP):
        return _flash_permission(item.subject, item.vp.sub, ctx, text)
    if isinstance(item.vp, CastAsThoughFlashVP):
        return _flash_permission(item.subject, item.vp, ctx, text)
    if not isinstance(item.vp, (CantCastVP, CantBlockWithVP)):
        return None
    ctx.clause = ss[0].text
    subject = item.subject
    who = _RESTRICTED_PLAYERS.get(subject.kind) if subject is not None else None
    if who is None:
        raise ctx.fail(f"a restriction on '{subject.text if subject else ''}'")
    if isinstance(item.vp, CantCastVP):
        np = item.vp.spells
        d = describe(np.desc, ctx, default_zone="stack") if np.kind == "bare" and np.desc else None
        if d is None or d.objects is None or d.players is not None or d.objects.zone != "stack":
            raise ctx.fail(f"'{np.text}' are not spells")
        if d.objects.controller or d.objects.owner or d.objects.other:
            raise ctx.fail(f"the IR cannot restrict casting '{np.text}'")
        return CastRestriction(who, d.objects, text=text)
    np = item.vp.blockers
    d = describe(np.desc, ctx) if np.kind == "bare" and np.desc else None
    if d is None or d.objects is None or d.players is not None or d.objects.zone != "battlefield":
        raise ctx.fail(f"'{np.text}' are not permanents that could block")
    if d.objects.controller or d.objects.other:
        raise ctx.fail(f"the IR cannot restrict blocking with '{np.text}'")
    blockers = dataclasses.replace(d.objects, controller=who)
    return Static((Modify(Group(blockers), cant_block=True),), text=text)


def _flash_permission(subject: NP | None, vp: CastAsThoughFlashVP, ctx: Ctx, text: str) -> FlashPermission:
    """ "You may cast creature spells as though they had flash." (702.8a, 601.3b)."""
    if subject is None or subject.kind not in ("you", "any_player"):
        raise ctx.fail(f"a permission for '{subject.text if subject else ''}'")
    np = vp.spells
    d = describe(np.desc, ctx, default_zone="stack") if np.kind == "bare" and np.desc else None
    if d is None or d.objects is None or d.players is not None or d.objects.zone != "stack":
        raise ctx.fail(f"'{np.text}' are not spells")
    if d.objects.controller or d.objects.owner or d.objects.other:
        raise ctx.fail(f"the IR cannot describe '{np.text}' here")
    return FlashPermission(d.objects, text=text, players="any" if subject.kind == "any_player" else "you")


def _enters_item(effects: Effects) -> Item | None:
    """The clause of a one-clause "X enter(s) ..." ability, if it is one."""
    ss = effects.sentences
    if len(ss) == 1 and isinstance(ss[0], ChainSentence) and len(ss[0].items) == 1:
        item = ss[0].items[0]
        if isinstance(item.vp, EntersVP):
            return item
    return None


def lower_enters(item: Item, ctx: Ctx, text: str) -> EntersReplacement:
    """ "~ enters tapped." / "~ enters with N +1/+1 counters on it." (614.1c: a
    replacement effect of the card itself, applied as it would enter, 614.12);
    "Creatures your opponents control enter tapped." (614.1d: any permanent the
    Filter describes). X is the value chosen for the spell's X (107.3m)."""
    vp = item.vp
    assert isinstance(vp, EntersVP)
    ctx.clause = vp.text
    counters = []
    for kind, count in vp.counters:
        if kind.lower() not in ENTERS_COUNTER_KINDS:
            raise ctx.fail(f"{kind} counters")
        counters.append((kind.lower(), amount(count)))
    subject = item.subject
    if subject is not None and subject.kind == "self":
        return EntersReplacement(self_only=True, tapped=vp.tapped, counters=tuple(counters), text=text)
    if (
        subject is not None
        and subject.kind in ("bare", "all", "each", "another")
        and subject.desc is not None
    ):
        d = describe(subject.desc, ctx, other=subject.kind == "another")
        if d.objects is None or d.players is not None or d.objects.zone != "battlefield":
            raise ctx.fail(f"'{subject.text}' are not permanents entering the battlefield")
        return EntersReplacement(
            self_only=False, filter=d.objects, tapped=vp.tapped, counters=tuple(counters), text=text
        )
    raise ctx.fail(f"the IR cannot say how '{subject.text if subject else ''}' enters")


@lowers(EntersVP)
def lower_enters_clause(vp: EntersVP, clause: Clause) -> list[Effect]:
    """How permanents enter is a static ability's replacement effect (614.1c-d,
    :func:`lower_enters`), never an effect of a resolving spell or ability."""
    raise clause.ctx.fail(f"'{vp.text}' as an effect: the IR has it only as a static ability")


def _static_affected(np: NP, ctx: Ctx) -> Selector:
    if np.kind in ("self", "enchanted", "equipped", "bare", "all", "each"):
        return object_sel(np, ctx)
    raise ctx.fail(f"static ability affecting '{np.text}'")


@lowers(CantCastVP)
def lower_cant_cast_clause(vp: CantCastVP, clause: Clause) -> list[Effect]:
    """Only a static ability (``lower_static``) restricts what players may cast."""
    raise no_effect(vp, clause.ctx)


@lowers(CantBlockWithVP)
def lower_cant_block_with_clause(vp: CantBlockWithVP, clause: Clause) -> list[Effect]:
    """Only a static ability (``lower_static``) restricts what players may block with."""
    raise no_effect(vp, clause.ctx)


@lowers(CastAsThoughFlashVP)
def lower_cast_as_though_flash_clause(vp: CastAsThoughFlashVP, clause: Clause) -> list[Effect]:
    """Only a static ability (``lower_static``) gives this permission (a resolving one would
    need a duration)."""
    raise no_effect(vp, clause.ctx)
