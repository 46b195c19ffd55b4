"""Effects on permanents staying on the battlefield: tap and untap (701.26), transform (701.27),
"doesn't untap during ... next untap step" (502.3), gain control (108.4),
attach (701.3)."""

from __future__ import annotations

from karn.ir.nodes import (
    Attach,
    Effect,
    GainControl,
    Group,
    Ref,
    Selector,
    SkipNextUntap,
    Tap,
    Transform,
    Untap,
)
from karn.oracle.lowering.context import Ctx
from karn.oracle.lowering.references import imperative, is_self, object_ref, object_sel, player_ref
from karn.oracle.lowering.registry import Clause, lowers
from karn.oracle.syntax import NP, AttachVP, GainControlVP, SkipUntapVP, TapVP, TransformVP, UntapVP


@lowers(TapVP)
def lower_tap(vp: TapVP, clause: Clause) -> list[Effect]:
    imperative(clause.subject, clause.ctx)
    return [Tap(object_sel(vp.obj, clause.ctx))]


@lowers(UntapVP)
def lower_untap(vp: UntapVP, clause: Clause) -> list[Effect]:
    imperative(clause.subject, clause.ctx)
    return [Untap(object_sel(vp.obj, clause.ctx))]


@lowers(TransformVP)
def lower_transform(vp: TransformVP, clause: Clause) -> list[Effect]:
    """ "Transform this creature" (701.27a): a double-faced permanent turns its other face up."""
    imperative(clause.subject, clause.ctx)
    return [Transform(object_sel(vp.obj, clause.ctx))]


@lowers(SkipUntapVP)
def lower_skip_untap(vp: SkipUntapVP, clause: Clause) -> list[Effect]:
    """ "It doesn't untap during its controller's next untap step" (502.3): SkipNextUntap
    is about the untap step of the objects' controller, so the text must name that one."""
    ctx = clause.ctx
    if clause.subject is None:
        raise ctx.fail("missing subject")
    what = object_sel(clause.subject, ctx)
    whose = vp.whose
    if whose.kind != "its_controller" and not _names_their_controller(whose, what, ctx):
        raise ctx.fail(f"the IR skips only the untap step of the objects' controller, not {whose.text}'s")
    return [SkipNextUntap(what)]


def _names_their_controller(whose: NP, what: Selector, ctx: Ctx) -> bool:
    """ "Creatures target player controls don't untap during that player's next untap step"."""
    group = what if isinstance(what, Group) else ctx.affected_group if what == Ref("affected") else None
    if group is None or group.player is None or whose.kind not in ("that", "it"):
        return False
    return player_ref(whose, ctx) == group.player


@lowers(GainControlVP)
def lower_gain_control(vp: GainControlVP, clause: Clause) -> list[Effect]:
    """ "Gain control of target creature [until end of turn / for as long as you control ~]",
    "Target player gains control of target permanent you control" (613.1b, 611.2b)."""
    ctx = clause.ctx
    subject = clause.subject
    player = Ref("you") if subject is None or subject.kind == "you" else player_ref(subject, ctx)
    what = object_ref(vp.obj, ctx)
    if vp.as_long:
        if player != Ref("you"):
            raise ctx.fail("'for as long as you control' for another player's control")
        return [GainControl(what, "while_you_control_source", player)]
    return [GainControl(what, "end_of_turn" if vp.until_eot else "permanent", player)]


@lowers(AttachVP)
def lower_attach(vp: AttachVP, clause: Clause) -> list[Effect]:
    """ "Attach ~ to target creature you control" (equip, 702.6a)."""
    ctx = clause.ctx
    imperative(clause.subject, ctx)
    if not is_self(vp.obj, ctx):
        raise ctx.fail("attach something other than the source")
    return [Attach(object_ref(vp.dest, ctx))]
