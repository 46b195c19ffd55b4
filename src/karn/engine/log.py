"""The game log: one entry per thing that happened, with the CR rule that made it happen.

An entry may name a card only some players may see (a card drawn, a card found
by a search that isn't revealed, a hand looked at): ``seen_by`` lists them, and
everyone else reads ``public`` instead (nothing when it is empty). An entry with
no ``seen_by`` is public.
"""

from __future__ import annotations

import msgspec


class Event(msgspec.Struct, frozen=True, array_like=True, omit_defaults=True):
    """One log entry: what happened and the CR rule that made it happen."""

    rule: str
    text: str
    turn: int = 0
    seen_by: tuple[int, ...] = ()
    public: str = ""

    def __str__(self) -> str:
        return f"{self.rule}: {self.text}"

    def visible_to(self, player: int) -> bool:
        """Does `player` see this entry's full text?"""
        return not self.seen_by or player in self.seen_by

    def for_player(self, player: int) -> Event | None:
        """The entry as `player` may read it (None when they learn nothing from it)."""
        if self.visible_to(player):
            return self if not self.seen_by else Event(self.rule, self.text, self.turn)
        if self.public:
            return Event(self.rule, self.public, self.turn)
        return None


#: An alias: the log's entries are "events" in the public API (``karn.Event``).
LogEntry = Event
