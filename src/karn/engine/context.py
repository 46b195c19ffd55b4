"""The context every engine procedure receives: the state, the card pool, the log, caches.

Procedures take a :class:`Context`, never the public ``Game``: the state is
plain data (DESIGN.md property 1), the pool is the compiled card data, the
log is the rule-cited record of what happened. The caches here are derived
data only (characteristics of permanents, priority options) and are rebuilt
whenever they are stale; a copy of a game keeps the ones that cannot change
(printed characteristics by card name, for its pool).
"""

from __future__ import annotations

from typing import Any

from karn import ir
from karn.cards.database import CardFace
from karn.cards.pool import CardPool
from karn.engine.layers import Chars, Printed, chars_of, compute_battlefield
from karn.engine.log import Event
from karn.engine.state import BATTLEFIELD, GameState, Obj, Option


class Context:
    """What engine procedures work on (the public ``Game`` wraps one)."""

    __slots__ = (
        "state",
        "pool",
        "log",
        "printed",
        "_battlefield",
        "sba_clean",
        "ability_cache",
        "offers",
    )

    def __init__(
        self,
        state: GameState,
        pool: CardPool,
        log: list[Event] | None = None,
        printed: Printed | None = None,
    ) -> None:
        self.state = state
        self.pool = pool
        self.log: list[Event] = log if log is not None else []
        # Printed characteristics by card name, for this pool (immutable templates).
        self.printed: Printed = printed if printed is not None else Printed(pool)
        self._battlefield: dict[int, Chars] | None = None
        # "Nothing but priority passes happened since the last clean state-based action
        # check" and the priority options computed since then (see flow.give_priority).
        self.sba_clean = False
        self.ability_cache: tuple[object, dict[int, Any]] = (None, {})
        self.offers: dict[tuple[int, bool, tuple[tuple[str, int], ...]], list[Option]] = {}

    # ------------------------------------------------------------------ card data

    def face(self, name: str) -> CardFace:
        return self.pool.face(name)

    def compiled(self, name: str) -> ir.CompiledCard:
        return self.pool.compiled(name)

    # ------------------------------------------------------------------ characteristics

    def dirty(self) -> None:
        """Invalidate cached characteristics (call after any change that can affect them)."""
        self._battlefield = None

    def battlefield_chars(self) -> dict[int, Chars]:
        """Characteristics of every permanent, all layers applied (613)."""
        if self._battlefield is None:
            self._battlefield = compute_battlefield(self.state, self.printed)
        return self._battlefield

    def chars(self, oid: int) -> Chars:
        bf = self._battlefield
        if bf is not None:
            c = bf.get(oid)
            if c is not None:
                return c
        o = self.state.objects[oid]
        if o.zone == BATTLEFIELD:
            c = self.battlefield_chars().get(oid)
            if c is not None:
                return c
        return chars_of(self.printed, o)

    def controller(self, oid: int) -> int:
        c = self.battlefield_chars().get(oid)
        if c is not None:
            return c.controller
        return self.state.objects[oid].controller

    def obj(self, oid: int) -> Obj:
        return self.state.objects[oid]

    # ------------------------------------------------------------------ words

    def emit(self, rule: str, text: str) -> None:
        """Record a log event citing the rule that made it happen (DESIGN.md property 5)."""
        self.log.append(Event(rule, text, self.state.turn))

    def player_name(self, p: int) -> str:
        return self.state.players[p].name

    def describe(self, oid: int) -> str:
        """An object's name and id as the log and prompts show it ("Grizzly Bears (#12)")."""
        o = self.state.objects.get(oid)
        if o is None:
            lk = self.state.lki.get(oid)
            return lk.name if lk is not None else f"#{oid}"
        if o.zone == BATTLEFIELD:
            return f"{self.chars(oid).name} (#{oid})"
        return f"{o.name} (#{oid})"
