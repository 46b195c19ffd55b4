"""The context every engine procedure receives: the state, the card pool, the log, caches.

Procedures take a :class:`Context`, never the public ``Game``: the state is
plain data (DESIGN.md property 1), the pool is the compiled card data, the
log is the rule-cited record of what happened. The caches here are derived
data only (characteristics of permanents, priority options) and are rebuilt
whenever they are stale; a copy of a game keeps the ones that cannot change
(printed characteristics by card name, for its pool).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from karn import ir
from karn.cards.database import CardFace
from karn.cards.pool import CardPool
from karn.engine.frames import ReplaceFrame
from karn.engine.layers import Chars, Field, Printed, compute_field, final_chapter, offfield_chars
from karn.engine.log import Event
from karn.engine.state import BATTLEFIELD, GameState, Obj, Option, copy_state


class SbaWatch:
    """The permanents a state-based action may apply to (704.5f-q), by kind, for one version
    of the characteristics: creatures, planeswalkers, Auras, Equipment, permanents with
    counters; and whether any is legendary (704.5j)."""

    __slots__ = (
        "version",
        "creatures",
        "planeswalkers",
        "auras",
        "equipment",
        "countered",
        "legendary",
        "day_night",
        "sagas",
    )

    def __init__(self, version: int) -> None:
        self.version = version
        self.creatures: list[tuple[int, Chars]] = []
        self.planeswalkers: list[tuple[int, Chars]] = []
        self.auras: list[tuple[int, Chars]] = []
        self.equipment: list[tuple[int, Chars]] = []
        self.countered: list[tuple[int, Chars]] = []
        self.legendary = False
        # 702.145: permanents with daybound or nightbound (not state-based actions, but checked
        # at the same times: 702.145c-d, 702.145f-g)
        self.day_night: list[tuple[int, Chars]] = []
        # 714.4: Sagas with one or more chapter abilities, with their final chapter number
        self.sagas: list[tuple[int, Chars, int]] = []

    @staticmethod
    def of(s: GameState, chars: dict[int, Chars]) -> SbaWatch:
        w = SbaWatch(s.layers_version)
        objects = s.objects
        for oid, c in chars.items():
            types = c.types
            if "creature" in types:
                w.creatures.append((oid, c))
            if "planeswalker" in types:
                w.planeswalkers.append((oid, c))
            subtypes = c.subtypes
            if "aura" in subtypes:
                w.auras.append((oid, c))
            if "equipment" in subtypes:
                w.equipment.append((oid, c))
            if "saga" in subtypes:
                final = final_chapter(c)
                if final:
                    w.sagas.append((oid, c, final))
            if objects[oid].counters:
                w.countered.append((oid, c))
            if "legendary" in c.supertypes:
                w.legendary = True
            keywords = c.keywords
            if keywords and ("daybound" in keywords or "nightbound" in keywords):
                w.day_night.append((oid, c))
        return w


#: The static abilities :meth:`Context.statics` indexes (they change how spells are cast).
_INDEXED: frozenset[type] = frozenset(
    {ir.CostReduction, ir.FlashPermission, ir.CastRestriction, ir.LoyaltyCostIncrease}
)


class Context:
    """What engine procedures work on (the public ``Game`` wraps one)."""

    __slots__ = (
        "state",
        "pool",
        "log",
        "printed",
        "_battlefield",
        "_battlefield_version",
        "_field",
        "sba_version",
        "ability_cache",
        "offers",
        "offers_version",
        "timing_probes",
        "watchers",
        "rollback_log",
        "_sba_watch",
        "enters_cache",
        "rules_cache",
        "instead_cache",
        "object_abilities",
        "source_cache",
        "object_sources",
        "touched",
        "touched_players",
        "hidden_changes",
        "observer",
        "ending",
        "_statics",
        "replacing",
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
        self._battlefield_version = -1
        self._field: Field | None = None
        # The state version of the last state-based action check that found nothing to do
        # (704.3: nothing changed since, so nothing would), and caches keyed by the version.
        self.sba_version = -1
        self.ability_cache: tuple[int, dict[int, Any]] = (-1, {})
        # Priority options per state version (see priority.offer): by what else they depend on,
        # each with the timing questions (602.5d windows, sorcery timing) its computation asked.
        self.offers: dict[Hashable, list[tuple[tuple[tuple[Hashable, bool], ...], list[Option]]]] = {}
        self.offers_version = -1
        # While priority options are computed: the timing questions asked and their answers.
        self.timing_probes: dict[Hashable, bool] | None = None
        self.watchers: tuple[int, dict[str, Any]] = (-1, {})
        # 733: the log length when the cast or activation in progress began.
        self.rollback_log = 0
        self._sba_watch: SbaWatch | None = None
        self.enters_cache: tuple[int, list[Any]] = (-1, [])
        # The static abilities' rules changes (615.12, 119.7) and replacement effects (614.1a),
        # per version of the characteristics (karn.engine.pipeline).
        self.rules_cache: tuple[int, list[Any]] = (-1, [])
        self.instead_cache: tuple[int, list[Any]] = (-1, [])
        # Per permanent: its activated abilities as priority options (see priority.py).
        self.object_abilities: dict[int, Any] = {}
        # Per player: the mana sources the payment solver may tap (see mana.sources).
        self.source_cache: tuple[int, dict[int, Any]] = (-1, {})
        self.object_sources: dict[int, Any] = {}
        # The permanents whose status changed in ways that do not change characteristics
        # (tapped, damage, summoning sickness, attacking or blocking) since the observations
        # last looked (karn.engine.observe empties it; other changes bump layers_version).
        self.touched: set[int] = set()
        # The players whose public information (life, mana pool, zones and their sizes, land
        # plays) changed since the observations last looked.
        self.touched_players: set[int] = set()
        # Counts the changes to hidden zones (cards in or out of a hand or a library, a
        # library reordered or shuffled, cards revealed): hands and known cards are cached by it.
        self.hidden_changes = 0
        self.observer: Any = None  # karn.engine.observe's caches for this context
        # 104.1: an effect said a player wins or loses: the loop ends the game at once.
        self.ending = False
        # The permanents' rules-changing static abilities by IR type (cost changes, casting
        # restrictions and permissions), per layers version: (version, {type: [(source,
        # ability, controller)]}).
        self._statics: tuple[int, dict[type | str, list[tuple[int, Any, int]]]] = (-1, {})
        # The pipeline's batch in progress (set each time it proceeds): the objects entering
        # the battlefield at the same time, which an "as enters" choice can't pick (614.13a).
        self.replacing: ReplaceFrame | None = None

    def reset_caches(self) -> None:
        """Forget derived data (after the state was replaced by an earlier one, 733)."""
        self._battlefield = None
        self._battlefield_version = -1
        self._field = None
        self.sba_version = -1
        self.ability_cache = (-1, {})
        self.source_cache = (-1, {})
        self.offers = {}
        self.offers_version = -1
        self.timing_probes = None
        self.watchers = (-1, {})
        self._statics = (-1, {})
        self._sba_watch = None
        self.enters_cache = (-1, [])
        self.rules_cache = (-1, [])
        self.instead_cache = (-1, [])

    def copy(self, log: bool = True) -> Context:
        """An independent context on a copy of the state. Derived data that can't differ
        (printed characteristics, the caches of this state version) is shared."""
        c = Context(copy_state(self.state), self.pool, list(self.log) if log else [], self.printed)
        c._battlefield = self._battlefield
        c._battlefield_version = self._battlefield_version
        c._field = self._field
        c.sba_version = self.sba_version
        c.ability_cache = (self.ability_cache[0], dict(self.ability_cache[1]))
        c.offers = {k: list(v) for k, v in self.offers.items()}
        c.offers_version = self.offers_version
        c.watchers = self.watchers
        # Per-object entries are a function of the object's id, name and abilities (checked
        # before use), whichever game they come from: shared, not copied.
        c.object_abilities = self.object_abilities
        c.source_cache = (self.source_cache[0], dict(self.source_cache[1]))
        c.object_sources = self.object_sources
        c.rollback_log = self.rollback_log if log else 0
        return c

    # ------------------------------------------------------------------ card data

    def face(self, name: str) -> CardFace:
        return self.pool.face(name)

    def sba_watch(self) -> SbaWatch:
        """The permanents state-based actions look at, for this version of the characteristics."""
        if self._sba_watch is None or self._sba_watch.version != self.state.layers_version:
            self._sba_watch = SbaWatch.of(self.state, self.battlefield_chars())
        return self._sba_watch

    def compiled(self, name: str) -> ir.CompiledCard:
        return self.pool.compiled(name)

    # ------------------------------------------------------------------ characteristics

    def statics(self, kind: type | str) -> list[tuple[int, Any, int]]:
        """The abilities of type `kind` of the permanents (all layers applied), with their
        source and its controller: (source, ability, controller). ``"tapped_for_mana"``: the
        triggered mana abilities (605.1b)."""
        version, index = self._statics
        if version != self.state.layers_version:
            index = {}
            for oid, c in self.battlefield_chars().items():
                for ab in c.abilities:
                    if type(ab) in _INDEXED:
                        index.setdefault(type(ab), []).append((oid, ab, c.controller))
                    elif isinstance(ab, ir.Triggered) and ab.trigger.event == "tapped_for_mana":
                        index.setdefault("tapped_for_mana", []).append((oid, ab, c.controller))
            self._statics = (self.state.layers_version, index)
        return index.get(kind, [])

    def battlefield_chars(self) -> dict[int, Chars]:
        """Characteristics of every permanent, all layers applied (613), for this state version."""
        bf = self._battlefield
        if self._battlefield_version != self.state.layers_version or bf is None:
            return self.field().chars
        return bf

    def field(self) -> Field:
        """The permanents' characteristics and what other zones need of them (604.3, 611.3)."""
        f = self._field
        if self._battlefield_version != self.state.layers_version or f is None:
            f = self._field = compute_field(self.state, self.printed)
            self._battlefield = f.chars
            self._battlefield_version = self.state.layers_version
        return f

    def counts_zones(self) -> bool:
        """Do the permanents' characteristics, as computed for this version, count objects in
        other zones (a characteristic-defining ability's "cards in all graveyards", 604.3)?
        Then a change to any zone is a change to characteristics."""
        f = self._field
        return f is not None and f.zone_dependent and self._battlefield_version == self.state.layers_version

    def counts_life(self) -> bool:
        """Does a static ability's condition, as computed for this version, read a life total
        ("as long as you have 30 or more life", 611.3a)? Then a change of life is a change to
        characteristics."""
        f = self._field
        return f is not None and f.life_dependent and self._battlefield_version == self.state.layers_version

    def chars(self, oid: int) -> Chars:
        bf = self._battlefield
        if bf is not None and self._battlefield_version == self.state.layers_version:
            c = bf.get(oid)
            if c is not None:
                return c
        o = self.state.objects[oid]
        if o.zone == BATTLEFIELD:
            c = self.battlefield_chars().get(oid)
            if c is not None:
                return c
        return offfield_chars(self.state, self.printed, o, self.field())

    def controller(self, oid: int) -> int:
        bf = self._battlefield
        if bf is None or self._battlefield_version != self.state.layers_version:
            bf = self.battlefield_chars()
        c = bf.get(oid)
        if c is not None:
            return c.controller
        return self.state.objects[oid].controller

    def obj(self, oid: int) -> Obj:
        return self.state.objects[oid]

    # ------------------------------------------------------------------ words

    def emit(self, rule: str, text: str, seen_by: tuple[int, ...] = (), public: str = "") -> None:
        """Record a log event citing the rule that made it happen (DESIGN.md property 5).

        ``seen_by``: only these players may read `text` (it names a hidden card); the
        others read ``public`` (nothing when empty)."""
        self.log.append(Event(rule, text, self.state.turn, seen_by, public))

    def player_name(self, p: int) -> str:
        return self.state.players[p].name

    def describe(self, oid: int) -> str:
        """An object's name and id as the log and prompts show it ("Grizzly Bears (#12)")."""
        o = self.state.objects.get(oid)
        if o is None:
            lk = self.state.lki.get(oid)
            return lk.name if lk is not None and lk.name else f"#{oid}"
        if o.face_down:
            # 708.2: no name; only its controller may look at it (708.5)
            what = "permanent" if o.zone == BATTLEFIELD else "spell"
            return f"a face-down {what} (#{oid})"
        if o.zone == BATTLEFIELD:
            return f"{self.chars(oid).name or 'a nameless permanent'} (#{oid})"
        if o.copy_of is not None and o.copy_of.face_down:
            return f"a nameless copy of a face-down spell (#{oid})"  # 707.2, 708.2
        return f"{o.name} (#{oid})"
