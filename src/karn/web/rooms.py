"""The games a server runs: each one a :class:`Room` (the game, its seats, who is
watching), all of them in a :class:`Lobby` backed by the :class:`~karn.web.store.GameStore`.

The rules of the table, enforced here:

* a seat acts only with its secret token, and only when the game waits for it (the
  engine refuses anyone else: ``Game.apply(action, player=seat)``, 117.1);
* an action that is refused changes nothing (the engine's guarantee, 733);
* after every action (a person's, the AI's, an automatic pass) the game is saved to
  the store before anyone is told, so a restart resumes exactly where it was;
* the engine runs in worker threads (``asyncio.to_thread``), one action at a time per
  game (a lock per room): a game whose AI thinks, or whose client is slow, never
  holds up the event loop nor another game.
"""

from __future__ import annotations

import asyncio
import hmac
import secrets
import threading
from dataclasses import dataclass, field
from typing import Any, Protocol

import msgspec

from karn.agents.heuristic import HeuristicAgent
from karn.cards.decks import Deck
from karn.engine.actions import IllegalActionError
from karn.game import Game
from karn.table import AutoPass, NeedsChoice, PlayerSession
from karn.web.store import GameStore, Seat, StoredGame, token_digest
from karn.web.views import table_view, updated_settings

_ENCODER = msgspec.json.Encoder()

#: The most actions the server takes on its own in a row (the AI, automatic passes)
#: before it stops and waits: a bound against a loop, far above any real turn.
MAX_AUTOMATIC = 20_000


class Refused(Exception):
    """A request the server turns down, with a machine-readable code and a clear message."""

    def __init__(
        self, code: str, message: str, status: int = 400, details: dict[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
        self.details = details

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "error", "code": self.code, "message": self.message}
        if self.details is not None:
            out["details"] = self.details
        return out


class Listener(Protocol):
    """Told of every change, in the worker thread, with the new table message (JSON text)
    of each seat it watches (key None: a spectator's)."""

    def watched(self) -> set[int | None]: ...

    def deliver_threadsafe(self, version: int, messages: dict[int | None, str]) -> None: ...


@dataclass
class Room:
    """One game being played: the engine's game, its seats and settings."""

    id: str
    game: Game
    seats: list[Seat]
    settings: list[AutoPass]  # each seat's stops and pass settings (the table model's)
    decks: list[str]
    actions: int = 0
    version: int = 0  # bumps at every change the tables show
    lock: threading.Lock = field(default_factory=threading.Lock)
    async_lock: asyncio.Lock | None = None
    listeners: list[Listener] = field(default_factory=list)
    _agents: dict[int, HeuristicAgent] = field(default_factory=dict)

    # ------------------------------------------------------------------ who is who

    def seat_of(self, token: object) -> int:
        """The seat this token opens, or :class:`Refused`."""
        if not isinstance(token, str) or not token or len(token) > 200:
            raise Refused("bad_token", "a seat token is required (the secret part of your seat's link)", 403)
        digest = token_digest(token)
        for i, seat in enumerate(self.seats):
            if seat.kind == "human" and hmac.compare_digest(seat.token_digest, digest):
                return i
        raise Refused("bad_token", "this token opens no seat of this game", 403)

    def session(self, seat: int) -> PlayerSession:
        return PlayerSession(self.game, seat, self.settings[seat])

    def view(self, seat: int | None, full_log: bool = False) -> dict[str, Any]:
        """The table as ``seat`` sees it (None: a spectator), with the game's id and version."""
        settings = self.settings[seat] if seat is not None else None
        out = table_view(self.game, seat, settings, full_log)
        out["game"] = self.id
        out["version"] = self.version
        out["sitting"] = [{"kind": s.kind, "name": s.name} for s in self.seats]
        return out

    # ------------------------------------------------------------------ acting

    def act(
        self, seat: int, option: object, choice: object = None, expected_version: int | None = None
    ) -> None:
        """Answer ``seat``'s prompt with the option ``option`` (its stable id, or its key) and,
        for a two-step option (a blocker's attacker), ``choice``; then let the AI and the
        automatic passes play on until a person must decide. Synchronous: run it in a
        worker thread."""
        if not isinstance(option, str) or not 0 < len(option) <= 80:
            raise Refused("bad_action", "an action names one of the prompt's options by its id (a string)")
        if choice is not None and (not isinstance(choice, str) or not 0 < len(choice) <= 80):
            raise Refused("bad_action", "a choice names one of the option's choices by its id (a string)")
        with self.lock:
            g = self.game
            d = g.decision
            if d is None:
                raise Refused("game_over", "the game is over", 409)
            if expected_version is not None and expected_version != self.version:
                raise Refused("stale", "the table changed since you saw it: look again", 409)
            if d.player != seat:
                raise Refused(
                    "not_your_decision",
                    f"it is not your decision: waiting for {self.seats[d.player].name}",
                    409,
                )
            before = len(g.log)
            try:
                done = self.session(seat).answer(option, choice)
            except NeedsChoice as e:
                raise Refused("needs_choice", str(e)) from None
            except KeyError:
                raise Refused(
                    "unknown_action", f"{option!r} is not one of the options of this prompt"
                ) from None
            except IllegalActionError as e:
                if len(g.log) != before or g.decision is not d:
                    self._changed()  # part of a multi-step answer was taken
                raise Refused("illegal", str(e)) from None
            self.actions += len(done)
            self._changed()
            self._play_on()
        self._notify()

    def _changed(self) -> None:
        self.version += 1
        self._save()

    def update_settings(self, seat: int, settings: object) -> None:
        """Change ``seat``'s pass settings (then the automatic passes they allow happen)."""
        with self.lock:
            try:
                self.settings[seat] = updated_settings(self.settings[seat], settings, self.game)
            except (ValueError, msgspec.ValidationError) as e:
                raise Refused("bad_settings", str(e)) from None
            self._changed()
            self._play_on()
        self._notify()

    def start(self) -> None:
        """Let the AI and the automatic passes play until a person must decide."""
        with self.lock:
            self._changed()
            self._play_on()
        self._notify()

    def _play_on(self) -> None:
        g = self.game
        for _ in range(MAX_AUTOMATIC):
            d = g.decision
            if d is None:
                return
            seat = self.seats[d.player]
            if seat.kind == "ai":
                agent = self._agents.get(d.player)
                if agent is None:
                    agent = self._agents[d.player] = HeuristicAgent(pool=g.pool)
                g.apply(agent.choose(g.observation(d.player), g.legal_actions()), player=d.player)
            else:
                taken, _why = self.session(d.player).auto_step()
                if taken is None:
                    return
            self.actions += 1
            self._changed()

    def _save(self) -> None:
        if self.store is not None:
            self.store.put(self.stored())

    store: GameStore | None = None

    def stored(self) -> StoredGame:
        return StoredGame(
            id=self.id,
            seats=self.seats,
            settings=[msgspec.to_builtins(x) for x in self.settings],
            decks=self.decks,
            actions=self.actions,
            version=self.version,
            over=self.game.is_over(),
            save=self.game.dumps(),
        )

    def _notify(self) -> None:
        listeners = list(self.listeners)
        wanted: set[int | None] = set()
        for listener in listeners:
            wanted |= listener.watched()
        if not wanted:
            return
        with self.lock:
            version = self.version
            messages = {seat: self.message(seat) for seat in wanted}
        for listener in listeners:
            listener.deliver_threadsafe(version, messages)

    def message(self, seat: int | None) -> str:
        """The ``{"type": "table", ...}`` message of ``seat``'s table, as JSON text (call
        with the lock held: it is built in the worker thread, not on the event loop)."""
        return _ENCODER.encode({"type": "table", "table": self.view(seat)}).decode()

    def locked_message(self, seat: int | None) -> tuple[int, str]:
        with self.lock:
            return self.version, self.message(seat)

    def locked_view(self, seat: int | None, full_log: bool = False) -> dict[str, Any]:
        with self.lock:
            return self.view(seat, full_log)


@dataclass
class NewGame:
    """A game just made: its room and the secret token of each human seat."""

    room: Room
    tokens: dict[int, str]


class Lobby:
    """Every game of a server: made here, kept in memory while played, loaded from the store."""

    def __init__(self, store: GameStore) -> None:
        self.store = store
        self.rooms: dict[str, Room] = {}
        self._lock = threading.Lock()

    def create(
        self,
        decks: list[str | Deck],
        seat_kinds: list[str],
        names: list[str],
        seed: int | None = None,
    ) -> NewGame:
        """Start a game (Game.new) with these decks and seats ("human" or "ai")."""
        if seed is None:
            seed = secrets.randbelow(2**31)
        game = Game.new(*decks, seed=seed, names=names, auto_pass=True)
        tokens: dict[int, str] = {}
        seats = []
        for i, kind in enumerate(seat_kinds):
            if kind == "human":
                tokens[i] = secrets.token_urlsafe(24)
                seats.append(Seat("human", names[i], token_digest(tokens[i])))
            else:
                seats.append(Seat("ai", names[i]))
        room = Room(
            id=secrets.token_hex(8),
            game=game,
            seats=seats,
            settings=[AutoPass() for _ in seats],
            decks=[d if isinstance(d, str) else d.name for d in decks],
        )
        room.store = self.store
        with self._lock:
            self.rooms[room.id] = room
        room._save()
        room.start()
        return NewGame(room, tokens)

    def get(self, game_id: object) -> Room:
        """The room of a game (loaded from the store after a restart), or :class:`Refused`."""
        if not isinstance(game_id, str) or not 0 < len(game_id) <= 64:
            raise Refused("no_game", "no such game", 404)
        with self._lock:
            room = self.rooms.get(game_id)
        if room is not None:
            return room
        # Loading happens outside the lobby's lock: other games are not held up meanwhile.
        stored = self.store.get(game_id)
        if stored is None:
            raise Refused("no_game", "no such game", 404)
        loaded = Room(
            id=stored.id,
            game=Game.loads(stored.save),
            seats=stored.seats,
            settings=[msgspec.convert(x, AutoPass) for x in stored.settings],
            decks=stored.decks,
            actions=stored.actions,
            version=stored.version,
        )
        loaded.store = self.store
        with self._lock:
            room = self.rooms.setdefault(game_id, loaded)  # another thread may have loaded it first
        if room is loaded:
            with room.lock:
                # a server killed while the AI was playing: it plays on from its last saved action
                room._play_on()
        return room


__all__ = ["Lobby", "NewGame", "Refused", "Room"]
