"""Asking a player: the engine stops at a :class:`Decision` (DESIGN.md property 3)."""

from __future__ import annotations

from karn.engine.context import Context
from karn.engine.state import Decision, Option


def ask(ctx: Context, player: int, kind: str, rule: str, prompt: str, options: list[Option]) -> None:
    """Stop the engine until `player` answers with one of `options` (the rule that asks)."""
    ctx.state.decision = Decision(player=player, kind=kind, rule=rule, prompt=prompt, options=options)
