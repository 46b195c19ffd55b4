"""Planechase effects (901): "planeswalk" (701.31), the effect of the planeswalking ability
(901.8)."""

from __future__ import annotations

from karn import ir
from karn.engine.context import Context
from karn.engine.effects.registry import DONE, Outcome, handles
from karn.engine.events import Planeswalk
from karn.engine.frames import ResolveFrame
from karn.engine.pipeline import perform
from karn.engine.state import Obj


@handles(ir.Planeswalk)
def planeswalk(ctx: Context, f: ResolveFrame, o: Obj, e: ir.Planeswalk) -> Outcome:
    """701.31a-b: only the planar controller planeswalks, and only in a Planechase game: the
    face-up plane goes to the bottom of its owner's planar deck, the top card of the planar
    controller's deck is turned face up."""
    pc = ctx.state.planechase
    if pc is not None:
        perform(ctx, Planeswalk(player=pc.controller))
    return DONE
