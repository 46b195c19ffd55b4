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
