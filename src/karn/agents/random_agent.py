"""A uniformly random agent (the baseline)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from karn.engine.actions import Action
    from karn.engine.observation import Observation


class RandomAgent:
    """Picks uniformly among the legal actions, with its own seeded generator. It reads
    nothing of the observation (a :class:`~karn.agents.base.BlindAgent`: ``run_game``
    builds none for it)."""

    reads_observation: ClassVar[bool] = False

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Observation | None, legal_actions: Sequence[Action]) -> Action:
        if not legal_actions:
            raise ValueError("no decision is pending: the game is over")
        return self.rng.choice(legal_actions)

    def __repr__(self) -> str:
        return "RandomAgent()"
