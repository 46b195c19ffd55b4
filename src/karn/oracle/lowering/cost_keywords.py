"""Keywords about paying for spells and abilities with a hand-written grammar (702): affinity
(702.41a), a cost reduction; crew (702.122a), the activated ability of a Vehicle. (Convoke,
improvise and delve are markers of the keyword table, read by the engine as the cost is paid:
:mod:`karn.engine.cost_keywords`.)"""

from __future__ import annotations

from karn.ir.nodes import (
    Ability,
    Activated,
    AddTypes,
    ApplyContinuous,
    Condition,
    Cost,
    CreateDelayed,
    CrewCost,
    Exile,
    ExileIfLeaves,
    Keyword,
    Modify,
    PutOntoBattlefield,
    Ref,
    Sacrifice,
    Trigger,
    Triggered,
    Unless,
)
from karn.oracle.lowering.context import LowerError
from karn.oracle.lowering.costs import is_cost_reduction, lower_cost_reduction
from karn.oracle.lowering.registry import lowers_keyword
from karn.oracle.parser import parse
from karn.oracle.syntax import AffinityA, CrewA, EchoA, Effects, UnearthA

# 702.41a: "Affinity for [text]" means this static ability
AFFINITY_TEXT = "~ costs {{1}} less to cast for each {what} you control."


@lowers_keyword(AffinityA)
def lower_affinity(kw: AffinityA, text: str) -> list[Ability]:
    """ "Affinity for [text]" means "This spell costs {1} less to cast for each [text] you
    control." (702.41a); several instances each apply (702.41b)."""
    ast = parse(AFFINITY_TEXT.format(what=kw.what), "effects")
    if not isinstance(ast, Effects) or not is_cost_reduction(ast):
        raise LowerError(f"affinity for {kw.what}", text)
    reduction = lower_cost_reduction(ast, text)
    if reduction.per is None:
        raise LowerError(f"affinity for {kw.what}", text)
    return [Keyword("affinity", text=text), reduction]


@lowers_keyword(EchoA)
def lower_echo(kw: EchoA, text: str) -> list[Ability]:
    """ "Echo [cost]" means "At the beginning of your upkeep, if this permanent came under your
    control since the beginning of your last upkeep, sacrifice it unless you pay [cost]."
    (702.30a; 603.4: an intervening "if")."""
    if "{x}" in kw.mana.lower():
        raise LowerError("echo cost with X (107.3)", text)
    sacrifice = Sacrifice(Ref("you"), 1, what=Ref("self"))
    echo = Triggered(
        Trigger("step", player="you", step="upkeep"),
        (Unless((sacrifice,), payer=Ref("you"), mana=kw.mana.upper()),),
        text=f"At the beginning of your upkeep, if ~ came under your control since the beginning of your last upkeep, sacrifice it unless you pay {kw.mana.upper()} (echo).",
        condition=Condition("controlled_since_last_upkeep"),
    )
    return [Keyword("echo", text=text), echo]


@lowers_keyword(UnearthA)
def lower_unearth(kw: UnearthA, text: str) -> list[Ability]:
    """ "Unearth [cost]" means "[Cost]: Return this card from your graveyard to the battlefield.
    It gains haste. Exile it at the beginning of the next end step. If it would leave the
    battlefield, exile it instead of putting it anywhere else. Activate only as a sorcery."
    (702.84a; it functions only from the graveyard, 113.6). "It" is the permanent returned
    (400.7: a new object), the objects the return acted on."""
    if "{x}" in kw.mana.lower():
        raise LowerError("unearth cost with X (107.3)", text)
    exile_later = CreateDelayed(
        when=Trigger(event="step", step="end"),
        effects=(Exile(Ref("triggering")),),
        bind=Ref("affected"),
        text="Exile it at the beginning of the next end step.",
    )
    effects = (
        PutOntoBattlefield(Ref("self")),
        ApplyContinuous(Modify(Ref("affected"), add_keywords=("haste",)), "permanent"),
        exile_later,
        ExileIfLeaves(Ref("affected")),
    )
    unearth = Activated(Cost(mana=kw.mana.upper()), effects, sorcery_speed=True, text=text, zone="graveyard")
    return [Keyword("unearth", text=text), unearth]


@lowers_keyword(CrewA)
def lower_crew(kw: CrewA, text: str) -> list[Ability]:
    """ "Crew N" means "Tap any number of other untapped creatures you control with total power
    N or greater: This permanent becomes an artifact creature until end of turn." (702.122a;
    301.7b: it has its printed power and toughness as it becomes a creature)."""
    becomes = Modify(Ref("self"), changes=(AddTypes(types=("artifact", "creature")),))
    crew = Activated(Cost(parts=(CrewCost(kw.n),)), (ApplyContinuous(becomes, "end_of_turn"),), text=text)
    return [Keyword("crew", text=text), crew]
