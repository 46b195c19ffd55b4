"""``karn serve``: the browser table on a real server (FastAPI + uvicorn, websockets)."""

from __future__ import annotations

import argparse
import sys
from typing import Any


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from karn.web.app import MAX_FRAME, create_app
    except ImportError as e:
        print(f"karn: error: karn serve needs the web extra: pip install 'karn[web]' ({e})", file=sys.stderr)
        return 2
    if not 0 <= args.port <= 65535:
        print("karn: error: --port is 0 to 65535", file=sys.stderr)
        return 2
    app = create_app(args.db)
    print(f"karn: serving the table on http://{args.host}:{args.port}/ (games kept in {args.db})", flush=True)
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        ws_max_size=MAX_FRAME,  # larger messages than MAX_MESSAGE get the app's error
        log_level="warning" if args.quiet else "info",
        access_log=not args.quiet,
    )
    return 0


def add_serve_command(sub: Any) -> None:
    s = sub.add_parser(
        "serve",
        help="the browser table: play the AI or a friend (FastAPI + uvicorn)",
        description="Serve the browser table: a lobby to play the AI or invite a friend, the "
        "table with hidden information kept on the server, spectators. Games are kept in a "
        "SQLite file after every action, so a restart loses none.",
    )
    s.add_argument("--host", default="127.0.0.1", help="the address to listen on (default: 127.0.0.1)")
    s.add_argument("--port", type=int, default=8000, help="the port (default: 8000)")
    s.add_argument(
        "--db", default="karn-games.sqlite", help="the games' SQLite file (default: karn-games.sqlite)"
    )
    s.add_argument("--quiet", action="store_true", help="log only warnings")
    s.set_defaults(func=cmd_serve)
