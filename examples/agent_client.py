"""An example client of ``karn agent-server`` (docs/AGENT_PROTOCOL.md), in plain Python with
no karn import: it starts the server as a child process and plays seat 0 over its stdin and
stdout, one JSON object per line. Its policy: play a land, cast a spell, attack with
everything, else the first option that does not cancel; it answers by text form for the
first decision and by option id afterwards, to show both.

    python examples/agent_client.py [--seed N] [--server "karn agent-server"]
"""

from __future__ import annotations

import argparse
import json
import shlex
import subprocess
import sys


def choose(request: dict) -> dict:
    options = request["options"]
    for kind in ("keep", "play", "cast", "attack", "pay", "done", "pass"):
        for option in options:
            if option["kind"] == kind:
                return {"action": option["id"]}
    for option in options:
        if option["kind"] != "cancel":
            return {"action": option["id"]}
    return {"action": 0}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--server", default=f"{shlex.quote(sys.executable)} -m karn agent-server")
    args = ap.parse_args()
    command = shlex.split(args.server) + ["red_burn", "green_stompy", "--seed", str(args.seed)]
    server = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    assert server.stdin is not None and server.stdout is not None
    decisions = errors = 0
    winner = None
    for line in server.stdout:
        message = json.loads(line)
        if message["type"] == "decision":
            answer = {"action": message["options"][0]["text"]} if decisions == 0 else choose(message)
            server.stdin.write(json.dumps(answer) + "\n")
            server.stdin.flush()
            decisions += 1
        elif message["type"] == "error":
            errors += 1
        elif message["type"] == "game_over":
            winner = message["winner"]
    server.stdin.close()
    server.wait()
    print(json.dumps({"decisions": decisions, "errors": errors, "winner": winner, "exit": server.returncode}))
    return 0 if server.returncode == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
