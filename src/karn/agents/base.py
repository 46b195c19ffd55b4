"""The agent interface: anything that answers the pending decision of a game.

An agent decides from what its player may know: ``game.legal_actions()`` and
``game.observation(player)``. A heuristic may also read *public* state through
the engine's read-only helpers (``game.chars``, ``game.controller``,
``game.state.battlefield``, ``game.state.stack``, ``game.state.combat``, life totals, card
data), but never the opponent's hand nor the order of any library.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from karn.engine.actions import Action
    from karn.game import Game


@runtime_checkable
class Agent(Protocol):
    """Chooses one of ``game.legal_actions()`` for ``player``, the player who must decide."""

    def choose(self, game: Game, player: int) -> Action:
        """Return an action among ``game.legal_actions()`` (never raise on a legal state)."""
        ...
