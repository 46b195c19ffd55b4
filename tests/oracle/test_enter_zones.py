"""Putting cards onto the battlefield from other zones (400.7, 110.2a), how they enter (122.6,
611.2e, 614.1c), "as enters" exiles (614.13a) and abilities of cards in graveyards (613.1f):
the IR of real cards, and the cards these wordings make playable."""

from __future__ import annotations

import pytest

from karn.cards.database import CardDatabase
from karn.ir.nodes import (
    Count,
    Entering,
    EntersReplacement,
    Filter,
    Group,
    LoseAbilities,
    LoseLife,
    May,
    Modify,
    PutOntoBattlefield,
    Ref,
    RevealTop,
    SetBasePT,
    SpellAbility,
    Static,
    TargetSpec,
    Triggered,
    Unsupported,
)
from karn.oracle.compiler import compile_face

T0 = Ref("target", 0)


@pytest.fixture(scope="module")
def db() -> CardDatabase:
    return CardDatabase.default()


def abilities(db: CardDatabase, name: str) -> tuple[object, ...]:
    return compile_face(db.get(name)).abilities


@pytest.mark.cr("400.7", "110.2a")
def test_zombify_returns_target_card_from_your_graveyard(db: CardDatabase) -> None:
    (spell,) = abilities(db, "Zombify")
    assert isinstance(spell, SpellAbility)
    assert spell.effects == (PutOntoBattlefield(T0),)
    assert spell.targets == (
        TargetSpec(
            objects=Filter(types=("creature",), owner="you", zone="graveyard"),
            text="target creature card from your graveyard",
        ),
    )


@pytest.mark.cr("110.2a", "202.3", "608.2h")
def test_reanimate_under_your_control_then_loses_life(db: CardDatabase) -> None:
    (spell,) = abilities(db, "Reanimate")
    assert isinstance(spell, SpellAbility)
    # the life lost reads the permanent the card became (400.7): the effect's affected object
    assert spell.effects == (
        PutOntoBattlefield(T0),
        LoseLife(Count("mana_value", ref=Ref("affected")), Ref("you")),
    )
    assert spell.targets[0].objects == Filter(types=("creature",), zone="graveyard")


@pytest.mark.cr("400.7", "110.2a")
def test_rise_of_the_dark_realms_puts_every_creature_card(db: CardDatabase) -> None:
    (spell,) = abilities(db, "Rise of the Dark Realms")
    assert isinstance(spell, SpellAbility)
    assert spell.effects == (PutOntoBattlefield(Group(Filter(types=("creature",), zone="graveyard"))),)


@pytest.mark.cr("110.2a", "614.1c")
def test_planar_birth_tapped_under_owners_control(db: CardDatabase) -> None:
    (spell,) = abilities(db, "Planar Birth")
    assert isinstance(spell, SpellAbility)
    (effect,) = spell.effects
    assert isinstance(effect, PutOntoBattlefield)
    assert effect.enter == Entering(tapped=True, owner_control=True)


@pytest.mark.cr("400.7", "608.2c")
def test_elvish_piper_chooses_a_creature_card_from_hand(db: CardDatabase) -> None:
    (ability,) = abilities(db, "Elvish Piper")[-1:]
    effects = ability.effects  # type: ignore[attr-defined]
    assert effects == (
        May((PutOntoBattlefield(Group(Filter(types=("creature",), owner="you", zone="hand")), choose=1),)),
    )


@pytest.mark.cr("611.2e", "122.6", "701.20a")
def test_arbiter_of_the_ideal_enters_as_an_enchantment_with_a_counter(db: CardDatabase) -> None:
    trigger = abilities(db, "Arbiter of the Ideal")[-1]
    assert isinstance(trigger, Triggered)
    assert trigger.trigger.event == "becomes_untapped"
    assert trigger.effects == (
        RevealTop(
            Ref("you"),
            Filter(types=("artifact", "creature", "land"), zone="library"),
            "battlefield",
            may=True,
            enter=Entering(counters=(("manifestation", 1),), types=("enchantment",)),
        ),
    )


@pytest.mark.cr("613.1f", "611.3")
def test_yixlid_jailer_reaches_cards_in_graveyards(db: CardDatabase) -> None:
    (static,) = abilities(db, "Yixlid Jailer")
    assert isinstance(static, Static)
    (mod,) = static.mods
    assert mod == Modify(Group(Filter(zone="graveyard")), changes=(LoseAbilities(everything=True),))


@pytest.mark.cr("614.1c", "614.13a", "607.2a", "604.3")
def test_sutured_ghoul_exiles_as_it_enters_and_counts_them(db: CardDatabase) -> None:
    _, exile, cda = abilities(db, "Sutured Ghoul")
    assert exile == EntersReplacement(
        self_only=True,
        exile=Filter(types=("creature",), owner="you", zone="graveyard"),
        text="As this creature enters, exile any number of creature cards from your graveyard.",
    )
    assert isinstance(cda, Static) and cda.cda
    assert cda.mods[0].changes == (SetBasePT(Count("linked_power"), Count("linked_toughness")),)


@pytest.mark.cr("303.4f")
@pytest.mark.parametrize("name", ["Replenish", "Brilliant Restoration", "Primevals' Glorious Rebirth"])
def test_returning_aura_cards_is_refused(db: CardDatabase, name: str) -> None:
    """303.4f: an Aura put onto the battlefield needs a choice of what it enchants, which the
    engine doesn't make yet: the card doesn't compile rather than play wrong."""
    bad = [a for a in abilities(db, name) if isinstance(a, Unsupported)]
    assert bad and "303.4f" in bad[0].reason


PLAYABLE = [
    "Zombify",
    "Breath of Life",
    "Reanimate",
    "Hymn of Rebirth",
    "Rise of the Dark Realms",
    "Elvish Piper",
    "Quicksilver Amulet",
    "Timmy, Power Gamer",
    "Arbiter of the Ideal",
    "Yixlid Jailer",
    "Sutured Ghoul",
    "Deadly Plot",
    "Splendid Reclamation",
    "World Shaper",
    "Planar Birth",
    "Knights' Charge",
]


@pytest.mark.parametrize("name", PLAYABLE)
def test_cards_compile_whole(db: CardDatabase, name: str) -> None:
    assert not [a for a in abilities(db, name) if isinstance(a, Unsupported)]
