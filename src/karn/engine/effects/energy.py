"""Energy (107.14, 122.1): "you get {E}{E}", "you may pay {E}{E}"."""

from __future__ import annotations

from karn import ir
from karn.engine.context import Context
from karn.engine.effects.registry import DONE, Outcome, handles
from karn.engine.events import EnergyChange
from karn.engine.frames import ResolveFrame
from karn.engine.pipeline import perform
from karn.engine.references import amount, refs
from karn.engine.state import Obj, ref_player


@handles(ir.GetEnergy)
def get_energy(ctx: Context, f: ResolveFrame, o: Obj, e: ir.GetEnergy) -> Outcome:
    """122.1, 107.14: the player gets that many energy counters (counted as it resolves, 608.2h)."""
    n = amount(ctx, f, o, e.amount)
    if n > 0:
        perform(ctx, [EnergyChange(player=ref_player(p), amount=n) for p in refs(ctx, f, o, e.player)])
    return DONE


@handles(ir.PayEnergy)
def pay_energy(ctx: Context, f: ResolveFrame, o: Obj, e: ir.PayEnergy) -> Outcome:
    """107.14: "pay {E}{E}" removes that many energy counters; a player with fewer can't pay
    (nothing is removed, 608.2d: "you may" offers only what can be done)."""
    n = amount(ctx, f, o, e.amount)
    for p in refs(ctx, f, o, e.player):
        pl = ref_player(p)
        if n > 0 and ctx.state.players[pl].energy >= n:
            perform(ctx, EnergyChange(player=pl, amount=-n, rule="107.14"))
    return DONE


def can_pay_energy(ctx: Context, f: ResolveFrame, o: Obj, e: ir.PayEnergy) -> bool:
    """107.14: has each player ``e`` names at least that many energy counters?"""
    n = amount(ctx, f, o, e.amount)
    return all(ctx.state.players[ref_player(p)].energy >= n for p in refs(ctx, f, o, e.player))
