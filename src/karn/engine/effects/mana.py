"""Mana effects (106.3): "add {B}{B}{B}"."""

from __future__ import annotations

from karn import ir
from karn.cards.mana import parse_mana_symbols
from karn.engine import mana
from karn.engine.context import Context
from karn.engine.effects.registry import DONE, Outcome, handles
from karn.engine.frames import ResolveFrame
from karn.engine.state import Obj


@handles(ir.AddMana)
def add_mana(ctx: Context, f: ResolveFrame, o: Obj, e: ir.AddMana) -> Outcome:
    mana.add_mana(ctx, o.controller, parse_mana_symbols(e.mana))
    ctx.emit("106.3", f"{ctx.player_name(o.controller)} adds {e.mana}")
    return DONE
