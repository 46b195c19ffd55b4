"""Asking a player: the engine stops at a :class:`Decision` (DESIGN.md property 3)."""

from __future__ import annotations

from karn.engine.context import Context
from karn.engine.state import Decision, Option


def ask(ctx: Context, player: int, kind: str, rule: str, prompt: str, options: list[Option]) -> None:
    """Stop the engine until `player` answers with one of `options` (the rule that asks)."""
    ctx.state.decision = Decision(player=player, kind=kind, rule=rule, prompt=prompt, options=options)


#: Who answers a decision of these kinds, in words (the others: "the player asked").
_WHO = {
    "attackers": "only the active player declares attackers",  # 508.1
    "blockers": "only the defending player declares blockers",  # 509.1, 802.4
    "mulligan": "each player decides on their own mulligan",  # 103.5
    "bottom": "each player chooses the cards they put on the bottom",  # 103.5
}


def not_theirs(ctx: Context, decision: Decision, player: int) -> str:
    """Why `player` may not answer `decision` (asked of another player), without the rule.

    117.1: only the player with priority may act; every other decision belongs to the
    player the rule that asks it names (508.1, 509.1, 601.2, ...)."""
    them = ctx.player_name(decision.player)
    me = ctx.player_name(player)
    if decision.kind == "priority":
        return f"{me} does not have priority; {them} does"
    who = _WHO.get(decision.kind)
    if who is not None:
        return f"{who}: {them} decides now, not {me}"
    return f"{them} makes this decision ({decision.kind}), not {me}"
