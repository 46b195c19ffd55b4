"""One slow game does not stall the others: the engine and the AI run off the event loop."""

from __future__ import annotations

import json
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi")
uvicorn = pytest.importorskip("uvicorn")

from karn.agents.heuristic import HeuristicAgent  # noqa: E402
from karn.web.app import create_app  # noqa: E402


@pytest.fixture
def server() -> Iterator[str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(
        uvicorn.Config(create_app(":memory:"), host="127.0.0.1", port=port, log_level="warning")
    )
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not srv.started and time.monotonic() < deadline:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(timeout=10)


def call(url: str, path: str, body: Any = None, token: str | None = None) -> Any:
    req = urllib.request.Request(url + path, data=None if body is None else json.dumps(body).encode())
    req.add_header("content-type", "application/json")
    if token:
        req.add_header("x-karn-token", token)
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.loads(r.read())


def test_a_slow_ai_does_not_hold_up_another_game(server: str, monkeypatch: pytest.MonkeyPatch) -> None:
    slow = call(server, "/api/games", {"opponent": "ai", "seed": 2})
    other = call(server, "/api/games", {"opponent": "friend", "seed": 3})
    thinking = threading.Event()
    release = threading.Event()
    choose = HeuristicAgent.choose

    def stuck_choose(self: HeuristicAgent, observation: Any, legal_actions: Any) -> Any:
        thinking.set()
        release.wait(60)  # an AI that thinks until the test lets it go
        return choose(self, observation, legal_actions)

    monkeypatch.setattr(HeuristicAgent, "choose", stuck_choose)
    answered: list[Any] = []

    def act_against_the_ai() -> None:
        # pass until the AI is asked something: that request waits for the AI
        t = call(server, f"/api/games/{slow['game']}", token=slow["token"])
        while not thinking.is_set() and not t["over"]:
            option = t["prompt"].get("default") or t["prompt"]["options"][0]["id"]
            t = call(server, f"/api/games/{slow['game']}/actions", {"option": option}, token=slow["token"])
        answered.append(t)

    worker = threading.Thread(target=act_against_the_ai)
    worker.start()
    try:
        assert thinking.wait(30), "the AI was never asked"
        # while that game's AI thinks (its request waits for it), the other game plays on
        tokens = [other["token"], other["invite_token"]]
        for _ in range(10):
            t0 = call(server, f"/api/games/{other['game']}", token=tokens[0])
            seat = 0 if t0["prompt"] is not None else 1
            t = call(server, f"/api/games/{other['game']}", token=tokens[seat])
            option = t["prompt"].get("default") or t["prompt"]["options"][0]["id"]
            after = call(
                server, f"/api/games/{other['game']}/actions", {"option": option}, token=tokens[seat]
            )
            assert after["version"] > t["version"]
        assert worker.is_alive() and not answered, "the slow game's action is still waiting for its AI"
    finally:
        release.set()
        worker.join(timeout=60)
    assert answered
