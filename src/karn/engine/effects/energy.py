"""Energy (107.14, 122.1): "you get {E}{E}", "you may pay {E}{E}"."""

from __future__ import annotations

from karn import ir
from karn.engine import decisions
from karn.engine.context import Context
from karn.engine.effects.registry import DONE, WAIT, Outcome, handles
from karn.engine.events import EnergyChange
from karn.engine.frames import ChoiceProgress, ResolveFrame
from karn.engine.pipeline import perform
from karn.engine.references import amount, refs, stack_label
from karn.engine.state import Obj, Option, ref_player


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
    if e.any_amount:
        return _pay_any_amount(ctx, f, o, e)
    n = amount(ctx, f, o, e.amount)
    for p in refs(ctx, f, o, e.player):
        pl = ref_player(p)
        if n > 0 and ctx.state.players[pl].energy >= n:
            perform(ctx, EnergyChange(player=pl, amount=-n, rule="107.14"))
    return DONE


def _pay_any_amount(ctx: Context, f: ResolveFrame, o: Obj, e: ir.PayEnergy) -> Outcome:
    """107.1c, 608.2d: "you may pay any amount of {E}": the player chooses a number from 0 to
    their energy as the effect is applied; "that much" afterwards is that number
    (``ResolveFrame.energy_paid``)."""
    players = [ref_player(p) for p in refs(ctx, f, o, e.player) if p < 0]
    if not players:
        return DONE
    payer = players[0]
    ans = f.answer
    f.answer = None
    have = ctx.state.players[payer].energy
    if ans is not None and isinstance(f.progress, ChoiceProgress):
        f.progress = None
        paid = min(max(ans.a, 0), have)
        f.energy_paid = paid
        if paid:
            perform(ctx, EnergyChange(player=payer, amount=-paid, rule="107.14"))
        return DONE
    if not have:
        f.energy_paid = 0
        return DONE
    f.progress = ChoiceProgress(asked=True)
    decisions.ask(
        ctx,
        payer,
        "amount",
        "107.1c",
        f"{stack_label(ctx, o)}: pay how much {{E}}? (you have {have})",
        [Option("amount", n, label=str(n)) for n in range(have + 1)],
    )
    return WAIT


def can_pay_energy(ctx: Context, f: ResolveFrame, o: Obj, e: ir.PayEnergy) -> bool:
    """107.14: has each player ``e`` names at least that many energy counters?"""
    n = amount(ctx, f, o, e.amount)
    return all(ctx.state.players[ref_player(p)].energy >= n for p in refs(ctx, f, o, e.player))
