"""The game object: the public API of the engine (python-chess style).

>>> from karn import Game
>>> g = Game.new("red_burn", "green_stompy", seed=7)

``g.decision`` says who must decide what (and which rule asks);
``g.legal_actions()`` lists the answers; ``g.apply(action)`` takes one.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

import msgspec

from karn import ir
from karn.cards.database import CardDatabase, CardFace
from karn.cards.decks import Deck, load_deck
from karn.engine import flow, game_over, observe, start
from karn.engine.actions import Action, IllegalActionError
from karn.engine.layers import Chars, chars_of, compute_battlefield
from karn.engine.state import (
    BATTLEFIELD,
    LIBRARY,
    Decision,
    GameState,
    Obj,
    Option,
    Player,
    decode_state,
    encode_state,
)
from karn.engine.zones import new_object
from karn.oracle.compiler import compile_card

SAVE_FORMAT = 1


class Event(msgspec.Struct, frozen=True):
    """One log entry: what happened and the CR rule that made it happen."""

    rule: str
    text: str
    turn: int = 0

    def __str__(self) -> str:
        return f"{self.rule}: {self.text}"


class SaveFile(msgspec.Struct):
    format: int
    state: GameState
    log: list[Event]


class CorruptSaveError(ValueError):
    """A save file that cannot be loaded."""


_ENC = msgspec.msgpack.Encoder()
_SAVE_DEC = msgspec.msgpack.Decoder(SaveFile)

_compiled_cache: dict[str, ir.CompiledCard] = {}
_face_cache: dict[str, CardFace] = {}


class Game:
    """A game of Magic between two players (or more, in the state model)."""

    def __init__(
        self, state: GameState, log: list[Event] | None = None, db: CardDatabase | None = None
    ) -> None:
        self.s = state
        self.log: list[Event] = log if log is not None else []
        self.db = db or CardDatabase.default()
        self._bf: dict[int, Chars] | None = None
        # Caches, not state: "nothing but priority passes happened since the last state-based
        # action check" and the priority options computed since then (see flow.give_priority).
        self.sba_clean = False
        self.ability_cache: tuple[object, dict[int, Any]] = (None, {})
        self._actions: list[Action] = []
        self._actions_of: Decision | None = None
        self.offers: dict[tuple[int, bool, tuple[tuple[str, int], ...]], list[Option]] = {}

    # ------------------------------------------------------------------ creation

    @classmethod
    def new(
        cls,
        deck_a: str | Deck | Sequence[str],
        deck_b: str | Deck | Sequence[str],
        seed: int = 0,
        names: tuple[str, str] = ("A", "B"),
        auto_single: bool = True,
        auto_pass: bool = False,
        trample_choice: bool = False,
    ) -> Game:
        """Start a game (103): shuffle, choose a random starting player, draw 7, mulligans.

        ``auto_single``: take decisions with a single option automatically (other than
        priority); ``auto_pass``: pass priority automatically when passing is the only option;
        ``trample_choice``: ask how much of a trampler's damage goes to each blocker (702.19b)
        instead of assigning lethal damage to the blockers and the rest to what it attacks.
        """
        db = CardDatabase.default()
        decks = [_deck_cards(d, db) for d in (deck_a, deck_b)]
        for cards in decks:
            for name in cards:
                cc = _compile(db, name)
                if not cc.playable:
                    raise ValueError(f"{name} is not playable: {cc.unsupported[0].clause!r} does not compile")
        s = GameState(players=[Player(index=i, name=n) for i, n in enumerate(names)])
        s.rng = seed & ((1 << 64) - 1)
        s.settings["auto_single"] = int(auto_single)
        s.settings["auto_pass"] = int(auto_pass)
        s.settings["trample_choice"] = int(trample_choice)
        g = cls(s, db=db)
        card_id = 0
        for p, cards in enumerate(decks):
            for name in cards:
                card_id += 1
                o = new_object(g, card_id, name, p, LIBRARY)
                s.players[p].library.append(o.id)
        start.start_game(g)
        g._run()
        return g

    @classmethod
    def empty(cls, names: Sequence[str] = ("A", "B"), seed: int = 0) -> Game:
        """An empty game that a setup (scenario builder) fills before calling :meth:`begin_at`."""
        s = GameState(players=[Player(index=i, name=n) for i, n in enumerate(names)])
        s.rng = seed
        s.settings["auto_single"] = 1
        return cls(s)

    def add_card(self, player: int, name: str, zone: str, **fields: Any) -> int:
        """Scenario setup: put a card into a zone (before :meth:`begin_at`)."""
        face = self.face(name)
        s = self.s
        card_id = max([o.card for o in s.objects.values()] + [0]) + 1
        o = new_object(self, card_id, face.name, player, zone)
        if zone == BATTLEFIELD:
            s.battlefield.append(o.id)
            if face.loyalty is not None and "loyalty" not in fields.get("counters", {}):
                o.counters["loyalty"] = int(face.loyalty)
        else:
            getattr(s.players[player], zone).append(o.id)
        for k, v in fields.items():
            setattr(o, k, v)
        self.dirty()
        return o.id

    def begin_at(self, active: int, step: str, turn: int = 1) -> None:
        """Scenario setup: the game starts with `active` holding priority in `step`."""
        start.begin_at(self, active, step, turn)
        self._run()

    # ------------------------------------------------------------------ card data

    def face(self, name: str) -> CardFace:
        f = _face_cache.get(name)
        if f is None:
            f = self.db.get(name)
            _face_cache[name] = f
        return f

    def compiled(self, name: str) -> ir.CompiledCard:
        return _compile(self.db, name)

    # ------------------------------------------------------------------ characteristics

    def dirty(self) -> None:
        """Invalidate cached characteristics (call after any change that can affect them)."""
        self._bf = None

    def bf_chars(self) -> dict[int, Chars]:
        if self._bf is None:
            self._bf = compute_battlefield(self)
        return self._bf

    def chars(self, oid: int) -> Chars:
        bf = self._bf
        if bf is not None:
            c = bf.get(oid)
            if c is not None:
                return c
        return chars_of(self, oid)

    def obj(self, oid: int) -> Obj:
        return self.s.objects[oid]

    def controller(self, oid: int) -> int:
        bf = self._bf if self._bf is not None else self.bf_chars()
        c = bf.get(oid)
        if c is not None:
            return c.controller
        return self.s.objects[oid].controller

    def emit(self, rule: str, text: str) -> None:
        self.log.append(Event(rule, text, self.s.turn))

    def pname(self, p: int) -> str:
        return self.s.players[p].name

    # ------------------------------------------------------------------ the decision API

    @property
    def decision(self) -> Decision | None:
        """The pending decision (None once the game is over)."""
        return self.s.decision

    def legal_actions(self) -> list[Action]:
        d = self.s.decision
        if d is None:
            return []
        if self._actions_of is not d:
            self._actions = [Action.of(o) for o in d.options]
            self._actions_of = d
        return list(self._actions)

    def is_over(self) -> bool:
        return self.s.over

    @property
    def winner(self) -> int | None:
        """Index of the winning player, None for a draw or a game in progress."""
        return self.s.winner if self.s.over and self.s.winner >= 0 else None

    def apply(self, action: Action) -> None:
        """Take an action answering the pending decision.

        An action that is not among the legal options raises
        :class:`IllegalActionError` naming the rule, and changes nothing (733).
        """
        d = self.s.decision
        if d is None:
            raise IllegalActionError("the game is over; no decision is pending", "104.1")
        opt = None
        for o in d.options:
            if o.kind == action.kind and o.a == action.a and o.b == action.b:
                opt = o
                break
        if opt is None:
            raise IllegalActionError(flow.explain_illegal(self, action), d.rule)
        self.s.decision = None
        flow.handle(self, Action.of(opt), d)
        self._run()

    def push(self, action: Action) -> None:
        """Alias of :meth:`apply` (python-chess naming)."""
        self.apply(action)

    def concede(self, player: int) -> None:
        """104.3a: a player may concede at any time."""
        if self.s.over:
            raise IllegalActionError("the game is over", "104.1")
        self.s.players[player].conceded = True
        self.sba_clean = False
        self.emit("104.3a", f"{self.pname(player)} concedes")
        game_over.check_game_over(self)
        if not self.s.over:
            self._run()

    def _run(self) -> None:
        flow.run(self)

    # ------------------------------------------------------------------ copies and saves

    def copy(self) -> Game:
        """An independent game that continues exactly like this one."""
        g = Game(decode_state(encode_state(self.s)), list(self.log), self.db)
        return g

    def dumps(self) -> bytes:
        """Serialize the whole game (state and log) to bytes."""
        return _ENC.encode(SaveFile(SAVE_FORMAT, self.s, self.log))

    @classmethod
    def loads(cls, data: bytes) -> Game:
        """Load a game saved by :meth:`dumps`; a corrupt file raises :class:`CorruptSaveError`."""
        try:
            sf = _SAVE_DEC.decode(data)
        except (msgspec.DecodeError, msgspec.ValidationError, TypeError, ValueError) as e:
            raise CorruptSaveError(f"not a karn save file or corrupted: {e}") from None
        if sf.format != SAVE_FORMAT:
            raise CorruptSaveError(f"unsupported save format {sf.format} (this karn reads {SAVE_FORMAT})")
        _validate(sf.state)
        return cls(sf.state, sf.log)

    def state_hash(self) -> str:
        """A hash of the complete game state (equal states, equal hashes)."""
        return hashlib.blake2b(encode_state(self.s), digest_size=16).hexdigest()

    # ------------------------------------------------------------------ views

    def observation(self, player: int) -> dict[str, Any]:
        """What `player` may know (no peeking): see :mod:`karn.engine.observe`."""
        return observe.observation(self, player)

    def describe(self, oid: int) -> str:
        return observe.describe(self, oid)

    def __repr__(self) -> str:
        s = self.s
        return f"<Game turn {s.turn} {s.step} active={self.pname(s.active)} over={s.over}>"


def _validate(s: GameState) -> None:
    """Reject a decodable but inconsistent state (a corrupt save) before it is played."""
    listed: dict[int, str] = {}
    zones: list[tuple[str, list[int]]] = [(BATTLEFIELD, s.battlefield), ("stack", s.stack)]
    for p in s.players:
        zones += [("library", p.library), ("hand", p.hand), ("graveyard", p.graveyard), ("exile", p.exile)]
    for zone, ids in zones:
        for oid in ids:
            o = s.objects.get(oid)
            if o is None or o.zone != zone or oid in listed:
                raise CorruptSaveError(f"corrupt save: object {oid} in the {zone} is missing or listed twice")
            listed[oid] = zone
    if len(listed) != len(s.objects):
        raise CorruptSaveError("corrupt save: objects that are in no zone")
    if not s.players or not 0 <= s.active < len(s.players):
        raise CorruptSaveError("corrupt save: bad player data")
    db = CardDatabase.default()
    for o in s.objects.values():
        if o.token is None and o.name not in db:
            raise CorruptSaveError(f"corrupt save: unknown card {o.name!r}")


def _compile(db: CardDatabase, name: str) -> ir.CompiledCard:
    cc = _compiled_cache.get(name)
    if cc is None:
        cc = compile_card(db.get(name))
        _compiled_cache[name] = cc
    return cc


def _deck_cards(d: str | Deck | Sequence[str], db: CardDatabase) -> list[str]:
    if isinstance(d, Deck):
        return d.cards()
    if isinstance(d, str):
        return load_deck(d).cards()
    return [db.get(n).name for n in d]
