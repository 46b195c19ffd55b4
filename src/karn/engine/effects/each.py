"""608.2f: "Choose any number of target creatures, planeswalkers, and/or players. For each of
them, <instructions>." The instructions are done completely for one target before the next:
the controller chooses which target is next (a decision on the agenda, kept in the resolve
frame's :class:`~karn.engine.frames.ForEachProgress`), and the resolution enters the
instructions with that target as ``Ref("each_target")``. Targets illegal as the spell began to
resolve are skipped (608.2b)."""

from __future__ import annotations

from karn import ir
from karn.engine import decisions, targeting
from karn.engine.context import Context
from karn.engine.effects.registry import DONE, ENTER, WAIT, Outcome, handles
from karn.engine.frames import ForEachProgress, ResolveFrame
from karn.engine.references import stack_label
from karn.engine.state import Obj, Option


@handles(ir.ForEachTarget)
def for_each_target(ctx: Context, f: ResolveFrame, o: Obj, e: ir.ForEachTarget) -> Outcome:
    """Run once before each target and once after the last: pick the next target (the
    controller's choice when several are left, 608.2f) and enter the instructions for it."""
    each = f.each
    if each is None:
        each = f.each = ForEachProgress()
    elif each.current:  # back from the instructions of one target
        each.done.append(each.current)
        each.gathered += [x for x in f.affected if x not in each.gathered]
        each.current = 0
    legal = f.legal[e.slot] if f.legal is not None and e.slot < len(f.legal) else []
    left = [t for t in legal if t not in each.done]
    ans = f.answer
    f.answer = None
    if not left:
        f.affected = list(each.gathered)  # "the exiled cards": every pass's (608.2f)
        f.each = None
        return DONE
    if len(left) == 1:
        pick = left[0]
    elif each.asked and ans is not None and ans.kind == "choose" and ans.a in left:
        pick = ans.a
    else:
        each.asked = True
        decisions.ask(
            ctx,
            o.controller,
            "next_target",
            "608.2f",
            f"{stack_label(ctx, o)}: choose the target to do its instructions for next",
            [Option("choose", t, label=targeting.label(ctx, t)) for t in left],
        )
        return WAIT
    each.asked = False
    each.current = pick
    f.affected = []
    ctx.emit("608.2f", f"{stack_label(ctx, o)}: for {targeting.label(ctx, pick)}")
    return ENTER
