"""The game object: the public API of karn (python-chess style).

>>> from karn import Game
>>> g = Game.new("red_burn", "green_stompy", seed=7)

``g.decision`` says who must decide what (and which rule asks);
``g.legal_actions()`` lists the answers; ``g.apply(action)`` takes one.

A game plays the cards of its :class:`~karn.cards.pool.CardPool`, compiled
before it starts: pass ``pool=`` to :meth:`Game.new` and :meth:`Game.loads`,
or let them compile the cards the decks (or the save) name.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping, Sequence
from typing import Any

from karn import ir, saves
from karn.cards.database import CardDatabase, CardFace
from karn.cards.decks import Deck, DeckError, DeckProblem, load_deck
from karn.cards.pool import CardNotInPoolError, CardPool
from karn.engine import decisions, determinize, flow, game_over, observe, start
from karn.engine.actions import Action, IllegalActionError
from karn.engine.context import Context
from karn.engine.layers import Chars
from karn.engine.log import Event
from karn.engine.observation import Observation
from karn.engine.pipeline import new_object, place
from karn.engine.rng import shuffle
from karn.engine.state import (
    BATTLEFIELD,
    COMMAND,
    LIBRARY,
    Decision,
    GameState,
    Obj,
    Option,
    Planechase,
    Player,
    encode_state,
)
from karn.oracle.pool import build_pool
from karn.saves import CorruptSaveError, SaveFile


class Game:
    """A game of Magic between 2 to 6 players."""

    def __init__(
        self, state: GameState, log: list[Event] | None = None, pool: CardPool | None = None
    ) -> None:
        if pool is None:
            pool = build_pool(saves.card_names(state))
        self.ctx = Context(state, pool, log)
        self._actions: list[Action] = []
        self._actions_of: list[Option] | None = None  # the options _actions were made from
        self._growing_pool = False  # Game.empty without a pool: add_card compiles new cards

    @property
    def state(self) -> GameState:
        """The whole game state (plain data: see :mod:`karn.engine.state`)."""
        return self.ctx.state

    @property
    def pool(self) -> CardPool:
        """The compiled cards this game plays."""
        return self.ctx.pool

    @property
    def log(self) -> list[Event]:
        """Everything that happened, each event citing its CR rule."""
        return self.ctx.log

    # ------------------------------------------------------------------ creation

    @classmethod
    def new(
        cls,
        *decks: DeckSpec,
        seed: int = 0,
        names: Sequence[str] | None = None,
        auto_single: bool = True,
        auto_pass: bool = False,
        trample_choice: bool = False,
        pool: CardPool | None = None,
        planar_decks: Sequence[Sequence[str]] | None = None,
    ) -> Game:
        """Start a game of 2 to 6 players (103, 800-806 free-for-all): shuffle, choose a random
        starting player, draw 7, mulligans. Each deck is a bundled deck's name, a deck file,
        a :class:`~karn.cards.decks.Deck`, a list of card names or a mapping name -> count.

        >>> g = Game.new("red_burn", "green_stompy", "red_burn", "green_stompy", seed=3)
        >>> len(g.state.players), [p.name for p in g.state.players]
        (4, ['A', 'B', 'C', 'D'])

        ``auto_single``: take decisions with a single option automatically (other than
        priority); ``auto_pass``: pass priority automatically when passing is the only option;
        ``trample_choice``: ask how much of a trampler's damage goes to each blocker (702.19b)
        instead of assigning lethal damage to the blockers and the rest to what it attacks.
        ``pool``: the compiled cards (by default, the decks' cards compiled now).
        ``planar_decks``: a Planechase game (901): one planar deck of plane cards per player
        (901.3: at least ten, each with a different name), shuffled like libraries (103.3);
        the starting player's top card becomes the starting plane (901.5).
        """
        if not 2 <= len(decks) <= 6:
            raise ValueError(f"a game has 2 to 6 players; got {len(decks)} deck(s)")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"seed must be an int, not {type(seed).__name__}")
        player_names = list(names) if names is not None else [chr(ord("A") + i) for i in range(len(decks))]
        if len(player_names) != len(decks) or len(set(player_names)) != len(player_names):
            raise ValueError(f"give one distinct name per player ({len(decks)}), got {player_names}")
        db = CardDatabase.default()
        lists = [_deck_cards(d, db, i) for i, d in enumerate(decks)]
        planes = _planar_decks(planar_decks, db if pool is None else pool, len(decks))
        _no_planes_in_decks(lists, db if pool is None else pool)
        if pool is None:
            pool = build_pool({n for cards in lists + (planes or []) for n in cards}, db)
        names = sorted({n for cards in lists + (planes or []) for n in cards})
        for name in names:
            if name not in pool:
                raise DeckError(f"{name} is not in the card pool given")
        unplayable = pool.unplayable(names)
        if unplayable:  # every card karn can't play yet, at once
            raise DeckError.of([DeckProblem(f"{u.card} is not playable: {u.why()}") for u in unplayable])
        s = GameState(players=[Player(index=i, name=n) for i, n in enumerate(player_names)])
        s.rng = seed & ((1 << 64) - 1)
        s.settings["auto_single"] = int(auto_single)
        s.settings["auto_pass"] = int(auto_pass)
        s.settings["trample_choice"] = int(trample_choice)
        g = cls(s, pool=pool)
        card_id = 0
        for p, cards in enumerate(lists):
            for name in cards:
                card_id += 1
                place(g.ctx, card_id, name, p, LIBRARY)
        if planes is not None:
            g._place_planar_decks(planes, card_id)
            for deck in s.planechase.decks if s.planechase else []:
                shuffle(s, deck)  # 103.3: the planar decks are randomized too
        start.start_game(g.ctx)
        g._run()
        return g

    @classmethod
    def empty(cls, names: Sequence[str] = ("A", "B"), seed: int = 0, pool: CardPool | None = None) -> Game:
        """An empty game that a setup (scenario builder) fills before calling :meth:`begin_at`.

        Without a ``pool``, the cards :meth:`add_card` names are compiled as they are added.
        """
        if not 2 <= len(names) <= 6:
            raise ValueError(f"a game has 2 to 6 players; got {len(names)}")
        s = GameState(players=[Player(index=i, name=n) for i, n in enumerate(names)])
        s.rng = seed & ((1 << 64) - 1)
        s.settings["auto_single"] = 1
        g = cls(s, pool=pool if pool is not None else CardPool({}))
        g._growing_pool = pool is None
        return g

    def add_card(self, player: int, name: str, zone: str, **fields: Any) -> int:
        """Scenario setup: put a card into a zone (before :meth:`begin_at`)."""
        if self.state.started:
            raise IllegalActionError("cards are added only while setting up, before the game begins")
        if not 0 <= player < len(self.state.players):
            raise ValueError(f"no player {player}")
        name = self._into_pool(name)
        face = self.pool.face(name)
        s = self.state
        card_id = max([o.card for o in s.objects.values()] + [0]) + 1
        if zone == BATTLEFIELD and face.loyalty is not None and "loyalty" not in fields.get("counters", {}):
            fields = {**fields, "counters": {**fields.get("counters", {}), "loyalty": int(face.loyalty)}}
        o = place(self.ctx, card_id, face.name, player, zone, **fields)
        self.dirty()
        return o.id

    def _place_planar_decks(self, decks: Sequence[Sequence[str]], last_card: int) -> None:
        """901.4: each player's planar deck in the command zone (top card first); the game
        becomes a Planechase game (901)."""
        ids: list[list[int]] = []
        card_id = last_card
        for p, names in enumerate(decks):
            ids.append([])
            for name in names:
                card_id += 1
                o = new_object(self.ctx, card_id, name, p, COMMAND)
                ids[-1].append(o.id)
        self.state.planechase = Planechase(decks=ids)

    def set_planar_decks(self, decks: Sequence[Sequence[str]]) -> None:
        """Scenario setup: a Planechase game (901) with these planar decks (per player, top
        card first, in the order given: no shuffle). :meth:`begin_at` turns the active
        player's top card face up (901.5). Any size, for tests: :meth:`new` checks 901.3."""
        if self.state.started:
            raise IllegalActionError("planar decks are set only while setting up, before the game begins")
        if len(decks) != len(self.state.players):
            raise ValueError(f"one planar deck per player ({len(self.state.players)}), got {len(decks)}")
        names = [[self._into_pool(n) for n in deck] for deck in decks]
        self._place_planar_decks(names, max([o.card for o in self.state.objects.values()] + [0]))
        self.dirty()

    def _into_pool(self, name: str) -> str:
        """The pool's name for a card, compiled now if this game grows its pool."""
        if name not in self.pool:
            canonical = CardDatabase.default().get(name).name
            if canonical not in self.pool:
                if not self._growing_pool:
                    raise CardNotInPoolError(canonical)
                self.ctx.pool = self.pool.merged(build_pool([canonical]))
                self.ctx.printed.pool = self.ctx.pool
            name = canonical
        return name

    def begin_at(self, active: int, step: str, turn: int = 1) -> None:
        """Scenario setup: the game starts with `active` holding priority in `step`."""
        start.begin_at(self.ctx, active, step, turn)
        self._run()

    # ------------------------------------------------------------------ card data and characteristics

    def face(self, name: str) -> CardFace:
        return self.ctx.face(name)

    def compiled(self, name: str) -> ir.CompiledCard:
        return self.ctx.compiled(name)

    def dirty(self) -> None:
        """Invalidate derived data after changing the state by hand (a test or a setup); a
        pending priority decision is asked again, its options computed afresh."""
        s = self.state
        s.version += 1
        s.layers_version += 1
        self.ctx.observer = None
        if s.started and s.decision is not None and s.decision.kind == "priority":
            s.decision = None
            self._run()

    def chars(self, oid: int) -> Chars:
        """The current characteristics of an object (613: all layers applied)."""
        return self.ctx.chars(oid)

    def explain(self, oid: int) -> str:
        """The layer-by-layer derivation of an object's characteristics and controller (613):
        each continuous effect applied to it, with its source, its layer and why it applies
        when it does (613.3 characteristic-defining abilities, 613.7 timestamps, 613.8
        dependencies)."""
        from karn.engine.explain import explain

        return explain(self.ctx, oid)

    def obj(self, oid: int) -> Obj:
        return self.ctx.obj(oid)

    def controller(self, oid: int) -> int:
        return self.ctx.controller(oid)

    def pname(self, p: int) -> str:
        return self.ctx.player_name(p)

    # ------------------------------------------------------------------ the decision API

    @property
    def decision(self) -> Decision | None:
        """The pending decision (None once the game is over)."""
        return self.ctx.state.decision

    def legal_actions(self) -> list[Action]:
        """The answers to the pending decision (empty once the game is over), for the
        player ``decision.player``: any of them may be passed to :meth:`apply`."""
        d = self.ctx.state.decision
        if d is None:
            return []
        options = d.options
        if self._actions_of is not options:
            self._actions = [Action(o.kind, o.a, o.b, o.label) for o in options]
            self._actions_of = options
        return list(self._actions)

    def is_over(self) -> bool:
        """Has the game ended (104)? Then :attr:`winner` says who won (None: a draw)."""
        return self.ctx.state.over

    @property
    def winner(self) -> int | None:
        """Index of the winning player, None for a draw or a game in progress."""
        s = self.state
        return s.winner if s.over and s.winner >= 0 else None

    def apply(self, action: Action, player: int | None = None) -> None:
        """Take an action answering the pending decision.

        ``player``, when given, is the player taking it (a server passes the seat of the
        client): an action by anyone but the player who must decide is refused (117.1 for
        priority, the decision's own rule otherwise, e.g. 509.1 for blockers). An action
        that is not among the legal options raises :class:`IllegalActionError` naming the
        rule, and changes nothing (733). Anything but an :class:`Action` of a ``str`` kind
        and ``int`` numbers is a :class:`TypeError`.

        >>> g = Game.new("red_burn", "green_stompy", seed=7)
        >>> decider = g.decision.player
        >>> g.apply(Action("keep"), player=1 - decider)
        Traceback (most recent call last):
        ...
        karn.engine.actions.IllegalActionError: 103.5: each player decides on their own mulligan: ...
        >>> g.apply(Action("keep"), player=decider)
        """
        if type(action) is not Action and not isinstance(action, Action):
            raise TypeError(
                f"apply() takes an Action (e.g. Action('pass') or one of legal_actions()), "
                f"not {type(action).__name__}: {action!r}"
            )
        kind, a, b = action.kind, action.a, action.b
        if type(kind) is not str and isinstance(kind, str):
            kind = str.__str__(kind)  # an ActionKind (a StrEnum) is its string
        if type(kind) is not str or type(a) is not int or type(b) is not int:
            raise TypeError(
                f"an Action has a str kind and int numbers a and b, not Action({kind!r}, {a!r}, {b!r})"
            )
        state = self.ctx.state
        d = state.decision
        if player is not None:
            player = self._player_index(player)
        if d is None:
            raise IllegalActionError("the game is over; no decision is pending", "104.1")
        if player is not None and player != d.player:
            rule = "117.1" if d.kind == "priority" else d.rule
            raise IllegalActionError(decisions.not_theirs(self.ctx, d, player), rule)
        opt = None
        for o in d.options:
            if o.a == a and o.kind == kind and o.b == b:
                opt = o
                break
        if opt is None:
            violated, why = flow.explain_illegal(self.ctx, Action(kind, a, b, action.label))
            raise IllegalActionError(why, d.rule, violated)
        state.decision = None
        try:
            flow.handle(self.ctx, Action(opt.kind, opt.a, opt.b, opt.label), d)
        except IllegalActionError:
            self.ctx.state.decision = d  # refused as a whole (509.1b): nothing changed
            raise
        self._run()

    def push(self, action: Action, player: int | None = None) -> None:
        """Alias of :meth:`apply` (python-chess naming)."""
        self.apply(action, player)

    def concede(self, player: int) -> None:
        """104.3a: a player may concede at any time (``player``: an index, 0 to players - 1)."""
        player = self._player_index(player)
        if self.state.over:
            raise IllegalActionError("the game is over", "104.1")
        if self.state.players[player].lost:
            raise IllegalActionError(f"{self.pname(player)} has already left the game", "800.4a")
        self.state.players[player].conceded = True
        self.ctx.touched_players.add(player)  # a change the observations show
        self.ctx.sba_version = -1
        self.ctx.emit("104.3a", f"{self.pname(player)} concedes")
        game_over.check_game_over(self.ctx)
        if not self.state.over:
            self._run()

    def _player_index(self, player: object) -> int:
        """`player` as a player index, or a clear error (booleans are not players)."""
        players = self.state.players
        if type(player) is not int:
            raise TypeError(f"a player is an int index ({_player_list(self.state)}), not {player!r}")
        if not 0 <= player < len(players):
            raise ValueError(f"no player {player}: the players are {_player_list(self.state)}")
        return player

    def _run(self) -> None:
        flow.run(self.ctx)

    # ------------------------------------------------------------------ copies and saves

    def copy(self, log: bool = True) -> Game:
        """An independent game that continues exactly like this one. ``log=False`` leaves
        the copy's log empty (search: cheaper, and the log never changes how a game goes).

        >>> g = Game.new("red_burn", "green_stompy", seed=7)
        >>> c = g.copy(log=False)
        >>> c.state_hash() == g.state_hash() and c.log == [] and len(g.log) > 0
        True
        """
        g = Game.__new__(Game)
        g.ctx = self.ctx.copy(log=log)
        g._actions = []
        g._actions_of = None
        g._growing_pool = self._growing_pool
        return g

    def __copy__(self) -> Game:
        """``copy.copy(game)`` is :meth:`copy`: two games never share a state."""
        return self.copy()

    def __deepcopy__(self, memo: dict[int, object]) -> Game:
        """``copy.deepcopy(game)`` (and of anything holding a game: an environment's state)
        is :meth:`copy`, on the pure and on the compiled build (mypyc's classes can't be
        rebuilt by :mod:`copy`)."""
        return self.copy()

    def determinize(self, player: int, seed: int) -> Game:
        """A copy of the game in which everything `player` can't see is drawn anew from
        `seed`, consistently with what they saw: the other players' hands and every library
        (its order, and which of its owner's hidden cards it holds), and the random number
        generator. `player`'s hand, the cards they know in hidden zones (revealed, looked
        at, seen entering) and every public zone stay as they are; ``observation(player)``
        is the same in the copy. For search with imperfect information (ISMCTS): see
        :mod:`karn.engine.determinize` for exactly what is resampled.

        >>> g = Game.new("red_burn", "green_stompy", seed=5)
        >>> h = g.determinize(0, seed=1)
        >>> h.observation(0) == g.observation(0)
        True
        >>> sorted(h.obj(o).card for o in h.state.players[1].hand) != sorted(
        ...     g.obj(o).card for o in g.state.players[1].hand)
        True
        """
        player = self._player_index(player)
        if type(seed) is not int:
            raise TypeError(f"a seed is an int, not {seed!r}")
        copy = self.copy()
        determinize.determinize(copy.ctx, player, seed)
        return copy

    def dumps(self) -> bytes:
        """Serialize the whole game to bytes: the state, the log (its last
        :data:`~karn.saves.LOG_KEPT` entries), the IR version and the hash of each card's
        compilation, with a checksum (:mod:`karn.saves`)."""
        return saves.dump(self.state, self.log, self.pool, self.ctx.rollback_log)

    @classmethod
    def loads(cls, data: bytes, pool: CardPool | None = None) -> Game:
        """Load a game saved by :meth:`dumps`. A corrupt or inconsistent file raises
        :class:`CorruptSaveError`, and so does a save whose cards were compiled differently
        than ``pool``'s (by default, the cards it names compiled now)."""
        sf, state, log = saves.load(data)
        if pool is None:
            try:
                pool = build_pool(saves.card_names(state))
            except KeyError as e:
                raise CorruptSaveError(f"corrupt save: {e}") from None
        saves.check_pool(sf, pool, state)
        g = cls(state, log, pool)
        g.ctx.rollback_log = sf.rollback_log
        return g

    def state_hash(self) -> str:
        """A hash of the complete game state (equal states, equal hashes)."""
        return hashlib.blake2b(encode_state(self.state), digest_size=16).hexdigest()

    # ------------------------------------------------------------------ views

    def observation(self, player: int, log_from: int | None = None) -> Observation:
        """What `player` (an index, 0 to players - 1) may know now: no peeking.

        See :class:`~karn.engine.observation.Observation`: public information, the
        player's own hand, the permanents, the stack, the decision (only for its decider)
        and the log as that player may read it, from entry ``log_from`` (by default the
        first entry of the current turn) to the end; ``obs.log_size`` is where the next
        call may start (a cancelled cast or activation withdraws its entries, 733: the log
        may become shorter). ``obs.to_dict()`` is JSON-ready. Anything but a player index
        is an error (:class:`TypeError`, :class:`ValueError`): a spectator's view is
        :meth:`public_observation`.

        >>> g = Game.new("red_burn", "green_stompy", seed=42)
        >>> obs = g.observation(0)
        >>> [len(obs.hand), obs.players[1].hand_size]
        [7, 7]
        >>> g.observation(2)
        Traceback (most recent call last):
        ...
        ValueError: no player 2: the players are 0 (A) and 1 (B)
        """
        if type(player) is not int or not 0 <= player < len(self.ctx.state.players):
            player = self._player_index(player)
        if log_from is not None and (type(log_from) is not int or not 0 <= log_from <= len(self.ctx.log)):
            log_from = self._log_start(log_from)
        return observe.observation(self.ctx, player, log_from)

    def public_observation(self, log_from: int | None = None) -> Observation:
        """A spectator's view: what every player may know (no hand, no decision options;
        ``player`` is None; known hidden cards only when everyone knows them)."""
        return observe.observation(self.ctx, None, self._log_start(log_from))

    def _log_start(self, log_from: object) -> int | None:
        if log_from is None:
            return None
        if type(log_from) is not int:
            raise TypeError(f"log_from is a log index (an int), not {log_from!r}")
        if log_from < 0:
            raise ValueError(f"log_from is a log index (0 or more), not {log_from}")
        # Past the end: nothing new. The log is shorter than before when a cast or
        # activation was cancelled (733): its entries were withdrawn.
        return min(log_from, len(self.log))

    def describe(self, oid: int) -> str:
        return self.ctx.describe(oid)

    def __repr__(self) -> str:
        s = self.state
        return f"<Game turn {s.turn} {s.step} active={self.pname(s.active)} over={s.over}>"


def _player_list(state: GameState) -> str:
    """ "0 (A) and 1 (B)": the players' indices and names, for error messages."""
    names = [f"{p.index} ({p.name})" for p in state.players]
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)


DeckSpec = str | Deck | Sequence[str] | Mapping[str, int]

#: The most cards one deck may hold (a sanity bound, not a format rule: 100.2).
MAX_DECK = 10_000


#: 901.3: a planar deck has at least ten cards, no more than two of them phenomena.
MIN_PLANAR_DECK = 10
MAX_PHENOMENA = 2
PLANAR_TYPES = ("plane", "phenomenon")


def _face(cards: CardDatabase | CardPool, name: str) -> CardFace:
    return cards.face(name) if isinstance(cards, CardPool) else cards.get(name)


def _no_planes_in_decks(lists: list[list[str]], cards: CardDatabase | CardPool) -> None:
    """311.2, 312.2, 901.3: plane and phenomenon cards are in planar decks, never in a deck."""
    for name in sorted({n for deck in lists for n in deck}):
        kind = next((t for t in PLANAR_TYPES if t in _face(cards, name).types), None)
        if kind is not None:
            raise DeckError(f"{name} is a {kind} card: it goes in a planar deck (311.2, 312.2, 901.3)")


def _planar_decks(
    decks: Sequence[Sequence[str]] | None, db: CardDatabase | CardPool, players: int
) -> list[list[str]] | None:
    """The planar decks of a Planechase game, by card names, validated (901.3: each player's
    has at least ten plane cards, each with a different name; 311.1)."""
    if decks is None:
        return None
    if len(decks) != players:
        raise DeckError(f"a Planechase game needs one planar deck per player ({players}), got {len(decks)}")
    out: list[list[str]] = []
    for seat, deck in enumerate(decks):
        where = f"planar deck {seat + 1}"
        names = [_face(db, n).name for n in deck]
        if len(names) < MIN_PLANAR_DECK:
            raise DeckError(
                f"{where}: {len(names)} cards; a planar deck has at least {MIN_PLANAR_DECK} (901.3)"
            )
        if len(set(names)) != len(names):
            raise DeckError(f"{where}: each card of a planar deck has a different name (901.3)")
        for n in names:
            if not any(t in _face(db, n).types for t in PLANAR_TYPES):
                raise DeckError(
                    f"{where}: {n} is neither a plane nor a phenomenon card (311.1, 312.1, 901.3)"
                )
        if sum("phenomenon" in _face(db, n).types for n in names) > MAX_PHENOMENA:
            raise DeckError(f"{where}: no more than {MAX_PHENOMENA} phenomenon cards (901.3)")
        out.append(names)
    return out


def _deck_cards(d: object, db: CardDatabase, seat: int) -> list[str]:
    """A deck as one card name per card, each by the name of its card (a back face or a
    half names its whole card, 712.8a), validated."""
    where = f"deck {seat + 1}"
    if isinstance(d, Deck):
        cards = d.cards()
    elif isinstance(d, (str, os.PathLike)):
        cards = load_deck(d, db).cards()
    elif isinstance(d, Mapping):
        cards = []
        for name, count in d.items():
            if not isinstance(name, str) or isinstance(count, bool) or not isinstance(count, int):
                raise TypeError(f"{where}: a deck mapping is card name -> count, got {name!r}: {count!r}")
            if not 0 < count <= MAX_DECK:
                raise DeckError(f"{where}: {count} copies of {name!r} (1 to {MAX_DECK})")
            cards += [name] * count
    elif isinstance(d, Sequence) and not isinstance(d, (bytes, bytearray)):
        cards = list(d)
        for name in cards:
            if not isinstance(name, str):
                raise TypeError(f"{where}: a deck is a list of card names, got {name!r}")
    else:
        raise TypeError(
            f"{where}: a deck is a bundled deck's name, a file, a Deck, a list of names or a "
            f"mapping name -> count, not {type(d).__name__}"
        )
    if not cards:
        raise DeckError(f"{where} has no cards")
    if len(cards) > MAX_DECK:
        raise DeckError(f"{where} has {len(cards)} cards (at most {MAX_DECK})")
    out = []
    known: dict[str, str] = {}
    for name in cards:
        card = known.get(name)
        if card is None:
            card = known[name] = db.card_name(name)  # UnknownCardError names the nearest cards
        out.append(card)
    return out


__all__ = ["CorruptSaveError", "DeckSpec", "Event", "Game", "Observation", "SaveFile"]
