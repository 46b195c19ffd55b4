"""Priority options are reused between offers (karn.engine.priority.offer: per state version,
turn, active player, mana pool and combat, and the timing questions asked while computing
them). Stale options are rules bugs, so at random priority decisions of random games the
options offered are compared with options computed from scratch on a fresh copy of the game
(``Game.loads(g.dumps())``: no cache at all)."""

from __future__ import annotations

import random

import pytest

from karn import Game
from karn.engine import priority

# "Activate only during ..." (602.5d) abilities of every window, and instants, so options
# change from step to step without any change to the state.
WINDOWS = (
    ["Mountain"] * 12
    + ["Island"] * 6
    + ["Forest"] * 6
    + ["Apprentice Sorcerer"] * 3  # your turn, before attackers are declared
    + ["Aven Augur"] * 3  # your upkeep
    + ["Heart Wolf"] * 3  # combat
    + ["Disrupting Scepter"] * 3  # your turn
    + ["Fire Bowman"] * 3
    + ["Lightning Bolt"] * 4
    + ["Shock"] * 3
    + ["Llanowar Elves"] * 4
    + ["Counterspell"] * 3
    + ["Giant Growth"] * 3
    + ["Grizzly Bears"] * 4
)

GAMES: list[tuple[str, list[str | list[str]]]] = [
    ("burn-stompy", ["red_burn", "green_stompy"]),
    ("fliers-removal", ["azorius_fliers", "black_removal"]),
    ("skies-boros", ["blue_skies", "boros_aggro"]),
    ("golgari-weenie", ["golgari_midrange", "white_weenie"]),
    ("windows", [WINDOWS, WINDOWS]),
    ("windows-burn", [WINDOWS, "red_burn"]),
    ("four-players", ["red_burn", "green_stompy", "blue_skies", "white_weenie"]),
]


def _from_scratch(g: Game) -> list[tuple[str, int, int, str]]:
    fresh = Game.loads(g.dumps())
    d = fresh.decision
    assert d is not None
    return [(o.kind, o.a, o.b, o.label) for o in priority._options(fresh.ctx, d.player)]


@pytest.mark.cr("117.1", "602.5d")
@pytest.mark.parametrize("name,decks", GAMES, ids=[n for n, _ in GAMES])
def test_options_offered_equal_options_computed_from_scratch(name: str, decks: list[str | list[str]]) -> None:
    for seed in range(3):
        g = Game.new(*decks, seed=seed)
        rng = random.Random(seed)
        checked = steps = 0
        while not g.is_over() and steps < 3000:
            d = g.decision
            assert d is not None
            if d.kind == "priority" and rng.random() < 0.25:
                offered = [(o.kind, o.a, o.b, o.label) for o in d.options]
                assert offered == _from_scratch(g), (name, seed, steps, g.state.step)
                checked += 1
            g.apply(rng.choice(g.legal_actions()))
            steps += 1
        assert checked > 20
