"""``karn mcp``: a real MCP client (the mcp 2.x SDK's ``Client`` over stdio) plays a whole
game through the server's tools; illegal and malformed actions are tool errors that change
nothing; nothing hidden from the seat is shown."""

from __future__ import annotations

import asyncio
import re
import sys
from typing import Any

import pytest

pytest.importorskip("mcp")

from mcp import Client, StdioServerParameters  # noqa: E402


def _text(result: Any) -> str:
    return "\n".join(c.text for c in result.content if hasattr(c, "text"))


async def _play() -> dict[str, Any]:
    params = StdioServerParameters(command=sys.executable, args=["-m", "karn", "mcp", "--seed", "4"])
    out: dict[str, Any] = {"errors": [], "actions": 0}
    async with Client(params) as client:
        tools = {t.name for t in (await client.list_tools()).tools}
        out["tools"] = tools
        view = _text(await client.call_tool("observe", {}))
        out["first_view"] = view
        # bad input: a tool error naming the legal actions, the view unchanged
        for bad in ("cast #999", "fly away", "", 12345, True):
            r = await client.call_tool("act", {"action": bad})
            out["errors"].append((r.is_error, _text(r)))
        out["view_after_errors"] = _text(await client.call_tool("observe", {}))
        r = await client.call_tool("rule", {"number": "704.5g"})
        out["rule"] = _text(r)
        out["card"] = _text(await client.call_tool("card", {"name": "Lightning Bolt"}))
        out["no_card"] = (await client.call_tool("card", {"name": "No Such Card Anywhere"})).is_error
        for _ in range(3000):
            legal = (await client.call_tool("legal_actions", {})).structured_content
            actions = legal["result"] if isinstance(legal, dict) and "result" in legal else legal
            if not actions:
                break
            texts = [a["text"] for a in actions]
            pick = next((t for t in texts if t.split()[0] in ("keep", "play", "attack")), None)
            pick = pick or next((t for t in texts if t.split()[0] in ("pay", "done", "pass")), texts[0])
            r = await client.call_tool("act", {"action": pick})
            assert not r.is_error, _text(r)
            out["actions"] += 1
            out["last_view"] = _text(r)
        out["after_end"] = (await client.call_tool("act", {"action": "pass"})).is_error
    return out


def _without_events(view: str) -> str:
    return re.sub(r"Recent events:\n(  .*\n)*", "", view)


def test_a_whole_game_through_a_real_mcp_client_over_stdio() -> None:
    out = asyncio.run(asyncio.wait_for(_play(), timeout=900))
    assert {"observe", "legal_actions", "act", "card", "rule", "set_auto_pass", "concede", "new_game"} <= out[
        "tools"
    ]
    assert "You are A (seat 0)" in out["first_view"]
    assert all(is_error for is_error, _ in out["errors"]), out["errors"]
    assert "nothing was changed" in out["errors"][0][1] and "keep" in out["errors"][0][1]
    # the view is the same apart from the events already shown
    assert _without_events(out["view_after_errors"]) == _without_events(out["first_view"])
    assert out["rule"].startswith("704.5g")
    assert "Lightning Bolt deals 3 damage" in out["card"] and out["no_card"]
    assert out["actions"] > 10 and "The game is over" in out["last_view"] and out["after_end"]


def test_the_table_hides_the_other_hand() -> None:
    from karn.agents.mcp_server import Table

    table = Table(("red_burn", "green_stompy"), seat=0, seed=4)
    g = table.game
    view = table.observe() + "\n".join(a["text"] for a in table.legal())
    hidden = {g.obj(o).card for o in g.state.players[1].hand}
    hidden_ids = (
        set(g.state.players[1].hand) | set(g.state.players[1].library) | set(g.state.players[0].library)
    )
    assert not {int(m) for m in re.findall(r"#(\d+)", view)} & hidden_ids
    names = {g.obj(o).name for o in g.state.players[1].hand} - {"Forest"}
    assert hidden and not any(
        n in view for n in names if n not in {g.obj(o).name for o in g.state.players[0].hand}
    )
