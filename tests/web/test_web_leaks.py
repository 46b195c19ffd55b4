"""No hidden information reaches a seat or a spectator (the server's first guarantee).

A whole game between two scripted seats over websockets: every message sent to each
seat, and to a spectator, is scanned for any object id or card name of another
player's hand or library (whose order is therefore never shown either).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from fastapi.testclient import TestClient  # noqa: E402
from web_helpers import hidden_of, leaks, object_refs, pick_with_choice  # noqa: E402

from karn.web.app import create_app  # noqa: E402


def _receive_table(ws: Any, at_least: int) -> tuple[dict[str, Any], str]:
    while True:
        text = ws.receive_text()
        msg = json.loads(text)
        assert msg["type"] == "table", msg
        if msg["table"]["version"] >= at_least:
            return msg, text


@pytest.mark.cr("400.2")
@pytest.mark.parametrize(
    ("seed", "decks"),
    [
        (3, ("red_burn", "green_stompy")),
        (5, ("azorius_fliers", "black_removal")),
        (6, ("black_removal", "golgari_midrange")),
    ],
)
def test_no_message_shows_another_players_hand_or_library(seed: int, decks: tuple[str, str]) -> None:
    app = create_app(":memory:")
    with TestClient(app) as client:
        made = client.post(
            "/api/games",
            json={"opponent": "friend", "deck": decks[0], "opponent_deck": decks[1], "seed": seed},
        ).json()
        game_id, tokens = made["game"], [made["token"], made["invite_token"]]
        game = app.state.lobby.get(game_id).game
        rng = random.Random(seed)
        seen: list[set[str]] = [set(), set(), set()]
        scanned = 0
        with (
            client.websocket_connect(f"/ws/{game_id}") as ws0,
            client.websocket_connect(f"/ws/{game_id}") as ws1,
            client.websocket_connect(f"/ws/{game_id}") as watcher,
        ):
            sockets = [ws0, ws1, watcher]
            for i, ws in enumerate(sockets):
                ws.send_json({"type": "hello", "token": tokens[i]} if i < 2 else {"type": "hello"})
            version = 0
            for _ in range(4000):
                tables = []
                for viewer, ws in enumerate(sockets):
                    msg, text = _receive_table(ws, version)
                    tables.append(msg["table"])
                    found = leaks(msg, text, game, viewer if viewer < 2 else None, seen[viewer])
                    if viewer == 2:  # the spectator: nobody's hand nor library, no prompt
                        assert msg["table"]["prompt"] is None
                        assert all(s["hand"] == [] for s in msg["table"]["seats"])
                    assert not found, (
                        f"message {scanned} to {'seat ' + str(viewer) if viewer < 2 else 'the spectator'}: {found}"
                    )
                    scanned += 1
                t = tables[0]
                if t["over"]:
                    break
                decider = 0 if tables[0]["prompt"] is not None else 1
                option, choice = pick_with_choice(tables[decider], rng)
                sockets[decider].send_json(
                    {"type": "action", "option": option, "choice": choice, "version": t["version"]}
                )
                version = t["version"] + 1
            assert tables[0]["over"], "the game did not end"
        assert scanned > 100
        # the scan itself finds what it looks for: a seat's own hand ids are in its messages
        own_ids, _ = hidden_of(game, 0)
        assert own_ids & object_refs(app.state.lobby.get(game_id).view(0)) or not game.state.players[0].hand


def test_the_scan_catches_a_leak() -> None:
    """The scan is not vacuous: a seat's table given to the other seat is caught."""
    app = create_app(":memory:")
    with TestClient(app) as client:
        made = client.post("/api/games", json={"opponent": "friend", "seed": 5}).json()
        room = app.state.lobby.get(made["game"])
        other_view = room.view(1)
        found = leaks({"type": "table", "table": other_view}, json.dumps(other_view), room.game, 0, set())
        assert found
