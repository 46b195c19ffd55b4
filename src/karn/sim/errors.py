"""The errors of simulations: a mistake in what was asked, a missing optional extra, a failed game."""

from __future__ import annotations

import importlib
from types import ModuleType

#: The command that installs the optional extra ``sim`` (dask.distributed and matplotlib).
INSTALL_SIM = "pip install 'karn[sim]'"


class SimError(ValueError):
    """A simulation was asked something it can't do (no games, an unknown agent, an
    unreachable dask scheduler): the message says what, in one line."""


class MissingExtraError(ImportError):
    """An optional package of the extra ``sim`` is not installed; the message says how to install it."""


class GameFailedError(RuntimeError):
    """A game of the simulation raised an error: the message names the game's index and seed,
    so it can be played again alone."""


def require(module: str, purpose: str) -> ModuleType:
    """Import ``module`` (a package of the extra ``sim``), or say in one line how to install it.

    >>> require("no_such_module_x", "--plot")
    Traceback (most recent call last):
    ...
    karn.sim.errors.MissingExtraError: --plot needs no_such_module_x, which is not installed: pip install 'karn[sim]'
    """
    try:
        return importlib.import_module(module)
    except ImportError:
        raise MissingExtraError(f"{purpose} needs {module}, which is not installed: {INSTALL_SIM}") from None
