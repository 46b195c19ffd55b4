"""Copy effects of permanents from their Oracle text (707): what the compiler makes of them."""

from __future__ import annotations

import pytest

from karn.cards.database import CardDatabase
from karn.ir.nodes import (
    Activated,
    BecomeCopy,
    CantBeCountered,
    CopyExcept,
    CreateCopyToken,
    EntersReplacement,
    Filter,
    May,
    Ref,
    SpellAbility,
    Static,
    Triggered,
    Unsupported,
    Var,
)
from karn.oracle import compile_text
from karn.oracle.compiler import compile_face
from karn.oracle.describe import describe_abilities, describe_ability


@pytest.fixture(scope="module")
def db() -> CardDatabase:
    return CardDatabase.default()


def abilities(db: CardDatabase, name: str) -> tuple[object, ...]:
    return compile_face(db.get(name)).abilities


@pytest.mark.cr("707.9", "614.1c")
def test_essence_of_the_wild(db: CardDatabase) -> None:
    text = "Creatures you control enter as a copy of this creature."
    assert abilities(db, "Essence of the Wild") == (
        EntersReplacement(
            self_only=False,
            filter=Filter(types=("creature",), controller="you"),
            text=text,
            copy_of_source=True,
        ),
    )
    assert describe_abilities(compile_face(db.get("Essence of the Wild"))) == [
        "Replacement: each creature you control enters as a copy of this permanent"
    ]


@pytest.mark.cr("707.4", "707.9a")
def test_unstable_shapeshifter(db: CardDatabase) -> None:
    (ab,) = abilities(db, "Unstable Shapeshifter")
    assert isinstance(ab, Triggered) and ab.trigger.event == "enters"
    assert ab.effects == (BecomeCopy(Ref("self"), Ref("triggering"), CopyExcept(this_ability=True)),)


@pytest.mark.cr("707.9b", "707.9d")
def test_quicksilver_gargantuan(db: CardDatabase) -> None:
    (ab,) = abilities(db, "Quicksilver Gargantuan")
    assert isinstance(ab, EntersReplacement)
    assert ab.copy_of == Filter(types=("creature",), zone="battlefield")
    assert ab.copy_except == CopyExcept(power=7, toughness=7)


@pytest.mark.cr("707.9a", "707.9c")
def test_vesuvan_doppelganger(db: CardDatabase) -> None:
    (ab,) = abilities(db, "Vesuvan Doppelganger")
    assert isinstance(ab, EntersReplacement) and ab.copy_except is not None
    assert ab.copy_except.keep_color
    (gained,) = ab.copy_except.gains
    upkeep = gained.ability
    assert isinstance(upkeep, Triggered) and upkeep.trigger.step == "upkeep"
    assert upkeep.text.startswith("At the beginning of your upkeep, you may have this creature become")
    (may,) = upkeep.effects
    assert isinstance(may, May)
    assert may.effects == (
        BecomeCopy(Ref("self"), Ref("target", 0), CopyExcept(this_ability=True, keep_color=True)),
    )


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (
            "Whenever another creature enters, target creature becomes a copy of that creature.",
            "becoming a copy",
        ),
        (
            "You may have this creature enter as a copy of any creature on the battlefield, except it has this ability.",
            "'this ability' of a replacement effect",
        ),
    ],
)
def test_what_copy_wordings_are_refused(text: str, reason: str) -> None:
    cc = compile_text(text, type_line="Creature — Shapeshifter")
    (u,) = cc.abilities
    assert isinstance(u, Unsupported) and reason in u.reason


@pytest.mark.cr("707.4", "400.7")
def test_a_copy_of_a_card_that_moved_is_refused(db: CardDatabase) -> None:
    # Dimir Doppelganger: the exiled card is a new object the IR doesn't follow (400.7)
    exile_and_copy = abilities(db, "Dimir Doppelganger")[0]
    assert isinstance(exile_and_copy, Unsupported) and "isn't a permanent" in exile_and_copy.reason


@pytest.mark.cr("707.9e", "113.6g")
def test_altered_ego(db: CardDatabase) -> None:
    uncounterable, ego = abilities(db, "Altered Ego")
    assert uncounterable == CantBeCountered(text="This spell can't be countered.")
    assert isinstance(ego, EntersReplacement) and ego.copy_except is not None
    assert ego.copy_except.counters == (("+1/+1", Var("X")),)


@pytest.mark.cr("707.2c", "613.2a", "614.12a", "607.2a")
def test_metamorphic_alteration(db: CardDatabase) -> None:
    """ "As this Aura enters, choose a creature." is a choice as it enters (614.12a), linked to
    "Enchanted creature is a copy of the chosen creature.", a static ability's copy effect on the
    enchanted creature (613.2a, 707.2c)."""
    compiled = abilities(db, "Metamorphic Alteration")
    assert compiled[1:] == (
        EntersReplacement(self_only=True, choose="creature", text="As this Aura enters, choose a creature."),
        Static(
            (), text="Enchanted creature is a copy of the chosen creature.", copy_of_chosen=Ref("enchanted")
        ),
    )
    assert "is a copy of the chosen creature" in describe_ability(compiled[2])


@pytest.mark.cr("614.12a", "707.2c")
@pytest.mark.parametrize(
    "text",
    [
        "As this Aura enters, choose a land.",  # no linked ability reads a chosen land
        "Target creature is a copy of the chosen creature.",  # only the enchanted or equipped one
        "Enchanted creature is a copy of the chosen artifact.",
    ],
)
def test_choose_object_and_copy_of_chosen_refused(text: str) -> None:
    """Wordings beside the class stay refused instead of compiling to something else."""
    assert all(isinstance(a, Unsupported) for a in compile_text(text, name="Test Aura").abilities)


@pytest.mark.cr("707.9a", "707.9b", "702.128a")
@pytest.mark.parametrize(
    ("text", "exceptions"),
    [
        ("except it has haste", CopyExcept(keywords=("haste",))),
        ("except it has flying and haste", CopyExcept(keywords=("flying", "haste"))),
        ("except it isn't legendary", CopyExcept(not_supertypes=("legendary",))),
        ("except it's a 1/1", CopyExcept(power=1, toughness=1)),
        (
            "except it's a Spirit in addition to its other types and it has flying",
            CopyExcept(subtypes=("spirit",), keywords=("flying",)),
        ),
    ],
)
def test_token_copies_with_exceptions(text: str, exceptions: CopyExcept) -> None:
    cc = compile_text(
        f"Create a token that's a copy of target creature you control, {text}.", type_line="Sorcery"
    )
    (spell,) = cc.abilities
    assert isinstance(spell, SpellAbility)
    (copy,) = spell.effects
    assert isinstance(copy, CreateCopyToken) and copy.exceptions == exceptions


@pytest.mark.cr("702.128a", "702.129a")
def test_embalm_and_eternalize_are_token_copies_with_exceptions(db: CardDatabase) -> None:
    for name, exceptions in (
        ("Sacred Cat", CopyExcept(subtypes=("zombie",), colors=("W",), no_mana_cost=True)),
        (
            "Adorned Pouncer",
            CopyExcept(subtypes=("zombie",), power=4, toughness=4, colors=("B",), no_mana_cost=True),
        ),
    ):
        activated = [a for a in abilities(db, name) if isinstance(a, Activated)]
        (copy,) = activated[0].effects
        assert isinstance(copy, CreateCopyToken) and copy.exceptions == exceptions, name
