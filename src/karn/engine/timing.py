"""Timing (117.1a, 307.1): when a player may do things at "sorcery speed".

These are the only questions about the step that priority options ask: while the options are
computed, ``ctx.timing_probes`` records each question and its answer, and the options are reused
in a later step of the same state version only if every answer is the same
(:func:`karn.engine.priority.offer`). Read the step through these functions, not directly, in
anything the options depend on."""

from __future__ import annotations

from karn.engine.context import Context

#: The timing question "could ``p`` cast a sorcery now" among the recorded probes.
SORCERY = "sorcery timing"


def answer(ctx: Context, p: int, question: str) -> bool:
    """A recorded timing question asked again: sorcery timing or a 602.5d window."""
    return sorcery_timing(ctx, p) if question == SORCERY else in_window(ctx, p, question)


def sorcery_timing(ctx: Context, p: int) -> bool:
    s = ctx.state
    ok = s.active == p and s.step in ("precombat_main", "postcombat_main") and not s.stack
    if ctx.timing_probes is not None:
        ctx.timing_probes[p, SORCERY] = ok  # priority options are reused while the answers stay the same
    return ok


_COMBAT_STEPS = (
    "beginning_of_combat",
    "declare_attackers",
    "declare_blockers",
    "first_strike_damage",
    "combat_damage",
    "end_of_combat",
)
_BEFORE_ATTACKERS = ("untap", "upkeep", "draw", "precombat_main", "beginning_of_combat")


def in_window(ctx: Context, p: int, window: str) -> bool:
    """602.5d: may player ``p`` activate an ability restricted to "during ``window``" now?"""
    ok = _in_window(ctx, p, window)
    if ctx.timing_probes is not None:
        ctx.timing_probes[p, window] = ok  # see sorcery_timing
    return ok


def _in_window(ctx: Context, p: int, window: str) -> bool:
    s = ctx.state
    if not window:
        return True
    if window == "combat":
        return s.step in _COMBAT_STEPS
    if window == "declare_blockers":
        return s.step == "declare_blockers"
    if window == "upkeep":
        return s.step == "upkeep"
    if s.active != p:
        return False
    if window == "your_upkeep":
        return s.step == "upkeep"
    if window == "your_turn_before_attackers":
        return s.step in _BEFORE_ATTACKERS
    return window == "your_turn"
