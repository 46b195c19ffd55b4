"""How long loading the packaged card database takes (35,033 faces), cold, in a fresh
process each time. Run: python benchmarks/bench_database.py [--repeats N]"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys

_SNIPPET = (
    "import time; t = time.perf_counter(); "
    "from karn.cards.database import CardDatabase; db = CardDatabase.default(); "
    "print(len(db), time.perf_counter() - t)"
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    times = []
    for _ in range(args.repeats):
        out = subprocess.run([sys.executable, "-c", _SNIPPET], capture_output=True, text=True, check=True)
        cards, seconds = out.stdout.split()
        times.append(float(seconds))
    print(
        f"card database: {cards} faces, cold load median {statistics.median(times):.3f} s "
        f"(min {min(times):.3f}, max {max(times):.3f}, {args.repeats} fresh processes)"
    )


if __name__ == "__main__":
    main()
