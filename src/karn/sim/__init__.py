"""Many games: simulations between two decks and goldfishing a deck alone.

>>> from karn.sim import goldfish, simulate
>>> result = simulate("red_burn", "green_stompy", games=4, seed=1)
>>> result.games, result.deck_a.games_on_play, result.deck_b.games_on_play
(4, 2, 2)

:func:`simulate` plays the games in this process, in local worker processes
(``jobs``) or on a dask.distributed cluster (``dask``); :func:`goldfish` plays a deck
against an opponent who does nothing (the function: the module is ``karn.sim.goldfish``
in ``sys.modules``). Plots and dask need the optional extra ``sim``
(``pip install 'karn[sim]'``).
"""

from karn.sim.errors import GameFailedError, MissingExtraError, SimError
from karn.sim.goldfish import GoldfishRecord, GoldfishResult, OnCurve, goldfish
from karn.sim.results import DeckFigures, GameRecord, SimResult
from karn.sim.runner import AGENTS, derive_seed, parse_agents, simulate
from karn.sim.stats import wilson_interval

__all__ = [
    "AGENTS",
    "DeckFigures",
    "GameFailedError",
    "GameRecord",
    "GoldfishRecord",
    "GoldfishResult",
    "MissingExtraError",
    "OnCurve",
    "SimError",
    "SimResult",
    "derive_seed",
    "goldfish",
    "parse_agents",
    "simulate",
    "wilson_interval",
]
