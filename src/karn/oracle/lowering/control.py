"""Control-changing effects beyond "gain control of" (613.1b, 701.12): "You control enchanted
creature." (a static ability, :mod:`.statics`), "Exchange control of two target creatures."."""

from __future__ import annotations

from karn.ir.nodes import Effect, ExchangeControl, Modify, Ref
from karn.oracle.lowering.context import Ctx
from karn.oracle.lowering.references import imperative, object_ref
from karn.oracle.lowering.registry import Clause, lowers
from karn.oracle.syntax import NP, ControlVP, ExchangeControlVP


@lowers(ExchangeControlVP)
def lower_exchange_control(vp: ExchangeControlVP, clause: Clause) -> list[Effect]:
    """701.12b: the two objects of one target slot ("two target creatures") change controllers."""
    ctx = clause.ctx
    imperative(clause.subject, ctx)
    ref = object_ref(vp.obj, ctx)
    spec = ctx.targets[ref.index] if ref.kind == "target" else None
    if spec is None or spec.min != 2 or spec.max != 2:
        raise ctx.fail("exchange control of something other than two targets")
    return [ExchangeControl(ref)]


@lowers(ControlVP)
def lower_control(vp: ControlVP, clause: Clause) -> list[Effect]:
    raise clause.ctx.fail("'you control ...' as a one-shot effect: the IR has it only as a static ability")


def control_modification(subject: NP | None, vp: ControlVP, ctx: Ctx) -> Modify:
    """ "You control enchanted creature." (613.1b): the enchanted or equipped permanent is
    controlled by the source's controller, in layer 2."""
    if subject is None or subject.kind != "you":
        raise ctx.fail(f"'{subject.text if subject else ''} control' in a static ability")
    what = object_ref(vp.obj, ctx)
    if what not in (Ref("enchanted"), Ref("equipped")):
        raise ctx.fail(f"the IR cannot give control of '{vp.obj.text}' by a static ability")
    return Modify(what, control=True)
