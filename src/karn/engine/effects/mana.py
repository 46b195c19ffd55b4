"""Mana effects (106.3): "add {B}{B}{B}"."""

from __future__ import annotations

from karn import ir
from karn.engine import decisions, mana
from karn.engine.context import Context
from karn.engine.effects.registry import DONE, WAIT, Outcome, handles
from karn.engine.frames import ManaChoiceProgress, ResolveFrame
from karn.engine.references import count, source_id, stack_label
from karn.engine.state import Obj, Option
from karn.engine.values import chosen_for


@handles(ir.AddManaProduced)
def add_mana_produced(ctx: Context, f: ResolveFrame, o: Obj, e: ir.AddManaProduced) -> Outcome:
    """605.4a: a triggered mana ability resolves as soon as it triggers, inside the mana ability
    that triggered it (:func:`karn.engine.mana.activate_mana_ability`): it never reaches the stack."""
    return DONE


@handles(ir.AddMana)
def add_mana(ctx: Context, f: ResolveFrame, o: Obj, e: ir.AddMana) -> Outcome:
    n = 1 if e.times is None else count(ctx, e.times, o.controller, source_id(o), [])
    src = ctx.state.objects.get(source_id(o))
    # 607.2a, 607.5a: "the chosen color" of the ability that resolves (a spell's: its card's)
    chosen = chosen_for(src.chosen if src is not None else None, o.ability or f"spell:{o.name}")
    syms = mana.effect_symbols(e, chosen) * n
    mana.add_mana(ctx, o.controller, syms)
    ctx.emit("106.3", f"{ctx.player_name(o.controller)} adds {''.join('{' + s + '}' for s in syms)}")
    return DONE


@handles(ir.AddOneOf, ir.AddAnyColor, ir.AddCouldProduce)
def add_chosen_mana(ctx: Context, f: ResolveFrame, o: Obj, e: mana.ChoiceEffect) -> Outcome:
    """106.1, 608.2d: a spell or ability on the stack adding mana chosen as it resolves ("Add
    two mana in any combination of colors."): its controller chooses, one question at a time."""
    progress = f.progress if isinstance(f.progress, ManaChoiceProgress) else ManaChoiceProgress()
    f.progress = progress
    if f.answer is not None:
        progress.picks.append(f.answer.a)
        f.answer = None
    slots = mana.effect_slots(ctx, o.controller, source_id(o), e)
    asked = [i for i, slot in enumerate(slots) if len(slot) > 1]
    if len(progress.picks) < len(asked):
        slot = slots[asked[len(progress.picks)]]
        options = [Option("mana_choice", i, label=mana.symbols_text(alt)) for i, alt in enumerate(slot)]
        decisions.ask(
            ctx,
            o.controller,
            "mana_choice",
            "106.1",
            f"{stack_label(ctx, o)}: choose the mana to add",
            options,
        )
        return WAIT
    picked = dict(zip(asked, progress.picks, strict=True))
    syms = tuple(s for i, slot in enumerate(slots) for s in slot[min(picked.get(i, 0), len(slot) - 1)])
    if syms:
        mana.add_mana(ctx, o.controller, syms)
        ctx.emit("106.3", f"{ctx.player_name(o.controller)} adds {mana.symbols_text(syms)}")
    return DONE
