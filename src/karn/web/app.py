"""``karn serve``: the browser table, a FastAPI application.

Pages (plain HTML, CSS and JavaScript served by the package; no CDN):

* ``/``: the lobby: a game against the AI (a bundled deck or a pasted deck list) or
  against a friend (an invitation link holding the second seat's token);
* ``/table/{game}#token=...``: a seat's table (the token stays in the fragment, which
  browsers never send to the server; the page hands it over the websocket);
* ``/watch/{game}``: a spectator's table (public information only).

The API (JSON; every refusal is ``{"error": {"code": ..., "message": ...}}`` with a 4xx
status and changes nothing):

* ``GET /api/decks``; ``POST /api/decks/check`` (``{"deck_list": text}``: how many of its
  cards karn plays, and each card it can't play yet); ``POST /api/games`` (make a game; a
  pasted deck with cards karn can't play is refused with the same report, code
  ``unplayable_deck``);
* ``GET /api/games/{game}`` (the table of the seat whose token is in the
  ``X-Karn-Token`` header; without one, a spectator's), ``POST /api/games/{game}/actions``
  (``{"option": id, "version": n}``), ``POST /api/games/{game}/settings``;
* ``GET /api/rules/{number}``: a rule's text from the Comprehensive Rules bundled in the
  package;
* ``WS /ws/{game}``: the live table. The client first sends ``{"type": "hello", "token":
  ...}`` (no token: a spectator); the server answers with ``{"type": "table", "table":
  ...}`` now and at every change; then ``{"type": "action", "option": id}``,
  ``{"type": "settings", "settings": {...}}`` and ``{"type": "ping"}``. A bad message gets
  ``{"type": "error", ...}`` and the connection stays open.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from karn.cards.database import UnknownCardError
from karn.cards.decks import Deck, DeckError, bundled_deck_info, bundled_decks, parse_deck
from karn.oracle.pool import deck_playability
from karn.web.connections import Connection, Hub
from karn.web.rooms import Lobby, Refused, Room
from karn.web.rules import nearest, rule_json
from karn.web.store import GameStore

#: The largest request body or websocket message accepted (a pasted deck list fits).
MAX_MESSAGE = 64 * 1024
#: The largest websocket message the server reads at all (``karn serve``'s uvicorn
#: ``ws_max_size``): a message between MAX_MESSAGE and this gets the app's ``too_large``
#: error and the connection stays open; only a larger one is closed with 1009 ("message
#: too big", RFC 6455 7.4.1) before the app sees it.
MAX_FRAME = 4 * 1024 * 1024
#: Worker threads for the engine (games act in parallel threads; each game one at a time).
WORKERS = 16

STATIC = Path(str(resources.files("karn.web") / "static"))


def _error(e: Refused) -> JSONResponse:
    error: dict[str, Any] = {"code": e.code, "message": e.message}
    if e.details is not None:
        error["details"] = e.details
    return JSONResponse({"error": error}, status_code=e.status)


def _pasted_deck(deck_list: Any) -> Deck:
    """The pasted deck list, or :class:`Refused` with every problem of it (line by line)."""
    if not isinstance(deck_list, str) or not deck_list.strip():
        raise Refused("bad_deck", "deck_list is the text of a deck list")
    try:
        return parse_deck(deck_list, "pasted deck")
    except (DeckError, UnknownCardError) as e:
        raise Refused("bad_deck", str(e)) from None


def deck_report(deck: Deck) -> dict[str, Any]:
    """What karn plays of ``deck``: ``{"deck", "cards", "playable", "unplayable": [{"count",
    "card", "clause", "reason"}]}`` (the lobby shows it as the player pastes a list)."""
    return {"deck": deck.name, **deck_playability(deck).to_json()}


def _unplayable(report: dict[str, Any]) -> Refused:
    missing = report["unplayable"]
    names = ", ".join(u["card"] for u in missing[:5]) + (
        f" and {len(missing) - 5} more" if len(missing) > 5 else ""
    )
    return Refused(
        "unplayable_deck",
        f"karn plays {report['playable']} of the {report['cards']} cards of this deck; not yet: {names}",
        details=report,
    )


async def _json_body(request: Request) -> dict[str, Any]:
    """The request's JSON object, or :class:`Refused` (too large, malformed, not an object)."""
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_MESSAGE):
        raise Refused("too_large", f"a request body is at most {MAX_MESSAGE} bytes", 413)
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_MESSAGE:
            raise Refused("too_large", f"a request body is at most {MAX_MESSAGE} bytes", 413)
    return parse_json(body)


def parse_json(body: bytes | str) -> dict[str, Any]:
    """A JSON object, or :class:`Refused` (``bad_json``): malformed, not an object, or nested
    so deeply that the decoder gives up (RecursionError: a few KB of ``[`` suffice)."""
    try:
        data = json.loads(body)
    except (ValueError, UnicodeDecodeError) as e:
        raise Refused("bad_json", f"malformed JSON: {e}") from None
    except RecursionError:
        raise Refused("bad_json", "malformed JSON: nested too deeply") from None
    if not isinstance(data, dict):
        raise Refused("bad_json", "a message is a JSON object")
    return data


def create_app(db: str | Path = ":memory:") -> FastAPI:
    """The application, keeping its games in the SQLite file ``db``."""
    store = GameStore(db)
    lobby = Lobby(store)
    hubs: dict[str, Hub] = {}
    executor = ThreadPoolExecutor(max_workers=WORKERS, thread_name_prefix="karn-engine")

    async def run(fn: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(executor, fn, *args)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        executor.shutdown(wait=False, cancel_futures=True)
        store.close()

    app = FastAPI(title="karn", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.lobby = lobby
    app.state.store = store
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.exception_handler(Refused)
    async def refused(request: Request, e: Refused) -> JSONResponse:
        return _error(e)

    def hub_of(room: Room) -> Hub:
        hub = hubs.get(room.id)
        if hub is None:
            loop = asyncio.get_running_loop()
            hub = hubs[room.id] = Hub(loop)
            room.listeners.append(hub)
        return hub

    async def room_of(game_id: str) -> Room:
        return await run(lobby.get, game_id)  # type: ignore[no-any-return]

    # ------------------------------------------------------------------ pages

    def page(name: str) -> Callable[..., Awaitable[FileResponse]]:
        async def serve_page() -> FileResponse:
            return FileResponse(STATIC / name, headers={"Cache-Control": "no-cache"})

        return serve_page

    app.get("/", include_in_schema=False)(page("lobby.html"))
    app.get("/table/{game_id}", include_in_schema=False)(page("table.html"))
    app.get("/watch/{game_id}", include_in_schema=False)(page("table.html"))

    # ------------------------------------------------------------------ the API

    @app.get("/api/decks")
    async def decks() -> list[dict[str, str]]:
        infos = await run(bundled_deck_info)
        return [{"name": d.name, "description": d.description, "colors": d.colors} for d in infos]

    @app.post("/api/decks/check")
    async def check_deck_list(request: Request) -> dict[str, Any]:
        """A pasted deck list read and compiled: how many of its cards karn plays, and which not yet."""
        data = await _json_body(request)
        deck = await run(_pasted_deck, data.get("deck_list"))
        return await run(deck_report, deck)  # type: ignore[no-any-return]

    @app.post("/api/games")
    async def new_game(request: Request) -> JSONResponse:
        data = await _json_body(request)
        opponent = data.get("opponent", "ai")
        if opponent not in ("ai", "friend"):
            raise Refused("bad_request", "opponent is 'ai' or 'friend'")
        names = bundled_decks()
        deck: Any = data.get("deck", "red_burn")
        deck_list = data.get("deck_list")
        if deck_list is not None:
            deck = await run(_pasted_deck, deck_list)
            report = await run(deck_report, deck)
            if report["unplayable"]:
                raise _unplayable(report)
        elif deck not in names:
            raise Refused("bad_deck", f"no bundled deck {deck!r}; the bundled decks: {', '.join(names)}")
        other = data.get("opponent_deck", "green_stompy")
        if other not in names:
            raise Refused("bad_deck", f"no bundled deck {other!r}; the bundled decks: {', '.join(names)}")
        name = data.get("name") or ("Player" if opponent == "ai" else "Host")
        if not isinstance(name, str) or len(name) > 24 or not name.strip():
            raise Refused("bad_request", "a name is 1 to 24 characters")
        name = name.strip()
        second = "Karn AI" if opponent == "ai" else (data.get("friend_name") or "Guest")
        if not isinstance(second, str) or len(second) > 24 or second.strip() in ("", name):
            raise Refused("bad_request", "the second seat's name is 1 to 24 characters, not yours")
        seed = data.get("seed")
        if seed is not None and (type(seed) is not int or not 0 <= seed < 2**63):
            raise Refused("bad_request", "seed is a non-negative integer")
        kinds = ["human", "ai" if opponent == "ai" else "human"]
        try:
            made = await run(lobby.create, [deck, other], kinds, [name, second.strip()], seed)
        except DeckError as e:
            raise Refused("bad_deck", str(e)) from None
        room = made.room
        out: dict[str, Any] = {
            "game": room.id,
            "seat": 0,
            "token": made.tokens[0],
            "table_url": f"/table/{room.id}#token={made.tokens[0]}",
            "watch_url": f"/watch/{room.id}",
        }
        if 1 in made.tokens:
            out["invite_url"] = f"/table/{room.id}#token={made.tokens[1]}"
            out["invite_token"] = made.tokens[1]
        return JSONResponse(out, status_code=201)

    def seat_of(room: Room, request: Request) -> int | None:
        token = request.headers.get("x-karn-token")
        return None if token is None else room.seat_of(token)

    @app.get("/api/games/{game_id}")
    async def get_table(game_id: str, request: Request) -> dict[str, Any]:
        room = await room_of(game_id)
        return await run(room.locked_view, seat_of(room, request))  # type: ignore[no-any-return]

    @app.post("/api/games/{game_id}/actions")
    async def post_action(game_id: str, request: Request) -> dict[str, Any]:
        room = await room_of(game_id)
        seat = seat_of(room, request)
        if seat is None:
            raise Refused("bad_token", "acting needs your seat's token (X-Karn-Token)", 403)
        data = await _json_body(request)
        version = data.get("version")
        if version is not None and type(version) is not int:
            raise Refused("bad_request", "version is an integer")
        hub_of(room)
        await run(room.act, seat, data.get("option"), data.get("choice"), version)
        return await run(room.locked_view, seat)  # type: ignore[no-any-return]

    @app.post("/api/games/{game_id}/settings")
    async def post_settings(game_id: str, request: Request) -> dict[str, Any]:
        room = await room_of(game_id)
        seat = seat_of(room, request)
        if seat is None:
            raise Refused("bad_token", "settings need your seat's token (X-Karn-Token)", 403)
        data = await _json_body(request)
        hub_of(room)
        await run(room.update_settings, seat, data.get("settings"))
        return await run(room.locked_view, seat)  # type: ignore[no-any-return]

    @app.get("/api/rules/{number}")
    async def rule(number: str) -> dict[str, Any]:
        found = await run(rule_json, number)
        if found is None:
            near = await run(nearest, number)
            also = f"; nearby: {', '.join(near)}" if near else ""
            raise Refused("no_rule", f"no rule {number[:20]!r} in the Comprehensive Rules{also}", 404)
        return found  # type: ignore[no-any-return]

    @app.get("/api/games/{game_id}/log")
    async def full_log(game_id: str, request: Request) -> list[dict[str, Any]]:
        """The whole log, every entry (the table's log is compact), as the seat may read it."""
        room = await room_of(game_id)
        seat = seat_of(room, request)
        view = await run(room.locked_view, seat, True)
        return list(view["log"])

    # ------------------------------------------------------------------ the live table

    @app.websocket("/ws/{game_id}")
    async def live(ws: WebSocket, game_id: str) -> None:
        await ws.accept()
        conn: Connection | None = None
        room: Room | None = None
        try:
            try:
                room = await room_of(game_id)
            except Refused as e:
                await ws.send_json(e.to_json())
                await ws.close(code=4404)
                return
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    return
                text = message.get("text")
                if text is None:
                    raw = message.get("bytes") or b""
                    text = raw.decode("utf-8", "replace")
                try:
                    if len(text) > MAX_MESSAGE:
                        raise Refused("too_large", f"a message is at most {MAX_MESSAGE} bytes")
                    data = parse_json(text)
                    kind = data.get("type")
                    if kind == "hello":
                        seat = None if data.get("token") is None else room.seat_of(data.get("token"))
                        if conn is not None:
                            conn.close()
                        hub = hub_of(room)
                        conn = Connection(ws, seat)
                        hub.add(conn)
                        conn.offer(*await run(room.locked_message, seat))
                    elif kind == "ping":
                        conn_send = conn if conn is not None else None
                        if conn_send is not None:
                            conn_send.push({"type": "pong"})
                        else:
                            await ws.send_json({"type": "pong"})
                    elif kind in ("action", "settings"):
                        if conn is None:
                            raise Refused("hello_first", "say hello with your seat's token first")
                        if conn.seat is None:
                            raise Refused("spectator", "a spectator can't act", 403)
                        if kind == "action":
                            version = data.get("version")
                            if version is not None and type(version) is not int:
                                raise Refused("bad_request", "version is an integer")
                            await run(room.act, conn.seat, data.get("option"), data.get("choice"), version)
                        else:
                            await run(room.update_settings, conn.seat, data.get("settings"))
                    else:
                        raise Refused("unknown_message", f"unknown message type {str(kind)[:40]!r}")
                except Refused as e:
                    if conn is not None:
                        conn.push(e.to_json())
                    else:
                        await ws.send_json(e.to_json())
        except WebSocketDisconnect:
            return
        finally:
            if conn is not None and room is not None:
                conn.close()
                hubs[room.id].remove(conn) if room.id in hubs else None

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        return Response(status_code=204)

    return app


__all__ = ["MAX_FRAME", "MAX_MESSAGE", "create_app", "parse_json"]
