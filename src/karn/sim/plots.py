"""Pictures of simulations (matplotlib, drawn off-screen with the Agg backend, saved as files).

matplotlib is in the optional extra ``sim``; without it these functions raise a
:class:`~karn.sim.errors.MissingExtraError` that says how to install it.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from karn.sim.errors import require
from karn.sim.goldfish import GoldfishResult
from karn.sim.results import SimResult
from karn.sim.stats import wilson_interval


def _pyplot(purpose: str) -> Any:
    matplotlib: Any = require("matplotlib", purpose)
    matplotlib.use("Agg")  # files only: no window, no display needed
    return require("matplotlib.pyplot", purpose)


def plot_simulation(result: SimResult, path: str | Path) -> None:
    """Two panels: deck A's running win rate game after game with its 95% Wilson band
    (how the estimate converges), and the histogram of game lengths in turns."""
    plt = _pyplot("--plot")
    games = [r.index + 1 for r in result.records]
    wins = 0
    rates: list[float] = []
    lows: list[float] = []
    highs: list[float] = []
    for n, record in enumerate(result.records, start=1):
        wins += record.winner == 0
        low, high = wilson_interval(wins, n)
        rates.append(wins / n)
        lows.append(low)
        highs.append(high)
    figure, (convergence, lengths) = plt.subplots(1, 2, figsize=(12, 4.5))
    name_a, name_b = result.deck_a.name, result.deck_b.name
    figure.suptitle(f"{name_a} vs {name_b}: {result.games} games, seed {result.seed}")
    convergence.fill_between(games, lows, highs, alpha=0.3, label="95% Wilson interval")
    convergence.plot(games, rates, label=f"{name_a} win rate")
    convergence.axhline(0.5, color="grey", linewidth=0.8, linestyle="--")
    convergence.set_xlabel("games")
    convergence.set_ylabel(f"{name_a} win rate")
    convergence.set_ylim(0, 1)
    convergence.set_xscale("log" if result.games >= 100 else "linear")
    convergence.legend(loc="lower right")
    turns = [r.turns for r in result.records]
    low_turn, high_turn = min(turns), max(turns)
    lengths.hist(turns, bins=range(low_turn, high_turn + 2), align="left", rwidth=0.85)
    lengths.axvline(result.turns_mean, color="black", linewidth=1, label=f"mean {result.turns_mean:.1f}")
    lengths.xaxis.set_major_locator(require("matplotlib.ticker", "--plot").MaxNLocator(integer=True))
    lengths.set_xlabel("game length (turns)")
    lengths.set_ylabel("games")
    lengths.legend(loc="upper right")
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)


def plot_goldfish(result: GoldfishResult, path: str | Path) -> None:
    """Two panels: the kill-turn histogram (with the games that had no kill), and the mana curve."""
    plt = _pyplot("--plot")
    figure, (kills, curve) = plt.subplots(1, 2, figsize=(12, 4.5))
    figure.suptitle(f"{result.deck} goldfish: {result.games} games, seed {result.seed}")
    turns = list(result.histogram)
    labels = [str(t) for t in turns] + [f">{result.turns}"]
    counts = [result.histogram[t] for t in turns] + [result.no_kill]
    kills.bar(range(len(labels)), counts, color=["tab:red"] * len(turns) + ["tab:grey"])
    kills.set_xticks(range(len(labels)), labels, rotation=45 if len(labels) > 12 else 0)
    kills.set_xlabel(f"kill turn (the deck's own turns; >{result.turns}: no kill by turn {result.turns})")
    kills.set_ylabel("games")
    if result.kill_turn_mean is not None:
        kills.set_title(f"mean {result.kill_turn_mean:.2f} (games with a kill)")
    values = list(result.mana_curve)
    top = max(values, default=0)
    xs = list(range(0, top + 1))
    curve.bar(xs, [result.mana_curve.get(x, 0) for x in xs], color="tab:blue")
    curve.set_xticks(xs)
    curve.set_xlabel("mana value")
    curve.set_ylabel("spells")
    curve.set_title("mana curve (spells only)")
    curve.set_ylim(0, max(1, math.ceil(max(result.mana_curve.values(), default=1) * 1.1)))
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)
