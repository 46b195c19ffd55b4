"""A PettingZoo AEC environment: each seat of a karn game is an agent ``player_<seat>``.

>>> from karn.env import aec_env
>>> env = aec_env(decks=("red_burn", "green_stompy"), seed=1, texts=True)
>>> env.reset(seed=1)
>>> observation, reward, terminated, truncated, info = env.last()
>>> from karn.env.encoding import OBSERVATION_SIZE
>>> observation["observation"].shape == (OBSERVATION_SIZE,), int(observation["action_mask"].sum())
(True, 2)
>>> sorted(info["text"].values())
['keep', 'mulligan']

The agent to move is the player of the pending decision (117.1 priority, 508.1 attackers,
509.1 blockers, ...); the observation is that seat's own (nothing hidden); the reward is
+1 for the winner and -1 for each loser when the game ends (0 for a draw, 104.4a), 0
before. ``info`` holds the decision's kind and rule and, with ``texts=True``, the legal
actions' text forms (``info["text"][slot]``, see :mod:`karn.agents.text`). An action outside the mask, a
step on a closed environment or before ``reset`` raises :class:`EnvError` and changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from karn.agents.text import action_text, observation_text
from karn.env.encoding import ACTION_SIZE, OBSERVATION_SIZE, Slots, action_slots, encode
from karn.game import DeckSpec, Game

#: A game that has not ended after this many steps is truncated.
MAX_STEPS = 20_000


class EnvError(ValueError):
    """An action the environment refuses (not in the mask, a closed env, a wrong agent):
    nothing was changed."""


def observation_space() -> gymnasium.spaces.Dict:
    return gymnasium.spaces.Dict(
        {
            "observation": gymnasium.spaces.Box(-1.0, 100.0, (OBSERVATION_SIZE,), np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (ACTION_SIZE,), np.int8),
        }
    )


class Seats:
    """A game seen seat by seat: the encoding, the slots and the page turns of the pending
    decision (shared by the AEC, Gymnasium and OpenSpiel-style adapters)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.pages: dict[int, int] = {}
        self._slots: Slots | None = None
        self._slots_of: object = None
        self._pages_of: tuple[tuple[int, int], ...] = ()

    def slots(self) -> Slots:
        d = self.game.decision
        options = d.options if d is not None else None
        pages = tuple(sorted(self.pages.items()))
        # the options list itself (kept alive here), not its id: a new list may reuse an id
        if self._slots is None or self._slots_of is not options or self._pages_of != pages:
            self._slots = action_slots(options or [], self.pages)
            self._slots_of = options
            self._pages_of = pages
        return self._slots

    def decider(self) -> int | None:
        d = self.game.decision
        return d.player if d is not None else None

    def observe(self, seat: int) -> dict[str, npt.NDArray[Any]]:
        obs = self.game.observation(seat)
        mine = self.decider() == seat
        slots = self.slots() if mine else None
        mask = slots.mask.copy() if slots is not None else np.zeros(ACTION_SIZE, dtype=np.int8)
        return {"observation": encode(obs, slots), "action_mask": mask}

    def texts(self, seat: int) -> dict[int, str]:
        if self.decider() != seat:
            return {}
        slots = self.slots()
        obs = self.game.observation(seat, log_from=len(self.game.log))
        out = {slot: action_text(a, obs) for slot, a in slots.actions.items()}
        out.update({slot: "next page" for slot in slots.pages})
        return out

    def act(self, seat: int, slot: object) -> bool:
        """Take the action of ``slot`` for ``seat``; True when the game moved (False: a page
        turn). Raises :class:`EnvError` (nothing changed) for a slot outside the mask."""
        if self.decider() != seat:
            raise EnvError(f"seat {seat} does not decide now (seat {self.decider()} does)")
        if isinstance(slot, (bool, np.bool_)) or not isinstance(slot, (int, np.integer)):
            raise EnvError(f"an action is a slot number 0 to {ACTION_SIZE - 1}, not {slot!r}")
        s = int(slot)
        slots = self.slots()
        if s in slots.pages:
            block = slots.pages[s]
            self.pages[block] = self.pages.get(block, 0) + 1
            return False
        action = slots.actions.get(s)
        if action is None:
            legal = sorted(slots.actions) + sorted(slots.pages)
            raise EnvError(f"slot {s} is not in the action mask; the legal slots are {legal}")
        self.game.apply(action, player=seat)
        self.pages = {}
        return True


class KarnAECEnv(AECEnv):  # type: ignore[misc]
    """The PettingZoo AEC environment (see the module doc)."""

    metadata = {"render_modes": ["ansi"], "name": "karn_v0", "is_parallelizable": False}

    def __init__(
        self,
        decks: Sequence[DeckSpec] = ("red_burn", "green_stompy"),
        seed: int | None = None,
        auto_pass: bool = True,
        max_steps: int = MAX_STEPS,
        render_mode: str | None = None,
        texts: bool = False,
    ) -> None:
        super().__init__()
        self.texts = texts
        if not 2 <= len(decks) <= 6:
            raise ValueError(f"a game has 2 to 6 players; got {len(decks)} deck(s)")
        self.decks = list(decks)
        self.auto_pass = auto_pass
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(len(decks))]
        self._space = observation_space()
        self._action_space = gymnasium.spaces.Discrete(ACTION_SIZE)
        self.observation_spaces = {a: self._space for a in self.possible_agents}
        self.action_spaces = {a: self._action_space for a in self.possible_agents}
        self._default_seed = seed
        self._rng = np.random.default_rng(seed)
        self._seats: Seats | None = None
        self._closed = False
        self._steps = 0

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._space

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._action_space

    @property
    def game(self) -> Game:
        """The game being played (for inspection; an agent should read only ``observe``)."""
        return self._live().game

    def _live(self) -> Seats:
        if self._closed:
            raise EnvError("the environment is closed")
        if self._seats is None:
            raise EnvError("call reset() first")
        return self._seats

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if self._closed:
            raise EnvError("the environment is closed")
        if seed is None:
            seed = self._default_seed if self._seats is None and self._default_seed is not None else None
        if seed is None:
            seed = int(self._rng.integers(0, 2**62))
        self._rng = np.random.default_rng(seed)
        self._seats = Seats(Game.new(*self.decks, seed=seed, auto_pass=self.auto_pass))
        self._steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._after_action()

    def _after_action(self) -> None:
        seats = self._live()
        g = seats.game
        if g.is_over():
            winner = g.winner
            for i, a in enumerate(self.possible_agents):
                if a in self.rewards:
                    self.rewards[a] = 0.0 if winner is None else (1.0 if i == winner else -1.0)
                    self.terminations[a] = True
        elif self._steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
        decider = seats.decider()
        if decider is not None:
            self.agent_selection = self.possible_agents[decider]
        elif self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0]
        for i, a in enumerate(self.possible_agents):
            if a in self.infos:
                self.infos[a] = self._info(i)

    def _info(self, seat: int) -> dict[str, Any]:
        seats = self._live()
        d = seats.game.decision
        if d is None or d.player != seat:
            return {}
        info: dict[str, Any] = {"decision": d.kind, "rule": d.rule}
        if self.texts:
            info["text"] = seats.texts(seat)
        return info

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        return self._live().observe(self._seat(agent))

    def _seat(self, agent: str) -> int:
        try:
            return self.possible_agents.index(agent)
        except ValueError:
            raise EnvError(f"no agent {agent!r}: the agents are {self.possible_agents}") from None

    def step(self, action: int | None) -> None:
        seats = self._live()
        agent = self.agent_selection
        if self.terminations.get(agent) or self.truncations.get(agent):
            self._was_dead_step(action)
            return
        if action is None:
            raise EnvError(f"{agent} must act: None is only for an agent whose game has ended")
        self._cumulative_rewards[agent] = 0.0
        moved = seats.act(self._seat(agent), action)
        for a in self.rewards:
            self.rewards[a] = 0.0
        if moved:
            self._steps += 1
        self._after_action()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        seats = self._live()
        seat = seats.decider()
        obs = seats.game.observation(seat) if seat is not None else seats.game.public_observation()
        return observation_text(obs)

    def close(self) -> None:
        self._closed = True
        self._seats = None


def aec_env(
    decks: Sequence[DeckSpec] = ("red_burn", "green_stompy"),
    seed: int | None = None,
    auto_pass: bool = True,
    max_steps: int = MAX_STEPS,
    render_mode: str | None = None,
    texts: bool = False,
) -> KarnAECEnv:
    """A :class:`KarnAECEnv` of a game between ``decks`` (2 to 6; bundled deck names, deck
    files, lists of card names: as :meth:`karn.Game.new` takes them). ``seed``: the seed of
    the first ``reset()`` without one (later ones draw from it); ``auto_pass``: let the engine
    pass priority when passing is the only legal action (the default: far fewer steps);
    ``texts``: put the legal actions' text forms in ``info["text"]`` (slot -> text)."""
    return KarnAECEnv(
        decks, seed=seed, auto_pass=auto_pass, max_steps=max_steps, render_mode=render_mode, texts=texts
    )


__all__ = ["EnvError", "KarnAECEnv", "Seats", "aec_env", "observation_space"]
