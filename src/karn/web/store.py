"""Where ``karn serve`` keeps its games: one SQLite file.

Each game is a row holding the engine's own save (``Game.dumps``: the state, the log,
the card hashes, a checksum), the seats (who plays each: a person holding a secret
token, or the AI), each seat's table settings (stops, auto-pass) and a counter of the
actions taken. The row is written after every action, in one transaction, so a server
killed at any moment restarts with every game exactly as its last action left it.

Seat tokens are never stored, only their SHA-256 digests: a copy of the database does
not let anyone sit down at a table.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    seats TEXT NOT NULL,
    settings TEXT NOT NULL,
    decks TEXT NOT NULL,
    actions INTEGER NOT NULL,
    version INTEGER NOT NULL,
    over INTEGER NOT NULL,
    save BLOB NOT NULL
)
"""


def token_digest(token: str) -> str:
    """The stored form of a seat token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass
class Seat:
    """Who sits at a seat: ``"human"`` (with the digest of their secret token) or ``"ai"``."""

    kind: str
    name: str
    token_digest: str = ""

    def to_json(self) -> dict[str, str]:
        return {"kind": self.kind, "name": self.name, "token_digest": self.token_digest}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Seat:
        return cls(kind=str(data["kind"]), name=str(data["name"]), token_digest=str(data["token_digest"]))


@dataclass
class StoredGame:
    """One game's row."""

    id: str
    seats: list[Seat]
    settings: list[dict[str, Any]]
    decks: list[str]
    actions: int
    version: int
    over: bool
    save: bytes
    created: float = field(default_factory=time.time)


class GameStore:
    """The games of a server, in a SQLite file (``":memory:"`` for tests).

    Safe to use from several threads: one connection, one lock; the engine's worker
    threads write here while the event loop reads.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        if self.path != ":memory:":
            # 2 rules of thumb for a file written after every action: WAL so readers never
            # wait, and NORMAL sync (a committed transaction survives the process dying).
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute(SCHEMA)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def put(self, game: StoredGame) -> None:
        """Insert or replace a game's row (one transaction)."""
        row = (
            game.id,
            game.created,
            time.time(),
            json.dumps([s.to_json() for s in game.seats]),
            json.dumps(game.settings),
            json.dumps(game.decks),
            game.actions,
            game.version,
            int(game.over),
            game.save,
        )
        with self._lock:
            self._db.execute(
                "INSERT OR REPLACE INTO games (id, created, updated, seats, settings, decks, actions, version, over, save)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                row,
            )

    def get(self, game_id: str) -> StoredGame | None:
        with self._lock:
            row = self._db.execute(
                "SELECT id, seats, settings, decks, actions, version, over, save, created FROM games WHERE id = ?",
                (game_id,),
            ).fetchone()
        if row is None:
            return None
        return StoredGame(
            id=row[0],
            seats=[Seat.from_json(s) for s in json.loads(row[1])],
            settings=list(json.loads(row[2])),
            decks=list(json.loads(row[3])),
            actions=int(row[4]),
            version=int(row[5]),
            over=bool(row[6]),
            save=bytes(row[7]),
            created=float(row[8]),
        )

    def ids(self) -> list[str]:
        with self._lock:
            return [r[0] for r in self._db.execute("SELECT id FROM games ORDER BY created")]

    def count(self) -> int:
        with self._lock:
            return int(self._db.execute("SELECT COUNT(*) FROM games").fetchone()[0])


__all__ = ["GameStore", "Seat", "StoredGame", "token_digest"]
