"""A server killed in the middle of a game and started again resumes it exactly."""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")

from web_helpers import pick_with_choice  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``karn serve`` in a child process."""

    def __init__(self, db: Path, port: int) -> None:
        self.port = port
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "karn", "serve", "--port", str(port), "--db", str(db), "--quiet"],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                self.request("GET", "/api/decks")
                return
            except (urllib.error.URLError, ConnectionError):
                if self.proc.poll() is not None:
                    raise RuntimeError(
                        self.proc.stdout.read().decode() if self.proc.stdout else "died"
                    ) from None
                time.sleep(0.2)
        raise RuntimeError("the server did not start")

    def request(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=data, method=method)
        req.add_header("content-type", "application/json")
        if token:
            req.add_header("x-karn-token", token)
        with urllib.request.urlopen(req, timeout=60) as r:
            return json.loads(r.read())

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=30)
        if self.proc.stdout:
            self.proc.stdout.close()


def test_restart_mid_game_resumes_exactly(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    port = free_port()
    server = Server(db, port)
    try:
        made = server.request("POST", "/api/games", {"opponent": "friend", "seed": 21})
        game, tokens = made["game"], [made["token"], made["invite_token"]]
        against_ai = server.request("POST", "/api/games", {"opponent": "ai", "seed": 4})
        rng = random.Random(2)
        for _ in range(60):
            t = server.request("GET", f"/api/games/{game}", token=tokens[0])
            d = 0 if t["prompt"] is not None else 1
            t = server.request("GET", f"/api/games/{game}", token=tokens[d])
            assert t["prompt"] is not None, (t["over"], t["waiting"], t["status"])
            option, choice = pick_with_choice(t, rng)
            server.request(
                "POST", f"/api/games/{game}/actions", {"option": option, "choice": choice}, token=tokens[d]
            )
        for _ in range(20):
            t = server.request("GET", f"/api/games/{against_ai['game']}", token=against_ai["token"])
            if t["over"]:
                break
            option, choice = pick_with_choice(t, rng)
            server.request(
                "POST",
                f"/api/games/{against_ai['game']}/actions",
                {"option": option, "choice": choice},
                token=against_ai["token"],
            )
        before = {
            "seat0": server.request("GET", f"/api/games/{game}", token=tokens[0]),
            "seat1": server.request("GET", f"/api/games/{game}", token=tokens[1]),
            "spectator": server.request("GET", f"/api/games/{game}"),
            "ai": server.request("GET", f"/api/games/{against_ai['game']}", token=against_ai["token"]),
        }
        with sqlite3.connect(db) as con:
            saved = dict(con.execute("SELECT id, save FROM games").fetchall())
    finally:
        server.kill()  # no shutdown: the process dies as a crash would
    assert before["seat0"]["turn"] >= 2 and not before["seat0"]["over"]
    server = Server(db, port)
    try:
        after = {
            "seat0": server.request("GET", f"/api/games/{game}", token=tokens[0]),
            "seat1": server.request("GET", f"/api/games/{game}", token=tokens[1]),
            "spectator": server.request("GET", f"/api/games/{game}"),
            "ai": server.request("GET", f"/api/games/{against_ai['game']}", token=against_ai["token"]),
        }
        assert after == before
        with sqlite3.connect(db) as con:
            assert dict(con.execute("SELECT id, save FROM games").fetchall()) == saved
        # and the game goes on from there
        d = 0 if after["seat0"]["prompt"] is not None else 1
        t = after[f"seat{d}"]
        r = server.request(
            "POST",
            f"/api/games/{game}/actions",
            {"option": t["prompt"].get("default") or t["prompt"]["options"][0]["id"]},
            token=tokens[d],
        )
        assert r["version"] > t["version"]
    finally:
        server.kill()
    assert not os.path.exists(str(db) + "-journal")
