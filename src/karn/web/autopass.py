"""A seat's pass settings at the web table, and the automatic passes they allow.

Settings (JSON): ``{"pass_until": null | "end_of_turn" | "my_turn", "since_turn": N}``
(F4: pass until end of turn, F6: pass until my next turn). An automatic pass only ever
answers a *priority* decision (117): every other decision (targets, blockers, a
mulligan, a payment) is always asked. Passing when passing is the only option is
the engine's own ``auto_pass`` setting.
"""

from __future__ import annotations

from typing import Any

from karn.engine.actions import Action
from karn.game import Game

DEFAULT_SETTINGS: dict[str, Any] = {"pass_until": None, "since_turn": 0}
PASS_MODES = (None, "end_of_turn", "my_turn")


def clean_settings(settings: object, game: Game, seat: int) -> dict[str, Any]:
    """Validated settings (a :class:`ValueError` naming what is wrong)."""
    if not isinstance(settings, dict):
        raise ValueError("settings are an object, e.g. {'pass_until': 'end_of_turn'}")
    unknown = set(settings) - {"pass_until"}
    if unknown:
        raise ValueError(f"unknown settings: {sorted(unknown)} (known: pass_until)")
    mode = settings.get("pass_until")
    if mode not in PASS_MODES:
        raise ValueError(f"pass_until is one of {list(PASS_MODES)}, not {mode!r}")
    return {"pass_until": mode, "since_turn": game.state.turn}


def auto_action(game: Game, seat: int, settings: dict[str, Any]) -> Action | None:
    """The pass the settings make for ``seat`` now, or None (ask the player)."""
    d = game.decision
    if d is None or d.player != seat or d.kind != "priority":
        return None
    mode = settings.get("pass_until")
    state = game.state
    since = int(settings.get("since_turn", 0))
    if mode == "end_of_turn" and state.turn == since:
        return _pass(game)
    if mode == "my_turn" and not (state.active == seat and state.turn > since):
        return _pass(game)
    if mode is not None:
        settings["pass_until"] = None  # the setting has run its course
    return None


def _pass(game: Game) -> Action | None:
    for action in game.legal_actions():
        if action.kind == "pass":
            return action
    return None


__all__ = ["DEFAULT_SETTINGS", "auto_action", "clean_settings"]
