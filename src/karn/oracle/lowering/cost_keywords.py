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
    Cost,
    CrewCost,
    Keyword,
    Modify,
    Ref,
)
from karn.oracle.lowering.context import LowerError
from karn.oracle.lowering.costs import is_cost_reduction, lower_cost_reduction
from karn.oracle.lowering.registry import lowers_keyword
from karn.oracle.parser import parse
from karn.oracle.syntax import AffinityA, CrewA, Effects

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


@lowers_keyword(CrewA)
def lower_crew(kw: CrewA, text: str) -> list[Ability]:
    """ "Crew N" means "Tap any number of other untapped creatures you control with total power
    N or greater: This permanent becomes an artifact creature until end of turn." (702.122a;
    301.7b: it has its printed power and toughness as it becomes a creature)."""
    becomes = Modify(Ref("self"), changes=(AddTypes(types=("artifact", "creature")),))
    crew = Activated(Cost(parts=(CrewCost(kw.n),)), (ApplyContinuous(becomes, "end_of_turn"),), text=text)
    return [Keyword("crew", text=text), crew]
