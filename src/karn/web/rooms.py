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
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from karn.agents.heuristic import HeuristicAgent
from karn.cards.decks import Deck
from karn.engine.actions import Action, IllegalActionError
from karn.game import Game
from karn.web.autopass import DEFAULT_SETTINGS, auto_action, clean_settings
from karn.web.store import GameStore, Seat, StoredGame, token_digest
from karn.web.views import option_id, parse_option_id, table_view

#: The most actions the server takes on its own in a row (the AI, automatic passes)
#: before it stops and waits: a bound against a loop, far above any real turn.
MAX_AUTOMATIC = 20_000


class Refused(Exception):
    """A request the server turns down, with a machine-readable code and a clear message."""

    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status

    def to_json(self) -> dict[str, str]:
        return {"type": "error", "code": self.code, "message": self.message}


#: Told of every change, in the worker thread, with each seat's new table (key None: a spectator's).
Listener = Callable[["Room", dict[int | None, dict[str, Any]]], None]


@dataclass
class Room:
    """One game being played: the engine's game, its seats and settings."""

    id: str
    game: Game
    seats: list[Seat]
    settings: list[dict[str, Any]]
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

    def view(self, seat: int | None) -> dict[str, Any]:
        """The table as ``seat`` sees it (None: a spectator), with the game's id and version."""
        settings = self.settings[seat] if seat is not None else None
        out = table_view(self.game, seat, settings)
        out["game"] = self.id
        out["version"] = self.version
        out["seats"] = [{"kind": s.kind, "name": s.name} for s in self.seats]
        return out

    # ------------------------------------------------------------------ acting

    def act(self, seat: int, option: object, expected_version: int | None = None) -> None:
        """Take the option ``option`` (an option id, ``"kind:a:b"``) for ``seat``; then let the
        AI and the automatic passes play on until a person must decide. Synchronous: run it
        in a worker thread."""
        if not isinstance(option, str):
            raise Refused("bad_action", "an action names one of the prompt's options by its id (a string)")
        parts = parse_option_id(option)
        if parts is None:
            raise Refused("unknown_action", f"{option[:80]!r} is not an option id")
        with self.lock:
            g = self.game
            d = g.decision
            if d is None:
                raise Refused("game_over", "the game is over", 409)
            if expected_version is not None and expected_version != self.version:
                raise Refused("stale", "the table changed since you saw it: look again", 409)
            if d.player != seat:
                who = self.seats[d.player].name
                raise Refused("not_your_decision", f"it is not your decision: waiting for {who}", 409)
            kind, a, b = parts
            chosen = next((o for o in d.options if (o.kind, o.a, o.b) == (kind, a, b)), None)
            if chosen is None:
                raise Refused("unknown_action", f"{option!r} is not one of the options of this prompt")
            try:
                g.apply(Action(chosen.kind, chosen.a, chosen.b, chosen.label), player=seat)
            except IllegalActionError as e:
                raise Refused("illegal", str(e)) from None
            self.actions += 1
            self.version += 1
            self._save()
            self._play_on()
        self._notify()

    def update_settings(self, seat: int, settings: object) -> None:
        """Change ``seat``'s pass settings (then the automatic passes they allow happen)."""
        with self.lock:
            try:
                self.settings[seat] = clean_settings(settings, self.game, seat)
            except ValueError as e:
                raise Refused("bad_settings", str(e)) from None
            self.version += 1
            self._save()
            self._play_on()
        self._notify()

    def start(self) -> None:
        """Let the AI and the automatic passes play until a person must decide."""
        with self.lock:
            self.version += 1
            self._play_on()
            self._save()
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
                action = agent.choose(g.observation(d.player), g.legal_actions())
            else:
                auto = auto_action(g, d.player, self.settings[d.player])
                if auto is None:
                    return
                action = auto
            g.apply(action, player=d.player)
            self.actions += 1
            self.version += 1
            self._save()

    def _save(self) -> None:
        if self.store is not None:
            self.store.put(self.stored())

    store: GameStore | None = None

    def stored(self) -> StoredGame:
        return StoredGame(
            id=self.id,
            seats=self.seats,
            settings=self.settings,
            decks=self.decks,
            actions=self.actions,
            version=self.version,
            over=self.game.is_over(),
            save=self.game.dumps(),
        )

    def _notify(self) -> None:
        if not self.listeners:
            return
        with self.lock:
            views = self.views()
        for listener in list(self.listeners):
            listener(self, views)

    def views(self) -> dict[int | None, dict[str, Any]]:
        """Every seat's table and a spectator's (call with the lock held)."""
        seats: list[int | None] = [*range(len(self.seats)), None]
        return {seat: self.view(seat) for seat in seats}

    def locked_view(self, seat: int | None) -> dict[str, Any]:
        with self.lock:
            return self.view(seat)

    def options(self, seat: int) -> list[str]:
        d = self.game.decision
        if d is None or d.player != seat:
            return []
        return [option_id(o.kind, o.a, o.b) for o in d.options]


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
            settings=[dict(DEFAULT_SETTINGS) for _ in seats],
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
            stored = self.store.get(game_id)
            if stored is None:
                raise Refused("no_game", "no such game", 404)
            room = Room(
                id=stored.id,
                game=Game.loads(stored.save),
                seats=stored.seats,
                settings=stored.settings,
                decks=stored.decks,
                actions=stored.actions,
                version=stored.version,
            )
            room.store = self.store
            with room.lock:
                # a server killed while the AI was playing: it plays on from its last saved action
                room._play_on()
            self.rooms[game_id] = room
            return room


__all__ = ["Lobby", "NewGame", "Refused", "Room"]
