"""karn: a Magic: The Gathering rules engine that plays real cards from their Oracle text."""

from karn.engine.actions import Action, IllegalActionError
from karn.game import CorruptSaveError, Event, Game

__version__ = "0.1.0"
__all__ = ["Action", "CorruptSaveError", "Event", "Game", "IllegalActionError"]
