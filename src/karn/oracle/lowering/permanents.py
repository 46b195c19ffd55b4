"""Effects on permanents staying on the battlefield: tap and untap (701.26),
"doesn't untap during ... next untap step" (502.3), gain control (108.4),
attach (701.3)."""

from __future__ import annotations

from karn.ir.nodes import Attach, Effect, GainControl, SkipNextUntap, Tap, Untap
from karn.oracle.lowering.references import imperative, is_self, object_ref, object_sel
from karn.oracle.lowering.registry import Clause, lowers
from karn.oracle.syntax import AttachVP, GainControlVP, SkipUntapVP, TapVP, UntapVP


@lowers(TapVP)
def lower_tap(vp: TapVP, clause: Clause) -> list[Effect]:
    imperative(clause.subject, clause.ctx)
    return [Tap(object_sel(vp.obj, clause.ctx))]


@lowers(UntapVP)
def lower_untap(vp: UntapVP, clause: Clause) -> list[Effect]:
    imperative(clause.subject, clause.ctx)
    return [Untap(object_sel(vp.obj, clause.ctx))]


@lowers(SkipUntapVP)
def lower_skip_untap(vp: SkipUntapVP, clause: Clause) -> list[Effect]:
    if clause.subject is None:
        raise clause.ctx.fail("missing subject")
    return [SkipNextUntap(object_sel(clause.subject, clause.ctx))]


@lowers(GainControlVP)
def lower_gain_control(vp: GainControlVP, clause: Clause) -> list[Effect]:
    imperative(clause.subject, clause.ctx)
    what = object_ref(vp.obj, clause.ctx)
    return [GainControl(what, "end_of_turn" if vp.until_eot else "permanent")]


@lowers(AttachVP)
def lower_attach(vp: AttachVP, clause: Clause) -> list[Effect]:
    """ "Attach ~ to target creature you control" (equip, 702.6a)."""
    ctx = clause.ctx
    imperative(clause.subject, ctx)
    if not is_self(vp.obj, ctx):
        raise ctx.fail("attach something other than the source")
    return [Attach(object_ref(vp.dest, ctx))]
