"""A bounded load test of ``karn serve`` on 127.0.0.1 (benchmarks/bench_serve.py).

The short form runs in CI: a few concurrent games, a bounded number of actions each,
with spectators that never read (slow clients must not stall the games). The full
form (50 concurrent whole games) is marked slow.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("websockets")

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_serve.py"


def run_bench(*args: str, timeout: float) -> dict[str, object]:
    out = subprocess.run(
        [sys.executable, str(BENCH), "--json", *args], capture_output=True, text=True, timeout=timeout
    )
    assert out.returncode == 0, out.stdout + out.stderr
    figures: dict[str, object] = json.loads(out.stdout.strip().splitlines()[-1])
    print(figures)
    return figures


def test_concurrent_games_with_stalled_clients_short() -> None:
    figures = run_bench(
        "--games", "6", "--max-actions", "40", "--stalled", "3", "--timeout", "240", timeout=300
    )
    assert figures["capped"] == 6 or figures["finished"] + figures["capped"] == 6  # type: ignore[operator]
    assert figures["errors"] == [] and figures["server_errors"] == []
    assert figures["actions"] == 6 * 40 or figures["finished"]


@pytest.mark.slow
def test_fifty_concurrent_whole_games() -> None:
    figures = run_bench("--games", "50", "--stalled", "5", "--timeout", "900", timeout=1000)
    assert figures["finished"] == 50
    assert figures["errors"] == [] and figures["server_errors"] == []
