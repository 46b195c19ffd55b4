"""The event pipeline (DESIGN.md, "One event pipeline"): every change to the game is an
event (:mod:`karn.engine.events`) performed here — replacement and prevention effects
(614-616), the change itself, and its record for triggered abilities and the log.
Nothing else in the engine writes zones, life, damage, tapped, counters, controllers
or attachments (``tests/architecture/test_single_pipeline.py`` checks it)."""

from karn.engine.pipeline import (
    faces,  # noqa: F401  (registers the 701.27a and 731.1 changes)
    instead,  # noqa: F401  (registers the 614.1a/615.1a finders)
    planes,  # noqa: F401  (registers the 701.31b and 311.7 changes)
    protection,  # noqa: F401  (registers the 702.16e prevention)
)
from karn.engine.pipeline.changes import (
    leave_game,
    new_object,
    place,
    put_on_stack,
    refresh_control,
    set_pool,
    zone_list,
)
from karn.engine.pipeline.core import execute, perform, replace_step

__all__ = [
    "execute",
    "leave_game",
    "new_object",
    "perform",
    "place",
    "put_on_stack",
    "refresh_control",
    "replace_step",
    "set_pool",
    "zone_list",
]
