"""karn: a Magic: The Gathering rules engine that plays real cards from their Oracle text."""

# First: chooses between the compiled modules and their .py files (karn/_build.py)
from karn import _build as _build
from karn.engine.actions import Action, IllegalActionError
from karn.engine.kinds import ActionKind, DecisionKind
from karn.engine.observation import Observation
from karn.engine.state import Decision
from karn.engine.values import player_ref, ref_player
from karn.game import CorruptSaveError, Event, Game

__version__ = "0.2.0"
__all__ = [
    "Action",
    "ActionKind",
    "CorruptSaveError",
    "Decision",
    "DecisionKind",
    "Event",
    "Game",
    "IllegalActionError",
    "Observation",
    "player_ref",
    "ref_player",
]
