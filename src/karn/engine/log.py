"""The game log: one entry per thing that happened, with the CR rule that made it happen."""

from __future__ import annotations

import msgspec


class Event(msgspec.Struct, frozen=True):
    """One log entry: what happened and the CR rule that made it happen."""

    rule: str
    text: str
    turn: int = 0

    def __str__(self) -> str:
        return f"{self.rule}: {self.text}"
