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
        t0 = time.perf_counter()
        while True:
            for it in items:
                op(it)
            n += len(items)
            el = time.perf_counter() - t0
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
    t0 = time.perf_counter()
    for i in range(games):
        s = seed + i
        g = Game.new(*decks, seed=s)
        decisions += run_game(g, [agent(s + k * 1_000_003) for k in range(players)])
        turns += g.state.turn
    return Batch(time.perf_counter() - t0, games, decisions, turns)


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
        t0 = time.perf_counter()
        for i in range(args.other_games):
            g, n = phase_game(engine, a, b, args.seed + i)
            decisions += n
            turns += int(g.turn)
        return Batch(time.perf_counter() - t0, args.other_games, decisions, turns)

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
        t0 = time.perf_counter()
        for i in range(args.other_games):
            g, n = mtg_game(mtg, a, b, args.seed + i)
            decisions += n
            turns += int(g.turn_number)
        return Batch(time.perf_counter() - t0, args.other_games, decisions, turns)

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
    p.add_argument("--phase-data", default=str(CACHE / "card-data.json"), help="phase-python card-data.json")
    p.add_argument("--no-build", action="store_true", help="never build phase card data (3 minutes)")
    p.add_argument("--profile", type=int, metavar="N", help="profile N random karn games and exit")
    p.add_argument("--top", type=int, default=25, help="rows of the profile to print")
    args = p.parse_args(argv)

    if args.profile:
        profile(args.profile, args.seed, args.top)
        return 0
    print(
        f"python {sys.version.split()[0]}, {os.cpu_count()} cpus; {DECKS[0]} vs {DECKS[1]}, seed {args.seed}"
    )
    print(f"karn: {args.games} games x {args.repeats} repeats ...", flush=True)
    figs = [bench_karn(args)]
    if not args.no_multiplayer:
        print(f"karn, 4 players: {max(2, args.games // 4)} games x {args.repeats} repeats ...", flush=True)
        multiplayer = bench_karn_multiplayer(args)
    else:
        multiplayer = None
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
    if multiplayer is not None:
        report_multiplayer(multiplayer)
    karn = figs[0]
    if karn.copy_nolog_us is not None:
        print(
            f"\nkarn copy(log=False): {fmt_us(karn.copy_nolog_us)} (copy() with its log: {fmt_us(karn.copy_us)})"
        )
    return 0


def report_multiplayer(f: Figures) -> None:
    print(
        f"\n{f.engine}: {f.games} games, {f.games_per_s:.2f} games/s, {f.decisions_per_s:,.0f} decisions/s, "
        f"{f.decisions_per_game:.0f} decisions and {f.turns_per_game:.1f} turns per game"
    )


if __name__ == "__main__":
    raise SystemExit(main())
