"""``karn agent-server`` (JSON lines over stdin/stdout) and ``karn mcp`` (an MCP server)."""

from __future__ import annotations

import argparse
import sys
from typing import Any


def cmd_agent_server(args: argparse.Namespace) -> int:
    from karn.agents.protocol import ClientGone, serve
    from karn.cards.database import UnknownCardError
    from karn.cards.decks import DeckError

    seats = [int(s) for s in args.seats.split(",")] if args.seats else [0]
    try:
        serve(
            args.decks,
            seats=seats,
            opponent=args.opponent,
            seed=args.seed,
            auto_pass=not args.no_auto_pass,
            observation=args.observation,
        )
    except (DeckError, UnknownCardError, ValueError) as e:
        print(f"karn: error: {e}", file=sys.stderr)
        return 2
    except ClientGone as e:
        print(f"karn: {e}", file=sys.stderr)
        return 1
    return 0


def cmd_mcp(args: argparse.Namespace) -> int:
    try:
        from karn.agents.mcp_server import run
    except ImportError as e:
        print(f"karn: error: karn mcp needs the mcp extra: pip install 'karn[mcp]' ({e})", file=sys.stderr)
        return 2
    from karn.cards.database import UnknownCardError
    from karn.cards.decks import DeckError

    try:
        run(args.decks or ["red_burn", "green_stompy"], args.seat, args.seed, args.opponent)
    except (DeckError, UnknownCardError, ValueError) as e:
        print(f"karn: error: {e}", file=sys.stderr)
        return 2
    return 0


def add_agent_commands(sub: Any) -> None:
    s = sub.add_parser(
        "agent-server",
        help="play a game with a program in any language: JSON lines over stdin/stdout",
        description="Play one game whose seats --seats are played by the program on the other "
        "end of stdin/stdout: one JSON request per decision with the complete list of legal "
        "options, one JSON answer per line (docs/AGENT_PROTOCOL.md). The other seats are "
        "played by karn's agent (--opponent).",
    )
    s.add_argument("decks", nargs="+", help="2 to 6 decks: bundled deck names or deck files")
    s.add_argument("--seats", default="0", help="the client's seats, comma-separated (default: 0)")
    s.add_argument("--opponent", default="heuristic", choices=["heuristic", "random"])
    s.add_argument("--seed", type=int, default=0)
    s.add_argument(
        "--observation",
        default="text",
        choices=["text", "dict", "none"],
        help="the observation in each request: plain English (default), the typed data, or none",
    )
    s.add_argument(
        "--no-auto-pass", action="store_true", help="ask even when passing priority is the only option"
    )
    s.set_defaults(func=cmd_agent_server)
    m = sub.add_parser(
        "mcp",
        help="an MCP server (stdio) that lets a language model play a seat against karn's AI",
        description="A Model Context Protocol server over stdio: tools to observe the game in "
        "plain English, list and take legal actions by their text forms, read cards and rules, "
        "set auto-pass, concede and start a new game. Nothing hidden from the seat is shown.",
    )
    m.add_argument("decks", nargs="*", help="2 to 6 decks (default: red_burn green_stompy)")
    m.add_argument("--seat", type=int, default=0, help="the model's seat (default: 0)")
    m.add_argument("--seed", type=int, default=0)
    m.add_argument("--opponent", default="heuristic", choices=["heuristic", "random"])
    m.set_defaults(func=cmd_mcp)
