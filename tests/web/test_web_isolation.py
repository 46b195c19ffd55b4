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
    choose = HeuristicAgent.choose

    def slow_choose(self: HeuristicAgent, observation: Any, legal_actions: Any) -> Any:
        thinking.set()
        time.sleep(0.3)  # an AI that thinks long over every decision
        return choose(self, observation, legal_actions)

    monkeypatch.setattr(HeuristicAgent, "choose", slow_choose)
    done: list[float] = []

    def keep_against_the_ai() -> None:
        start = time.monotonic()
        t = call(server, f"/api/games/{slow['game']}", token=slow["token"])
        while not t["over"] and time.monotonic() - start < 4:
            option = t["prompt"]["default"] if t["prompt"].get("default") else t["prompt"]["options"][0]["id"]
            t = call(server, f"/api/games/{slow['game']}/actions", {"option": option}, token=slow["token"])
        done.append(time.monotonic() - start)

    worker = threading.Thread(target=keep_against_the_ai)
    worker.start()
    assert thinking.wait(10)
    # while the AI thinks (the request above waits for it), the other game answers at once
    tokens = [other["token"], other["invite_token"]]
    latencies = []
    for _ in range(10):
        t0 = call(server, f"/api/games/{other['game']}", token=tokens[0])
        seat = 0 if t0["prompt"] is not None else 1
        t = call(server, f"/api/games/{other['game']}", token=tokens[seat])
        start = time.monotonic()
        call(
            server,
            f"/api/games/{other['game']}/actions",
            {"option": t["prompt"]["options"][0]["id"]},
            token=tokens[seat],
        )
        latencies.append(time.monotonic() - start)
    assert worker.is_alive(), "the slow game should still be thinking"
    assert max(latencies) < 1.0, latencies
    worker.join(timeout=30)
