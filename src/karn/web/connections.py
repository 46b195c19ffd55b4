"""The live connections of a game's tables, and how each is written to.

Each websocket has its own writer task and a mailbox that keeps only the *newest*
table (older ones are dropped unsent: the newest says everything) and a short queue
of other messages (errors, pongs). A slow client therefore costs the server one
table's worth of memory and never holds up the game, the other seats or other
games; a client that takes longer than :data:`SEND_TIMEOUT` to take one message is
disconnected (it may reconnect and resume).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections import deque
from typing import Any

from fastapi import WebSocket

#: Seconds a client has to take one message before it is disconnected.
SEND_TIMEOUT = 20.0
#: Other messages kept for a client at most (the oldest are dropped past it).
QUEUE = 32


class Connection:
    """One websocket showing the table of ``seat`` (None: a spectator)."""

    def __init__(self, ws: WebSocket, seat: int | None) -> None:
        self.ws = ws
        self.seat = seat
        self._latest: str | None = None
        self._version = -1
        self._queue: deque[dict[str, Any]] = deque(maxlen=QUEUE)
        self._wake = asyncio.Event()
        self._task = asyncio.get_running_loop().create_task(self._write())
        self.closed = False

    def offer(self, version: int, message: str) -> None:
        """A new table message (JSON text): it replaces any table not sent yet (an older
        version is ignored)."""
        if version < self._version:
            return
        self._version = version
        self._latest = message
        self._wake.set()

    def push(self, message: dict[str, Any]) -> None:
        """Any other message (sent before the next table)."""
        self._queue.append(message)
        self._wake.set()

    def close(self) -> None:
        self.closed = True
        self._task.cancel()

    async def _write(self) -> None:
        try:
            while True:
                await self._wake.wait()
                self._wake.clear()
                while self._queue:
                    await self._send(json.dumps(self._queue.popleft()))
                if self._latest is not None:
                    table, self._latest = self._latest, None
                    await self._send(table)
        except asyncio.CancelledError:
            raise
        except Exception:  # a dead or too slow client: drop it (it may reconnect)
            self.closed = True
            with contextlib.suppress(Exception):
                await self.ws.close(code=4408)

    async def _send(self, text: str) -> None:
        await asyncio.wait_for(self.ws.send_text(text), SEND_TIMEOUT)


class Hub:
    """The connections to one game's tables."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.connections: set[Connection] = set()

    def add(self, conn: Connection) -> None:
        self.connections.add(conn)

    def remove(self, conn: Connection) -> None:
        self.connections.discard(conn)

    def watched(self) -> set[int | None]:
        """The seats (None: spectators) with a connection open."""
        return {conn.seat for conn in list(self.connections) if not conn.closed}

    def deliver(self, version: int, messages: dict[int | None, str]) -> None:
        for conn in list(self.connections):
            if conn.closed:
                self.connections.discard(conn)
                continue
            message = messages.get(conn.seat)
            if message is not None:
                conn.offer(version, message)

    def deliver_threadsafe(self, version: int, messages: dict[int | None, str]) -> None:
        """Called by the room in a worker thread after each change."""
        self.loop.call_soon_threadsafe(self.deliver, version, messages)


__all__ = ["Connection", "Hub", "QUEUE", "SEND_TIMEOUT"]
