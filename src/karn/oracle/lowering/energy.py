"""Energy (107.14, 122.1): "you get {E}{E}", "you may pay {E}{E}", "Pay {E}{E}" as a cost."""

from __future__ import annotations

from karn.ir.nodes import Count, Effect, GetEnergy, PayEnergy, PayEnergyCost, Quantity, Var
from karn.oracle.lowering.context import Ctx
from karn.oracle.lowering.descriptions import describe
from karn.oracle.lowering.references import players_ref
from karn.oracle.lowering.registry import Clause, CostParts, lowers, lowers_cost
from karn.oracle.syntax import EnergyVP, PayEnergyCostA


def energy_count(symbols: str, times: int) -> int:
    """How many energy counters "{E}{E}" (or "eight {E}") stands for; 0 if the symbols aren't all
    {E} (107.14)."""
    n = symbols.upper().count("{E}")
    if not n or symbols.upper() != "{E}" * n or times < 1:
        return 0
    return n * times


@lowers(EnergyVP)
def lower_energy(vp: EnergyVP, clause: Clause) -> list[Effect]:
    ctx = clause.ctx
    if vp.any_amount:
        if vp.symbols.upper() != "{E}" or ctx.energy_paid:
            raise ctx.fail(f"unsupported '{vp.text}'")
        ctx.energy_paid = True  # "that much" after it is the energy paid (107.1c)
        return [PayEnergy(0, players_ref(clause.subject, ctx), any_amount=True)]
    n = energy_count(vp.symbols, vp.times)
    if not n:
        raise ctx.fail(f"unsupported '{vp.text}'")  # "get {X}", "pay {2}"
    if vp.amount:
        if n != 1 or vp.pay:
            raise ctx.fail(f"unsupported '{vp.text}'")
        # "an amount of {E} equal to <quantity>" (X, defined around it, 107.3); "that many {E}"
        # (the trigger event's amount, checked by the ability's lowering, 603.7c)
        counted = Var("X") if vp.amount == "X" else Var("trigger_amount")
        return [GetEnergy(counted, players_ref(clause.subject, ctx))]
    who = players_ref(clause.subject, ctx)
    if vp.pay:
        return [PayEnergy(n, who)]
    amount: Quantity = n
    if vp.each is not None:
        # "you get {E} for each creature you control" (608.2h: counted as it resolves)
        d = describe(vp.each, ctx)
        if d.objects is None or d.players is not None or n != 1:
            raise ctx.fail(f"unsupported '{vp.text}'")
        amount = Count("objects", d.objects)
    return [GetEnergy(amount, who)]


@lowers_cost(PayEnergyCostA)
def lower_pay_energy_cost(c: PayEnergyCostA, parts: CostParts, ctx: Ctx) -> None:
    n = energy_count(c.symbols, c.times)
    if not n:
        raise ctx.fail(f"the IR Cost cannot express '{c.text}'")
    parts.parts.append(PayEnergyCost(n))  # "Pay {E}{E}" (107.14)
