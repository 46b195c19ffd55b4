"""Where karn keeps the user's card data (the XDG base directories).

* the imported card database, written by ``karn cards import`` and ``karn cards update``:
  ``$XDG_DATA_HOME/karn/cards/`` (``~/.local/share/karn/cards/`` when the variable is
  unset or not an absolute path, as the XDG Base Directory specification says);
* converted copies of card files given for one run (``--cards FILE``), so the next run
  with the same file starts fast: ``$XDG_CACHE_HOME/karn/cards/`` (``~/.cache/...``).

``KARN_CARDS`` names the card file for the current process and its children (what
``--cards FILE`` sets); the value ``packaged`` selects karn's packaged cards even when a
database was imported.
"""

from __future__ import annotations

import os
from pathlib import Path

#: The environment variable that names the card file of this run (see the module doc).
CARDS_ENV = "KARN_CARDS"
#: ``KARN_CARDS=packaged``: karn's packaged cards, whatever was imported.
PACKAGED = "packaged"
#: The imported database's file and the record of where it came from.
IMPORTED_FILE = "cards.json.gz"
IMPORTED_INFO = "source.json"


def _base(variable: str, fallback: str) -> Path:
    value = os.environ.get(variable, "")
    # XDG Base Directory specification: a relative path is invalid and is ignored
    if value and os.path.isabs(value):
        return Path(value)
    return Path.home() / fallback


def data_home() -> Path:
    """karn's folder under ``$XDG_DATA_HOME`` (default ``~/.local/share``)."""
    return _base("XDG_DATA_HOME", ".local/share") / "karn"


def cache_home() -> Path:
    """karn's folder under ``$XDG_CACHE_HOME`` (default ``~/.cache``)."""
    return _base("XDG_CACHE_HOME", ".cache") / "karn"


def imported_database() -> Path:
    """The imported card database's file (it may not exist)."""
    return data_home() / "cards" / IMPORTED_FILE


def imported_info() -> Path:
    """The JSON record of where the imported database came from."""
    return data_home() / "cards" / IMPORTED_INFO


def converted_cache() -> Path:
    """The folder of converted card files given for one run."""
    return cache_home() / "cards"
