"""What the browser is sent: one seat's table (or a spectator's) as plain JSON.

The table is the shared table model's (:mod:`karn.table`), built from
``Game.observation(seat)`` (a spectator: ``Game.public_observation()``), the engine's
filtered view: nothing a seat may not know can reach it — no card of another
player's hand, no library card, no other player's options. Its prompt's options have
stable ids (``"cast:41"``, ``"attacker:17"``, ``"done"``) that the client sends back.
"""

from __future__ import annotations

import bisect
from typing import Any

import msgspec

from karn.engine.values import STEPS as ENGINE_STEPS
from karn.game import Game
from karn.table import AutoPass, build_table

#: The settings a seat may change (the rest of :class:`~karn.table.AutoPass` is the
#: model's own memory).
SETTING_FIELDS = (
    "enabled",
    "auto_pay",
    "show_mana_abilities",
    "combat_stops",
    "own_stops",
    "opponent_stops",
    "pass_until",
)
PASS_MODES = ("", "end_of_turn", "my_turn")
STEPS = tuple(step for step in ENGINE_STEPS if step not in ("untap", "cleanup"))  # 502.4, 514.3


def table_view(
    game: Game, seat: int | None, settings: AutoPass | None = None, full_log: bool = False
) -> dict[str, Any]:
    """The table as ``seat`` sees it (None: a spectator). Its log is the compact log
    (passes and empty steps folded) of this turn and the one before; ``full_log``: the
    whole game's log, every entry."""
    log_from = 0 if full_log else recent_log_start(game)
    table = build_table(game, seat, settings, log_from=log_from, compact=not full_log)
    out: dict[str, Any] = msgspec.to_builtins(table)
    out["spectator"] = seat is None
    out["settings"] = None if settings is None else {f: getattr(settings, f) for f in SETTING_FIELDS}
    return out


def recent_log_start(game: Game) -> int:
    """The index of the first log entry of the previous turn (the log is in turn order)."""
    since = game.state.turn - 1
    return bisect.bisect_left(game.log, since, key=lambda e: e.turn)


def updated_settings(settings: AutoPass, changes: object, game: Game) -> AutoPass:
    """``settings`` with the ``changes`` a client asks for, validated (a :class:`ValueError`
    naming what is wrong). Setting ``pass_until`` starts it from the current turn."""
    if not isinstance(changes, dict):
        raise ValueError('settings are an object, e.g. {"pass_until": "end_of_turn"}')
    unknown = sorted(set(changes) - set(SETTING_FIELDS))
    if unknown:
        raise ValueError(f"unknown settings {unknown}; the settings: {', '.join(SETTING_FIELDS)}")
    data = msgspec.to_builtins(settings)
    for key, value in changes.items():
        if key in ("enabled", "auto_pay", "show_mana_abilities", "combat_stops"):
            if type(value) is not bool:
                raise ValueError(f"{key} is true or false")
        elif key in ("own_stops", "opponent_stops"):
            if not isinstance(value, list) or any(v not in STEPS for v in value):
                raise ValueError(f"{key} is a list of steps among {', '.join(STEPS)}")
        elif key == "pass_until":
            if value is None:
                value = ""
            if value not in PASS_MODES:
                raise ValueError(f"pass_until is one of {list(PASS_MODES)}")
            data["pass_turn"] = game.state.turn
        data[key] = value
    return msgspec.convert(data, AutoPass)


__all__ = ["SETTING_FIELDS", "table_view", "updated_settings"]
