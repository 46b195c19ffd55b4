"""The ``karn`` command line: demo, play, card, scenario run, coverage.

A thin transport: no rules logic lives here.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from rich.console import Console

DEFAULT_DECKS = ("red_burn", "green_stompy")


def _console() -> Console:
    return Console(highlight=False, soft_wrap=True)


def cmd_demo(args: argparse.Namespace) -> int:
    from karn.agents.heuristic import HeuristicAgent
    from karn.game import Game

    con = _console()
    g = Game.new(args.deck_a, args.deck_b, seed=args.seed, names=("A", "B"))
    agents = [HeuristicAgent(pool=g.pool), HeuristicAgent(pool=g.pool)]
    con.print(f"[bold]karn demo[/]: {args.deck_a} (A) vs {args.deck_b} (B), seed {args.seed}")
    shown = 0
    while True:
        for e in g.log[shown:]:
            con.print(f"[dim]T{e.turn:>2}[/] [cyan]{e.rule:>8}[/] {e.text}")
        shown = len(g.log)
        if g.is_over():
            break
        d = g.decision
        assert d is not None
        # The demo shows the whole log (it watches both players); each AI sees only its own view.
        g.apply(agents[d.player].choose(g.observation(d.player), g.legal_actions()), player=d.player)
    w = g.winner
    result = f"{g.pname(w)} ({[args.deck_a, args.deck_b][w]}) wins" if w is not None else "the game is a draw"
    con.print(f"[bold]{result}[/] on turn {g.state.turn}")
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from karn.ui.terminal import play_terminal

    return play_terminal(args.deck, args.ai_deck, args.seed)


def cmd_card(args: argparse.Namespace) -> int:
    from karn.cards.database import CardDatabase, UnknownCardError
    from karn.oracle.compiler import compile_card
    from karn.oracle.describe import describe_abilities

    con = _console()
    name = " ".join(args.name)
    db = CardDatabase.default()
    try:
        face = db.get(name)
    except UnknownCardError as e:
        con.print(f"[red]{e}[/]")
        return 2
    cost = f"  {face.mana_cost}" if face.mana_cost else ""
    con.print(f"[bold]{face.name}[/]{cost}")
    con.print(face.type_line)
    if face.power is not None:
        con.print(f"{face.power}/{face.toughness}")
    if face.loyalty is not None:
        con.print(f"Loyalty: {face.loyalty}")
    if face.text:
        con.print("")
        con.print(face.text)
    cc = compile_card(face)
    con.print("")
    con.print(f"[bold]Compiled abilities[/] ({'playable' if cc.playable else 'NOT playable'}):")
    lines = describe_abilities(cc)
    if not lines:
        con.print("  (none)")
    for line in lines:
        con.print(f"  - {line}")
    return 0


def cmd_scenario_run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from karn.scenario import ScenarioError, load_file, run_scenario

    con = _console()
    failed = 0
    total = 0
    files: list[Path] = []
    for f in args.files:
        p = Path(f)
        files.extend(sorted(p.glob("*.yaml")) if p.is_dir() else [p])
    for path in files:
        try:
            scenarios = load_file(path)
        except (ScenarioError, OSError) as e:
            con.print(f"[red]ERROR[/] {e}")
            failed += 1
            continue
        for sc in scenarios:
            total += 1
            r = run_scenario(sc)
            if r.passed:
                con.print(f"[green]PASS[/] {sc.name}")
            else:
                failed += 1
                con.print(f"[red]FAIL[/] {sc.name} ({path}): {r.message}")
    con.print(f"{total - failed} passed, {failed} failed")
    return 1 if failed else 0


def cmd_coverage(args: argparse.Namespace) -> int:
    from karn.oracle.coverage import run as coverage_run

    return coverage_run(args)


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="karn", description="karn: a Magic: The Gathering rules engine")
    sub = ap.add_subparsers(dest="cmd")
    d = sub.add_parser("demo", help="an AI-vs-AI game between bundled decks, with the rule-cited log")
    d.add_argument("--seed", type=int, default=1)
    d.add_argument("--deck-a", default=DEFAULT_DECKS[0])
    d.add_argument("--deck-b", default=DEFAULT_DECKS[1])
    d.set_defaults(func=cmd_demo)
    p = sub.add_parser("play", help="play against the heuristic AI in the terminal")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--deck", default=DEFAULT_DECKS[0], help="your deck (bundled name or file)")
    p.add_argument("--ai-deck", default=DEFAULT_DECKS[1])
    p.set_defaults(func=cmd_play)
    c = sub.add_parser("card", help="show a card's characteristics, Oracle text and compiled abilities")
    c.add_argument("name", nargs="+")
    c.set_defaults(func=cmd_card)
    s = sub.add_parser("scenario", help="scenario files (rules tests as data)")
    ssub = s.add_subparsers(dest="scmd")
    sr = ssub.add_parser("run", help="run scenario files; exits non-zero when any fails")
    sr.add_argument("files", nargs="+")
    sr.set_defaults(func=cmd_scenario_run)
    from karn.oracle.coverage import CLI_DESCRIPTION as COVERAGE_DESCRIPTION
    from karn.oracle.coverage import add_arguments as coverage_arguments

    cv = sub.add_parser(
        "coverage",
        help="Oracle compiler coverage over the card corpus",
        description=COVERAGE_DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    coverage_arguments(cv)
    cv.set_defaults(func=cmd_coverage)
    return ap


def main(argv: Sequence[str] | None = None) -> int:
    ap = build_parser()
    args = ap.parse_args(list(argv) if argv is not None else None)
    if not getattr(args, "func", None):
        if args.cmd is None:
            args = ap.parse_args(["demo"])
        else:
            ap.print_help()
            return 2
    rc: int = args.func(args)
    return rc


if __name__ == "__main__":
    sys.exit(main())
