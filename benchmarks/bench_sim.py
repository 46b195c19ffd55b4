"""Simulation benchmark: games per second at --jobs 1 and 2, and memory over many games (see benchmarks/README.md).

    .venv/bin/python benchmarks/bench_sim.py                        # defaults: 2,000 games a speed run, 10,000 for memory
    .venv/bin/python benchmarks/bench_sim.py --games 400 --memory-games 1000
    .venv/bin/python benchmarks/bench_sim.py --skip-memory
    .venv/bin/python benchmarks/bench_sim.py --skip-speed --memory-games 100000 --sample-every 5000

Both decks are played by the heuristic agent (``karn.sim.simulate``), red_burn against
green_stompy. Games per second are wall-clock, the start of the worker processes
included (each compiles the decks once). Memory is the resident set size (RSS) of
the simulating process and of each worker process, sampled as the games done pass
1,000, 2,000, 5,000, 10,000, ... or every ``--sample-every`` games, each sample
printed as it is taken (psutil, installed with the ``sim`` extra by dask.distributed).
The simulating process keeps every game's record (the result's ``records``, for
``--out``): a few hundred bytes a game, printed apart as "records".
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

import psutil

from karn.sim import GameRecord, simulate

DECKS = ("red_burn", "green_stompy")
MILESTONES = (1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000)


@dataclass
class Speed:
    jobs: int
    games: int
    seconds: float
    decisions: int
    turns: int

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds


def measure_speed(games: int, jobs: int, seed: int) -> Speed:
    start = time.perf_counter()
    result = simulate(*DECKS, games=games, jobs=jobs, seed=seed)
    seconds = time.perf_counter() - start
    return Speed(
        jobs,
        games,
        seconds,
        sum(r.decisions for r in result.records),
        sum(r.turns for r in result.records),
    )


@dataclass
class MemorySample:
    games: int
    seconds: float
    main_mb: float
    workers_mb: list[float]


def _mb(process: psutil.Process) -> float:
    try:
        return float(process.memory_info().rss) / 2**20
    except psutil.Error:
        return 0.0


def record_bytes() -> int:
    """The memory one game's record takes in the simulating process (measured, typical seeds)."""
    import tracemalloc

    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    records = [
        GameRecord(
            index=i,
            seed=2**62 + i,
            agent_seeds=(2**62 + 2 * i, 2**62 + 3 * i),
            seat_a=i % 2,
            first=i % 2,
            winner=None,
            turns=15,
            mulligans_a=0,
            mulligans_b=1,
            decisions=400 + i,
        )
        for i in range(10_000)
    ]
    size = (tracemalloc.get_traced_memory()[0] - before) // len(records)
    tracemalloc.stop()
    return size


def milestones(games: int, every: int | None) -> list[int]:
    due = list(range(every, games + 1, every)) if every else [m for m in MILESTONES if m <= games]
    if games not in due:
        due.append(games)
    return due


def measure_memory(
    games: int,
    jobs: int,
    seed: int,
    agents: str,
    every: int | None,
    report: Callable[[MemorySample], None],
) -> list[MemorySample]:
    """Play ``games`` games, sampling RSS at each milestone reached (``report`` is called on each)."""
    me = psutil.Process()
    samples: list[MemorySample] = []
    due = milestones(games, every)
    start = time.perf_counter()

    def progress(done: int, total: int) -> None:
        while due and done >= due[0]:
            due.pop(0)
            # The workers: the processes started for the pool (the forkserver's children);
            # the forkserver itself only forks them and stays small.
            children = me.children(recursive=True)
            workers = [_mb(c) for c in children if c.ppid() != me.pid] if jobs > 1 else []
            sample = MemorySample(done, time.perf_counter() - start, _mb(me), workers)
            samples.append(sample)
            report(sample)

    simulate(*DECKS, games=games, agents=agents, jobs=jobs, seed=seed, progress=progress)
    return samples


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=2000, help="games of each speed run (default: 2,000)")
    ap.add_argument(
        "--memory-games", type=int, default=10_000, help="games of the memory run (default: 10,000)"
    )
    ap.add_argument(
        "--memory-jobs", type=int, default=2, help="worker processes of the memory run (default: 2)"
    )
    ap.add_argument(
        "--memory-agents", default="heuristic", help="agents of the memory run (default: heuristic)"
    )
    ap.add_argument(
        "--sample-every",
        type=int,
        default=None,
        help="sample memory every N games (default: 1,000, 2,000, 5,000, ...)",
    )
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--skip-memory", action="store_true", help="only the speed runs")
    ap.add_argument("--skip-speed", action="store_true", help="only the memory run")
    args = ap.parse_args()

    print(f"{DECKS[0]} vs {DECKS[1]}, seed {args.seed}, Python {sys.version.split()[0]}")
    if not args.skip_speed:
        print_speed(args.games, args.seed)
    if args.skip_memory:
        return
    per_record = record_bytes()
    print(
        f"\nmemory: {args.memory_games:,} games, --jobs {args.memory_jobs}, {args.memory_agents} agents; "
        f"the records kept take {per_record} bytes a game"
    )
    print("\n| games done | seconds | games/s | main process RSS | records | each worker's RSS |")
    print("| ---: | ---: | ---: | ---: | ---: | --- |", flush=True)

    def report(m: MemorySample) -> None:
        workers = ", ".join(f"{w:.0f} MB" for w in m.workers_mb) or "-"
        records_mb = m.games * per_record / 2**20
        print(
            f"| {m.games:,} | {m.seconds:.0f} | {m.games / m.seconds:.1f} | {m.main_mb:.0f} MB | "
            f"{records_mb:.1f} MB | {workers} |",
            flush=True,
        )

    measure_memory(
        args.memory_games, args.memory_jobs, args.seed, args.memory_agents, args.sample_every, report
    )


def print_speed(games: int, seed: int) -> None:
    print("\nheuristic agents")
    print("\n| jobs | games | seconds | games/s | decisions/s | turns/game |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: |")
    for jobs in (1, 2):
        s = measure_speed(games, jobs, seed)
        print(
            f"| {jobs} | {s.games} | {s.seconds:.1f} | {s.games_per_s:.1f} | "
            f"{s.decisions / s.seconds:,.0f} | {s.turns / s.games:.1f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
