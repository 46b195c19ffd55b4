"""A uniformly random agent (the baseline)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from karn.engine.actions import Action
    from karn.game import Game


class RandomAgent:
    """Picks uniformly among the legal actions, with its own seeded generator."""

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game, player: int) -> Action:
        actions = game.legal_actions()
        if not actions:
            raise ValueError("no decision is pending: the game is over")
        return self.rng.choice(actions)

    def __repr__(self) -> str:
        return "RandomAgent()"
