"""Random games whose decks hold the layer and copy cards (613, 707) and those of the CR examples
(600-616, 707-708): Humility, Opalescence, Blood Moon, Conspiracy, Painter's Servant, Tarmogoyf,
Clone, Rest in Peace, Doubling Season and the cards the CR examples name.
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
# The cards of the CR examples of 600-616 and 707-708 and the list (Rest in Peace,
# Doubling Season): copies of spells and permanents, text changes, linked and face-down cards,
# permissions, replacement effects.
EXAMPLE_CARDS = [
    "Rest in Peace",
    "Doubling Season",
    "Essence of the Wild",
    "Vesuvan Doppelganger",
    "Unstable Shapeshifter",
    "Quicksilver Gargantuan",
    "Altered Ego",
    "Fork",
    "Twincast",
    "Reverberate",
    "Strionic Resonator",
    "Grapeshot",
    "Empty the Warrens",
    "Seht's Tiger",
    "Voice of All",
    "Quirion Elves",
    "Grinning Demon",
    "Lumithread Field",
    "Garruk's Horde",
    "Courser of Kruphix",
    "Future Sight",
    "Reckless Impulse",
    "Shaman's Trance",
    "Vedalken Orrery",
    "Sutured Ghoul",
    "Yixlid Jailer",
    "Arbiter of the Ideal",
    "Leyline of Sanctity",
    "Reliquary Tower",
    "Spellbook",
    "Heart-Piercer Manticore",
    "Sisters of Stone Death",
    "Quicksilver Elemental",
    "Arc-Slogger",
    "Merieke Ri Berit",
    "Zombify",
    "Precognition Field",
    "Sleight of Mind",
    "Magical Hack",
    "Artificial Evolution",
    "Mind Bend",
    "Crystal Spray",
    "Thunder-Thrash Elder",
    "Predator Dragon",
    "Control Magic",
    "Switcheroo",
    "Donate",
    "Debt of Loyalty",
    "Clone",
    "Humility",
    "Opalescence",
    "Blood Moon",
    "Grizzly Bears",
    "Giant Growth",
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


@pytest.mark.cr("613.1", "707.2", "101.1", "614.1a", "707.10", "612.2", "708.2")
@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("pool", [LAYER_CARDS, EXAMPLE_CARDS], ids=["layer_cards", "example_cards"])
def test_random_games_with_layer_and_copy_cards(pool: list[str], seed: int) -> None:
    rng = random.Random(seed)
    decks = [[rng.choice(pool) for _ in range(30)] + [rng.choice(BASICS) for _ in range(30)] for _ in (0, 1)]
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
