"""The compiler never drops what it read: a qualifier, a player or a printed value
it can't express makes the card unplayable instead (card audit 2026-11, §2 and §4)."""

from __future__ import annotations

import pytest

from karn.cards.database import CardDatabase
from karn.ir.nodes import (
    Activated,
    DealDamage,
    Draw,
    Filter,
    Group,
    Ref,
    ReturnToHand,
    SearchLibrary,
    SkipNextUntap,
    SpellAbility,
    Tap,
    TargetSpec,
    Trigger,
    Triggered,
    Unsupported,
)
from karn.oracle import compile_text
from karn.oracle.compiler import compile_face, face_from_record

T0 = Ref("target", 0)
ANY = TargetSpec(
    players="any", objects=Filter(types=("creature", "planeswalker", "battle")), text="any target"
)


@pytest.fixture(scope="module")
def db() -> CardDatabase:
    return CardDatabase.default()


def _only_unsupported(text: str, type_line: str = "Instant") -> Unsupported:
    cc = compile_text(text, name="Test Card", type_line=type_line)
    assert len(cc.abilities) == 1
    u = cc.abilities[0]
    assert isinstance(u, Unsupported), u
    return u


# --------------------------------------------------------------------------- cast from a zone (601.2a)


@pytest.mark.cr("601.2a", "603.2")
def test_burning_vengeance_triggers_only_on_spells_cast_from_your_graveyard(db: CardDatabase) -> None:
    text = "Whenever you cast a spell from your graveyard, this enchantment deals 2 damage to any target."
    assert compile_face(db.get("Burning Vengeance")).abilities == (
        Triggered(
            Trigger("cast", filter=Filter(owner="you", zone="stack"), player="you", from_zone="graveyard"),
            (DealDamage(2, T0),),
            (ANY,),
            text=text,
        ),
    )


@pytest.mark.cr("601.2a", "603.2")
def test_secrets_of_the_dead(db: CardDatabase) -> None:
    assert compile_face(db.get("Secrets of the Dead")).abilities == (
        Triggered(
            Trigger("cast", filter=Filter(owner="you", zone="stack"), player="you", from_zone="graveyard"),
            (Draw(1),),
            text="Whenever you cast a spell from your graveyard, draw a card.",
        ),
    )


def test_any_player_casting_from_a_graveyard() -> None:
    cc = compile_text(
        "Whenever a player casts a spell from a graveyard, draw a card.", type_line="Enchantment"
    )
    t = cc.abilities[0]
    assert isinstance(t, Triggered)
    assert t.trigger == Trigger("cast", filter=Filter(zone="stack"), from_zone="graveyard")


def test_a_spells_origin_is_refused_outside_a_cast_trigger() -> None:
    u = _only_unsupported("Counter target spell from your graveyard.")
    assert "zone it was cast from" in u.reason


# --------------------------------------------------------------------------- other qualifiers


def test_from_it_needs_a_revealed_hand() -> None:
    u = _only_unsupported("Exile target card from it.")
    assert "'from it'" in u.reason


def test_player_controls_qualifier_is_not_dropped_by_a_search() -> None:
    u = _only_unsupported(
        "Search your library for a creature card target player controls, put it into your hand, then shuffle.",
        type_line="Sorcery",
    )
    assert "a player's permanents" in u.reason


def test_until_end_of_turn_needs_an_effect_with_a_duration() -> None:
    u = _only_unsupported("Until end of turn, draw a card.")
    assert "until end of turn" in u.reason


@pytest.mark.cr("502.3")
def test_skipped_untap_step_must_be_the_controllers() -> None:
    u = _only_unsupported("Creatures don't untap during target player's next untap step.", "Sorcery")
    assert "not target player's" in u.reason
    # the group of that player's creatures: their controller is that player
    cc = compile_text(
        "Creatures target player controls don't untap during that player's next untap step.",
        type_line="Sorcery",
    )
    assert cc.abilities == (
        SpellAbility(
            (SkipNextUntap(Group(Filter(types=("creature",)), player=T0)),),
            (TargetSpec(players="any", text="target player"),),
            text="Creatures target player controls don't untap during that player's next untap step.",
        ),
    )
    cc = compile_text(
        "Tap target creature. It doesn't untap during its controller's next untap step.", type_line="Sorcery"
    )
    spell = cc.abilities[0]
    assert isinstance(spell, SpellAbility) and spell.effects == (Tap(T0), SkipNextUntap(T0))


@pytest.mark.cr("701.20")
def test_revealed_card_goes_to_the_revealing_players_hand() -> None:
    u = _only_unsupported(
        "Target player reveals the top card of their library. If it's a land card, put it into your hand.",
        "Sorcery",
    )
    assert "revealing player's hand" in u.reason


@pytest.mark.cr("701.23")
def test_search_puts_into_your_hand_only() -> None:
    u = _only_unsupported(
        "Search your library for a card, put it into target opponent's hand, then shuffle.", "Sorcery"
    )
    assert u.reason == "unsupported destination after search"


# --------------------------------------------------------------------------- faces that can't be played


@pytest.mark.cr("712.8a")
def test_transform_back_face_is_not_playable(db: CardDatabase) -> None:
    for name, front in (
        ("Insectile Aberration", "Delver of Secrets"),
        ("Heir to the Night", "Heir of Falkenrath"),
    ):
        cc = compile_face(db.get(name))
        assert not cc.playable
        assert cc.abilities[0] == Unsupported(
            clause=name,
            reason=f"back face of {front}: a transforming card is played by its front face (712.8a)",
        )


@pytest.mark.cr("118.6", "202.1b")
def test_nonland_face_without_mana_cost_is_not_playable(db: CardDatabase) -> None:
    host = db.get("Chittering Host")  # a meld result: no mana cost
    assert host.mana_cost is None and host.front is None
    cc = compile_face(host)
    assert not cc.playable
    assert cc.abilities[0].reason.startswith("no mana cost")  # type: ignore[union-attr]
    assert compile_face(db.get("Forest")).playable  # lands are played, not cast (305.1)


@pytest.mark.cr("208.2")
@pytest.mark.parametrize(("name", "value"), [("Infinity Elemental", "∞"), ("Plague Rats", "*")])
def test_printed_power_must_be_a_number(db: CardDatabase, name: str, value: str) -> None:
    cc = compile_face(db.get(name))
    assert Unsupported(
        clause=value, reason=f"printed power {value!r} is not a number the IR can express"
    ) in (cc.abilities)


def test_reversible_card_is_an_incomplete_layout(db: CardDatabase) -> None:
    for name in (
        "Sol Ring // Sol Ring",
        "Bloomvine Regent // Claim Territory // Bloomvine Regent // Claim Territory",
    ):
        cc = compile_face(db.get(name))
        assert not cc.playable
        assert cc.abilities[-1].reason.startswith("reversible_card layout")  # type: ignore[union-attr]


def test_face_from_record_keeps_the_mana_cost() -> None:
    record = {
        "name": "Hybrid Bear",
        "manaCost": "{G/W}",
        "type": "Creature \u2014 Bear",
        "types": ["Creature"],
        "power": "2",
        "toughness": "2",
    }
    face = face_from_record(record)
    assert face.mana_cost == "{G/W}"
    assert compile_face(face).unsupported == ()  # 107.4e: hybrid mana is paid
    snow = face_from_record(record | {"name": "Snow Bear", "manaCost": "{S}{G}"})
    assert snow.mana_cost == "{S}{G}"
    assert compile_face(snow).unsupported == (
        Unsupported(clause="{S}{G}", reason="mana symbols the engine can't pay yet"),
    )


@pytest.mark.cr("110.4a")
def test_permanent_card_is_not_any_card(db: CardDatabase) -> None:
    assert compile_face(db.get("Regenesis")).abilities == (
        SpellAbility(
            (ReturnToHand(T0),),
            (
                TargetSpec(
                    objects=Filter(not_types=("instant", "sorcery"), owner="you", zone="graveyard"),
                    min=0,
                    max=2,
                    text="up to two target permanent cards from your graveyard",
                ),
            ),
            text="Return up to two target permanent cards from your graveyard to your hand.",
        ),
    )
    search = compile_face(db.get("Moggcatcher")).abilities[0]
    assert isinstance(search, Activated)
    assert search.effects == (
        SearchLibrary(Filter(subtypes=("goblin",), not_types=("instant", "sorcery"), zone="library")),
    )


def test_spell_or_permanent_is_refused() -> None:
    u = _only_unsupported("Return target spell or permanent to its owner's hand.")
    assert "objects in different zones" in u.reason


@pytest.mark.cr("400.3")
def test_return_to_your_hand_needs_cards_you_own() -> None:
    u = _only_unsupported("Return target creature to your hand.")
    assert u.reason == "return to your hand, which may not be its owner's hand"
    cc = compile_text("Return target creature card from your graveyard to your hand.", type_line="Sorcery")
    assert cc.playable
