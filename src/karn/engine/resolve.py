"""Resolving spells and abilities (608).

The :class:`~karn.engine.frames.ResolveFrame` keeps its progress as data: a
cursor on the next effect and the typed progress of the effect in progress, so
a resolution waiting for a choice (Duress's card, a scry, a "may") can be copied
and saved. Each effect is applied by its registered handler
(:mod:`karn.engine.effects`, 608.2c), one per step of the loop, so triggered
abilities are found right after each effect's events (603.2).
"""

from __future__ import annotations

from karn import ir
from karn.cards.pool import REBOUND_ABILITY, ability_id
from karn.engine import targeting
from karn.engine.abilities import ability, effects_of, enchant_filter, is_permanent_card
from karn.engine.context import Context
from karn.engine.effects import ENTER, HANDLERS, OTHERWISE, OTHERWISE_BASE, WAIT
from karn.engine.events import ZoneChange
from karn.engine.frames import ResolveFrame
from karn.engine.pipeline import perform
from karn.engine.references import condition_holds, leave_stack, source_id, stack_label
from karn.engine.state import BATTLEFIELD, EXILE, HAND, STACK, DelayedTrigger, Obj
from karn.ir.walk import nested_abilities


def _effect_at(effects: tuple[ir.Effect, ...], cursor: list[int]) -> ir.Effect | None:
    """The effect the cursor points at (None past the end of its list)."""
    level: tuple[ir.Effect, ...] = effects
    for depth, i in enumerate(cursor):
        if i >= OTHERWISE_BASE:
            i -= OTHERWISE_BASE  # in an IfCondition's alternative effects
        if i >= len(level):
            return None
        e = level[i]
        if depth == len(cursor) - 1:
            return e
        assert isinstance(e, (ir.May, ir.Unless, ir.IfCondition, ir.ForEachTarget, ir.AnyPlayerMay))
        inner = cursor[depth + 1]
        level = e.otherwise if isinstance(e, ir.IfCondition) and inner >= OTHERWISE_BASE else e.effects
    return None


def resolve_step(ctx: Context, f: ResolveFrame) -> None:
    s = ctx.state
    o = s.objects.get(f.obj)
    if o is None or o.zone != STACK:
        s.agenda.pop()
        return
    effects, specs = effects_of(ctx, o)
    if f.legal is None and o.ability:
        ab = ability(ctx, o.ability)
        if isinstance(ab, ir.Triggered) and ab.condition is not None:
            if not condition_holds(ctx, ab.condition, o.controller, source_id(o), o.trigger):
                # 603.4: the intervening "if" is checked again on resolution
                s.agenda.pop()
                ctx.emit("603.4", f"{stack_label(ctx, o)} does nothing: its condition is no longer true")
                perform(ctx, leave_stack(o, "603.4"))
                return
    if f.legal is None:
        # 608.2b: recheck targets on resolution.
        legal: list[list[int]] = []
        any_targets = False
        for i, slot in enumerate(o.targets):
            any_targets = any_targets or bool(slot)
            spec = specs[i] if i < len(specs) else None
            legal.append(
                [
                    t
                    for t in slot
                    if spec is not None
                    and targeting.legal_target(ctx, spec, t, o.controller, source_id(o), o.id)
                ]
            )
        if any_targets and not any(legal) and o.bestowed:
            # 702.103e: a bestowed Aura spell whose target is illegal ceases to be bestowed and
            # resolves as a creature spell (608.3b)
            o.bestowed = False
            ctx.emit("702.103e", f"{o.name}'s target is illegal: it resolves as a creature spell")
        elif any_targets and not any(legal):
            s.agenda.pop()
            ctx.emit("608.2b", f"{stack_label(ctx, o)} doesn't resolve: all its targets are illegal")
            perform(ctx, leave_stack(o, "608.2b"))
            return
        f.legal = legal
        if o.ability or not (o.face_down or is_permanent_card(ctx, o.name)):
            ctx.emit("608.2", f"{stack_label(ctx, o)} resolves")
    e = _effect_at(effects, f.cursor)
    while e is None:
        if len(f.cursor) == 1:
            s.agenda.pop()
            finish(ctx, o, f)
            return
        f.cursor.pop()  # the end of a "you may"'s effects
        if not isinstance(_effect_at(effects, f.cursor), ir.ForEachTarget):
            f.cursor[-1] += 1  # 608.2f: a "for each" runs again for its next target
        e = _effect_at(effects, f.cursor)
    outcome = HANDLERS[type(e)](ctx, f, o, e)
    if outcome is WAIT:
        return
    f.progress = None
    f.answer = None
    if outcome is ENTER:
        f.cursor.append(0)
    elif outcome is OTHERWISE:
        f.cursor.append(OTHERWISE_BASE)
    else:
        f.cursor[-1] += 1


def _alternative_cost_delayed(ctx: Context, spell: Obj, entered: list[int]) -> None:
    """702.109a: "If this spell's dash cost was paid, return the permanent this spell becomes to
    its owner's hand at the beginning of the next end step": a static ability of the spell that
    creates a delayed triggered ability (603.7a) acting on that permanent (603.7c) as it enters."""
    permanent = next((oid for oid in entered if oid in ctx.state.objects), 0)
    if not permanent:
        return  # it became no permanent (608.3e, a replacement): nothing to return
    for index, ab in enumerate(ctx.compiled(spell.name).abilities):
        if not isinstance(ab, ir.AlternativeCost) or ab.keyword != spell.alt_cost:
            continue
        for n, created in enumerate(nested_abilities(ab.effects)):
            if not isinstance(created, ir.CreateDelayed) or created.when.step is None:
                continue
            ctx.state.delayed.append(
                DelayedTrigger(
                    ability=f"nested:{n}:{ability_id(spell.name, index)}",
                    source=permanent,
                    name=spell.name,
                    controller=ctx.obj(permanent).controller,
                    step=created.when.step,
                    object=permanent,
                )
            )
            ctx.state.version += 1


def finish(ctx: Context, o: Obj, f: ResolveFrame) -> None:
    """608.2n / 608.3: the last step of resolution."""
    if not o.ability and (o.face_down or is_permanent_card(ctx, o.name)):
        # 608.3: a permanent spell becomes a permanent under its controller's control (a
        # face-down creature spell a face-down creature, 702.37c); an Aura spell enters
        # attached to the object it targeted (303.4f).
        legal = f.legal or []
        aura = not o.face_down and (o.bestowed or enchant_filter(ctx, o.name) is not None)
        attach = legal[0][0] if aura and legal and legal[0] else 0
        done = perform(
            ctx,
            ZoneChange(
                obj=o.id,
                to=BATTLEFIELD,
                rule="608.3",
                cause="resolve",
                controller=o.controller,
                attach_to=attach,
            ),
        )
        if o.alt_cost:
            entered = [e.new_id for e in done or () if isinstance(e, ZoneChange) and e.to == BATTLEFIELD]
            _alternative_cost_delayed(ctx, o, entered)
        return
    if o.adventure and not o.is_copy:
        # 715.3d: instead of its owner's graveyard, its controller exiles it as it resolves; they
        # may play the card while it stays exiled
        perform(
            ctx,
            ZoneChange(
                obj=o.id,
                to=EXILE,
                rule="715.3d",
                cause="resolve",
                adventure=o.controller + 1,
                text=f"{ctx.describe(o.id)} goes on an adventure: exiled, and"
                f" {ctx.player_name(o.controller)} may play the card from exile",
            ),
        )
        return
    if o.buyback and not o.is_copy:
        # 702.27a: its buyback cost was paid: into its owner's hand instead of the graveyard
        perform(
            ctx,
            ZoneChange(
                obj=o.id,
                to=HAND,
                rule="702.27a",
                cause="resolve",
                text=f"{ctx.describe(o.id)} returns to its owner's hand (buyback)",
            ),
        )
        return
    if not o.is_copy and o.cast_from == HAND and "rebound" in ctx.chars(o.id).keywords:
        _rebound(ctx, o)
        return
    perform(ctx, leave_stack(o))


def _rebound(ctx: Context, o: Obj) -> None:
    """702.88a: cast from its controller's hand, the spell is exiled instead of going to the
    graveyard as it resolves, and a delayed triggered ability (603.7) lets its controller cast it
    from exile without paying its mana cost at the beginning of their next upkeep."""
    done = perform(
        ctx,
        ZoneChange(
            obj=o.id,
            to=EXILE,
            rule="702.88a",
            cause="resolve",
            text=f"{ctx.describe(o.id)} is exiled (rebound)",
        ),
    )
    new = next((e.new_id for e in done or () if isinstance(e, ZoneChange) and e.new_id), 0)
    if not new or new not in ctx.state.objects or ctx.state.objects[new].zone != EXILE:
        return  # a replacement sent it elsewhere (614.6)
    ctx.state.delayed.append(
        DelayedTrigger(
            ability=REBOUND_ABILITY,
            source=new,
            name=o.name,
            controller=o.controller,
            step="upkeep",
            player=o.controller,
            object=new,
        )
    )
    ctx.state.version += 1


__all__ = ["resolve_step", "finish"]
