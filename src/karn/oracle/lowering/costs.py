"""Costs: an activated ability's cost (118, 602.1) and a spell's cost increase (601.2f)."""

from __future__ import annotations

from dataclasses import replace

from karn.ir.nodes import (
    SPELL_COST_PARTS,
    AdditionalCost,
    Cost,
    CostIncrease,
    CostReduction,
    Count,
    DiscardCost,
    DiscardHandCost,
    DiscardRandomCost,
    Effect,
    ExileCardsCost,
    ExileSelfCost,
    ExileTopCost,
    Filter,
    LoyaltyCostIncrease,
    MillCost,
    PayLifeCost,
    PutCountersCost,
    RemoveCountersCost,
    ReturnCost,
    ReturnSelfCost,
    SacrificeCost,
    SacrificeSelfCost,
    TapCost,
    UntapSymbolCost,
)
from karn.oracle.lowering.context import Ctx, LowerError, Zone
from karn.oracle.lowering.descriptions import describe
from karn.oracle.lowering.registry import (
    Clause,
    CostParts,
    lower_cost_part,
    lowers,
    lowers_cost,
    lowers_sentence,
    no_effect,
)
from karn.oracle.syntax import (
    NP,
    AdditionalCostSentence,
    AmountA,
    ChainSentence,
    CostA,
    CostIncreaseVP,
    CostReductionVP,
    Desc,
    DiscardCostA,
    Effects,
    ExileFromCostA,
    ExileSelfCostA,
    ExileTopCostA,
    Item,
    LoyaltyCostMoreVP,
    ManaCostA,
    MillCostA,
    PayLifeCostA,
    PutCountersCostA,
    RemoveCountersCostA,
    ReturnCostA,
    SacrificeCostA,
    TapCostA,
    TapOtherCostA,
    UntapCostA,
)


def lower_cost(costs: tuple[CostA, ...], loyalty: int | None, ctx: Ctx) -> Cost:
    """'{2}{R}, {T}, Sacrifice ~' -> Cost (602.1, 118): its parts in printed order; a loyalty
    cost is 606.4's."""
    parts = CostParts()
    for c in costs:
        lower_cost_part(c, parts, ctx)
    return Cost(
        mana="".join(parts.mana) or None,
        tap=parts.tap,
        loyalty=loyalty,
        exile_self=parts.exile_self,
        discard_self=parts.discard_self,
        parts=tuple(parts.parts),
    )


def _count(n: AmountA, c: CostA, ctx: Ctx) -> int:
    """A cost's fixed number ("two artifacts"); X in a cost other than mana is refused."""
    if not isinstance(n, int) or n <= 0:
        raise _cannot_express(c, ctx)
    return n


def _yours(obj: NP, c: CostA, ctx: Ctx, zone: Zone = "battlefield") -> Filter:
    """The objects a cost part names among those the player controls (battlefield) or owns
    (a graveyard or hand, 406.2): "a creature", "another creature", "an untapped artifact you
    control", "a creature card from your graveyard"."""
    if obj.kind not in ("a", "another", "bare") or obj.desc is None:
        raise _cannot_express(c, ctx)
    d = describe(obj.desc, ctx, default_zone=zone)
    f = d.objects
    if f is None or d.players is not None or f.zone != zone:
        raise _cannot_express(c, ctx)
    if zone == "battlefield":
        if f.controller not in (None, "you") or f.owner:
            raise _cannot_express(c, ctx)
        return replace(f, controller="you", other=f.other or obj.kind == "another")
    if f.owner not in (None, "you") or f.controller or obj.kind == "another":
        raise _cannot_express(c, ctx)
    return replace(f, owner="you")


@lowers_cost(ManaCostA)
def lower_mana_cost(c: ManaCostA, parts: CostParts, ctx: Ctx) -> None:
    parts.mana.append(c.mana)


@lowers_cost(TapCostA)
def lower_tap_cost(c: TapCostA, parts: CostParts, ctx: Ctx) -> None:
    parts.tap = True  # {T} (107.5)


@lowers_cost(SacrificeCostA)
def lower_sacrifice_cost(c: SacrificeCostA, parts: CostParts, ctx: Ctx) -> None:
    if c.obj.kind == "self":
        parts.parts.append(SacrificeSelfCost())  # "Sacrifice ~" (701.21a), in printed order
        return
    # "Sacrifice a creature", "Sacrifice another creature", "Sacrifice two artifacts" (701.21a)
    parts.parts.append(SacrificeCost(_yours(c.obj, c, ctx), _count(c.count, c, ctx)))


@lowers_cost(UntapCostA)
def lower_untap_cost(c: UntapCostA, parts: CostParts, ctx: Ctx) -> None:
    parts.parts.append(UntapSymbolCost())  # {Q} (107.6)


@lowers_cost(PayLifeCostA)
def lower_pay_life_cost(c: PayLifeCostA, parts: CostParts, ctx: Ctx) -> None:
    parts.parts.append(PayLifeCost(_count(c.amount, c, ctx)))  # "Pay N life" (119.4)


@lowers_cost(DiscardCostA)
def lower_discard_cost(c: DiscardCostA, parts: CostParts, ctx: Ctx) -> None:
    # "Discard a card", "Discard two cards", "Discard a creature card", "... at random" (701.9)
    if c.obj.kind == "self":
        parts.discard_self = True  # "Discard ~": the ability functions from the hand (113.6b)
        return
    if (
        c.obj.kind == "zone"
        and c.obj.zone == "hand"
        and c.obj.owner is not None
        and c.obj.owner.kind == "you"
    ):
        parts.parts.append(DiscardHandCost())  # "Discard your hand" (701.9a)
        return
    n = _count(c.count, c, ctx)
    what = _yours(c.obj, c, ctx, zone="hand")
    if c.random:
        if what != Filter(zone="hand", owner="you"):
            raise _cannot_express(c, ctx)
        parts.parts.append(DiscardRandomCost(n))
        return
    parts.parts.append(DiscardCost(n, None if what == Filter(zone="hand", owner="you") else what))


@lowers_cost(ExileTopCostA)
def lower_exile_top_cost(c: ExileTopCostA, parts: CostParts, ctx: Ctx) -> None:
    # "Exile the top ten cards of your library" (602.2b, 118.3: the library must hold that many)
    parts.parts.append(ExileTopCost(_count(c.amount, c, ctx)))


@lowers_cost(RemoveCountersCostA)
def lower_remove_counters_cost(c: RemoveCountersCostA, parts: CostParts, ctx: Ctx) -> None:
    # "Remove a +1/+1 counter from ~" (122.8, 118.3)
    if not c.kind:
        # "Remove a counter from ~": the kind is the player's choice as the cost is paid
        # (601.2h), which the IR part can't ask yet
        raise _cannot_express(c, ctx)
    parts.parts.append(RemoveCountersCost(c.kind.lower(), _count(c.amount, c, ctx)))


@lowers_cost(PutCountersCostA)
def lower_put_counters_cost(c: PutCountersCostA, parts: CostParts, ctx: Ctx) -> None:
    parts.parts.append(PutCountersCost(c.kind.lower(), _count(c.amount, c, ctx)))  # 122.1


@lowers_cost(ExileFromCostA)
def lower_exile_from_cost(c: ExileFromCostA, parts: CostParts, ctx: Ctx) -> None:
    if c.obj.kind == "self":
        if not c.graveyard:
            raise _cannot_express(c, ctx)
        parts.exile_self = True  # "Exile ~ from your graveyard" (113.6b: it works from there)
        return
    if c.obj.desc is None:
        raise _cannot_express(c, ctx)
    where = describe(c.obj.desc, ctx, default_zone="exile").objects
    if where is None or where.zone not in ("graveyard", "hand"):
        raise _cannot_express(c, ctx)  # "Exile a card from your graveyard / hand" (406.2)
    parts.parts.append(ExileCardsCost(_yours(c.obj, c, ctx, zone=where.zone), _count(c.count, c, ctx)))


@lowers_cost(ExileSelfCostA)
def lower_exile_self_cost(c: ExileSelfCostA, parts: CostParts, ctx: Ctx) -> None:
    parts.parts.append(ExileSelfCost())  # "Exile ~" (406.2)


@lowers_cost(ReturnCostA)
def lower_return_cost(c: ReturnCostA, parts: CostParts, ctx: Ctx) -> None:
    if c.obj.kind == "self":
        parts.parts.append(ReturnSelfCost())
        return
    parts.parts.append(ReturnCost(_yours(c.obj, c, ctx)))


@lowers_cost(TapOtherCostA)
def lower_tap_other_cost(c: TapOtherCostA, parts: CostParts, ctx: Ctx) -> None:
    # "Tap an untapped creature you control" (602.1): only untapped ones can be tapped
    parts.parts.append(TapCost(_yours(c.obj, c, ctx), _count(c.count, c, ctx)))


@lowers_cost(MillCostA)
def lower_mill_cost(c: MillCostA, parts: CostParts, ctx: Ctx) -> None:
    parts.parts.append(MillCost(_count(c.amount, c, ctx)))  # 701.17a


def _cannot_express(c: CostA, ctx: Ctx) -> LowerError:
    return ctx.fail(f"the IR Cost cannot express '{c.text}'")


def is_cost_increase(effects: Effects) -> bool:
    ss = effects.sentences
    return (
        len(ss) == 1
        and isinstance(ss[0], ChainSentence)
        and len(ss[0].items) == 1
        and isinstance(ss[0].items[0].vp, CostIncreaseVP)
    )


def lower_cost_increase(effects: Effects, text: str) -> CostIncrease:
    """'This spell costs {1} more to cast for each target beyond the first.' (601.2f)"""
    sentence = effects.sentences[0]
    assert isinstance(sentence, ChainSentence)
    item = sentence.items[0]
    assert isinstance(item.vp, CostIncreaseVP)
    if item.subject is None or item.subject.kind != "self":
        raise LowerError("cost increase of another spell", effects.text)
    mana = item.vp.mana
    generic = mana[1:-1]
    if not (mana.count("{") == 1 and generic.isdigit()):
        raise LowerError("non-generic cost increase", effects.text)
    return CostIncrease(generic_per_extra_target=int(generic), text=text)


@lowers(CostIncreaseVP)
def lower_cost_increase_clause(vp: CostIncreaseVP, clause: Clause) -> list[Effect]:
    """A cost increase is a static ability of a spell (see :func:`lower_cost_increase`),
    never an effect of a resolving ability."""
    raise no_effect(vp, clause.ctx)


# --------------------------------------------------------------------------- 601.2b, 601.2f


def _only_sentence(effects: Effects) -> object:
    return effects.sentences[0] if len(effects.sentences) == 1 else None


def _only_item(effects: Effects, vp_type: type) -> tuple[ChainSentence, Item] | None:
    """The sentence and clause of a one-clause ability whose verb phrase is a `vp_type`."""
    s = _only_sentence(effects)
    if isinstance(s, ChainSentence) and len(s.items) == 1 and isinstance(s.items[0].vp, vp_type):
        return s, s.items[0]
    return None


def is_additional_cost(effects: Effects) -> bool:
    return isinstance(_only_sentence(effects), AdditionalCostSentence)


def lower_additional_cost(effects: Effects, text: str) -> AdditionalCost:
    """ "As an additional cost to cast this spell, sacrifice a creature." (601.2b): paid with
    the rest of the total cost (601.2h). The IR expresses one sacrifice of a permanent."""
    sentence = _only_sentence(effects)
    assert isinstance(sentence, AdditionalCostSentence)
    ctx = Ctx(clause=sentence.text)
    one = sentence.costs[0] if len(sentence.costs) == 1 else None
    if not isinstance(one, SacrificeCostA) or one.count != 1:
        # "As an additional cost to cast this spell, discard a card / pay 3 life / exile a
        # creature card from your graveyard" (601.2b): the parts of an activated ability's cost
        parts = CostParts()
        for c in sentence.costs:
            lower_cost_part(c, parts, ctx)
            if parts.mana or parts.tap or parts.exile_self or parts.discard_self:
                raise ctx.fail(f"the additional cost '{c.text}' of a spell")
            if not all(isinstance(p, SPELL_COST_PARTS) for p in parts.parts):
                raise ctx.fail(f"the additional cost '{c.text}' of a spell")
        return AdditionalCost(None, text=text, parts=tuple(parts.parts))
    obj = one.obj
    if obj.kind not in ("a", "another") or obj.desc is None:
        raise ctx.fail(f"the IR cannot express the additional cost '{sentence.costs[0].text}'")
    d = describe(obj.desc, ctx)
    if d.objects is None or d.players is not None or d.objects.zone != "battlefield" or d.objects.controller:
        raise ctx.fail(f"the IR cannot express the additional cost '{sentence.costs[0].text}'")
    # 701.21a: a player sacrifices only a permanent they control.
    return AdditionalCost(replace(d.objects, controller="you", other=obj.kind == "another"), text=text)


@lowers_sentence(AdditionalCostSentence)
def lower_additional_cost_sentence(sentence: AdditionalCostSentence, ctx: Ctx, out: list[Effect]) -> None:
    raise ctx.fail("an additional cost among a resolving spell's instructions")


def is_loyalty_cost_increase(effects: Effects) -> bool:
    return _only_item(effects, LoyaltyCostMoreVP) is not None


def lower_loyalty_cost_increase(effects: Effects, text: str) -> LoyaltyCostIncrease:
    """ "Planeswalkers' loyalty abilities you activate cost an additional [+1] to activate." (606.5)."""
    found = _only_item(effects, LoyaltyCostMoreVP)
    assert found is not None
    s, item = found
    assert isinstance(item.vp, LoyaltyCostMoreVP)
    ctx = Ctx(clause=s.text)
    subject = item.subject
    owner = subject.owner if subject is not None else None
    if subject is None or subject.kind != "loyalty_abilities" or owner is None or owner.desc is None:
        raise ctx.fail("a loyalty cost change of something else")
    d = describe(owner.desc, ctx)
    if d.objects != Filter(types=("planeswalker",)) or owner.kind != "bare":
        raise ctx.fail("a loyalty cost change of some planeswalkers only")
    return LoyaltyCostIncrease(item.vp.loyalty, text=text)


@lowers(LoyaltyCostMoreVP)
def lower_loyalty_cost_more_clause(vp: LoyaltyCostMoreVP, clause: Clause) -> list[Effect]:
    raise no_effect(vp, clause.ctx)


def is_cost_reduction(effects: Effects) -> bool:
    return _only_item(effects, CostReductionVP) is not None


def lower_cost_reduction(effects: Effects, text: str) -> CostReduction:
    """ "Black spells and green spells you cast cost {1} less to cast." (601.2f)."""
    found = _only_item(effects, CostReductionVP)
    assert found is not None
    s, item = found
    assert isinstance(item.vp, CostReductionVP)
    ctx = Ctx(clause=s.text)
    subject = item.subject
    generic = item.vp.mana[1:-1]
    if not (item.vp.mana.count("{") == 1 and generic.isdigit()):
        raise ctx.fail("a cost reduction of colored mana")
    per = None if item.vp.each is None else _count_each(item.vp.each, ctx)
    n = -int(generic) if item.vp.more else int(generic)  # an increase is a negative reduction
    if subject is not None and subject.kind == "self":
        if item.vp.more:
            raise ctx.fail("'this spell costs {N} more'")
        return CostReduction(None, n, text=text, per=per)  # this spell's own cost
    if subject is None or subject.kind != "bare" or subject.desc is None:
        raise ctx.fail("a cost change of something other than the spells players cast")
    d = describe(subject.desc, ctx)
    if d.objects is None or d.players is not None or d.objects.zone != "stack" or d.objects.owner:
        raise ctx.fail("a cost change of something other than the spells players cast")
    return CostReduction(d.objects, n, text=text, per=per)


def _count_each(desc: Desc, ctx: Ctx) -> Count:
    """ "for each creature card in your graveyard": the objects counted as the cost is
    determined (601.2f); "for each creature you attacked with this turn" (508.1)."""
    if desc.quals and desc.quals[-1].kind == "attacked_with":
        d = describe(replace(desc, quals=desc.quals[:-1]), ctx)
        if d.objects != Filter(types=("creature",)):
            raise ctx.fail("attacked with something other than creatures")
        return Count("attacked_with", d.objects)
    d = describe(desc, ctx)
    if d.objects is None or d.players is not None:
        raise ctx.fail("a cost reduction for each player")
    return Count("objects", d.objects)


@lowers(CostReductionVP)
def lower_cost_reduction_clause(vp: CostReductionVP, clause: Clause) -> list[Effect]:
    raise no_effect(vp, clause.ctx)
