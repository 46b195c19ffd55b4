"""karn.sim.plots: the pictures are PNG files."""

from __future__ import annotations

from pathlib import Path

import pytest

from karn.sim import simulate
from karn.sim.goldfish import goldfish

pytest.importorskip("matplotlib")

from karn.sim.plots import plot_goldfish, plot_simulation  # noqa: E402

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def test_simulation_plot_is_a_png(tmp_path: Path) -> None:
    path = tmp_path / "sim.png"
    plot_simulation(simulate("red_burn", "green_stompy", games=4, seed=2), path)
    assert path.read_bytes().startswith(PNG_SIGNATURE)


def test_goldfish_plot_is_a_png(tmp_path: Path) -> None:
    path = tmp_path / "goldfish.png"
    plot_goldfish(goldfish(["Memnite"] * 60, games=2, seed=1, turns=6), path)
    assert path.read_bytes().startswith(PNG_SIGNATURE)
