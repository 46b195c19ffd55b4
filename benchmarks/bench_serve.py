"""Load on ``karn serve``: concurrent games between scripted websocket clients, on 127.0.0.1.

Starts ``karn serve`` in a child process (a fresh SQLite file in a temporary folder),
makes ``--games`` games between two human seats, and plays them all at once: each seat
a websocket client that answers its prompts like a player would (a real play when
there is one, else the default answer). ``--stalled`` extra clients connect as
spectators and never read a byte (slow clients: they must not hold up the games).

Reported: the action latency (from sending an action to receiving the table with its
result) at p50/p95/p99, the games finished per minute, actions per second. Bounded:
``--max-actions`` per game and ``--timeout`` seconds in all; everything stops by itself.

    .venv/bin/python benchmarks/bench_serve.py                       # 50 games, whole games
    .venv/bin/python benchmarks/bench_serve.py --games 6 --max-actions 40 --json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def post(port: int, path: str, body: dict[str, Any]) -> Any:
    req = urllib.request.Request(f"http://{HOST}:{port}{path}", data=json.dumps(body).encode(), method="POST")
    req.add_header("content-type", "application/json")
    with urllib.request.urlopen(req, timeout=120) as r:
        return json.loads(r.read())


def pick(prompt: dict[str, Any], rng: random.Random) -> tuple[str, str | None]:
    """A scripted player's answer: a real play when there is one, else the default."""
    options = [o for o in prompt["options"] if o["kind"] not in ("cancel", "concede", "setting")]
    plays = [o for o in options if o["kind"] not in ("pass", "done", "mana", "mulligan", "none")]
    if plays and rng.random() < (0.5 if prompt.get("multi") else 0.7):
        o = rng.choice(plays)
        blocks = [c for c in o.get("choices") or [] if not c["id"].startswith("unblock")]
        if len(o.get("choices") or []) > 1 and not o.get("selected") and blocks:
            return str(o["id"]), str(rng.choice(blocks)["id"])
        return str(o["id"]), None
    if prompt.get("default"):
        return str(prompt["default"]), None
    return str(rng.choice(options or prompt["options"])["id"]), None


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    finished: int = 0
    capped: int = 0
    errors: list[str] = field(default_factory=list)
    refusals: int = 0


async def seat_client(
    port: int, game: str, token: str, seed: int, max_actions: int, stats: Stats, shared: dict[str, Any]
) -> None:
    """One seat: answer every prompt until the game ends or the game's action budget is spent."""
    try:
        await _seat(port, game, token, seed, max_actions, stats, shared)
    except ConnectionClosed:
        if not shared.get("done"):
            stats.errors.append("the server closed a seat's connection")
    finally:
        for other in shared["sockets"]:
            await other.close()  # the game is over for both seats


async def _seat(
    port: int, game: str, token: str, seed: int, max_actions: int, stats: Stats, shared: dict[str, Any]
) -> None:
    rng = random.Random(seed)
    async with connect(f"ws://{HOST}:{port}/ws/{game}", max_size=2**24) as ws:
        shared["sockets"].append(ws)
        await ws.send(json.dumps({"type": "hello", "token": token}))
        sent_at: float | None = None
        sent_version = -1
        while True:
            msg = json.loads(await ws.recv())
            if msg["type"] == "error":
                if msg["code"] in ("stale", "not_your_decision"):
                    stats.refusals += 1
                    sent_at = None
                    continue
                stats.errors.append(f"{msg['code']}: {msg['message']}")
                return
            if msg["type"] != "table":
                continue
            t = msg["table"]
            if sent_at is not None and t["version"] > sent_version:
                stats.latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            if t["over"]:
                if shared.get("done") != 1:
                    shared["done"] = 1
                    stats.finished += 1
                return
            if shared.get("done"):
                return
            if t["prompt"] is None or sent_at is not None:
                continue
            if shared["actions"] >= max_actions:
                if shared.get("done") != 1:
                    shared["done"] = 1
                    stats.capped += 1
                return
            option, choice = pick(t["prompt"], rng)
            shared["actions"] += 1
            stats.actions += 1
            sent_at = time.perf_counter()
            sent_version = t["version"]
            await ws.send(
                json.dumps({"type": "action", "option": option, "choice": choice, "version": t["version"]})
            )


async def stalled_client(port: int, game: str, hold: asyncio.Event) -> None:
    """A spectator that says hello and never reads: its socket buffers fill up."""
    async with connect(f"ws://{HOST}:{port}/ws/{game}", max_size=2**24, max_queue=1) as ws:
        await ws.send(json.dumps({"type": "hello"}))
        transport = getattr(ws, "transport", None)
        if transport is not None:
            transport.pause_reading()  # read nothing more
        await hold.wait()


async def run_load(port: int, games: list[dict[str, Any]], args: argparse.Namespace) -> tuple[Stats, float]:
    stats = Stats()
    hold = asyncio.Event()
    stalled = [
        asyncio.create_task(stalled_client(port, games[i % len(games)]["game"], hold))
        for i in range(args.stalled)
    ]
    await asyncio.sleep(0.2)
    start = time.perf_counter()
    tasks = []
    for i, g in enumerate(games):
        shared: dict[str, Any] = {"actions": 0, "sockets": []}
        for seat, token in enumerate((g["token"], g["invite_token"])):
            tasks.append(
                asyncio.create_task(
                    seat_client(
                        port,
                        g["game"],
                        token,
                        args.seed * 1000 + 2 * i + seat,
                        args.max_actions,
                        stats,
                        shared,
                    )
                )
            )
    try:
        await asyncio.wait_for(asyncio.gather(*tasks), timeout=args.timeout)
    except TimeoutError:
        stats.errors.append(f"timed out after {args.timeout} s")
        for task in tasks:
            task.cancel()
    elapsed = time.perf_counter() - start
    hold.set()
    for task in stalled:
        task.cancel()
    await asyncio.gather(*stalled, return_exceptions=True)
    return stats, elapsed


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=50, help="concurrent games (default: 50)")
    ap.add_argument("--max-actions", type=int, default=3000, help="actions per game at most (default: 3000)")
    ap.add_argument("--stalled", type=int, default=2, help="spectators that never read (default: 2)")
    ap.add_argument(
        "--timeout", type=float, default=900, help="seconds for the whole run at most (default: 900)"
    )
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args(argv)
    if not 1 <= args.games <= 200:
        ap.error("--games is 1 to 200")
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.sqlite"
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        server = subprocess.Popen(
            [sys.executable, "-m", "karn", "serve", "--port", str(port), "--db", str(db), "--quiet"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env=env,
        )
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    urllib.request.urlopen(f"http://{HOST}:{port}/api/decks", timeout=5).read()
                    break
                except OSError:
                    if time.monotonic() > deadline or server.poll() is not None:
                        raise SystemExit("the server did not start") from None
                    time.sleep(0.2)
            made_start = time.perf_counter()
            games = [
                post(port, "/api/games", {"opponent": "friend", "seed": args.seed + i})
                for i in range(args.games)
            ]
            made = time.perf_counter() - made_start
            stats, elapsed = asyncio.run(run_load(port, games, args))
        finally:
            server.terminate()
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
            stderr = server.stderr.read().decode(errors="replace") if server.stderr else ""
            if server.stderr:
                server.stderr.close()
    ms = [x * 1000 for x in stats.latencies]
    figures = {
        "games": args.games,
        "finished": stats.finished,
        "capped": stats.capped,
        "actions": stats.actions,
        "seconds": round(elapsed, 2),
        "games_per_minute": round(stats.finished / elapsed * 60, 1) if elapsed else 0.0,
        "actions_per_second": round(stats.actions / elapsed, 1) if elapsed else 0.0,
        "latency_ms": {
            "p50": round(percentile(ms, 50), 2),
            "p95": round(percentile(ms, 95), 2),
            "p99": round(percentile(ms, 99), 2),
            "mean": round(statistics.fmean(ms), 2) if ms else float("nan"),
            "max": round(max(ms), 2) if ms else float("nan"),
        },
        "game_creation_s": round(made / max(1, args.games), 3),
        "stalled_clients": args.stalled,
        "refusals": stats.refusals,
        "errors": stats.errors[:10],
        "server_errors": [line for line in stderr.splitlines() if "Traceback" in line or "ERROR" in line][
            :10
        ],
    }
    if args.json:
        print(json.dumps(figures))
    else:
        lat = figures["latency_ms"]
        print(f"karn serve: {args.games} concurrent games on {HOST} ({args.stalled} stalled spectators)")
        print(
            f"  finished {stats.finished}, capped at {args.max_actions} actions {stats.capped}, in {elapsed:.1f} s"
        )
        print(
            f"  {figures['games_per_minute']} games/min, {stats.actions} actions, {figures['actions_per_second']} actions/s"
        )
        print(f"  action latency ms: p50 {lat['p50']}  p95 {lat['p95']}  p99 {lat['p99']}  max {lat['max']}")
        if stats.errors or figures["server_errors"]:
            print(f"  errors: {stats.errors[:5]} {figures['server_errors'][:5]}")
    return 1 if stats.errors or figures["server_errors"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
