"""An OpenSpiel-style game and state over karn (the ``pyspiel`` Python game API's shape,
without depending on ``open_spiel``; :func:`register_pyspiel` registers it with ``pyspiel``
when the ``open-spiel`` package is installed).

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


#: The short name :func:`register_pyspiel` registers the game under.
PYSPIEL_NAME = "python_karn"


def register_pyspiel() -> str:
    """Register karn with OpenSpiel (``pyspiel``, the ``open-spiel`` package) as a Python
    game: ``pyspiel.load_game("python_karn", {"seed": 3})`` then gives a ``pyspiel.Game``
    whose states run this module's :class:`SpielState` (red_burn against green_stompy; the
    seed is a game parameter, chance is ``SAMPLED_STOCHASTIC``: inside the engine). Returns
    the name; registering twice is harmless."""
    import copy

    import pyspiel  # type: ignore[import-not-found]

    if PYSPIEL_NAME in pyspiel.registered_names():
        return PYSPIEL_NAME
    game_type = pyspiel.GameType(
        short_name=PYSPIEL_NAME,
        long_name="karn (Magic: The Gathering), red_burn vs green_stompy",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"seed": 0},
    )
    game_info = pyspiel.GameInfo(
        num_distinct_actions=ACTION_SIZE,
        max_chance_outcomes=0,
        num_players=2,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=20_000,
    )

    class Observer:
        def __init__(self, iig_obs_type: object, params: object) -> None:
            self.tensor = np.zeros(OBSERVATION_SIZE, np.float32)
            self.dict = {"observation": self.tensor}

        def set_from(self, state: PyState, player: int) -> None:
            self.tensor[:] = state.inner.information_state_tensor(player)

        def string_from(self, state: PyState, player: int) -> str:
            return state.inner.information_state_string(player)

    class PyGame(pyspiel.Game):  # type: ignore[misc]
        def __init__(self, params: dict[str, int] | None = None) -> None:
            super().__init__(game_type, game_info, params or {})
            self.karn = SpielGame(seed=int((params or {}).get("seed", 0)))

        def new_initial_state(self) -> PyState:
            return PyState(self, self.karn.new_initial_state())

        def make_py_observer(self, iig_obs_type: object = None, params: object = None) -> Observer:
            return Observer(iig_obs_type, params)

    class PyState(pyspiel.State):  # type: ignore[misc]
        def __init__(self, game: PyGame, inner: SpielState) -> None:
            super().__init__(game)
            self.inner = inner

        def current_player(self) -> int:
            p = self.inner.current_player()
            return int(pyspiel.PlayerId.TERMINAL) if p == TERMINAL_PLAYER else p

        def _legal_actions(self, player: int) -> list[int]:
            return self.inner.legal_actions(player)

        def _apply_action(self, action: int) -> None:
            self.inner.apply_action(action)

        def _action_to_string(self, player: int, action: int) -> str:
            return self.inner.action_to_string(player, action)

        def is_terminal(self) -> bool:
            return self.inner.is_terminal()

        def returns(self) -> list[float]:
            return self.inner.returns()

        def __str__(self) -> str:
            return str(self.inner)

        def __deepcopy__(self, memo: dict[int, object]) -> PyState:
            copied = copy.copy(self)  # pyspiel's own fields, then an independent karn state
            copied.inner = self.inner.clone()
            return copied

    pyspiel.register_game(game_type, PyGame)
    return PYSPIEL_NAME


__all__ = ["CHANCE_PLAYER", "PYSPIEL_NAME", "TERMINAL_PLAYER", "SpielGame", "SpielState", "register_pyspiel"]
