"""The web server against hostile input (reliability W1, W2): deeply nested JSON and
websocket messages larger than the app's limit get the app's JSON error, never a 500,
a traceback or a dropped connection, and change nothing."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("httpx")
pytest.importorskip("uvicorn")
websockets = pytest.importorskip("websockets")

from fastapi.testclient import TestClient  # noqa: E402
from test_web_restart import Server, free_port  # noqa: E402

from karn.web.app import MAX_FRAME, MAX_MESSAGE, create_app  # noqa: E402

NESTED_OBJECT = '{"a":' * 1000 + "1" + "}" * 1000  # 6 KB, far below MAX_MESSAGE
NESTED_LIST = "[" * 20000 + "]" * 20000  # 40 KB


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(":memory:"), raise_server_exceptions=False) as c:
        yield c


@pytest.mark.parametrize("body", [NESTED_OBJECT, NESTED_LIST, "[" * 1000 + "]" * 1000])
def test_deeply_nested_json_over_http_is_a_bad_json_error(client: TestClient, body: str) -> None:
    r = client.post("/api/games", content=body, headers={"content-type": "application/json"})
    assert r.status_code == 400, r.text
    assert r.json()["error"]["code"] == "bad_json"
    assert "nested too deeply" in r.json()["error"]["message"]
    made = client.post("/api/games", json={"seed": 3, "opponent": "friend"})
    assert made.status_code == 201
    game, token = made.json()["game"], made.json()["token"]
    before = client.get(f"/api/games/{game}", headers={"x-karn-token": token}).json()
    r = client.post(
        f"/api/games/{game}/actions",
        content=body,
        headers={"content-type": "application/json", "x-karn-token": token},
    )
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_json"
    assert client.get(f"/api/games/{game}", headers={"x-karn-token": token}).json() == before


def test_deeply_nested_json_on_the_websocket_keeps_the_connection(client: TestClient) -> None:
    made = client.post("/api/games", json={"seed": 3, "opponent": "friend"}).json()
    with client.websocket_connect(f"/ws/{made['game']}") as ws:
        ws.send_json({"type": "hello", "token": made["token"]})
        first = ws.receive_json()["table"]
        for body in ("[" * 1000 + "]" * 1000, NESTED_OBJECT, NESTED_LIST):
            ws.send_text(body)
            error = ws.receive_json()
            assert error["type"] == "error" and error["code"] == "bad_json"
        ws.send_json({"type": "ping"})
        assert ws.receive_json()["type"] == "pong"  # still open
        ws.send_json({"type": "hello", "token": made["token"]})
        assert ws.receive_json()["table"] == first  # nothing changed


def test_websocket_messages_over_128_kb_get_the_apps_size_error(tmp_path: Path) -> None:
    """W2: behind uvicorn (``karn serve``), a message larger than 128 KB (up to MAX_FRAME)
    gets ``too_large`` like one just above MAX_MESSAGE, and the connection stays open."""
    server = Server(tmp_path / "games.sqlite", free_port())
    try:
        made = server.request("POST", "/api/games", {"opponent": "friend", "seed": 5})

        async def talk() -> list[dict[str, object]]:
            url = f"ws://127.0.0.1:{server.port}/ws/{made['game']}"
            async with websockets.connect(url, max_size=None) as ws:
                await ws.send(json.dumps({"type": "hello", "token": made["token"]}))
                json.loads(await ws.recv())
                answers = []
                for size in (MAX_MESSAGE + 10, 200 * 1024, 1024 * 1024, MAX_FRAME - 1024):
                    await ws.send("x" * size)
                    answers.append(json.loads(await ws.recv()))
                await ws.send("[" * 100_000 + "]" * 100_000)  # 200 KB nested
                answers.append(json.loads(await ws.recv()))
                await ws.send(json.dumps({"type": "ping"}))
                answers.append(json.loads(await ws.recv()))
                return answers

        answers = asyncio.run(talk())
        assert [a.get("code") for a in answers[:4]] == ["too_large"] * 4
        assert answers[4].get("code") == "too_large"
        assert answers[5] == {"type": "pong"}
    finally:
        server.kill()
