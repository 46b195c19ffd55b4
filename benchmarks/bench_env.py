"""Agent interfaces: env steps/s, the cost of encoding an observation, the MCP round trip.

    .venv/bin/python benchmarks/bench_env.py [--games 10] [--seed 0] [--no-vector] [--no-mcp]

raw, aec and encode are measured in CPU time of this process (robust to a loaded machine);
vector and mcp in wall time. Figures (red_burn vs green_stompy, uniformly random choices among the legal actions,
auto-pass on everywhere, so every figure counts the same decisions):

- raw: ``Game.apply`` on a random legal action, no observation (karn's decisions/s);
- aec: the PettingZoo AEC loop (``env.last()`` encodes the decider's observation and its
  mask at every step, ``env.step(slot)``), steps/s, and its ratio to raw;
- encode: one ``Seats.observe`` (``Game.observation`` + the vector + the mask), per call;
- vector: ``karn.env.vector_env(2)`` (two worker processes, random opponents), agent
  steps/s summed over both;
- mcp: one ``act`` tool call through the mcp SDK's ``Client`` over stdio, per call.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time

import numpy as np

from karn import Game
from karn.env import aec_env, vector_env
from karn.env.aec import Seats

DECKS = ("red_burn", "green_stompy")


def raw(games: int, seed: int) -> tuple[int, float]:
    steps = 0
    start = time.process_time()
    for i in range(games):
        g = Game.new(*DECKS, seed=seed + i, auto_pass=True)
        rng = random.Random(seed + i)
        while not g.is_over():
            g.apply(rng.choice(g.legal_actions()))
            steps += 1
    return steps, time.process_time() - start


def aec(games: int, seed: int) -> tuple[int, float]:
    env = aec_env(decks=DECKS)
    steps = 0
    start = time.process_time()
    for i in range(games):
        env.reset(seed=seed + i)
        rng = np.random.default_rng(seed + i)
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    return steps, time.process_time() - start


def encode_cost(seed: int, samples: int = 400) -> float:
    g = Game.new(*DECKS, seed=seed, auto_pass=True)
    rng = random.Random(seed)
    times = []
    while len(times) < samples:
        if g.is_over():
            seed += 1
            g = Game.new(*DECKS, seed=seed, auto_pass=True)
        d = g.decision
        assert d is not None
        seats = Seats(g)
        t = time.process_time()
        seats.observe(d.player)
        times.append(time.process_time() - t)
        g.apply(rng.choice(g.legal_actions()))
    return sum(times) / len(times)


def vectorized(steps: int, seed: int) -> float:
    envs = vector_env(2, decks=DECKS, opponent="random")
    try:
        obs, _ = envs.reset(seed=seed)
        rng = np.random.default_rng(seed)
        start = time.perf_counter()
        for _ in range(steps):
            # a finished game's last observation has no legal slot: the next step resets it
            actions = np.array(
                [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in obs["action_mask"]]
            )
            obs, *_ = envs.step(actions)
        return 2 * steps / (time.perf_counter() - start)
    finally:
        envs.close()


async def mcp_round_trip(calls: int) -> float:
    from mcp import Client, StdioServerParameters

    params = StdioServerParameters(command=sys.executable, args=["-m", "karn", "mcp", "--seed", "1"])
    times = []
    async with Client(params) as client:
        while len(times) < calls:
            legal = (await client.call_tool("legal_actions", {})).structured_content
            actions = legal["result"] if isinstance(legal, dict) and "result" in legal else legal
            if not actions:
                await client.call_tool("new_game", {"seed": len(times)})
                continue
            t = time.perf_counter()
            await client.call_tool("act", {"action": actions[0]["text"]})
            times.append(time.perf_counter() - t)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--no-vector", action="store_true")
    ap.add_argument("--no-mcp", action="store_true")
    args = ap.parse_args()
    raw(1, args.seed)  # load the cards
    n, t = raw(args.games, args.seed)
    raw_rate = n / t
    print(f"raw:    {raw_rate:9.0f} decisions/s ({n} decisions, {args.games} games)")
    n, t = aec(args.games, args.seed)
    print(f"aec:    {n / t:9.0f} env steps/s ({n} steps): {100 * n / t / raw_rate:.0f}% of raw")
    print(f"encode: {1e6 * encode_cost(args.seed):9.0f} µs per observation (mean)")
    if not args.no_vector:
        print(f"vector: {vectorized(300, args.seed):9.0f} agent steps/s over 2 processes (random opponents)")
    if not args.no_mcp:
        print(f"mcp:    {1e3 * asyncio.run(mcp_round_trip(60)):9.1f} ms per act call (median, stdio)")


if __name__ == "__main__":
    main()
