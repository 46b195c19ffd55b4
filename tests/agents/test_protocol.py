"""``karn agent-server``: the JSON-lines protocol (docs/AGENT_PROTOCOL.md), with the example
client in another process, and bad answers refused with nothing changed."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from karn.agents import HeuristicAgent
from karn.agents.protocol import AgentServer, ClientGone
from karn.game import Game

ROOT = Path(__file__).resolve().parents[2]


def test_the_example_client_plays_a_whole_game_in_another_process() -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "agent_client.py"), "--seed", "2"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["decisions"] > 10 and result["errors"] == 0 and result["winner"] in (0, 1)
    assert result["exit"] == 0


def _server(answers: list[str], seed: int = 3, observation: str = "text") -> tuple[AgentServer, io.StringIO]:
    game = Game.new("red_burn", "green_stompy", seed=seed, auto_pass=True)
    out = io.StringIO()
    server = AgentServer(
        game, [0], {1: HeuristicAgent()}, io.StringIO("".join(a + "\n" for a in answers)), out, observation
    )
    return server, out


def _messages(out: io.StringIO) -> list[dict[str, Any]]:
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_bad_answers_get_errors_and_change_nothing() -> None:
    bad = [
        "{oops",
        "[1, 2]",
        '{"action": 99}',
        '{"action": -1}',
        '{"action": true}',
        '{"action": null}',
        '{"action": "cast #3"}',
        '{"action": "Cast Bolt"}',
        "[" * 5000 + "]" * 5000,
        '{"action": "' + "x" * 70_000 + '"}',
    ]
    server, out = _server(bad)
    game = server.game
    with pytest.raises(ClientGone):  # the script ends before the game does
        server.run()
    messages = _messages(out)
    assert messages[0]["type"] == "hello" and messages[1]["type"] == "decision"
    errors = [m for m in messages if m["type"] == "error"]
    assert len(errors) == len(bad)
    assert all(m["seat"] == 0 and m["message"] for m in errors)
    assert "not a legal action now" in errors[6]["message"]
    assert [m["type"] for m in messages[2:]] == ["error"] * len(bad)  # the same decision pending
    assert game.decision is not None and game.decision.kind == messages[1]["kind"]
    # nothing happened: seat 0 decided first, so the game is still the freshly dealt one
    assert game.state_hash() == Game.new("red_burn", "green_stompy", seed=3, auto_pass=True).state_hash()


def test_answers_by_id_and_by_text_and_events_per_seat() -> None:
    server, out = _server(['{"action": "keep"}', '{"action": 0}', '{"concede": true}'], observation="dict")
    assert server.run() == 1
    messages = _messages(out)
    decisions = [m for m in messages if m["type"] == "decision"]
    assert decisions[0]["kind"] == "mulligan" and decisions[0]["options"][0]["text"] == "keep"
    assert isinstance(decisions[0]["observation"], dict)
    assert decisions[1]["events"] and all("rule" in e for e in decisions[1]["events"])
    assert not {e["text"] for e in decisions[0]["events"]} & {e["text"] for e in decisions[1]["events"]}
    assert messages[-1] == {**messages[-1], "type": "game_over", "winner": 1}


def test_the_cli_refuses_a_bad_seat_and_unknown_decks() -> None:
    for args in (["red_burn", "green_stompy", "--seats", "2"], ["red_burn", "no_such_deck_here"]):
        out = subprocess.run(
            [sys.executable, "-m", "karn", "agent-server", *args],
            capture_output=True,
            text=True,
            timeout=300,
            input="",
        )
        assert out.returncode == 2 and out.stderr.startswith("karn: error:") and "Traceback" not in out.stderr
