"""Timing (117.1a, 307.1): when a player may do things at "sorcery speed"."""

from __future__ import annotations

from karn.engine.context import Context


def sorcery_timing(ctx: Context, p: int) -> bool:
    s = ctx.state
    return s.active == p and s.step in ("precombat_main", "postcombat_main") and not s.stack


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
