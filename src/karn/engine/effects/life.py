"""Life (119): "gain N life", "lose N life"."""

from __future__ import annotations

from karn import ir
from karn.engine.context import Context
from karn.engine.effects.registry import DONE, Outcome, handles
from karn.engine.events import LifeGain, LifeLoss
from karn.engine.frames import ResolveFrame
from karn.engine.pipeline import perform
from karn.engine.references import amount, refs
from karn.engine.state import Obj, ref_player


@handles(ir.GainLife)
def gain_life(ctx: Context, f: ResolveFrame, o: Obj, e: ir.GainLife) -> Outcome:
    n = amount(ctx, f, o, e.amount)  # read before anything changes (608.2h)
    if n > 0:
        perform(ctx, [LifeGain(player=ref_player(p), amount=n) for p in refs(ctx, f, o, e.player)])
    return DONE


@handles(ir.LoseLife)
def lose_life(ctx: Context, f: ResolveFrame, o: Obj, e: ir.LoseLife) -> Outcome:
    n = amount(ctx, f, o, e.amount)
    if n > 0:
        perform(ctx, [LifeLoss(player=ref_player(p), amount=n) for p in refs(ctx, f, o, e.player)])
    return DONE
