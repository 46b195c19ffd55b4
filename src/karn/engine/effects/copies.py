"""Copying spells (707.10): "Copy target instant or sorcery spell. You may choose new targets
for the copy." The copies are put onto the stack by the pipeline (:class:`CopyOnStack`); the
choice of new targets (707.10c) is asked one target at a time, its progress kept in the
resolve frame (:class:`CopyProgress`), so a game waiting on it can be copied or saved."""

from __future__ import annotations

import msgspec

from karn import ir
from karn.engine import decisions, targeting
from karn.engine.abilities import effects_of
from karn.engine.context import Context
from karn.engine.effects.registry import DONE, WAIT, Outcome, handles
from karn.engine.events import CopyOnStack
from karn.engine.frames import CopyProgress, ResolveFrame
from karn.engine.layers import copiable_values
from karn.engine.pipeline import perform
from karn.engine.references import amount, refs, source_id
from karn.engine.state import STACK, Obj, Option
from karn.engine.values import CopyValues


@handles(ir.CopySpell)
def copy_spell(ctx: Context, f: ResolveFrame, o: Obj, e: ir.CopySpell) -> Outcome:
    """707.10: put the copies onto the stack under this ability's controller's control; then,
    with "you may choose new targets for the copy", let that player change their targets
    (707.10c). A spell that has left the stack is not copied."""
    progress = f.progress
    if not isinstance(progress, CopyProgress):
        copies = _make_copies(ctx, f, o, e)
        f.affected = copies  # "the copy"
        if not e.new_targets or not copies:
            return DONE
        progress = f.progress = CopyProgress(copies=copies)
    return _choose_new_targets(ctx, f, progress)


def _make_copies(ctx: Context, f: ResolveFrame, o: Obj, e: ir.CopySpell) -> list[int]:
    s = ctx.state
    # 707.10: a spell, or an ability (707.10b), still on the stack
    spells = [t for t in refs(ctx, f, o, e.what) if t in s.objects and s.objects[t].zone == STACK]
    copies: list[int] = []
    for spell in spells[:1]:
        values: CopyValues | None = None
        if e.colors and not s.objects[spell].ability:
            # 707.9b: the exception ("except that the copy is red") is part of its copiable values
            base = copiable_values(s, spell, ctx.printed)
            values = msgspec.structs.replace(base, colors=e.colors)
        for _ in range(max(0, amount(ctx, f, o, e.count))):
            event = CopyOnStack(obj=spell, controller=o.controller, copy_of=values)
            perform(ctx, event)
            if event.new_id:
                copies.append(event.new_id)
    return copies


def _positions(ctx: Context, copies: list[int]) -> list[tuple[int, int, int]]:
    """Each target of the copies, in order: (copy, slot, index in the slot)."""
    s = ctx.state
    out = []
    for c in copies:
        copy = s.objects.get(c)
        if copy is None:
            continue
        for slot, chosen in enumerate(copy.targets):
            out += [(c, slot, i) for i in range(len(chosen))]
    return out


def _label(ctx: Context, t: int) -> str:
    if t < 0 or t in ctx.state.objects:
        return targeting.label(ctx, t)
    return "an object no longer there"


def _choose_new_targets(ctx: Context, f: ResolveFrame, p: CopyProgress) -> Outcome:
    """707.10c: for each target of a copy, its controller may keep it (even if it is illegal
    now) or change it to another legal target for that slot (115.3: not one already chosen
    for the same "target")."""
    s = ctx.state
    positions = _positions(ctx, p.copies)
    while p.at < len(positions):
        cid, slot, i = positions[p.at]
        copy = s.objects.get(cid)
        if copy is None or copy.zone != STACK:
            p.at += 1
            continue
        current = copy.targets[slot][i]
        answer, f.answer = f.answer, None
        if p.asked and answer is not None:
            p.asked = False
            p.at += 1
            if answer.kind == "target":
                copy.targets[slot][i] = answer.a
                ctx.emit(
                    "707.10c",
                    f"the copy of {copy.name} now targets {_label(ctx, answer.a)} instead of {_label(ctx, current)}",
                )
            continue
        _, specs = effects_of(ctx, copy)
        if slot >= len(specs):
            p.at += 1
            continue
        taken = set(copy.targets[slot])
        # 115.3, 115.7: "another target" stays another, whichever of the two slots changes
        linked = set(specs[slot].distinct_from) | {
            j for j, sp in enumerate(specs) if slot in sp.distinct_from
        }
        for i in linked:
            taken.update(copy.targets[i] if i < len(copy.targets) else ())
        candidates = [
            t
            for t in targeting.candidates(ctx, specs[slot], copy.controller, source_id(copy), copy.id)
            if t not in taken
        ]
        if not candidates:
            p.at += 1
            continue
        options = [Option("keep", label=f"keep {_label(ctx, current)}")]
        options += [Option("target", t, label=targeting.label(ctx, t)) for t in candidates]
        decisions.ask(
            ctx,
            copy.controller,
            "new_target",
            "707.10c",
            f"you may choose a new target for the copy of {copy.name} (now {_label(ctx, current)})",
            options,
        )
        p.asked = True
        return WAIT
    return DONE
