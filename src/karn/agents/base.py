"""The agent interface: anything that answers the pending decision from what its player may know.

An agent never receives the ``Game``. It is called with the observation of the player
who must decide (``game.observation(player)``: public information, that player's own
hand, the decision with its options, and the log as that player may read it; see
:class:`~karn.engine.observation.Observation`) and the legal actions
(``game.legal_actions()``), and returns one of those actions. Card text is public: an
agent may look cards up by name (a :class:`~karn.cards.pool.CardPool`, or the packaged
card database through :func:`karn.oracle.pool.build_pool`).

:func:`karn.agents.run_game` gives each agent the log entries written since its
previous decision (``observation.log``); an agent that wants the history keeps it.

An agent that decides from the legal actions alone (a uniformly random baseline, a
scripted opponent) may say so with ``reads_observation = False`` (a :class:`BlindAgent`):
``run_game`` then passes it ``None`` instead of building an observation, which random
playouts would otherwise pay for at every decision.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, Protocol, runtime_checkable

if TYPE_CHECKING:
    from karn.engine.actions import Action
    from karn.engine.observation import Observation


@runtime_checkable
class Agent(Protocol):
    """Chooses one of ``legal_actions`` for ``observation.player``, the player who must decide."""

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """Return one of ``legal_actions`` (a :class:`ValueError` if there is none: the game is over)."""
        ...


class BlindAgent(Protocol):
    """An agent that never reads the observation (``reads_observation = False``):
    :func:`karn.agents.run_game` passes it ``None`` and saves building one."""

    reads_observation: ClassVar[bool]

    def choose(self, observation: Observation | None, legal_actions: Sequence[Action]) -> Action: ...


def reads_observation(agent: object) -> bool:
    """Does this agent need the observation? (Yes, unless it says ``reads_observation = False``.)"""
    return getattr(agent, "reads_observation", True) is not False
