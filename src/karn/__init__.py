"""karn: a Magic: The Gathering rules engine that plays real cards from their Oracle text."""

from karn.engine.actions import Action, IllegalActionError
from karn.engine.observation import Observation
from karn.engine.state import Decision
from karn.game import CorruptSaveError, Event, Game

__version__ = "0.2.0"
__all__ = ["Action", "CorruptSaveError", "Decision", "Event", "Game", "IllegalActionError", "Observation"]
