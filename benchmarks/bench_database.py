"""How long loading the packaged card database takes (35,033 faces), cold, in a fresh
process each time, and how long a suggestion for a misspelt name takes (the nearest names of
an unknown card, with process CPU time so a busy machine still compares).
Run: python benchmarks/bench_database.py [--repeats N]"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

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
    from karn.cards.database import CardDatabase

    db = CardDatabase.default()
    db.suggest("warmup")  # builds the folded-name index once
    cpu = []
    for name in ("Lightning Bold", "Grizly Bears", "Llanowar Elfs", "Birds of Paradice", "Shokc"):
        start = time.process_time()
        db.suggest(name)
        cpu.append(time.process_time() - start)
    print(
        f"suggestions for a misspelt name: median {statistics.median(cpu) * 1000:.1f} ms CPU (max {max(cpu) * 1000:.1f} ms)"
    )


if __name__ == "__main__":
    main()
