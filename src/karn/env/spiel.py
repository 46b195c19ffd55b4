"""An OpenSpiel-style game and state over karn (the ``pyspiel`` Python game API's shape,
without depending on ``open_spiel``).

>>> from karn.env import SpielGame
>>> game = SpielGame(decks=("red_burn", "green_stompy"), seed=2)
>>> state = game.new_initial_state()
>>> state.current_player() in (0, 1), state.is_chance_node(), state.is_terminal()
(True, False, False)
>>> sorted(state.action_to_string(state.current_player(), a) for a in state.legal_actions())
['keep', 'mulligan']

Chance (shuffles, coin flips, 103.1-103.2) happens inside the engine's seeded random number
generator, so no state is a chance node: the seed is part of the game, and ``clone()``
continues exactly like the original. Players are seats ``0..N-1``; actions are the slots of
:mod:`karn.env.encoding`; ``information_state_string(player)`` is that player's observation as
plain English (:func:`karn.agents.text.observation_text`: nothing hidden) and
``information_state_tensor(player)`` its encoding. ``returns()`` is +1 for the winner, -1 for
the others, 0 for a draw or a game in progress.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from karn.agents.text import observation_text
from karn.env.aec import EnvError, Seats
from karn.env.encoding import ACTION_SIZE, OBSERVATION_SIZE
from karn.game import DeckSpec, Game

#: OpenSpiel's player ids for a terminal state and for "simultaneous" (never used here).
TERMINAL_PLAYER = -4
CHANCE_PLAYER = -1


class SpielGame:
    """The game: its decks and seed; ``new_initial_state()`` deals a game."""

    def __init__(
        self, decks: Sequence[DeckSpec] = ("red_burn", "green_stompy"), seed: int = 0, auto_pass: bool = True
    ) -> None:
        self.decks = list(decks)
        self.seed = seed
        self.auto_pass = auto_pass

    def num_players(self) -> int:
        return len(self.decks)

    def num_distinct_actions(self) -> int:
        return ACTION_SIZE

    def information_state_tensor_shape(self) -> list[int]:
        return [OBSERVATION_SIZE]

    def min_utility(self) -> float:
        return -1.0

    def max_utility(self) -> float:
        return 1.0

    def new_initial_state(self) -> SpielState:
        return SpielState(self, Seats(Game.new(*self.decks, seed=self.seed, auto_pass=self.auto_pass)))


class SpielState:
    """One state of a :class:`SpielGame` (the ``pyspiel.State`` methods agents use)."""

    def __init__(self, game: SpielGame, seats: Seats) -> None:
        self._game = game
        self._seats = seats
        self.history_: list[int] = []

    def get_game(self) -> SpielGame:
        return self._game

    def current_player(self) -> int:
        d = self._seats.decider()
        return TERMINAL_PLAYER if d is None else d

    def is_terminal(self) -> bool:
        return self._seats.game.is_over()

    def is_chance_node(self) -> bool:
        return False  # chance is inside the engine's seeded generator

    def is_simultaneous_node(self) -> bool:
        return False

    def chance_outcomes(self) -> list[tuple[int, float]]:
        raise EnvError("no state is a chance node: chance is inside the engine's seeded generator")

    def legal_actions(self, player: int | None = None) -> list[int]:
        if player is not None and player != self._seats.decider():
            return []
        if self.is_terminal():
            return []
        slots = self._seats.slots()
        return sorted(list(slots.actions) + list(slots.pages))

    def legal_actions_mask(self, player: int | None = None) -> list[int]:
        mask = np.zeros(ACTION_SIZE, dtype=np.int8)
        mask[self.legal_actions(player)] = 1
        return [int(x) for x in mask]

    def apply_action(self, action: int) -> None:
        seat = self._seats.decider()
        if seat is None:
            raise EnvError("the game is over: no action can be applied")
        self._seats.act(seat, action)
        self.history_.append(int(action))

    def action_to_string(self, player: int, action: int) -> str:
        return self._seats.texts(player).get(action, f"slot {action}")

    def information_state_string(self, player: int | None = None) -> str:
        return observation_text(self._seats.game.observation(self._player(player)))

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        return [float(x) for x in self._seats.observe(self._player(player))["observation"]]

    def observation_string(self, player: int | None = None) -> str:
        return self.information_state_string(player)

    def _player(self, player: int | None) -> int:
        if player is None:
            d = self._seats.decider()
            if d is None:
                raise EnvError("the game is over: name the player")
            return d
        n = self._game.num_players()
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < n:
            raise EnvError(f"no player {player!r}: the players are 0 to {n - 1}")
        return player

    def returns(self) -> list[float]:
        g = self._seats.game
        n = self._game.num_players()
        if not g.is_over() or g.winner is None:
            return [0.0] * n
        return [1.0 if p == g.winner else -1.0 for p in range(n)]

    def rewards(self) -> list[float]:
        return self.returns()

    def history(self) -> list[int]:
        return list(self.history_)

    def clone(self) -> SpielState:
        copy = SpielState(self._game, Seats(self._seats.game.copy()))
        copy._seats.pages = dict(self._seats.pages)
        copy.history_ = list(self.history_)
        return copy

    def __str__(self) -> str:
        return observation_text(self._seats.game.public_observation())


__all__ = ["CHANCE_PLAYER", "TERMINAL_PLAYER", "SpielGame", "SpielState"]
