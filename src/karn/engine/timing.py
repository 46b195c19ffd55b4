"""Timing (117.1a, 307.1): when a player may do things at "sorcery speed"."""

from __future__ import annotations

from karn.engine.context import Context


def sorcery_timing(ctx: Context, p: int) -> bool:
    s = ctx.state
    return s.active == p and s.step in ("precombat_main", "postcombat_main") and not s.stack
