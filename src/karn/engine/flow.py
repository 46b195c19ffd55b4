"""The engine's main loop: the agenda, its frames, and giving priority (117).

``run`` advances the game until a decision is needed: it executes the top
frame of the agenda (casting, resolving, declaring, ...) or, with an empty
agenda, the turn's steps (:mod:`karn.engine.turns`) and priority. State-based
actions (704.3) and the placing of triggered abilities (603.3) happen each
time a player would receive priority.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from karn.engine import casting, combat, priority, resolve, sba, start, triggers, turns
from karn.engine.actions import Action
from karn.engine.state import Decision, Frame, Option

if TYPE_CHECKING:
    from karn.engine.game import Game

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

FrameStep = Callable[["Game", Frame], None]
FrameAnswer = Callable[["Game", Frame, Action], None]


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


def run(g: Game) -> None:
    s = g.s
    guard = 0
    while not s.over:
        if s.decision is not None:
            d = s.decision
            if len(d.options) == 1 and (
                g.s.settings.get("auto_pass", 0)
                if d.kind == "priority"
                else g.s.settings.get("auto_single", 1)
            ):
                s.decision = None
                handle(g, Action.of(d.options[0]), d)
                continue
            return
        guard += 1
        if guard > 100000:
            raise RuntimeError("engine made no progress (internal error)")
        if s.agenda:
            g.sba_clean = False
            f = s.agenda[-1]
            STEP_FRAME[f.kind](g, f)
            continue
        if s.stage == 0 and s.step in _MUTATING_STEPS:
            g.sba_clean = False
        turns.advance(g)


def handle(g: Game, action: Action, d: Decision) -> None:
    if action.kind != "pass":
        g.sba_clean = False
    if d.kind == "priority":
        priority_answer(g, action)
        return
    f = g.s.agenda[-1]
    ANSWER_FRAME[f.kind](g, f, action)


def ask(g: Game, player: int, kind: str, rule: str, prompt: str, options: list[Option]) -> None:
    g.s.decision = Decision(player=player, kind=kind, rule=rule, prompt=prompt, options=options)


# ---------------------------------------------------------------------------- priority (117)


def give_priority(g: Game) -> None:
    s = g.s
    # 704.3: perform state-based actions, repeating until none apply. Nothing can
    # have changed since the last clean check if players only passed priority.
    if not g.sba_clean:
        g.offers.clear()
        if sba.perform(g):
            return
        g.sba_clean = True
    if s.over:
        return
    if s.triggers:
        s.agenda.append(Frame("triggers", {}))  # 603.3
        return
    priority.offer(g, s.priority)


def priority_answer(g: Game, a: Action) -> None:
    priority.answer(g, a)


def explain_illegal(g: Game, a: Action) -> str:
    """Why an action is not legal now (the error message of an illegal move)."""
    return priority.explain(g, a)


STEP_FRAME, ANSWER_FRAME = _frames()

__all__ = ["run", "handle"]
