"""The registry of effect handlers: one per IR effect kind (DESIGN.md, "Registries over typed data").

A handler applies one effect of a resolving spell or ability (608.2c) by
proposing events to the pipeline. It returns :data:`DONE` when the effect is
applied, :data:`WAIT` when it asked its controller (or another player) a
question and must run again with the answer in the frame, :data:`ENTER`
when the resolution should go on with the effect's own effects (a "you may"
the player accepted), or :data:`OTHERWISE` when it should go on with the
effect's alternative effects (an :class:`~karn.ir.IfCondition` whose condition
doesn't hold).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Any, TypeVar

from karn.engine.context import Context
from karn.engine.frames import ResolveFrame
from karn.engine.state import Obj


class Outcome(Enum):
    DONE = "done"
    WAIT = "wait"
    ENTER = "enter"
    OTHERWISE = "otherwise"


DONE = Outcome.DONE
WAIT = Outcome.WAIT
ENTER = Outcome.ENTER
OTHERWISE = Outcome.OTHERWISE

#: A resolution cursor's index at or above this points into an IfCondition's ``otherwise``
#: effects (the index minus this), below it into its ``effects``.
OTHERWISE_BASE = 1 << 20

Handler = Callable[[Context, ResolveFrame, Obj, Any], Outcome]
HANDLERS: dict[type, Handler] = {}

H = TypeVar("H", bound=Handler)


def handles(*effect_types: type) -> Callable[[H], H]:
    """Register the handler of these IR effect kinds."""

    def register(fn: H) -> H:
        for t in effect_types:
            if t in HANDLERS:
                raise ValueError(f"two handlers for {t.__name__}")
            HANDLERS[t] = fn
        return fn

    return register
