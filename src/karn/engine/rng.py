"""The one seeded random number generator of a game, kept in the state (DESIGN.md property 2).

SplitMix64: tiny state (one int), so copies and saves carry it exactly.
"""

from __future__ import annotations

from karn.engine.state import GameState

_MASK = (1 << 64) - 1


def next_u64(s: GameState) -> int:
    s.rng = (s.rng + 0x9E3779B97F4A7C15) & _MASK
    z = s.rng
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def randbelow(s: GameState, n: int) -> int:
    """A uniform integer in [0, n) (rejection sampling, no modulo bias)."""
    if n <= 1:
        return 0
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        v = next_u64(s)
        if v < limit:
            return v % n


def shuffle(s: GameState, items: list[int]) -> None:
    """Fisher-Yates shuffle in place (701.24: shuffling randomizes the order)."""
    for i in range(len(items) - 1, 0, -1):
        j = randbelow(s, i + 1)
        items[i], items[j] = items[j], items[i]
