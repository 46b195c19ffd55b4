"""Conditions on what a resolving spell or ability does: kicker (702.33: the keyword, "if this
spell was kicked" sentences and the linked "if it was kicked [with its [A] kicker]" trigger
conditions, 607.2i, 702.33e-f) and "If you don't" after a "you may" (608.2d)."""

from __future__ import annotations

from karn.ir.nodes import (
    Ability,
    AlternativeCost,
    Bestow,
    CreateDelayed,
    Declined,
    Did,
    Discard,
    Draw,
    Effect,
    Flashback,
    IfCondition,
    Kicked,
    Kicker,
    May,
    Modify,
    Morph,
    PayEnergy,
    Ref,
    ReturnToHand,
    Sacrifice,
    Static,
    Trigger,
    Triggered,
)
from karn.oracle.lowering.chains import lower_chain
from karn.oracle.lowering.context import Ctx, LowerError
from karn.oracle.lowering.registry import lowers_keyword, lowers_sentence
from karn.oracle.syntax import (
    AltCostA,
    BestowA,
    FlashbackA,
    IfKickedSentence,
    IfYouDontSentence,
    IfYouDoSentence,
    KickerA,
    MorphA,
)


@lowers_keyword(BestowA)
def lower_bestow(kw: BestowA, text: str) -> list[Ability]:
    """ "Bestow [cost]": cast bestowed for [cost] rather than the mana cost (702.103a)."""
    if "{X}" in kw.cost:
        raise LowerError("bestow cost with X (107.3)", text)
    return [Bestow(kw.cost, text=text)]


@lowers_keyword(FlashbackA)
def lower_flashback(kw: FlashbackA, text: str) -> list[Ability]:
    """ "Flashback [cost]": cast from the graveyard for [cost], then exiled (702.34a)."""
    if "{X}" in kw.cost:
        raise LowerError("flashback cost with X (107.3)", text)
    return [Flashback(kw.cost, text=text)]


@lowers_keyword(AltCostA)
def lower_alternative_cost(kw: AltCostA, text: str) -> list[Ability]:
    """An alternative cost keyword (118.9): "Evoke [cost]" means "You may cast this spell by paying
    [cost] rather than its mana cost" and "When this permanent enters, if its evoke cost was
    paid, its controller sacrifices it" (702.74a): a triggered ability with an intervening "if"
    (603.4) that can be responded to, ordered with the permanent's other enters abilities (603.3b)."""
    if "{X}" in kw.cost:
        raise LowerError(f"{kw.keyword} cost with X (107.3)", text)
    if kw.keyword == "dash":
        return _dash(kw.cost, text)
    if kw.keyword == "overload":
        # 702.96a: the overloaded spell ability is compiled with the card's spell text
        # (karn.oracle.compiler: it sees the whole card)
        return [AlternativeCost("overload", kw.cost, text=text)]
    if kw.keyword == "spectacle":
        return [AlternativeCost("spectacle", kw.cost, text=text)]  # 702.137a
    if kw.keyword == "surge":
        return [AlternativeCost("surge", kw.cost, text=text)]  # 702.117a
    if kw.keyword != "evoke":
        raise LowerError("keyword not supported", text)
    sacrifice = Triggered(
        trigger=Trigger(event="enters", self_only=True),
        effects=(Sacrifice(player=Ref("triggering_controller"), what=Ref("self")),),
        text="When this permanent enters, if its evoke cost was paid, its controller sacrifices it.",
        alt_paid="evoke",
    )
    return [AlternativeCost("evoke", kw.cost, text=text), sacrifice]


def _dash(cost: str, text: str) -> list[Ability]:
    """ "Dash [cost]" (702.109a): "You may cast this card by paying [cost] rather than its mana
    cost", "If this spell's dash cost was paid, return the permanent this spell becomes to its
    owner's hand at the beginning of the next end step" (a delayed triggered ability, 603.7a,
    created as the spell becomes the permanent) and "As long as this permanent's dash cost was
    paid, it has haste" (a static ability, 611.3)."""
    back = CreateDelayed(
        when=Trigger(event="step", step="end"),
        effects=(ReturnToHand(Ref("triggering")),),
        bind=Ref("self"),
        text="At the beginning of the next end step, return it to its owner's hand (dash).",
    )
    haste = Static(
        mods=(Modify(Ref("self"), add_keywords=("haste",), alt_paid="dash"),),
        text="As long as this permanent's dash cost was paid, it has haste.",
    )
    return [AlternativeCost("dash", cost, text=text, effects=(back,)), haste]


@lowers_keyword(MorphA)
def lower_morph(kw: MorphA, text: str) -> list[Ability]:
    """ "Morph [cost]" / "Megamorph [cost]": cast face down as a 2/2 creature for {3}; turned face
    up for [cost] (702.37a-b). Only mana costs compile (the grammar's MANA)."""
    if "{X}" in kw.cost:
        raise LowerError("morph cost with X (702.37f): the IR has no value for that X", text)
    return [Morph(kw.cost, mega=kw.mega, text=text)]


@lowers_keyword(KickerA)
def lower_kicker(kw: KickerA, text: str) -> list[Ability]:
    """ "Kicker [cost]" means "You may pay an additional [cost] as you cast this spell";
    "Kicker [A] and/or [B]" is two kicker costs (702.33a-b)."""
    if any("{X}" in c for c in kw.costs):
        raise LowerError("kicker cost with X (107.3): the IR has no value for that X", text)
    return [Kicker(kw.costs, text=text, multi=kw.multi)]


@lowers_sentence(IfYouDontSentence)
def lower_if_you_dont(s: IfYouDontSentence, ctx: Ctx, out: list[Effect]) -> None:
    """ "You may sacrifice a creature. If you don't, you lose 4 life." (608.2d): what happens
    when the controller declined (or couldn't do) the "you may" just before."""
    if not out or not isinstance(out[-1], May):
        raise ctx.fail("'If you don't' without a 'you may' before it")
    before = len(ctx.targets)
    inner: list[Effect] = []
    lower_chain(s.items, ctx, inner)
    if len(ctx.targets) != before:
        raise ctx.fail("targets chosen only if the player declines")
    out.append(IfCondition(Declined(), tuple(inner)))


# the "you may" actions whose doing the engine knows (608.2d: a discard or sacrifice it can't
# do is not done; a draw is always done)
_KNOWN_DONE = (Discard, Draw, Sacrifice, PayEnergy)


@lowers_sentence(IfYouDoSentence)
def lower_if_you_do(s: IfYouDoSentence, ctx: Ctx, out: list[Effect]) -> None:
    """ "You may discard a card. If you do, draw a card." (608.2c): what happens only when the
    controller chose to do the "you may" just before, and could."""
    if not out or not isinstance(out[-1], May):
        raise ctx.fail("'If you do' without a 'you may' before it")
    done = out[-1].effects
    if (
        not done
        or not isinstance(done[0], _KNOWN_DONE)
        or (isinstance(done[0], Discard) and done[0].player != Ref("you"))
    ):
        raise ctx.fail("'If you do' after an action the engine can't tell was done")
    before = len(ctx.targets)
    inner: list[Effect] = []
    lower_chain(s.items, ctx, inner)
    if len(ctx.targets) != before:
        raise ctx.fail("targets chosen only if the player does it")
    out.append(IfCondition(Did(), tuple(inner)))


@lowers_sentence(IfKickedSentence)
def lower_if_kicked(s: IfKickedSentence, ctx: Ctx, out: list[Effect]) -> None:
    """ "If this spell was kicked, <effects>." (702.33d). A kicked-only part with its own
    targets is chosen only if kicked (702.33g): the IR has no conditional target, so refuse."""
    before = len(ctx.targets)
    inner: list[Effect] = []
    lower_chain(s.items, ctx, inner)
    if len(ctx.targets) != before:
        raise ctx.fail("targets chosen only if the spell was kicked (702.33g)")
    out.append(IfCondition(Kicked(), tuple(inner)))
