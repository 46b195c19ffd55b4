"""The ``karn`` command line: demo, play, rule, card, decks, deck, sim, goldfish, explain, scenario run, coverage.

A thin transport: no rules logic lives here.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.markup import escape

import karn
from karn import _build
from karn.cards.library import CardDataError
from karn.ui.agent_commands import add_agent_commands
from karn.ui.card_commands import add_card_commands, add_cards_option, cards_file, use_cards_file
from karn.ui.deck_commands import add_deck_commands, bundled_deck_names, check_game_decks
from karn.ui.sim_commands import add_sim_commands
from karn.web.serve_command import add_serve_command

DEFAULT_DECKS = ("red_burn", "green_stompy")


def _console() -> Console:
    return Console(highlight=False, soft_wrap=True)


def cmd_demo(args: argparse.Namespace) -> int:
    from karn.agents.heuristic import HeuristicAgent
    from karn.game import Game

    if (bad_decks := check_game_decks(args.deck_a, args.deck_b)) is not None:
        return bad_decks
    if not 2 <= args.players <= 6:
        print("karn: error: --players must be 2 to 6", file=sys.stderr)
        return 2
    con = _console()
    decks = [args.deck_a, args.deck_b] * 3
    decks = decks[: args.players]
    g = Game.new(*decks, seed=args.seed)
    agents = [HeuristicAgent(pool=g.pool) for _ in decks]
    seats = ", ".join(f"{deck} ({g.pname(i)})" for i, deck in enumerate(decks))
    con.print(f"[bold]karn demo[/]: {seats}, seed {args.seed}")
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
    result = f"{g.pname(w)} ({decks[w]}) wins" if w is not None else "the game is a draw"
    con.print(f"[bold]{result}[/] on turn {g.state.turn}")
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from karn.ui.terminal import play_terminal

    if args.resume is not None:
        return play_terminal(args.deck, args.ai_deck, args.seed, resume=args.resume, verbose=args.verbose)
    if (bad_decks := check_game_decks(args.deck, args.ai_deck)) is not None:
        return bad_decks
    return play_terminal(args.deck, args.ai_deck, args.seed, verbose=args.verbose)


def cmd_rule(args: argparse.Namespace) -> int:
    from karn import rules_text

    con = _console()
    status = 0
    for number in args.numbers:
        r = rules_text.rule(number)
        if r is None:
            near = ", ".join(rules_text.nearest(number))
            con.print(
                f"[red]no rule {escape(number)} in the Comprehensive Rules[/]"
                + (f"; nearby: {near}" if near else "")
            )
            status = 2
            continue
        con.print(f"[bold cyan]{r.number}[/] {escape(r.text)}")
        for example in r.examples:
            con.print(f"[dim]{escape(example)}[/]")
        if args.subrules:
            for sub in r.subrules:
                s = rules_text.rule(sub)
                if s is not None:
                    con.print(f"[bold cyan]{s.number}[/] {escape(s.text)}")
    return status


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


def scenario_files(paths: Sequence[str]) -> tuple[list[Path], list[str]]:
    """The scenario files named on the command line, and the errors of paths that are none.

    A folder is searched with its subfolders, except those named ``pending`` (scenarios
    waiting for an engine fix), which run only when named themselves.
    """
    files: list[Path] = []
    errors: list[str] = []
    for name in paths:
        p = Path(name)
        if p.is_dir():
            found = sorted(f for f in p.rglob("*.yaml") if "pending" not in f.relative_to(p).parts[:-1])
            if not found:
                errors.append(f"{p}: no scenarios found (no .yaml files in this folder)")
            files.extend(found)
        elif p.exists():
            files.append(p)
        else:
            errors.append(f"{p}: no such file or folder")
    return files, errors


def cmd_scenario_run(args: argparse.Namespace) -> int:
    from karn.scenario import ScenarioError, load_file, run_scenario

    con = _console()
    passed = 0
    failed = 0
    cards = getattr(args, "cards", None)
    if cards and not Path(cards).is_file():
        con.print(f"[red]ERROR[/] --cards {escape(cards)}: no such file")
        return 2
    files, errors = scenario_files(args.files)
    for error in errors:
        con.print(f"[red]ERROR[/] {escape(error)}")
        failed += 1
    for path in files:
        try:
            scenarios = load_file(path)
        except ScenarioError as e:
            con.print(f"[red]ERROR[/] {escape(str(e))}")
            failed += 1
            continue
        for sc in scenarios:
            if cards and not sc.cards:
                sc = dataclasses.replace(sc, cards=str(Path(cards).resolve()))
            r = run_scenario(sc)
            if r.passed:
                passed += 1
                con.print(f"[green]PASS[/] {escape(sc.name)}")
            else:
                failed += 1
                con.print(f"[red]FAIL[/] {escape(sc.name)} ({escape(str(path))}): {escape(r.message)}")
    if passed + failed == 0:
        con.print("[red]no scenarios found[/]")
        return 1
    con.print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


def cmd_coverage(args: argparse.Namespace) -> int:
    from karn.oracle.coverage import run as coverage_run

    return coverage_run(args)


def add_explain_command(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``karn explain FILE REF``: the layer-by-layer derivation of an object (613)."""
    e = sub.add_parser(
        "explain",
        help="how an object's characteristics and controller are derived, layer by layer (613)",
        description="Play a scenario file's steps (or load a saved game) and print the derivation "
        "of one object's characteristics: every continuous effect applied to it, layer by layer, "
        "with its source and why it applies when it does (613.3 CDAs, 613.7 timestamps, 613.8 "
        "dependencies).",
    )
    e.add_argument("file", metavar="SCENARIO_OR_SAVE")
    e.add_argument(
        "ref", metavar="REF", help="a scenario reference (A.Humility), a card name or an object id"
    )
    add_cards_option(e)

    def cmd_explain(args: argparse.Namespace) -> int:
        from karn.scenario.explain import ExplainError, explain_file

        try:
            print(explain_file(args.file, args.ref))
        except ExplainError as err:
            print(f"karn explain: {err}", file=sys.stderr)
            return 2
        return 0

    e.set_defaults(func=cmd_explain)


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="karn", description="karn: a Magic: The Gathering rules engine")
    ap.add_argument("--version", action="version", version=f"karn {karn.__version__}, {_build.describe()}")
    sub = ap.add_subparsers(dest="cmd")
    decks = f"a bundled deck ({bundled_deck_names()}; see karn decks) or a deck file"
    d = sub.add_parser("demo", help="an AI-vs-AI game between bundled decks, with the rule-cited log")
    d.add_argument("--seed", type=int, default=1, help="the game's random seed (default: 1)")
    d.add_argument("--deck-a", default=DEFAULT_DECKS[0], help=f"player A's deck: {decks}")
    d.add_argument("--deck-b", default=DEFAULT_DECKS[1], help=f"player B's deck: {decks}")
    d.add_argument(
        "--players",
        type=int,
        default=2,
        help="2 to 6 players, free-for-all (806); the decks alternate A, B, A, B... (default: 2)",
    )
    add_cards_option(d)
    d.set_defaults(func=cmd_demo)
    p = sub.add_parser(
        "play",
        help="play against the heuristic AI in the terminal",
        description="Play against the heuristic AI in the terminal. In the game: Enter takes the "
        "default answer; options keep their keys (attackers: 1 3, a all, n none; blockers: a blocker "
        "then its attacker, 2 1); e passes until end of turn, u until your next turn; ? N or ? NAME "
        "shows a card, gy and ex the graveyards and exile, log the whole turn, rule N a rule; undo, "
        "save FILE (resume with --resume FILE), q concedes after asking; help lists everything.",
    )
    p.add_argument("--seed", type=int, default=None, help="the game's random seed (default: a random one)")
    p.add_argument("--deck", default=DEFAULT_DECKS[0], help=f"your deck: {decks}")
    p.add_argument("--ai-deck", default=DEFAULT_DECKS[1], help=f"the AI's deck: {decks}")
    p.add_argument(
        "--verbose", action="store_true", help="print the whole log (every pass of priority, every step)"
    )
    p.add_argument(
        "--resume",
        metavar="FILE",
        default=None,
        help="go on with a game saved by the save command (save FILE)",
    )
    add_cards_option(p)
    p.set_defaults(func=cmd_play)
    r = sub.add_parser(
        "rule",
        help="print a rule of the Comprehensive Rules (bundled) by its number, e.g. karn rule 704.5g",
    )
    r.add_argument("numbers", nargs="+", metavar="RULE", help="a rule number: 704.5g, 117.3d, 505")
    r.add_argument(
        "--subrules", action="store_true", help="also print the rules under it (704.5a, 704.5b, ...)"
    )
    r.set_defaults(func=cmd_rule)
    c = sub.add_parser("card", help="show a card's characteristics, Oracle text and compiled abilities")
    c.add_argument("name", nargs="+")
    add_cards_option(c)
    c.set_defaults(func=cmd_card)
    add_card_commands(sub)
    add_deck_commands(sub)
    add_sim_commands(sub, decks)
    add_explain_command(sub)
    s = sub.add_parser("scenario", help="scenario files (rules tests as data)")
    ssub = s.add_subparsers(dest="scmd")
    sr = ssub.add_parser(
        "run",
        help="run scenario files; exits non-zero when any fails",
        description="Run scenario files (rules tests as data). A folder is searched with its "
        "subfolders, except those named 'pending' (scenarios waiting for an engine fix: name "
        "such a folder itself to run them). Exits 1 when a scenario fails or none is found.",
    )
    sr.add_argument("files", nargs="+", metavar="FILE_OR_FOLDER")
    sr.add_argument(
        "--cards",
        metavar="FILE",
        help="a card file (an MTGJSON AtomicCards file or a JSON list of records) whose cards are"
        " added to the packaged ones for the scenarios without their own 'cards:' (for the second"
        " halves of split and adventurer cards, which the packaged data lacks)",
    )
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
    add_serve_command(sub)
    add_cards_option(sub.choices["serve"])
    add_agent_commands(sub)
    return ap


def main(argv: Sequence[str] | None = None) -> int:
    ap = build_parser()
    args = ap.parse_args(list(argv) if argv is not None else None)
    if not getattr(args, "func", None):
        ap.print_help()
        return 0 if args.cmd is None else 2
    # --cards FILE: the card data of this run (the scenario runner's --cards adds cards instead)
    cards = getattr(args, "cards", None) if args.cmd != "scenario" else None
    with cards_file(cards):
        try:
            if cards:
                use_cards_file(cards)
            rc: int = args.func(args)
        except CardDataError as e:
            print(f"karn: {e}", file=sys.stderr)
            return 2
        except KeyboardInterrupt:  # Ctrl-C: one line, no traceback (any worker processes are stopped first)
            print("karn: interrupted", file=sys.stderr)
            return 2
    return rc


if __name__ == "__main__":
    sys.exit(main())
