"""The engine's main loop: the agenda, its frames, and giving priority (117).

``run`` advances the game until a decision is needed: it executes the top
frame of the agenda (casting, resolving, declaring, ...) or, with an empty
agenda, the turn's steps (:mod:`karn.engine.turns`) and priority. State-based
actions (704.3) and the placing of triggered abilities (603.3) happen each
time a player would receive priority.
"""

from __future__ import annotations

from collections.abc import Callable

from karn.engine import casting, combat, priority, resolve, sba, start, triggers, turns
from karn.engine.actions import Action
from karn.engine.context import Context
from karn.engine.state import Decision, Frame

# Steps whose turn-based actions change the game (the others only pass priority around).
_MUTATING_STEPS = frozenset(
    {
        "untap",
        "draw",
        "declare_attackers",
        "declare_blockers",
        "first_strike_damage",
        "combat_damage",
        "cleanup",
    }
)

FrameStep = Callable[["Context", Frame], None]
FrameAnswer = Callable[["Context", Frame, Action], None]


def _frames() -> tuple[dict[str, FrameStep], dict[str, FrameAnswer]]:
    steps: dict[str, FrameStep] = {
        "mulligan": start.mulligan_step,
        "cast": casting.cast_step,
        "activate": casting.activate_step,
        "resolve": resolve.resolve_step,
        "triggers": triggers.place_step,
        "attack": combat.attack_step,
        "block": combat.block_step,
        "damage": combat.damage_step,
        "legend": sba.legend_step,
        "discard": turns.cleanup_discard_step,
    }
    answers: dict[str, FrameAnswer] = {
        "mulligan": start.mulligan_answer,
        "cast": casting.cast_answer,
        "activate": casting.activate_answer,
        "resolve": resolve.resolve_answer,
        "triggers": triggers.place_answer,
        "attack": combat.attack_answer,
        "block": combat.block_answer,
        "damage": combat.damage_answer,
        "legend": sba.legend_answer,
        "discard": turns.cleanup_discard_answer,
    }
    return steps, answers


# ---------------------------------------------------------------------------- main loop


def run(ctx: Context) -> None:
    s = ctx.state
    guard = 0
    while not s.over:
        if s.decision is not None:
            d = s.decision
            if len(d.options) == 1 and (
                ctx.state.settings.get("auto_pass", 0)
                if d.kind == "priority"
                else ctx.state.settings.get("auto_single", 1)
            ):
                s.decision = None
                handle(ctx, Action.of(d.options[0]), d)
                continue
            return
        guard += 1
        if guard > 100000:
            raise RuntimeError("engine made no progress (internal error)")
        if s.agenda:
            ctx.sba_clean = False
            f = s.agenda[-1]
            STEP_FRAME[f.kind](ctx, f)
            continue
        if s.stage == 0 and s.step in _MUTATING_STEPS:
            ctx.sba_clean = False
        if s.stage == 1:
            give_priority(ctx)
        else:
            turns.advance(ctx)


def handle(ctx: Context, action: Action, d: Decision) -> None:
    if action.kind != "pass":
        ctx.sba_clean = False
    if d.kind == "priority":
        priority.answer(ctx, action)
        return
    f = ctx.state.agenda[-1]
    ANSWER_FRAME[f.kind](ctx, f, action)


# ---------------------------------------------------------------------------- priority (117)


def give_priority(ctx: Context) -> None:
    s = ctx.state
    # 704.3: perform state-based actions, repeating until none apply. Nothing can
    # have changed since the last clean check if players only passed priority.
    if not ctx.sba_clean:
        ctx.offers.clear()
        if sba.perform(ctx):
            return
        ctx.sba_clean = True
    if s.over:
        return
    if s.triggers:
        s.agenda.append(Frame("triggers", {}))  # 603.3
        return
    priority.offer(ctx, s.priority)


def explain_illegal(ctx: Context, a: Action) -> str:
    """Why an action is not legal now (the error message of an illegal move)."""
    return priority.explain(ctx, a)


STEP_FRAME, ANSWER_FRAME = _frames()

__all__ = ["run", "handle"]
