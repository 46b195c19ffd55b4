"""The layer system's typical cards compiled from their Oracle text and played (613): each
wording class compiles to the IR's layered changes and the engine applies them. Scenarios with
the same cards: tests/scenarios/layers/."""

from __future__ import annotations

import pytest

from karn import Game, ir
from karn.cards.database import CardDatabase
from karn.oracle.compiler import compile_face


@pytest.fixture(scope="module")
def db() -> CardDatabase:
    return CardDatabase.default()


CARDS = [
    "Humility",
    "Opalescence",
    "Blood Moon",
    "Conspiracy",
    "Painter's Servant",
    "Tarmogoyf",
    "Urborg, Tomb of Yawgmoth",
    "Lhurgoyf",
    "Maro",
    "Nightmare",
]


@pytest.mark.cr("613.1", "604.3")
@pytest.mark.parametrize("name", CARDS)
def test_the_layer_wordings_compile_playable(db: CardDatabase, name: str) -> None:
    cc = compile_face(db.get(name))
    assert cc.playable, cc.abilities


@pytest.mark.cr("613.1f", "613.4b")
def test_humility_compiles_to_lose_all_abilities_and_base_1_1(db: CardDatabase) -> None:
    (static,) = compile_face(db.get("Humility")).abilities
    assert isinstance(static, ir.Static)
    (mod,) = static.mods
    assert mod.affected == ir.Group(ir.Filter(types=("creature",)))
    assert mod.changes == (ir.LoseAbilities(everything=True), ir.SetBasePT(1, 1))


@pytest.mark.cr("604.3", "208.2a")
def test_tarmogoyf_is_a_characteristic_defining_ability(db: CardDatabase) -> None:
    (static,) = compile_face(db.get("Tarmogoyf")).abilities
    assert isinstance(static, ir.Static) and static.cda
    graveyards = ir.Filter(zone="graveyard")
    assert static.mods[0].changes == (
        ir.SetBasePT(ir.Count("card_types", graveyards), ir.Count("card_types", graveyards, plus=1)),
    )


def _game(*setup: tuple[int, str, str]) -> tuple[Game, list[int]]:
    g = Game.empty(names=["A", "B"])
    ids = [g.add_card(p, name, zone) for p, name, zone in setup]
    for p in (0, 1):
        for _ in range(5):
            g.add_card(p, "Wastes", "library")
    g.begin_at(0, "precombat_main")
    return g, ids


@pytest.mark.cr("305.7", "613.1d")
def test_blood_moon_leaves_a_nonbasic_land_only_the_mountain_mana_ability() -> None:
    g, (_, taiga, forest) = _game(
        (0, "Blood Moon", "battlefield"), (0, "Taiga", "battlefield"), (1, "Forest", "battlefield")
    )
    assert g.chars(taiga).subtypes == {"mountain"}
    assert [a.text for a in g.chars(taiga).abilities] == ["{T}: Add {R}."]
    assert g.chars(forest).subtypes == {"forest"}


@pytest.mark.cr("613.8a", "613.8b", "305.7")
def test_blood_moon_removes_urborgs_ability_whatever_the_timestamps() -> None:
    for order in (("Blood Moon", "Urborg, Tomb of Yawgmoth"), ("Urborg, Tomb of Yawgmoth", "Blood Moon")):
        g, ids = _game(*((0, n, "battlefield") for n in order), (1, "Forest", "battlefield"))
        urborg = ids[order.index("Urborg, Tomb of Yawgmoth")]
        assert g.chars(urborg).subtypes == {"mountain"}
        assert g.chars(ids[2]).subtypes == {"forest"}


@pytest.mark.cr("613.7", "613.6", "613.4b")
def test_humility_and_opalescence_follow_their_timestamps() -> None:
    g, (humility, opalescence, angel) = _game(
        (0, "Humility", "battlefield"), (0, "Opalescence", "battlefield"), (1, "Serra Angel", "battlefield")
    )
    assert (g.chars(humility).power, g.chars(humility).toughness) == (4, 4)
    assert "creature" not in g.chars(opalescence).types
    assert (g.chars(angel).power, g.chars(angel).toughness) == (1, 1)
    g, (opalescence, humility, angel) = _game(
        (0, "Opalescence", "battlefield"), (0, "Humility", "battlefield"), (1, "Serra Angel", "battlefield")
    )
    assert (g.chars(humility).power, g.chars(humility).toughness) == (1, 1)
    assert g.chars(humility).abilities == ()


@pytest.mark.cr("604.3", "613.4a")
def test_maro_counts_the_cards_in_your_hand() -> None:
    g, (maro, *_rest) = _game(
        (0, "Maro", "battlefield"), (0, "Forest", "hand"), (0, "Forest", "hand"), (1, "Forest", "hand")
    )
    assert (g.chars(maro).power, g.chars(maro).toughness) == (2, 2)
