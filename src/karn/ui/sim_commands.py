"""The simulation commands of the ``karn`` command line: ``karn sim`` (two decks, many
games) and ``karn goldfish`` (one deck against an opponent who does nothing).

A user's mistake (an unreadable deck, an unknown agent, fewer than one game, a missing
optional package) is reported on stderr as ``karn: ...`` lines with exit status 2,
before any game is played.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from karn.cards.database import UnknownCardError
from karn.cards.decks import DeckError
from karn.sim.errors import MissingExtraError, SimError, require
from karn.ui.card_commands import add_cards_option
from karn.ui.deck_commands import UserError, report

Handler = Callable[[argparse.Namespace], int]


def add_sim_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser], decks_help: str) -> None:
    """Add ``sim`` and ``goldfish`` to the top-level subcommands."""
    sim = sub.add_parser(
        "sim",
        help="simulate many games between two decks: win rates, play/draw split, game length",
        description="Play many games between two decks, in parallel, and report the win rate of "
        "DECK_A with its 95% Wilson interval, the split on the play and on the draw, game lengths "
        "and mulligans. The same seed gives the same results whatever --jobs or --dask.",
    )
    sim.add_argument("deck_a", metavar="DECK_A", help=decks_help)
    sim.add_argument("deck_b", metavar="DECK_B", help=decks_help)
    _common_arguments(sim)
    sim.add_argument(
        "--agents",
        default="heuristic,heuristic",
        help="the agents of DECK_A and DECK_B, separated by a comma: heuristic or random "
        "(default: heuristic,heuristic)",
    )
    sim.set_defaults(func=_with_errors_reported(cmd_sim))

    fish = sub.add_parser(
        "goldfish",
        help="play a deck alone against an opponent who does nothing: kill turn, curve, colors",
        description="Play a deck with the heuristic agent against an opponent who only passes, "
        "keeps its hand and never blocks, and report the turn it kills (deals 20 damage or wins), "
        "its mana curve, its color sources and its chance of casting each card on curve.",
    )
    fish.add_argument("deck", metavar="DECK", help=decks_help)
    _common_arguments(fish)
    fish.add_argument(
        "--turns",
        type=int,
        default=15,
        help="play each game for at most this many of the deck's turns (default: 15)",
    )
    fish.set_defaults(func=_with_errors_reported(cmd_goldfish))


def _common_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-n", "--games", type=int, default=1000, help="games to play (default: 1000)")
    parser.add_argument("--seed", type=int, default=0, help="the simulation's seed (default: 0)")
    parser.add_argument(
        "--jobs",
        type=int,
        default=None,
        help=f"local worker processes (default: the number of CPUs, {os.cpu_count() or 1} here)",
    )
    parser.add_argument(
        "--dask",
        metavar="ADDRESS",
        default=None,
        help="run the games on this dask.distributed scheduler (e.g. tcp://127.0.0.1:8786) "
        "instead of local processes",
    )
    parser.add_argument("--out", metavar="FILE.json", help="write every figure and every game to this file")
    parser.add_argument("--plot", metavar="FILE.png", help="draw the figures into this picture")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    add_cards_option(parser)


def _with_errors_reported(handler: Handler) -> Handler:
    """``handler`` with the user's mistakes turned into ``karn: ...`` lines and exit status 2."""

    def run(args: argparse.Namespace) -> int:
        try:
            return handler(args)
        except UserError as e:
            return report(e)
        except DeckError as e:
            return report(UserError(e.lines()))
        except (SimError, MissingExtraError, UnknownCardError) as e:
            return report(UserError([str(e)]))

    return run


def _check_common(args: argparse.Namespace) -> int:
    """Check the options every simulation command has; returns the number of local jobs."""
    if args.games < 1:
        raise UserError([f"-n must be at least 1 (got {args.games})"])
    jobs: int = args.jobs if args.jobs is not None else (os.cpu_count() or 1)
    if jobs < 1:
        raise UserError([f"--jobs must be at least 1 (got {jobs})"])
    if args.dask is not None:
        require("distributed", "--dask")
    if args.plot is not None:
        require("matplotlib", "--plot")
    for option, path in (("--out", args.out), ("--plot", args.plot)):
        if path is not None and not Path(path).resolve().parent.is_dir():
            raise UserError([f"{option} {path}: no such folder"])
    return jobs


@contextmanager
def _progress_bar(enabled: bool, what: str) -> Iterator[Callable[[int, int], None] | None]:
    """A rich progress bar on stderr with the games done and the time left; yields its update callback."""
    if not enabled:
        yield None
        return
    bar = Progress(
        TextColumn(f"[bold]{what}[/]"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("games"),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=Console(stderr=True),
    )
    task = bar.add_task(what, total=None)

    def update(done: int, total: int) -> None:
        bar.update(task, completed=done, total=total)

    with bar:
        yield update


def _write(path: str | None, text: str) -> None:
    if path is None:
        return
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as e:
        raise UserError([f"cannot write {path}: {e.strerror or e}"]) from None


# ---------------------------------------------------------------------------- karn sim


def cmd_sim(args: argparse.Namespace) -> int:
    from karn.sim import simulate
    from karn.sim.decks import check_playable, resolve_deck
    from karn.sim.runner import parse_agents

    jobs = _check_common(args)
    agents = parse_agents(args.agents)
    decks = (resolve_deck(args.deck_a, "deck A"), resolve_deck(args.deck_b, "deck B"))
    check_playable(*decks)
    start = time.perf_counter()
    with _progress_bar(not args.no_progress, "sim") as progress:
        result = simulate(
            decks[0],
            decks[1],
            games=args.games,
            agents=agents,
            jobs=jobs,
            seed=args.seed,
            dask=args.dask,
            progress=progress,
        )
    seconds = time.perf_counter() - start
    where = f"dask {args.dask}" if args.dask else f"{jobs} job{'s' if jobs > 1 else ''}"
    print(f"{seconds:.1f} s, {result.games / seconds:.1f} games/s ({where})", file=sys.stderr)
    from karn import _build

    hint = _build.suggestion()  # the compiled build, when this one is not it (README)
    if hint is not None:
        print(hint, file=sys.stderr)
    from karn.ui.sim_report import simulation_lines

    print("\n".join(simulation_lines(result)))
    _write(args.out, result.to_json() + "\n")
    if args.plot is not None:
        from karn.sim.plots import plot_simulation

        plot_simulation(result, args.plot)
    return 0


# ---------------------------------------------------------------------------- karn goldfish


def cmd_goldfish(args: argparse.Namespace) -> int:
    from karn.sim.decks import check_playable, resolve_deck
    from karn.sim.goldfish import goldfish

    jobs = _check_common(args)
    if args.turns < 1:
        raise UserError([f"--turns must be at least 1 (got {args.turns})"])
    deck = resolve_deck(args.deck, "deck")
    check_playable(deck)
    start = time.perf_counter()
    with _progress_bar(not args.no_progress, "goldfish") as progress:
        result = goldfish(
            deck,
            games=args.games,
            seed=args.seed,
            turns=args.turns,
            jobs=jobs,
            dask=args.dask,
            progress=progress,
        )
    seconds = time.perf_counter() - start
    print(f"{seconds:.1f} s, {result.games / seconds:.1f} games/s", file=sys.stderr)
    from karn.ui.sim_report import goldfish_lines

    print("\n".join(goldfish_lines(result)))
    _write(args.out, result.to_json() + "\n")
    if args.plot is not None:
        from karn.sim.plots import plot_goldfish

        plot_goldfish(result, args.plot)
    return 0
