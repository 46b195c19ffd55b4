"""Engine benchmark: random-vs-random games, copies and saves (see benchmarks/README.md).

    .venv/bin/python benchmarks/bench_engine.py                 # karn, plus the `bench` extra if installed
    .venv/bin/python benchmarks/bench_engine.py --games 100 --repeats 7 --seed 1
    .venv/bin/python benchmarks/bench_engine.py --profile 40    # cProfile hot spots of 40 random games

Every figure is the median of ``--repeats`` runs. Both players choose uniformly at
random among the legal actions (karn's :class:`~karn.agents.RandomAgent`), red_burn
against green_stompy, game ``i`` with seed ``seed + i``. "Decisions" are the choices
the agents make (karn answers a decision with a single option by itself).

With the optional extra ``bench`` (``pip install -e '.[bench]'``: phase-python and
python-mtg) the same decks are played by those engines with a uniform random
policy too, and the ratios are printed. phase-python needs a ``card-data.json``,
built once (about 3 minutes) with ``phase-gen`` from the shared AtomicCards corpus
and cached in ``~/.cache/karn-bench/``.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import random
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from karn import Game
from karn import __version__ as karn_version
from karn import _build as karn_build
from karn.agents import RandomAgent, run_game
from karn.cards.decks import load_deck

DECKS = ("red_burn", "green_stompy")
REPO = Path(__file__).resolve().parent.parent
CACHE = Path(os.environ.get("KARN_BENCH_CACHE", Path.home() / ".cache" / "karn-bench"))
CORPUS_CANDIDATES = (
    REPO.parent / "shared" / "cards" / "AtomicCards-corpus.json.gz",
    REPO / "shared" / "cards" / "AtomicCards-corpus.json.gz",
)
MID_TURN = 6  # a "typical mid-game point": the first decision of turn 6 or later
BASICS = ("Plains", "Island", "Swamp", "Mountain", "Forest")

#: The timer: wall clock, or process CPU time with ``--cpu`` (figures from a busy machine
#: still compare: other processes' load slows the wall clock, not this process's CPU time).
clock: Callable[[], float] = time.perf_counter


@dataclass
class Figures:
    """One engine's medians."""

    engine: str
    games: int
    games_per_s: float = 0.0
    decisions_per_s: float = 0.0
    decisions_per_game: float = 0.0
    turns_per_game: float = 0.0
    copy_us: float | None = None
    copy_nolog_us: float | None = None
    dumps_us: float | None = None
    loads_us: float | None = None
    save_bytes: int | None = None
    notes: list[str] = field(default_factory=list)


@dataclass
class Batch:
    seconds: float
    games: int
    decisions: int
    turns: int


def median_batch(batches: list[Batch]) -> tuple[float, float, float, float]:
    gps = statistics.median(b.games / b.seconds for b in batches)
    dps = statistics.median(b.decisions / b.seconds for b in batches)
    b0 = batches[0]
    return gps, dps, b0.decisions / b0.games, b0.turns / b0.games


def time_op(op: Callable[[Any], object], items: list[Any], repeats: int, min_seconds: float = 0.2) -> float:
    """Median time of one ``op(item)`` in microseconds (each repeat loops until ``min_seconds``)."""
    results = []
    for _ in range(repeats):
        n = 0
        t0 = clock()
        while True:
            for it in items:
                op(it)
            n += len(items)
            el = clock() - t0
            if el >= min_seconds:
                break
        results.append(el / n * 1e6)
    return statistics.median(results)


# ---------------------------------------------------------------------------- karn


class ObservingRandomAgent(RandomAgent):
    """A random agent that is given its observation at every decision (``--observing``:
    what building observations costs; the plain one reads none, and run_game builds none)."""

    reads_observation = True


def karn_batch(games: int, seed: int, observing: bool = False, players: int = 2) -> Batch:
    """``games`` random games; with ``players`` 4, red_burn, green_stompy, red_burn,
    green_stompy free-for-all (806)."""
    agent = ObservingRandomAgent if observing else RandomAgent
    decks = (DECKS * 3)[:players]
    decisions = turns = 0
    t0 = clock()
    for i in range(games):
        s = seed + i
        g = Game.new(*decks, seed=s)
        decisions += run_game(g, [agent(s + k * 1_000_003) for k in range(players)])
        turns += g.state.turn
    return Batch(clock() - t0, games, decisions, turns)


def karn_heuristic_batch(games: int, seed: int) -> Batch:
    """``games`` games of karn's HeuristicAgent against itself (it reads observations)."""
    from karn.agents.heuristic import HeuristicAgent

    decisions = turns = 0
    t0 = clock()
    for i in range(games):
        g = Game.new(*DECKS, seed=seed + i)
        decisions += run_game(g, [HeuristicAgent(), HeuristicAgent()])
        turns += g.state.turn
    return Batch(clock() - t0, games, decisions, turns)


def playable_corpus_cards() -> list[str]:
    """The playable non-land cards of the card database, as tests/fuzz/test_corpus_decks.py
    finds them (compiling the whole corpus: about 20 s)."""
    from karn.cards.database import CardDatabase
    from karn.oracle import compile_card

    out = []
    for f in CardDatabase.default().faces():
        planar = "plane" in f.types or "phenomenon" in f.types
        if "land" not in f.types and not planar and compile_card(f).playable:
            out.append(f.name)
    return out


def corpus_decks(playable: list[str], games: int, seed: int) -> list[list[list[str]]]:
    """Pairs of decks of 36 random playable corpus cards and 24 random basics."""
    rng = random.Random(seed)
    return [
        [
            [rng.choice(playable) for _ in range(36)] + [rng.choice(BASICS) for _ in range(24)]
            for _ in range(2)
        ]
        for _ in range(games)
    ]


def karn_corpus_batch(decks: list[list[list[str]]], seed: int) -> Batch:
    decisions = turns = 0
    for i, (a, b) in enumerate(decks):
        Game.new(a, b, seed=seed + i)  # compiles the decks' cards: not timed
    t0 = clock()
    for i, (a, b) in enumerate(decks):
        s = seed + i
        g = Game.new(a, b, seed=s)
        decisions += run_game(g, [RandomAgent(s), RandomAgent(s + 1_000_003)])
        turns += g.state.turn
    return Batch(clock() - t0, len(decks), decisions, turns)


BOARD_CREATURES = ("Llanowar Elves", "Grizzly Bears", "Goblin Guide", "Mogg Fanatic")


def board_game(creatures: int, anthems: int, seed: int) -> Game:
    """A synthetic board (as the performance review's scaling table): each player has
    ``creatures // 2`` creatures, 10 lands, 5 cards in hand and 40 in the library, and
    ``anthems`` Glorious Anthems (continuous effects, 613) split between them; player 0's
    precombat main phase of turn 3."""
    g = Game.empty(seed=seed)
    for p in range(2):
        for i in range(creatures // 2):
            g.add_card(p, BOARD_CREATURES[i % len(BOARD_CREATURES)], "battlefield")
        for i in range(10):
            g.add_card(p, ("Mountain", "Forest")[i % 2], "battlefield")
        for _ in range(anthems // 2 + (anthems % 2 if p == 0 else 0)):
            g.add_card(p, "Glorious Anthem", "battlefield")
        for i in range(5):
            g.add_card(
                p, ("Lightning Bolt", "Grizzly Bears", "Mountain", "Giant Growth", "Forest")[i], "hand"
            )
        for i in range(40):
            g.add_card(p, ("Mountain", "Grizzly Bears", "Forest", "Shock")[i % 4], "library")
    g.begin_at(0, "precombat_main", turn=3)
    return g


def us_per_decision_on_board(creatures: int, anthems: int, repeats: int, decisions: int = 150) -> float:
    """Median µs per decision of random play from :func:`board_game` (``decisions`` each run)."""
    out = []
    for r in range(max(repeats, 3)):
        g = board_game(creatures, anthems, r)
        agent = RandomAgent(r)
        n = 0
        t0 = clock()
        while n < decisions and not g.is_over():
            g.apply(agent.choose(None, g.legal_actions()))
            n += 1
        out.append((clock() - t0) / max(n, 1) * 1e6)
    return statistics.median(out)


def first_game_new_cpu(repeats: int) -> float:
    """CPU seconds of the first ``Game.new`` of a fresh process (card database, parser, deck
    compile; the interpreter start and ``import karn`` not included), median of ``repeats``."""
    code = (
        "import time\nfrom karn import Game\nt = time.process_time()\n"
        f"Game.new({DECKS[0]!r}, {DECKS[1]!r}, seed=0)\nprint(time.process_time() - t)\n"
    )
    runs = []
    for _ in range(max(repeats, 3)):
        out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
        runs.append(float(out.stdout.strip().splitlines()[-1]))
    return statistics.median(runs)


def karn_midgame(n: int, seed: int) -> list[Game]:
    """Games stopped at the first decision of turn MID_TURN (or their last decision)."""
    out = []
    for i in range(n):
        s = seed + 50_000 + i
        g = Game.new(*DECKS, seed=s)
        agents = [RandomAgent(s), RandomAgent(s + 1)]
        prev = g.copy()
        while not g.is_over() and g.state.turn < MID_TURN:
            prev = g.copy()
            d = g.decision
            assert d is not None
            g.apply(agents[d.player].choose(None, g.legal_actions()))
        out.append(g if not g.is_over() else prev)
    return out


def bench_karn(args: argparse.Namespace) -> Figures:
    karn_batch(2, args.seed + 99_999)  # warm up: card compilation, imports
    batches = [karn_batch(args.games, args.seed, args.observing) for _ in range(args.repeats)]
    f = Figures("karn (observing)" if args.observing else "karn", args.games)
    f.games_per_s, f.decisions_per_s, f.decisions_per_game, f.turns_per_game = median_batch(batches)
    snaps = karn_midgame(args.snapshots, args.seed)
    saves = [g.dumps() for g in snaps]
    f.copy_us = time_op(lambda g: g.copy(), snaps, args.repeats)
    f.copy_nolog_us = time_op(lambda g: g.copy(log=False), snaps, args.repeats)
    f.dumps_us = time_op(lambda g: g.dumps(), snaps, args.repeats)
    f.loads_us = time_op(Game.loads, saves, args.repeats)
    f.save_bytes = int(statistics.median(len(b) for b in saves))
    return f


def bench_karn_multiplayer(args: argparse.Namespace) -> Figures:
    """Four-player free-for-all random games (fewer games: they are longer)."""
    games = max(2, args.games // 4)
    karn_batch(1, args.seed + 77_777, players=4)
    batches = [karn_batch(games, args.seed, args.observing, players=4) for _ in range(args.repeats)]
    f = Figures("karn, 4 players", games)
    f.games_per_s, f.decisions_per_s, f.decisions_per_game, f.turns_per_game = median_batch(batches)
    return f


# ---------------------------------------------------------------------------- phase-python


def phase_card_data(args: argparse.Namespace) -> Path | None:
    path = Path(args.phase_data)
    if path.exists():
        return path
    corpus = next((c for c in CORPUS_CANDIDATES if c.exists()), None)
    gen = shutil.which("phase-gen") or str(Path(sys.executable).parent / "phase-gen")
    if args.no_build or corpus is None or not Path(gen).exists():
        return None
    print(f"building {path} with phase-gen from {corpus} (about 3 minutes, done once) ...", flush=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    subprocess.run([gen, "-i", str(corpus), "-o", str(tmp)], check=True, stdout=subprocess.DEVNULL)
    tmp.replace(path)
    return path


def _phase_actors(g: Any, wf: dict[str, Any]) -> list[int]:
    """Who may be acting: during simultaneous mulligans ``actions()`` mixes the players' options."""
    d = wf.get("data") or {}
    out: list[int] = []
    if isinstance(d, dict):
        if isinstance(d.get("player"), int):
            out.append(int(d["player"]))
        out += [int(p["player"]) for p in d.get("pending") or []]
    out.append(int(g.priority_player()))
    return list(dict.fromkeys(out))


def _phase_apply(g: Any, wf: dict[str, Any], action: Any) -> None:
    actors = _phase_actors(g, wf)
    for actor in actors[:-1]:
        try:
            g.apply(actor, action)
            return
        except ValueError:
            continue  # not this player's action: phase rejects it and changes nothing
    g.apply(actors[-1], action)


def phase_game(
    engine: Any, a: list[str], b: list[str], seed: int, stop_turn: int | None = None
) -> tuple[Any, int]:
    g = engine.new_game(a, b, seed=seed)
    rng = random.Random(seed)
    n = 0
    while True:
        wf = g.waiting_for()
        if wf is None or wf.get("type") == "GameOver":
            return g, n
        if stop_turn is not None and g.turn >= stop_turn:
            return g, n
        acts = g.actions()
        _phase_apply(g, wf, rng.choice(acts))
        n += 1
        if n > 100_000:
            raise RuntimeError("phase game did not end")


def bench_phase(args: argparse.Namespace) -> Figures | str:
    try:
        import phase
    except ImportError:
        return "phase-python is not installed (pip install -e '.[bench]')"
    data = phase_card_data(args)
    if data is None:
        return (
            f"phase-python: no card data at {args.phase_data}; build it with "
            "`phase-gen -i ../shared/cards/AtomicCards-corpus.json.gz -o "
            f"{args.phase_data}` (about 3 minutes)"
        )
    engine = phase.Engine.from_path(str(data))
    a, b = (load_deck(d).cards() for d in DECKS)
    phase_game(engine, a, b, args.seed + 99_999)  # warm up

    def batch() -> Batch:
        decisions = turns = 0
        t0 = clock()
        for i in range(args.other_games):
            g, n = phase_game(engine, a, b, args.seed + i)
            decisions += n
            turns += int(g.turn)
        return Batch(clock() - t0, args.other_games, decisions, turns)

    f = Figures("phase-python", args.other_games)
    f.games_per_s, f.decisions_per_s, f.decisions_per_game, f.turns_per_game = median_batch(
        [batch() for _ in range(args.other_repeats)]
    )
    snaps = [phase_game(engine, a, b, args.seed + 50_000 + i, MID_TURN)[0] for i in range(args.snapshots)]
    saves = [json.dumps(g.state()) for g in snaps]
    f.copy_us = time_op(lambda g: engine.load_game(g.state()), snaps, args.other_repeats)
    f.dumps_us = time_op(lambda g: json.dumps(g.state()), snaps, args.other_repeats)
    f.loads_us = time_op(engine.load_game, saves, args.other_repeats)
    f.save_bytes = int(statistics.median(len(s) for s in saves))
    f.notes.append("copy = load_game(state()); dumps = json.dumps(state()); loads = load_game(json)")
    f.notes.append("attackers and blockers are declared as one action each")
    return f


# ---------------------------------------------------------------------------- python-mtg


def mtg_game(
    mtg: Any, a: list[str], b: list[str], seed: int, stop_turn: int | None = None
) -> tuple[Any, int]:
    g = mtg.Game({"alice": a, "bob": b}, seed=seed)
    rng = random.Random(seed)
    n = 0
    while not g.is_game_over():
        if stop_turn is not None and g.turn_number >= stop_turn:
            break
        g.push(rng.choice(g.legal_moves))
        n += 1
        if n > 100_000:
            raise RuntimeError("python-mtg game did not end")
    return g, n


def bench_mtg(args: argparse.Namespace) -> Figures | str:
    try:
        import mtg
    except ImportError:
        return "python-mtg is not installed (pip install -e '.[bench]')"
    a, b = (load_deck(d).cards() for d in DECKS)
    try:
        mtg_game(mtg, a, b, args.seed + 99_999)  # warm up (the first game loads the rules)
    except Exception as e:  # noqa: BLE001 - a third-party engine: report, don't crash
        return f"python-mtg could not play the decks: {type(e).__name__}: {e}"

    def batch() -> Batch:
        decisions = turns = 0
        t0 = clock()
        for i in range(args.other_games):
            g, n = mtg_game(mtg, a, b, args.seed + i)
            decisions += n
            turns += int(g.turn_number)
        return Batch(clock() - t0, args.other_games, decisions, turns)

    f = Figures(f"python-mtg ({mtg.engine_available()})", args.other_games)
    f.games_per_s, f.decisions_per_s, f.decisions_per_game, f.turns_per_game = median_batch(
        [batch() for _ in range(args.other_repeats)]
    )
    snaps = [mtg_game(mtg, a, b, args.seed + 50_000 + i, MID_TURN)[0] for i in range(args.snapshots)]
    saves = [g.serialize() for g in snaps]
    f.copy_us = time_op(lambda g: g.copy(), snaps, args.other_repeats)
    f.dumps_us = time_op(lambda g: g.serialize(), snaps, args.other_repeats)
    f.loads_us = time_op(mtg.Game.deserialize, saves, args.other_repeats)
    f.save_bytes = int(statistics.median(len(s) for s in saves))
    f.notes.append("a move bundles a whole cast (targets, modes) or a whole attack/block declaration;")
    f.notes.append("lands are played and mulligans decided by the engine; no instant-speed windows")
    return f


# ---------------------------------------------------------------------------- report


def fmt_us(v: float | None) -> str:
    return "-" if v is None else f"{v:,.1f} us"


def report(figs: list[Figures], notes: list[str]) -> None:
    print()
    header = f"{'engine':<26}{'games':>6}{'games/s':>10}{'decisions/s':>13}{'dec/game':>10}{'turns':>7}"
    header += f"{'copy()':>14}{'dumps()':>14}{'loads()':>14}{'save':>10}"
    print(header)
    print("-" * len(header))
    for f in figs:
        line = f"{f.engine:<26}{f.games:>6}{f.games_per_s:>10.2f}{f.decisions_per_s:>13,.0f}"
        line += f"{f.decisions_per_game:>10.0f}{f.turns_per_game:>7.1f}"
        line += f"{fmt_us(f.copy_us):>14}{fmt_us(f.dumps_us):>14}{fmt_us(f.loads_us):>14}"
        line += f"{(f.save_bytes or 0) / 1024:>8.1f}KB"
        print(line)
    karn = figs[0]
    for f in figs[1:]:
        print(f"\nkarn vs {f.engine}:")
        print(f"  games/s      x{karn.games_per_s / f.games_per_s:,.2f}")
        print(f"  decisions/s  x{karn.decisions_per_s / f.decisions_per_s:,.2f}")
        for name, k, o in (("copy", karn.copy_us, f.copy_us), ("dumps", karn.dumps_us, f.dumps_us)):
            if k and o:
                print(
                    f"  {name:<12} x{o / k:,.2f} faster" if o >= k else f"  {name:<12} x{k / o:,.2f} slower"
                )
        if karn.loads_us and f.loads_us:
            r = f.loads_us / karn.loads_us
            print(f"  {'loads':<12} x{r:,.2f} faster" if r >= 1 else f"  {'loads':<12} x{1 / r:,.2f} slower")
        for n in f.notes:
            print(f"  note: {n}")
    for n in notes:
        print(f"note: {n}")


def profile(games: int, seed: int, top: int) -> None:
    karn_batch(1, seed + 99_999)
    pr = cProfile.Profile()
    pr.enable()
    karn_batch(games, seed)
    pr.disable()
    st = pstats.Stats(pr, stream=io.StringIO())
    stats: dict[tuple[str, int, str], tuple[int, int, float, float, object]] = st.stats  # type: ignore[attr-defined]
    # 100% is the time of the profiled batch (Game.new and the games).
    total = max(
        (ct for (_f, _l, fn), (_c, _n, _t, ct, _) in stats.items() if fn == "karn_batch"), default=1e-9
    )
    rows = []
    for (file, _line, fn), (_cc, nc, tt, ct, _callers) in stats.items():
        if f"{os.sep}karn{os.sep}" not in file:
            continue
        mod = file.split("src/")[-1].removesuffix(".py").replace("/", ".")
        rows.append((ct, tt, nc, f"{mod}.{fn}"))
    rows.sort(reverse=True)
    print(f"cProfile of {games} random games ({total:.2f} s profiled), karn functions by cumulative time:")
    print(f"{'cumulative %':>13}{'own %':>8}{'calls':>11}  function")
    for ct, tt, nc, name in rows[:top]:
        print(f"{100 * ct / total:>12.1f}%{100 * tt / total:>7.1f}%{nc:>11,}  {name}")
    own = sorted(rows, key=lambda r: -r[1])[:top]
    print(f"\nby own time (excluding callees):\n{'own %':>8}{'calls':>11}  function")
    for _ct, tt, nc, name in own:
        print(f"{100 * tt / total:>7.1f}%{nc:>11,}  {name}")


@dataclass
class Extras:
    """karn's figures beyond the random 2-player games (``None``: skipped)."""

    heuristic: Figures | None = None
    multiplayer: Figures | None = None
    corpus: Figures | None = None
    board_plain_us: float | None = None
    board_effects_us: float | None = None
    first_game_new_s: float | None = None


def bench_extras(args: argparse.Namespace) -> Extras:
    x = Extras()
    if not args.no_heuristic:
        games = max(2, args.games // 2)
        print(f"karn, heuristic agents: {games} games x {args.repeats} repeats ...", flush=True)
        karn_heuristic_batch(1, args.seed + 88_888)
        f = Figures("karn, heuristic", games)
        batches = [karn_heuristic_batch(games, args.seed) for _ in range(args.repeats)]
        f.games_per_s, f.decisions_per_s, f.decisions_per_game, f.turns_per_game = median_batch(batches)
        x.heuristic = f
    if not args.no_multiplayer:
        print(f"karn, 4 players: {max(2, args.games // 4)} games x {args.repeats} repeats ...", flush=True)
        x.multiplayer = bench_karn_multiplayer(args)
    if args.corpus_games > 0:
        print(
            f"karn, random corpus decks: compiling the corpus, then {args.corpus_games} games ...", flush=True
        )
        decks = corpus_decks(playable_corpus_cards(), args.corpus_games, args.seed + 5)
        f = Figures("karn, corpus decks", args.corpus_games)
        batches = [karn_corpus_batch(decks, args.seed) for _ in range(args.repeats)]
        f.games_per_s, f.decisions_per_s, f.decisions_per_game, f.turns_per_game = median_batch(batches)
        x.corpus = f
    if not args.no_board:
        print("karn, boards of 40 creatures with 0 and 20 continuous effects ...", flush=True)
        x.board_plain_us = us_per_decision_on_board(40, 0, args.repeats)
        x.board_effects_us = us_per_decision_on_board(40, 20, args.repeats)
    if not args.no_startup:
        print("karn, the first Game.new of fresh processes ...", flush=True)
        x.first_game_new_s = first_game_new_cpu(args.repeats)
    return x


def report_extras(karn: Figures, x: Extras, timer: str) -> None:
    print(f"\nkarn, every figure of this run ({timer}):")
    rows: list[tuple[str, str]] = [
        ("random 2-player games/s", f"{karn.games_per_s:.2f} ({karn.decisions_per_s:,.0f} decisions/s)"),
    ]
    for label, f in (("heuristic games/s", x.heuristic), ("4-player random games/s", x.multiplayer)):
        if f is not None:
            rows.append((label, f"{f.games_per_s:.2f} ({f.decisions_per_s:,.0f} decisions/s)"))
    if x.corpus is not None:
        rows.append(
            (
                "random corpus-deck games/s",
                f"{x.corpus.games_per_s:.2f} ({x.corpus.decisions_per_s:,.0f} decisions/s, "
                f"{1e6 / x.corpus.decisions_per_s:.1f} us per decision)",
            )
        )
    if x.board_plain_us is not None and x.board_effects_us is not None:
        rows.append(("us/decision, 40 creatures", f"{x.board_plain_us:.1f} us"))
        rows.append(
            (
                "us/decision, + 20 anthems",
                f"{x.board_effects_us:.1f} us (x{x.board_effects_us / x.board_plain_us:.2f})",
            )
        )
    rows += [
        ("copy()", fmt_us(karn.copy_us)),
        ("copy(log=False)", fmt_us(karn.copy_nolog_us)),
        ("dumps()", fmt_us(karn.dumps_us)),
        ("loads()", fmt_us(karn.loads_us)),
        ("save size", f"{(karn.save_bytes or 0) / 1024:.1f} KB"),
    ]
    if x.first_game_new_s is not None:
        rows.append(("first Game.new (CPU, fresh process)", f"{x.first_game_new_s:.3f} s"))
    for label, value in rows:
        print(f"  {label:<38}{value}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=40, help="karn games per repeat (default 40)")
    p.add_argument("--repeats", type=int, default=5, help="repeats; figures are medians (default 5)")
    p.add_argument("--seed", type=int, default=0, help="first game seed (default 0)")
    p.add_argument("--snapshots", type=int, default=8, help="mid-game positions for copy/save timings")
    p.add_argument("--other-games", type=int, default=6, help="games per repeat for the other engines")
    p.add_argument("--other-repeats", type=int, default=3, help="repeats for the other engines")
    p.add_argument("--only-karn", action="store_true", help="skip the engines of the `bench` extra")
    p.add_argument("--no-multiplayer", action="store_true", help="skip the 4-player games")
    p.add_argument(
        "--observing",
        action="store_true",
        help="karn's random agents are given an observation at every decision",
    )
    p.add_argument("--cpu", action="store_true", help="time with process CPU time instead of the wall clock")
    p.add_argument("--no-heuristic", action="store_true", help="skip the heuristic-agent games")
    p.add_argument(
        "--corpus-games",
        type=int,
        default=10,
        help="games of random corpus decks (compiles the corpus first, about 20 s; 0 skips them)",
    )
    p.add_argument("--no-board", action="store_true", help="skip the 20-continuous-effects board")
    p.add_argument("--no-startup", action="store_true", help="skip the fresh-process Game.new timing")
    p.add_argument("--phase-data", default=str(CACHE / "card-data.json"), help="phase-python card-data.json")
    p.add_argument("--no-build", action="store_true", help="never build phase card data (3 minutes)")
    p.add_argument("--profile", type=int, metavar="N", help="profile N random karn games and exit")
    p.add_argument("--top", type=int, default=25, help="rows of the profile to print")
    args = p.parse_args(argv)

    global clock
    if args.cpu:
        clock = time.process_time
    timer = "process CPU time" if args.cpu else "wall clock"
    if args.profile:
        profile(args.profile, args.seed, args.top)
        return 0
    print(
        f"python {sys.version.split()[0]}, {os.cpu_count()} cpus; {DECKS[0]} vs {DECKS[1]}, "
        f"seed {args.seed}; timed with the {timer}"
    )
    print(f"build measured: karn {karn_version}, {karn_build.describe()}")  # README, "Faster simulations"
    print(f"karn: {args.games} games x {args.repeats} repeats ...", flush=True)
    figs = [bench_karn(args)]
    extras = bench_extras(args)
    notes: list[str] = []
    if not args.only_karn:
        for name, fn in (("phase-python", bench_phase), ("python-mtg", bench_mtg)):
            print(f"{name}: {args.other_games} games x {args.other_repeats} repeats ...", flush=True)
            try:
                res = fn(args)
            except Exception as e:  # noqa: BLE001 - a third-party engine: report, don't crash
                res = f"{name} failed: {type(e).__name__}: {e}"
            if isinstance(res, str):
                notes.append(res)
            else:
                figs.append(res)
    report(figs, notes)
    if extras.multiplayer is not None:
        report_multiplayer(extras.multiplayer)
    report_extras(figs[0], extras, timer)
    return 0


def report_multiplayer(f: Figures) -> None:
    print(
        f"\n{f.engine}: {f.games} games, {f.games_per_s:.2f} games/s, {f.decisions_per_s:,.0f} decisions/s, "
        f"{f.decisions_per_game:.0f} decisions and {f.turns_per_game:.1f} turns per game"
    )


if __name__ == "__main__":
    raise SystemExit(main())
