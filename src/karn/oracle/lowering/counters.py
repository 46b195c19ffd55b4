"""Putting counters on objects (122.1)."""

from __future__ import annotations

from karn.ir.keywords import KEYWORD_COUNTERS
from karn.ir.nodes import Effect, PutCounters
from karn.oracle.lowering.context import amount
from karn.oracle.lowering.references import imperative, object_sel
from karn.oracle.lowering.registry import Clause, lowers
from karn.oracle.syntax import PutCountersVP

# the counter kinds the engine knows (122.1a: +1/+1 and -1/-1 counters)
COUNTER_KINDS = ("+1/+1", "-1/-1")


@lowers(PutCountersVP)
def lower_put_counters(vp: PutCountersVP, clause: Clause) -> list[Effect]:
    ctx = clause.ctx
    imperative(clause.subject, ctx)
    kind = vp.kind.lower()
    if kind not in COUNTER_KINDS and kind != "loyalty" and kind not in KEYWORD_COUNTERS:
        # 122.1e: loyalty counters; 122.1b: keyword counters (layer 6, 613.1f); other named
        # counters mean what other text of their card says
        raise ctx.fail(f"{kind} counters")
    return [PutCounters(kind, amount(vp.amount), object_sel(vp.obj, ctx))]
