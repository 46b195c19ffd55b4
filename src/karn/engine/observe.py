"""Building observations (DESIGN.md property 6: no peeking); the types are in
:mod:`karn.engine.observation`.

An observation is built for every decision of every game an agent plays, so its
parts are cached per context (``ctx.observer``), each rebuilt only when what it
shows may have changed:

* a player's public view when the pipeline touched that player
  (``ctx.touched_players``: life, mana pool, their zones, land plays, leaving the
  game; conceding) and when the game ends (104);
* the permanents' views when the characteristics were computed again (the state's
  ``layers_version``: zone changes, counters, attachments, continuous effects;
  a permanent whose characteristics and status did not change keeps its view), and
  those of the permanents the pipeline or a combat declaration touched since
  (``ctx.touched``: tapped, damage, summoning sickness, attacking or blocking);
* a hand and the known cards while no hidden zone changed (``ctx.hidden_changes``:
  cards in or out of a hand or a library, a library reordered, cards revealed), a
  card's view by its object id (an object keeps its name, 400.7), a stack object's
  view while its targets, X and modes are;
* the decision and the log are read every time.

The caches hold the state they were built from: a state replacing it (a cast or
activation rewound, 733) keeps the views still right for it (all of them when it is
the state of the last look before the cast began). ``Game.dirty()`` (after changing
a state by hand) forgets them all. Building one costs about 6 µs on average in a
random game (``benchmarks/bench_engine.py --observing``); agents that read none
(``reads_observation = False``) are given none by ``run_game``.
"""

from __future__ import annotations

import operator
from typing import Any

import msgspec

from karn.engine.context import Context
from karn.engine.frames import ActivateFrame, CastFrame, TriggersFrame
from karn.engine.layers import Chars
from karn.engine.log import Event
from karn.engine.observation import (
    CardView,
    CombatView,
    DecisionView,
    EmblemView,
    KnownCard,
    Observation,
    PermanentView,
    PlayerView,
    StackItemView,
)
from karn.engine.pipeline.dfc import is_back_face_up
from karn.engine.state import HAND, LIBRARY, Combat, Decision, GameState, Obj, Player

#: Decisions about a spell or ability being put on the stack (601.2b-h, 602.2, 603.3d).
_PUTTING = frozenset({"mode", "x", "target", "pay"})

_NO_CARDS: tuple[CardView, ...] = ()
_NO_BLOCKS: dict[int, tuple[int, ...]] = {}
_replace = msgspec.structs.replace


def observation(ctx: Context, player: int | None, log_from: int | None = None) -> Observation:
    """What `player` may know (None: a spectator, who sees only public information).

    The log holds the entries from ``log_from`` on (default: the first entry of the
    current turn)."""
    state = ctx.state
    obs: Observer | None = ctx.observer
    if obs is None:
        obs = ctx.observer = Observer(state)
    elif obs.state is not state:
        obs.rewound(state)
    if state.rollback:
        if obs.before_cast is None:
            obs.keep_before_cast()  # a cast or activation began since the last look
    else:
        obs.before_cast = None
        obs.looked = state.version
        obs.looked_layers = state.layers_version
        obs.looked_id = state.next_id
    if ctx.touched_players or not obs.players or obs.over != state.over:
        obs.refresh_players(ctx)
    if state.layers_version != obs.layers or ctx.touched or state.combat is not obs.combat_of:
        obs.refresh_board(ctx)
    known: tuple[KnownCard, ...] = ()
    if state.known:
        cached = obs.known_views.get(player) if obs.known_at == ctx.hidden_changes else None
        known = cached if cached is not None else obs.known_cards(ctx, player)
    if player is not None:
        mine = obs.face_down_cards(ctx, player)
        if mine:
            known = known + mine
    log = ctx.log
    if log_from is None:
        log_from = turn_start(log, state.turn)
    d = state.decision
    if d is None:  # the game is over
        decider, kind, decision = None, "", None
    else:
        decider, kind = d.player, d.kind
        decision = decision_view(ctx, d) if decider == player else None
    return Observation(
        player,
        state.turn,
        state.step,
        state.active,
        state.priority,
        state.over,
        state.winner if state.over and state.winner >= 0 else None,
        obs.players,
        obs.hand(ctx, player) if player is not None else _NO_CARDS,
        known,
        obs.board,
        obs.stack(ctx) if state.stack else (),
        obs.combat,
        decider,
        kind,
        decision,
        _log(log, player, log_from),
        log_from,
        len(log),
        *_planes(state),
        state.day_night,
        _emblems(ctx) if state.emblems else (),
        state.monarch if state.monarch >= 0 else None,
    )


def _emblems(ctx: Context) -> tuple[EmblemView, ...]:
    """114.1: the emblems in the command zone, with their abilities' text (public)."""
    out = []
    for oid in ctx.state.emblems:
        o = ctx.state.objects[oid]
        texts = tuple(getattr(ctx.pool.ability(a), "text", "") for a in o.emblem or ())
        out.append(EmblemView(oid, o.controller, o.name, texts))
    return tuple(out)


def _planes(state: GameState) -> tuple[tuple[CardView, ...], int | None, tuple[int, ...]]:
    """901.7: the face-up planes and the planar controller are public; of the planar decks a
    player sees only how many cards each has (no order, no names)."""
    pc = state.planechase
    if pc is None:
        return (), None, ()
    planes = tuple(CardView(oid, state.objects[oid].name) for oid in pc.face_up)
    return planes, pc.controller, tuple(len(d) for d in pc.decks)


def turn_start(log: list[Event], turn: int) -> int:
    """The index of the first log entry of `turn` (entries are in turn order)."""
    lo, hi = 0, len(log)
    while lo < hi:
        mid = (lo + hi) // 2
        if log[mid].turn < turn:
            lo = mid + 1
        else:
            hi = mid
    return lo


_SEEN_BY = operator.attrgetter("seen_by")


def _log(log: list[Event], player: int | None, start: int) -> tuple[Event, ...]:
    new = log[start:]
    if any(map(_SEEN_BY, new)):  # an entry some players may not read (rare)
        return log_for(log, player, start)
    return tuple(new)


def log_for(log: list[Event], player: int | None, start: int) -> tuple[Event, ...]:
    """The log from `start` on as `player` may read it (None: a spectator reads public text)."""
    who = -1 if player is None else player
    out = []
    for e in log[start:]:
        if not e.seen_by:
            out.append(e)
        else:
            seen = e.for_player(who)
            if seen is not None:
                out.append(seen)
    return tuple(out)


def decision_view(ctx: Context, d: Decision) -> DecisionView:
    """The pending decision as its decider sees it (with the spell or ability it is about)."""
    if d.kind in _PUTTING and ctx.state.agenda:
        f = ctx.state.agenda[-1]
        if isinstance(f, CastFrame | ActivateFrame):
            modes = tuple(f.modes or ()) if isinstance(f, CastFrame) else ()
            chosen = tuple([tuple(t) for t in f.picks.chosen])
            return DecisionView(
                d.player, d.kind, d.rule, d.prompt, tuple(d.options), f.obj, modes, f.x, chosen, f.picks.slot
            )
        if isinstance(f, TriggersFrame) and f.current:
            chosen = tuple([tuple(t) for t in f.picks.chosen])
            return DecisionView(
                d.player,
                d.kind,
                d.rule,
                d.prompt,
                tuple(d.options),
                f.current,
                (),
                None,
                chosen,
                f.picks.slot,
            )
    return DecisionView(d.player, d.kind, d.rule, d.prompt, tuple(d.options))


def _combat(state: GameState) -> CombatView | None:
    cb = state.combat
    if cb is None:
        return None
    return CombatView(dict(cb.attackers), {b: tuple(a) for b, a in cb.blockers.items()}, tuple(cb.blocked))


# ---------------------------------------------------------------------------- the caches


class Observer:
    """The caches of the observations of one context (``ctx.observer``)."""

    __slots__ = (
        "state",
        "over",
        "players",
        "zones",
        "layers",
        "combat_of",
        "combat",
        "fighting",
        "stack_views",
        "board",
        "index",
        "permanents",
        "hands",
        "known_views",
        "known_at",
        "cards",
        "spells",
        "looked",
        "looked_layers",
        "looked_id",
        "before_cast",
        "face_down_at",
        "face_down",
    )

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.over = False
        self.players: tuple[PlayerView, ...] = ()
        # (player, zone) -> (the ids it held, their views)
        self.zones: dict[tuple[int, str], tuple[list[int], tuple[CardView, ...]]] = {}
        self.layers = -1  # the layers_version the permanents' views were built at
        # The combat the views show, its view, the permanents in it.
        self.combat_of: Combat | None = None
        self.combat: CombatView | None = None
        self.fighting: set[int] = set()
        self.board: tuple[PermanentView, ...] = ()
        self.index: dict[int, int] = {}  # permanent id -> its place in board
        self.permanents: dict[int, tuple[Chars, PermanentView]] = {}  # id -> built from, view
        # player -> (ctx.hidden_changes, the ids, their views)
        self.hands: dict[int, tuple[int, list[int], tuple[CardView, ...]]] = {}
        self.known_views: dict[int | None, tuple[KnownCard, ...]] = {}  # per observer, at known_at
        self.known_at = -1  # the ctx.hidden_changes they were built at
        self.cards: dict[int, CardView] = {}
        self.spells: dict[str, tuple[tuple[str, ...], tuple[str, ...], int]] = {}
        # The state's version, layers_version and next_id at the last look outside a cast or
        # activation, and the views kept when one began (733: cancelling it comes back there).
        self.looked = self.looked_layers = self.looked_id = -1
        self.before_cast: tuple[Any, ...] | None = None
        # 708.5: the face-down objects (id, zone) at (layers_version, stack size, top of stack)
        self.face_down_at: tuple[int, int, int] = (-1, -1, -1)
        self.face_down: list[tuple[int, str]] = []
        # stack object id -> (its targets, x and modes then, its view)
        self.stack_views: dict[int, tuple[list[list[int]], int, list[int], StackItemView]] = {}

    def keep_before_cast(self) -> None:
        """Keep the views of the last look (before the cast or activation in progress
        began): cancelling it (733) brings the game back there."""
        self.before_cast = (
            (self.looked, self.looked_layers, self.looked_id),
            self.players,
            self.over,
            self.layers,
            self.combat_of,
            self.combat,
            self.fighting,
            self.board,
            self.index,
            dict(self.permanents),
        )

    def rewound(self, state: GameState) -> None:
        """The context's state was replaced by an earlier one (a cast or activation rewound,
        733): keep what is still right. The views of objects that exist in both states stay
        (an object id is never used twice in one line of play); the ids the earlier state has
        not allocated yet will be used again, by other objects."""
        self.state = state
        below = state.next_id
        self.stack_views = {k: v for k, v in self.stack_views.items() if k < below}
        saved = self.before_cast
        self.before_cast = None
        if saved is not None and saved[0] == (state.version, state.layers_version, state.next_id):
            # Back to where it was at the last look before the cast (its usual end: cancel).
            (
                _,
                self.players,
                self.over,
                self.layers,
                self.combat_of,
                self.combat,
                self.fighting,
                self.board,
                self.index,
                self.permanents,
            ) = saved
            self.combat_of = state.combat  # the same combat, as decoded again
            self.zones = {}
            self.hands = {}
            self.known_views = {}
            self.known_at = -1
            return
        self.players = ()  # all again
        self.layers = -1  # compare every permanent with its view again
        self.combat_of = None
        self.permanents = {k: v for k, v in self.permanents.items() if k < below}
        self.zones = {}
        self.hands = {}
        self.known_views = {}
        self.known_at = -1

    # -------------------------------------------------------------- cards in zones

    def card_views(self, state: GameState, ids: list[int]) -> tuple[CardView, ...]:
        cards = self.cards
        objects = state.objects
        out = []
        for oid in ids:
            v = cards.get(oid)
            name = objects[oid].name
            if v is None or v.name != name:  # (a rewound state uses ids again)
                v = cards[oid] = CardView(oid, name)
            out.append(v)
        return tuple(out)

    def hand(self, ctx: Context, player: int) -> tuple[CardView, ...]:
        found = self.hands.get(player)
        changes = ctx.hidden_changes
        if found is not None:
            if found[0] == changes:
                return found[2]
            ids = ctx.state.players[player].hand
            if found[1] == ids:  # another hidden zone changed
                self.hands[player] = (changes, found[1], found[2])
                return found[2]
        ids = ctx.state.players[player].hand
        views = self.card_views(ctx.state, ids)
        self.hands[player] = (changes, list(ids), views)
        return views

    # -------------------------------------------------------------- the players

    def refresh_players(self, ctx: Context) -> None:
        """Views of the players the pipeline touched (all of them, the first time and when
        the game ends: 104 sets who lost and won)."""
        state = ctx.state
        views = self.players
        if len(views) != len(state.players) or self.over != state.over:
            views = tuple([_player_view(self, state, p) for p in state.players])
        else:
            fresh = list(views)
            for i in ctx.touched_players:
                fresh[i] = _player_view(self, state, state.players[i])
            views = tuple(fresh)
        self.players = views
        self.over = state.over
        ctx.touched_players.clear()

    def known_cards(self, ctx: Context, player: int | None) -> tuple[KnownCard, ...]:
        """Cards in zones hidden from `player` that they know (a spectator: those known to all).

        Cached while the hidden zones are unchanged (``ctx.hidden_changes``)."""
        state = ctx.state
        known = state.known
        if self.known_at != ctx.hidden_changes:
            self.known_views = {}
            self.known_at = ctx.hidden_changes
        found = self.known_views.get(player)
        if found is not None:
            return found
        everyone = len(state.players)
        out: list[KnownCard] = []
        for oid, who in known.items():
            if player is None:
                if len(who) < everyone:
                    continue
            elif player not in who:
                continue
            o = state.objects.get(oid)
            if o is None or (o.zone == HAND and o.owner == player):
                continue  # its owner sees their own hand anyway
            if o.zone == LIBRARY:
                lib = state.players[o.owner].library
                out.append(KnownCard(oid, o.name, o.owner, LIBRARY, len(lib) - 1 - lib.index(oid)))
            elif o.zone == HAND:
                out.append(KnownCard(oid, o.name, o.owner, HAND))
        out.sort(key=_known_order)
        views = self.known_views[player] = tuple(out)
        return views

    def face_down_cards(self, ctx: Context, player: int) -> tuple[KnownCard, ...]:
        """708.5: the face-down spells and permanents `player` controls, which they may look
        at (cached while the characteristics and the stack are unchanged)."""
        state = ctx.state
        key = (state.layers_version, len(state.stack), state.stack[-1] if state.stack else 0)
        if self.face_down_at != key:
            self.face_down_at = key
            objects = state.objects
            self.face_down = [
                (oid, objects[oid].zone) for oid in state.battlefield + state.stack if objects[oid].face_down
            ]
        if not self.face_down:
            return ()
        out = []
        for oid, zone in self.face_down:
            o = state.objects[oid]
            if ctx.controller(oid) == player:
                out.append(KnownCard(oid, o.name, o.owner, zone))
        return tuple(out)

    # -------------------------------------------------------------- the permanents

    def refresh_board(self, ctx: Context) -> None:
        """Bring the permanents' views (and combat's) up to date: all of them after the
        characteristics were computed again, else those the pipeline or combat touched."""
        state = ctx.state
        cb = state.combat
        touched = ctx.touched
        layers = state.layers_version
        if cb is not None and (touched or cb is not self.combat_of or layers != self.layers):
            self.combat = _combat(state)
        elif cb is None:
            self.combat = None
        attacks = cb.attackers if cb is not None else {}
        blocks = self.combat.blockers if self.combat is not None else _NO_BLOCKS
        chars = ctx.battlefield_chars()
        objects = state.objects
        entries = self.permanents
        if layers == self.layers:
            # The same permanents with the same characteristics (a change to either bumps
            # layers_version): show again those tapped, damaged, attacking, ...
            again: set[int] | list[int] = touched
            if cb is not self.combat_of:
                again = set(touched) | self.fighting  # combat began or ended
            views = list(self.board)
            index = self.index
            for oid in again:
                i = index.get(oid)
                if i is not None:
                    if cb is None:
                        v = _restatus(views[i], objects[oid], None, ())
                    else:
                        v = _restatus(views[i], objects[oid], attacks.get(oid), blocks.get(oid, ()))
                    entries[oid] = (entries[oid][0], v)
                    views[i] = v
            self.board = tuple(views)
        else:
            fresh: dict[int, tuple[Chars, PermanentView]] = {}
            views = []
            for oid in state.battlefield:
                o = objects[oid]
                c = chars[oid]
                attacking = attacks.get(oid)
                blocking = blocks.get(oid, ())
                e = entries.get(oid)
                if e is None:
                    v = _permanent_view(o, c, attacking, blocking, _transformed(ctx, o))
                elif (e[0] is c or _same_characteristics(e[0], c)) and e[1].transformed == _transformed(
                    ctx, o
                ):
                    v = e[1]
                    if not _same_status(v, o, attacking, blocking):
                        v = _restatus(v, o, attacking, blocking)
                else:
                    v = _permanent_view(o, c, attacking, blocking, _transformed(ctx, o))
                fresh[oid] = (c, v)
                views.append(v)
            self.permanents = fresh
            self.board = tuple(views)
            self.index = {oid: i for i, oid in enumerate(state.battlefield)}
            self.layers = layers
        touched.clear()
        if cb is not None and (cb is not self.combat_of or self.combat is not None):
            self.fighting = set(attacks).union(blocks)
        elif cb is None and self.fighting:
            self.fighting = set()
        self.combat_of = cb

    # -------------------------------------------------------------- the stack

    def stack(self, ctx: Context) -> tuple[StackItemView, ...]:
        state = ctx.state
        objects = state.objects
        views = self.stack_views
        out = []
        for oid in reversed(state.stack):
            o = objects[oid]
            e = views.get(oid)
            if e is None or e[0] != o.targets or e[1] != o.x or e[2] != o.mode:
                e = views[oid] = (
                    [list(t) for t in o.targets],
                    o.x,
                    list(o.mode),
                    self._stack_item(ctx, o),
                )
            out.append(e[3])
        if len(views) > 64:
            on_stack = set(state.stack)
            self.stack_views = {k: v for k, v in views.items() if k in on_stack}
        return tuple(out)

    def _stack_item(self, ctx: Context, o: Obj) -> StackItemView:
        copies_face_down = o.copy_of is not None and o.copy_of.face_down
        if (o.face_down or copies_face_down) and not o.ability:
            # 708.4, 708.2a: a face-down 2/2 creature spell: no name, no color, no mana cost;
            # 707.2: a copy of one has those values, face up
            return StackItemView(
                o.id,
                "",
                "spell",
                o.controller,
                o.owner,
                None,
                None,
                (),
                0,
                (),
                ("creature",),
                (),
                0,
                face_down=bool(o.face_down),
                copy=o.is_copy,
            )
        if o.ability:
            types: tuple[str, ...] = ()
            colors: tuple[str, ...] = ()
            mv = 0
        else:
            found = self.spells.get(o.name)
            if found is None:
                face = ctx.face(o.name)
                found = self.spells[o.name] = (
                    tuple(sorted(face.types)),
                    tuple(sorted(face.colors)),
                    face.mana_value,
                )
            types, colors, mv = found
            if o.copy_of is not None and o.copy_of.colors is not None:
                colors = tuple(sorted(o.copy_of.colors))  # 707.9b: "except that the copy is red"
        return StackItemView(
            o.id,
            o.name,
            "ability" if o.ability else "spell",
            o.controller,
            o.owner,
            o.source if o.ability else None,
            o.ability or None,
            tuple([tuple(slot) for slot in o.targets]),
            o.x,
            tuple(o.mode),
            types,
            colors,
            mv,
            copy=o.is_copy,
        )


def _known_order(k: KnownCard) -> int:
    return k.id


def _player_view(obs: Observer, state: GameState, p: Player) -> PlayerView:
    i = p.index
    zones = obs.zones
    graveyard = zones.get((i, "graveyard"))
    if graveyard is None or graveyard[0] != p.graveyard:
        graveyard = zones[(i, "graveyard")] = (list(p.graveyard), obs.card_views(state, p.graveyard))
    exile = zones.get((i, "exile"))
    if exile is None or exile[0] != p.exile:
        exile = zones[(i, "exile")] = (list(p.exile), obs.card_views(state, p.exile))
    return PlayerView(
        i,
        p.name,
        p.life,
        p.poison,
        len(p.library),
        len(p.hand),
        graveyard[1],
        exile[1],
        dict(p.pool),
        p.lands_played,
        p.mulligans,
        p.lost,
        p.won,
        p.conceded,
        p.left,
        p.energy,
    )


def _same_characteristics(old: Chars, new: Chars) -> bool:
    """Characteristics computed again, compared by content (unchanged ones share their
    printed sets and ability ids)."""
    return (
        old.name == new.name
        and old.types is new.types
        and old.subtypes is new.subtypes
        and old.supertypes is new.supertypes
        and old.colors is new.colors
        and old.power == new.power
        and old.toughness == new.toughness
        and old.controller == new.controller
        and old.ability_ids == new.ability_ids
        and old.keywords == new.keywords
        and old.mana_value == new.mana_value
        and old.cant_attack == new.cant_attack
        and old.cant_block == new.cant_block
    )


def _same_status(v: PermanentView, o: Obj, attacking: int | None, blocking: tuple[int, ...]) -> bool:
    return (
        v.tapped == o.tapped
        and v.damage == o.damage
        and v.sick == o.sick
        and (v.attached_to or 0) == o.attached_to
        and v.counters == o.counters
        and v.attacking == attacking
        and v.blocking == blocking
    )


def _restatus(v: PermanentView, o: Obj, attacking: int | None, blocking: tuple[int, ...]) -> PermanentView:
    """The view with the permanent's status now (its characteristics unchanged)."""
    return _replace(
        v,
        tapped=o.tapped,
        damage=o.damage,
        sick=o.sick,
        attached_to=o.attached_to or None,
        counters=dict(o.counters),
        attacking=attacking,
        blocking=blocking,
    )


_SORTED: dict[frozenset[str], tuple[str, ...]] = {}
_NONE: tuple[str, ...] = ()


def _sorted_set(values: frozenset[str]) -> tuple[str, ...]:
    """Characteristics as a sorted tuple (the printed templates' frozensets are shared:
    their tuples are kept)."""
    if len(_SORTED) > 4096:
        _SORTED.clear()
    found = _SORTED[values] = tuple(sorted(values))
    return found


def _transformed(ctx: Context, o: Obj) -> bool:
    """701.27g: a double-faced permanent with its back face up (public: 712.6)."""
    return is_back_face_up(ctx, o.name)


def _permanent_view(
    o: Obj, c: Chars, attacking: int | None, blocking: tuple[int, ...], transformed: bool = False
) -> PermanentView:
    get = _SORTED.get
    types = get(c.types) or (_sorted_set(c.types) if c.types else _NONE)
    subtypes = get(c.subtypes) or (_sorted_set(c.subtypes) if c.subtypes else _NONE)
    supertypes = get(c.supertypes) or (_sorted_set(c.supertypes) if c.supertypes else _NONE)
    colors = get(c.colors) or (_sorted_set(c.colors) if c.colors else _NONE)
    creature = "creature" in c.types
    return PermanentView(
        o.id,
        c.name,
        o.owner,
        c.controller,
        types,
        subtypes,
        supertypes,
        colors,
        c.mana_value,
        c.power if creature else None,
        c.toughness if creature else None,
        tuple(sorted(c.keywords)) if c.keywords else _NONE,
        c.ability_ids,
        dict(o.counters),
        o.tapped,
        o.damage,
        o.sick,
        o.token is not None,
        o.attached_to or None,
        attacking,
        blocking,
        c.cant_attack,
        c.cant_block,
        bool(o.face_down),
        transformed,
    )


__all__ = ["Observer", "decision_view", "log_for", "observation", "turn_start"]
