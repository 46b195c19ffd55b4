"""What the heuristic agent reads of the game: whose opponent, its own hand, lands, and timing.

Only the agent's own hand (through its observation) and public state are read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from karn.engine.state import BATTLEFIELD

if TYPE_CHECKING:
    from karn.game import Game


# ============================================================================ small helpers


def _opponent(g: Game, me: int) -> int:
    for p in g.state.players:
        if p.index != me and not p.lost:
            return p.index
    return (me + 1) % len(g.state.players)


def _hand(g: Game, me: int) -> list[tuple[int, str]]:
    """Our own hand, as the observation shows it."""
    obs = g.observation(me)
    return [(c["id"], c["name"]) for c in obs["players"][me].get("hand", [])]


def _is_land(g: Game, name: str) -> bool:
    return "land" in g.face(name).types


def _on_bf(g: Game, oid: int) -> bool:
    o = g.state.objects.get(oid)
    return o is not None and o.zone == BATTLEFIELD


def _lands_in_play(g: Game, me: int) -> int:
    return sum(1 for oid in g.state.battlefield if g.controller(oid) == me and g.chars(oid).is_("land"))


def _my_main(g: Game, me: int) -> bool:
    s = g.state
    return s.active == me and s.step in ("precombat_main", "postcombat_main") and not s.stack


def _face_time(g: Game, me: int) -> bool:
    """When damage to the opponent's face is worth spending a card on (if not lethal)."""
    s = g.state
    return (s.active == me and s.step == "postcombat_main") or (s.active != me and s.step == "end")
