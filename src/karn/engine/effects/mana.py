"""Mana effects (106.3): "add {B}{B}{B}"."""

from __future__ import annotations

from karn import ir
from karn.engine import mana
from karn.engine.context import Context
from karn.engine.effects.registry import DONE, Outcome, handles
from karn.engine.frames import ResolveFrame
from karn.engine.references import count, source_id
from karn.engine.state import Obj
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
