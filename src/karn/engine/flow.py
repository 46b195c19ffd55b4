"""The engine's main loop: the agenda, its frames, and giving priority (117).

``run`` advances the game until a decision is needed: it executes the top
frame of the agenda (casting, resolving, declaring, a replacement choice, ...)
or, with an empty agenda, the turn's steps (:mod:`karn.engine.turns`) and
priority. After every step of the loop it records the triggered abilities of
the events just performed (603.2); state-based actions (704.3) and putting
triggered abilities on the stack (603.3) happen each time a player would
receive priority.

Each frame type has its step and its answer, registered in :data:`STEPS` and
:data:`ANSWERS`; an answer either acts at once or is kept in the frame for its
step to read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from karn.engine import (
    casting,
    combat,
    game_over,
    mana,
    permissions,
    planechase,
    priority,
    resolve,
    sba,
    start,
    triggers,
    turns,
)
from karn.engine.actions import Action
from karn.engine.context import Context
from karn.engine.frames import (
    ActivateFrame,
    AttackFrame,
    BlockFrame,
    CastFrame,
    CleanupFrame,
    DamageFrame,
    FreeCastFrame,
    LegendFrame,
    ManaFrame,
    MulliganFrame,
    PlanarDieFrame,
    ReplaceFrame,
    ResolveFrame,
    TriggersFrame,
    TurnFaceUpFrame,
)
from karn.engine.pipeline import replace_step
from karn.engine.state import Decision
from karn.engine.values import Answer

FrameStep = Callable[[Context, Any], None]
FrameAnswer = Callable[[Context, Any, Action], None]


def _keep_answer(ctx: Context, f: Any, a: Action) -> None:
    """The frame's step reads the answer when it runs again."""
    f.answer = Answer(a.kind, a.a, a.b)


STEPS: dict[type, FrameStep] = {
    MulliganFrame: start.mulligan_step,
    CastFrame: casting.cast_step,
    FreeCastFrame: casting.free_cast_step,
    ActivateFrame: casting.activate_step,
    ResolveFrame: resolve.resolve_step,
    TriggersFrame: triggers.place_step,
    AttackFrame: combat.attack_step,
    BlockFrame: combat.block_step,
    DamageFrame: combat.damage_step,
    LegendFrame: sba.legend_step,
    CleanupFrame: turns.cleanup_step,
    ReplaceFrame: replace_step,
    TurnFaceUpFrame: casting.turn_face_up_step,
    PlanarDieFrame: planechase.die_step,
    ManaFrame: mana.mana_frame_step,
}
ANSWERS: dict[type, FrameAnswer] = {
    MulliganFrame: start.mulligan_answer,
    CastFrame: casting.cast_answer,
    FreeCastFrame: _keep_answer,  # never asks: its step begins the cast at once
    ActivateFrame: casting.activate_answer,
    ResolveFrame: _keep_answer,
    TriggersFrame: _keep_answer,
    AttackFrame: combat.attack_answer,
    BlockFrame: combat.block_answer,
    DamageFrame: combat.damage_answer,
    LegendFrame: sba.legend_answer,
    CleanupFrame: turns.cleanup_answer,
    ReplaceFrame: _keep_answer,
    TurnFaceUpFrame: casting.turn_face_up_answer,
    PlanarDieFrame: planechase.die_answer,
    ManaFrame: _keep_answer,
}

#: Options never taken on a player's behalf even when they are the only one: taking back a
#: declared blocker or attacker (an illegal declaration is the player's to mend, 509.1b).
_NEVER_AUTOMATIC = frozenset({"unblock", "unattack"})

#: Guard against an engine bug that would loop forever without asking anything.
MAX_STEPS = 100_000


# ---------------------------------------------------------------------------- main loop


def run(ctx: Context) -> None:
    s = ctx.state
    guard = 0
    while not s.over:
        if ctx.ending:
            ctx.ending = False
            game_over.check_game_over(ctx)  # 104.1: the game ends immediately
            continue
        if s.journal:
            triggers.scan(ctx)  # 603.2: abilities trigger as their events happen
        s = ctx.state
        if s.decision is not None:
            d = s.decision
            if (
                len(d.options) == 1
                and d.options[0].kind not in _NEVER_AUTOMATIC
                and (
                    s.settings.get("auto_pass", 0)
                    if d.kind == "priority"
                    else s.settings.get("auto_single", 1)
                )
            ):
                s.decision = None
                handle(ctx, Action.of(d.options[0]), d)
                s = ctx.state
                continue
            permissions.reveal_library_tops(ctx)  # 401.5: before a player decides
            return
        guard += 1
        if guard > MAX_STEPS:
            raise RuntimeError("engine made no progress (internal error)")
        if s.agenda:
            f = s.agenda[-1]
            STEPS[type(f)](ctx, f)
        elif s.stage == 1:
            give_priority(ctx)
        else:
            turns.advance(ctx)
        s = ctx.state


def handle(ctx: Context, action: Action, d: Decision) -> None:
    if d.kind == "priority":
        priority.answer(ctx, action)
        return
    f = ctx.state.agenda[-1]
    ANSWERS[type(f)](ctx, f, action)


# ---------------------------------------------------------------------------- priority (117)


def give_priority(ctx: Context) -> None:
    s = ctx.state
    # 704.3: perform state-based actions, repeating until none apply. Nothing can
    # have changed since the last check that found nothing if the state's version is the same.
    if ctx.sba_version != s.version:
        if sba.perform_sbas(ctx):
            return
        ctx.sba_version = s.version
    if s.over:
        return
    if s.triggers:
        s.agenda.append(TriggersFrame())  # 603.3
        return
    priority.offer(ctx, s.priority)


def explain_illegal(ctx: Context, a: Action) -> tuple[str, str]:
    """Why an action is not legal now: (rule, reason), the error of an illegal move."""
    d = ctx.state.decision
    if d is not None and d.kind == "attackers" and a.kind == "done":
        why = combat.attacks_illegal(ctx)
        if why:
            rule, _, text = why.partition(": ")
            return rule, f"this declaration of attackers is illegal (508.1d): {text}"
    if d is not None and d.kind == "blockers" and a.kind == "done":
        why = combat.blocks_illegal(ctx, d.player)
        if why:
            rule, _, text = why.partition(": ")
            return rule, f"this declaration of blockers is illegal as a whole (509.1b): {text}"
    return priority.explain(ctx, a)


__all__ = ["run", "handle", "explain_illegal", "STEPS", "ANSWERS"]
