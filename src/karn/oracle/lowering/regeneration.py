"""Regeneration (701.19): "Regenerate target creature." creates a regeneration shield (a
destruction replacement effect, 614.8); "You gain control of that creature if it
regenerates this way." (Debt of Loyalty) amends that shield."""

from __future__ import annotations

from dataclasses import replace

from karn.ir.nodes import Effect, Regenerate
from karn.oracle.lowering.references import imperative, object_ref, object_sel
from karn.oracle.lowering.registry import Clause, lowers
from karn.oracle.syntax import GainControlIfRegeneratesVP, RegenerateVP


@lowers(RegenerateVP)
def lower_regenerate(vp: RegenerateVP, clause: Clause) -> list[Effect]:
    imperative(clause.subject, clause.ctx)
    return [Regenerate(object_sel(vp.obj, clause.ctx))]


@lowers(GainControlIfRegeneratesVP)
def lower_gain_control_if_regenerates(vp: GainControlIfRegeneratesVP, clause: Clause) -> list[Effect]:
    """The regeneration shield just created also gives its controller control of the creature
    when it is used (701.19a, 613.1b): the sentence amends the Regenerate before it."""
    ctx = clause.ctx
    imperative(clause.subject, ctx)
    out = clause.out
    if not out or not isinstance(out[-1], Regenerate) or object_ref(vp.obj, ctx) != out[-1].what:
        raise ctx.fail("'if it regenerates this way' without a regeneration of that object")
    out[-1] = replace(out[-1], gain_control=True)
    return []
