"""Replacement and prevention effects created by resolving spells and abilities (614.1a,
615.1a, 611.2a), regeneration shields (701.19a), changes to the rules for a duration (615.12,
119.7) and skipped steps (614.1b, 614.10)."""

from __future__ import annotations

import dataclasses

from karn import ir
from karn.engine.context import Context
from karn.engine.effects.continuous import choice_as_applied, protection_options
from karn.engine.effects.permanents import on_battlefield
from karn.engine.effects.registry import DONE, WAIT, Outcome, handles
from karn.engine.events import AddReplacement, AddRules, GameEvent
from karn.engine.frames import ResolveFrame
from karn.engine.layers import PROTECTION_CHOICE_SUFFIX
from karn.engine.modifications import ReplacementEffect, RulesEffect, StepSkip
from karn.engine.pipeline import perform
from karn.engine.references import refs, select, source_id
from karn.engine.state import Obj, ref_player

# A regeneration shield watches the destruction of the permanents it names (701.19a).
_DESTROYED = ir.Would("destroyed", ref=ir.Ref("affected"))


@handles(ir.CreateReplacement)
def create_replacement(ctx: Context, f: ResolveFrame, o: Obj, e: ir.CreateReplacement) -> Outcome:
    """611.2a, 614.1a, 615.1a: the effect begins; the objects it names are fixed now (611.2c)."""
    named = e.would.ref if e.would.ref is not None else e.would.source_ref
    objects = refs(ctx, f, o, named) if named is not None else []
    effect = ReplacementEffect(
        id=0,
        source=source_id(o),
        source_name=o.name,
        controller=o.controller,
        would=e.would,
        instead=e.instead,
        objects=[t for t in objects if t > 0],
        duration=e.duration,
    )
    perform(ctx, AddReplacement(effect=effect, text=f"{o.name}: a replacement effect begins"))
    return DONE


@handles(ir.Regenerate)
def regenerate(ctx: Context, f: ResolveFrame, o: Obj, e: ir.Regenerate) -> Outcome:
    """701.19a, 614.8: "Regenerate [permanent]": the next time it would be destroyed this
    turn, instead remove all damage marked on it, tap it and remove it from combat."""
    events: list[GameEvent] = []
    for t in select(ctx, f, o, e.what):
        if t > 0 and on_battlefield(ctx, t):
            shield = ReplacementEffect(
                id=0,
                source=source_id(o),
                source_name=o.name,
                controller=o.controller,
                would=_DESTROYED,
                instead=ir.Instead("regenerate", gain_control=e.gain_control),
                objects=[t],
                duration="next",
            )
            text = f"{o.name}: a regeneration shield on {ctx.describe(t)}"
            events.append(AddReplacement(effect=shield, rule="701.19a", text=text))
    if events:
        perform(ctx, events)
    return DONE


@handles(ir.ApplyRules)
def apply_rules(ctx: Context, f: ResolveFrame, o: Obj, e: ir.ApplyRules) -> Outcome:
    """611.2a, 613.11: "Damage can't be prevented this turn" (615.12), "Players can't gain life
    this turn" (119.7), "You gain protection from the color of your choice until end of turn"
    (702.16b, e; the quality chosen as the effect begins, 608.2d)."""
    change = e.change
    if change.rule == "protection" and change.keyword.endswith(PROTECTION_CHOICE_SUFFIX):
        qualities = protection_options(change.keyword)
        prompt = "choose what you gain protection from"
        pick = choice_as_applied(ctx, f, o, "choose_protection", prompt, "choose", qualities)
        if pick is None:
            return WAIT
        change = dataclasses.replace(change, keyword="protection from " + qualities[pick])
    effect = RulesEffect(
        id=0,
        source=source_id(o),
        source_name=o.name,
        controller=o.controller,
        change=change,
        duration=e.duration,
        objects=refs(ctx, f, o, e.objects) if e.objects is not None else [],
        turn=ctx.state.turn,
    )
    if e.objects is not None and not effect.objects:
        return DONE  # nothing was exiled: there is nothing to play (609.3)
    perform(ctx, AddRules(effect=effect, text=f"{o.name}: the rules change ({_change_text(change)})"))
    return DONE


def _change_text(change: ir.RuleChange) -> str:
    if change.rule == "protection":
        return f"{change.players} {change.keyword}"  # 702.16b
    return change.rule.replace("_", " ")


@handles(ir.SkipNextStep)
def skip_next_step(ctx: Context, f: ResolveFrame, o: Obj, e: ir.SkipNextStep) -> Outcome:
    """614.1b, 614.10a: the player skips their next such step (each effect skips one)."""
    for r in refs(ctx, f, o, e.player):
        if r < 0:
            player = ref_player(r)
            ctx.state.skips.append(StepSkip(player, e.step))
            ctx.state.version += 1
            ctx.emit("614.10", f"{ctx.player_name(player)} will skip their next {e.step} step")
    return DONE
