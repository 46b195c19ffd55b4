"""A Gymnasium single-agent environment: one seat of a karn game against opponent agents.

>>> from karn.env import gym_env
>>> env = gym_env(decks=("red_burn", "green_stompy"), seat=0)
>>> obs, info = env.reset(seed=3)
>>> obs["observation"].shape == env.observation_space["observation"].shape
True

The opponents (by default :class:`~karn.agents.HeuristicAgent`) play their decisions inside
``step``; the episode ends with the game: reward +1 for a win, -1 for a loss, 0 for a draw.
Learning libraries sample actions from the whole space, so by default an action outside the
mask does nothing to the game: reward 0, the same observation, ``info["error"]`` says why
(``invalid_action="raise"``: an :class:`~karn.env.aec.EnvError` instead).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

from karn.agents import Agent, HeuristicAgent, RandomAgent
from karn.agents.text import observation_text
from karn.env.aec import MAX_STEPS, EnvError, Seats, observation_space
from karn.env.encoding import ACTION_SIZE
from karn.game import DeckSpec, Game

Obs = dict[str, npt.NDArray[Any]]


def heuristic(seat: int, seed: int) -> Agent:
    return HeuristicAgent()


def random_opponent(seat: int, seed: int) -> Agent:
    return RandomAgent(seed * 7 + seat)


class KarnGymEnv(gymnasium.Env[Obs, int]):
    """One seat of a karn game as a Gymnasium environment (see the module doc)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        decks: Sequence[DeckSpec] = ("red_burn", "green_stompy"),
        seat: int = 0,
        opponent: Callable[[int, int], Agent] = heuristic,
        auto_pass: bool = True,
        max_steps: int = MAX_STEPS,
        invalid_action: str = "ignore",
        render_mode: str | None = None,
    ) -> None:
        if not 0 <= seat < len(decks):
            raise ValueError(f"seat {seat}: the seats are 0 to {len(decks) - 1}")
        if invalid_action not in ("ignore", "raise"):
            raise ValueError("invalid_action is 'ignore' or 'raise'")
        self.decks = list(decks)
        self.seat = seat
        self.opponent = opponent
        self.auto_pass = auto_pass
        self.max_steps = max_steps
        self.invalid_action = invalid_action
        self.render_mode = render_mode
        self.observation_space = observation_space()  # type: ignore[assignment]
        self.action_space = gymnasium.spaces.Discrete(ACTION_SIZE)  # type: ignore[assignment]
        self._seats: Seats | None = None
        self._opponents: list[Agent | None] = []
        self._steps = 0

    def _live(self) -> Seats:
        if self._seats is None:
            raise EnvError("call reset() first (or the environment is closed)")
        return self._seats

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**62))
        self._seats = Seats(Game.new(*self.decks, seed=game_seed, auto_pass=self.auto_pass))
        self._opponents = [
            None if i == self.seat else self.opponent(i, game_seed) for i in range(len(self.decks))
        ]
        self._steps = 0
        self._play_opponents()
        return self._live().observe(self.seat), {}

    def _play_opponents(self) -> None:
        seats = self._live()
        g = seats.game
        while not g.is_over() and seats.decider() != self.seat and self._steps < self.max_steps:
            p = seats.decider()
            assert p is not None
            agent = self._opponents[p]
            assert agent is not None
            g.apply(agent.choose(g.observation(p), g.legal_actions()), player=p)
            self._steps += 1

    def step(self, action: int) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        seats = self._live()
        g = seats.game
        if g.is_over():
            raise EnvError("the episode is over: call reset()")
        try:
            moved = seats.act(self.seat, action)
        except EnvError as e:
            if self.invalid_action == "raise":
                raise
            return seats.observe(self.seat), 0.0, False, False, {"error": str(e)}
        if moved:
            self._steps += 1
            self._play_opponents()
        over = g.is_over()
        reward = 0.0
        if over and g.winner is not None:
            reward = 1.0 if g.winner == self.seat else -1.0
        truncated = not over and self._steps >= self.max_steps
        return seats.observe(self.seat), reward, over, truncated, {}

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal slots (for sb3-contrib's MaskablePPO)."""
        return self._live().observe(self.seat)["action_mask"].astype(bool)

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return observation_text(self._live().game.observation(self.seat))

    def close(self) -> None:
        self._seats = None


def gym_env(
    decks: Sequence[DeckSpec] = ("red_burn", "green_stompy"),
    seat: int = 0,
    opponent: str | Callable[[int, int], Agent] = "heuristic",
    **kwargs: Any,
) -> KarnGymEnv:
    """A :class:`KarnGymEnv`: ``seat`` against ``opponent`` (``"heuristic"``, ``"random"``,
    or a function (seat, game seed) -> agent) in the other seats."""
    if isinstance(opponent, str):
        table = {"heuristic": heuristic, "random": random_opponent}
        if opponent not in table:
            raise ValueError(f"opponent is 'heuristic', 'random' or a function, not {opponent!r}")
        opponent = table[opponent]
    return KarnGymEnv(decks, seat=seat, opponent=opponent, **kwargs)


def vector_env(
    count: int,
    decks: Sequence[DeckSpec] = ("red_burn", "green_stompy"),
    processes: bool = True,
    **kwargs: Any,
) -> gymnasium.vector.VectorEnv[Any, Any, Any]:
    """``count`` copies of :func:`gym_env`, each in its own worker process
    (``gymnasium.vector.AsyncVectorEnv``; ``processes=False``: in this process)."""
    fns = [lambda: gym_env(decks, **kwargs) for _ in range(count)]
    if processes:
        return gymnasium.vector.AsyncVectorEnv(fns)
    return gymnasium.vector.SyncVectorEnv(fns)


__all__ = ["KarnGymEnv", "gym_env", "heuristic", "random_opponent", "vector_env"]
