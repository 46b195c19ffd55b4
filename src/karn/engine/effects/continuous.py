"""Continuous effects from resolving spells and abilities (611.2): "gets +N/+N until end of
turn", "gain control of" (layer 2). The affected set is locked in when the effect begins
(611.2c)."""

from __future__ import annotations

from karn import ir
from karn.engine.context import Context
from karn.engine.effects.permanents import on_battlefield
from karn.engine.effects.registry import DONE, Outcome, handles
from karn.engine.events import GameEvent, StartEffect
from karn.engine.frames import ResolveFrame
from karn.engine.layers import modifications_of
from karn.engine.modifications import ContinuousEffect, SetController
from karn.engine.pipeline import perform
from karn.engine.references import refs, select, source_id
from karn.engine.state import Obj


def _text(m: ir.Modify, single: bool) -> str:
    parts = []
    if m.power or m.toughness:
        parts.append(f"get {m.power:+d}/{m.toughness:+d}")
    if m.add_keywords:
        parts.append("gain " + " and ".join(m.add_keywords))
    if m.cant_attack or m.cant_block:
        parts.append("can't attack or block")
    desc = " and ".join(parts)
    if single:
        desc = desc.replace("get ", "gets ").replace("gain ", "gains ")
    return desc


@handles(ir.ApplyContinuous)
def apply_continuous(ctx: Context, f: ResolveFrame, o: Obj, e: ir.ApplyContinuous) -> Outcome:
    m = e.mod
    affected = [t for t in select(ctx, f, o, m.affected) if t > 0 and on_battlefield(ctx, t)]  # 611.2c
    if affected:
        effect = ContinuousEffect(
            id=0,
            timestamp=0,
            source=source_id(o),
            controller=o.controller,
            affected=affected,
            mods=list(modifications_of(m)),
            duration=e.duration,
            source_name=o.name,
        )
        text = f"{', '.join(ctx.describe(t) for t in affected)} {_text(m, len(affected) == 1)}"
        perform(ctx, StartEffect(effect=effect, text=text))
    return DONE


@handles(ir.GainControl)
def gain_control(ctx: Context, f: ResolveFrame, o: Obj, e: ir.GainControl) -> Outcome:
    """613.1b: a control-changing effect (layer 2). A creature whose controller changes has
    summoning sickness unless it has haste (302.6) and leaves combat (506.4): the pipeline
    sees to both."""
    you = o.controller
    events: list[GameEvent] = []
    for t in refs(ctx, f, o, e.what):
        if t > 0 and on_battlefield(ctx, t):
            effect = ContinuousEffect(
                id=0,
                timestamp=0,
                source=source_id(o),
                controller=you,
                affected=[t],
                mods=[SetController(you)],
                duration=e.duration,
                source_name=o.name,
            )
            text = f"{ctx.player_name(you)} gains control of {ctx.describe(t)}"
            events.append(StartEffect(effect=effect, text=text, rule="613.1b"))
    if events:
        perform(ctx, events)  # 608.2f: several targets change control at the same time
    return DONE
