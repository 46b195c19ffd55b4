"""Random games whose decks hold the layer and copy cards (613, 707): Humility, Opalescence,
Blood Moon, Conspiracy, Painter's Servant, Tarmogoyf, Clone and the cards of the CR examples.
No crash, cards conserved, a legal action until the game ends, save round trips exact, and
characteristics computed for every object in every zone."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from karn import Game
from karn.engine.state import BATTLEFIELD, STACK

LAYER_CARDS = [
    "Humility",
    "Opalescence",
    "Blood Moon",
    "Conspiracy",
    "Painter's Servant",
    "Tarmogoyf",
    "Clone",
    "Copy Artifact",
    "Clever Impersonator",
    "Urborg, Tomb of Yawgmoth",
    "Windreaver",
    "About Face",
    "Flight",
    "Grounded",
    "Distorting Lens",
    "Crusade",
    "Honor of the Pure",
    "Act of Treason",
    "Animate Land",
    "Flatline",
    "Angelic Shield",
    "Sol Ring",
    "Grizzly Bears",
    "Serra Angel",
    "Taiga",
]
BASICS = ["Plains", "Island", "Swamp", "Mountain", "Forest"]


def _conserved(g: Game, total: int) -> None:
    s = g.state
    seen: Counter[int] = Counter()
    for p in s.players:
        for zone in (p.library, p.hand, p.graveyard, p.exile):
            for oid in zone:
                seen[s.objects[oid].card] += 1
    for oid in s.battlefield + s.stack:
        o = s.objects[oid]
        assert o.zone in (BATTLEFIELD, STACK)
        if o.card >= 0:
            seen[o.card] += 1
    assert all(n == 1 for n in seen.values())
    assert len(seen) == total


@pytest.mark.cr("613.1", "707.2", "101.1")
@pytest.mark.parametrize("seed", range(4))
def test_random_games_with_layer_and_copy_cards(seed: int) -> None:
    rng = random.Random(seed)
    decks = [
        [rng.choice(LAYER_CARDS) for _ in range(30)] + [rng.choice(BASICS) for _ in range(30)] for _ in (0, 1)
    ]
    g = Game.new(decks[0], decks[1], seed=seed)
    total = 120
    for step in range(2500):
        if g.is_over():
            break
        acts = g.legal_actions()
        assert acts, "a legal action exists until the game is over"
        if step % 97 == 0:
            assert Game.loads(g.dumps()).state_hash() == g.state_hash()
            for oid in list(g.state.objects):
                g.chars(oid)
        g.apply(rng.choice(acts))
        _conserved(g, total)
