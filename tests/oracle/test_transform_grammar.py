"""Transforming double-faced cards (701.27, 712) in the Oracle compiler: "transform ~", "When
this creature transforms into ~", the werewolves' "last turn" conditions, daybound and
nightbound (702.145), and a card plays only when its back face compiles too."""

from __future__ import annotations

import dataclasses

import pytest

from karn.cards.database import CardDatabase
from karn.ir.nodes import (
    Activated,
    BecomesDayAsEnters,
    Condition,
    Count,
    Entering,
    Exile,
    Keyword,
    May,
    PutOntoBattlefield,
    Ref,
    SpellAbility,
    Transform,
    Trigger,
    Triggered,
)
from karn.oracle import compile_text
from karn.oracle.compiler import compile_face
from karn.oracle.describe import condition_text
from karn.oracle.pool import build_pool, parts_refused

CREATURE = "Creature — Human Werewolf"


@pytest.mark.cr("701.27a")
def test_transform_this_creature_in_an_activated_ability() -> None:
    cc = compile_text(
        "{6}: Transform this creature.", name="Test Gargoyle", type_line="Artifact Creature — Gargoyle"
    )
    (ab,) = cc.abilities
    assert isinstance(ab, Activated) and ab.effects == (Transform(Ref("self")),)


@pytest.mark.cr("701.27a", "603.4")
def test_werewolf_front_face_no_spells_last_turn() -> None:
    text = "At the beginning of each upkeep, if no spells were cast last turn, transform this creature."
    (ab,) = compile_text(text, name="Test Smith", type_line=CREATURE).abilities
    assert isinstance(ab, Triggered)
    assert ab.trigger == Trigger("step", step="upkeep")
    assert ab.condition == Condition("compare", Count("spells_last_turn"), "<=", 0)
    assert ab.effects == (Transform(Ref("self")),)
    assert condition_text(ab.condition) == "no spells were cast last turn"


@pytest.mark.cr("701.27a", "603.4")
def test_werewolf_back_face_two_spells_by_a_player_last_turn() -> None:
    text = "At the beginning of each upkeep, if a player cast two or more spells last turn, transform this creature."
    (ab,) = compile_text(text, name="Test Fang", type_line="Creature — Werewolf").abilities
    assert isinstance(ab, Triggered)
    assert ab.condition == Condition("compare", Count("most_spells_last_turn"), ">=", 2)


@pytest.mark.cr("603.4")
def test_spells_cast_last_turn_by_you_is_refused() -> None:
    text = (
        "At the beginning of each upkeep, if you cast two or more spells last turn, transform this creature."
    )
    cc = compile_text(text, name="Test Fang", type_line="Creature — Werewolf")
    assert not cc.playable


@pytest.mark.cr("701.27e")
def test_transforms_into_this_face_trigger() -> None:
    text = "When this creature transforms into Test Horror, you gain 2 life."
    (ab,) = compile_text(text, name="Test Horror", type_line="Creature — Horror").abilities
    assert isinstance(ab, Triggered) and ab.trigger == Trigger("transforms_into", self_only=True)


@pytest.mark.cr("701.27e", "603.2c")
def test_enters_or_transforms_into_is_two_triggered_abilities() -> None:
    text = "Whenever this creature enters or transforms into Test Cathar, you gain 2 life."
    first, second = compile_text(text, name="Test Cathar", type_line=CREATURE).abilities
    assert isinstance(first, Triggered) and first.trigger == Trigger("enters", self_only=True)
    assert isinstance(second, Triggered) and second.trigger == Trigger("transforms_into", self_only=True)
    assert first.effects == second.effects


@pytest.mark.cr("701.27e")
def test_another_creature_transforming_into_is_refused() -> None:
    text = "Whenever a creature you control transforms into Test Cathar, you gain 2 life."
    assert not compile_text(text, name="Test Cathar", type_line=CREATURE).playable


@pytest.mark.cr("701.27a")
def test_may_transform_and_transform_target() -> None:
    (ab,) = compile_text(
        "At the beginning of your upkeep, you may transform this creature.",
        name="Test Youth",
        type_line=CREATURE,
    ).abilities
    assert isinstance(ab, Triggered) and ab.effects == (May((Transform(Ref("self")),)),)
    (spell,) = compile_text(
        "Transform up to one target Werewolf you control.", name="Test Moon", type_line="Instant"
    ).abilities
    assert isinstance(spell, SpellAbility) and spell.effects == (Transform(Ref("target", 0)),)


@pytest.mark.cr("702.145b", "702.145e")
def test_daybound_and_nightbound_are_keywords() -> None:
    assert compile_text("Daybound", name="Test", type_line=CREATURE).abilities == (
        Keyword("daybound", text="Daybound"),
    )
    assert compile_text("Nightbound", name="Test", type_line=CREATURE).abilities == (
        Keyword("nightbound", text="Nightbound"),
    )


@pytest.mark.cr("712.8a", "712.8e")
def test_a_back_face_compiles_as_a_part_of_its_card() -> None:
    db = CardDatabase.default()
    back = db.get("Ironfang")
    assert not compile_face(back).playable  # on its own it can't be cast (712.8a)
    assert compile_face(back, part=True).playable  # as its card's back face
    pool = build_pool(["Village Ironsmith"])
    assert pool.compiled("Village Ironsmith // Ironfang").playable and "Ironfang" in pool


@pytest.mark.cr("712.8e")
def test_a_card_whose_back_face_does_not_compile_is_refused_with_the_back_face_reason() -> None:
    db = CardDatabase.default()
    front = db.get("Village Ironsmith")
    back = dataclasses.replace(db.get("Ironfang"), text="Whenever the moon sings, frobnicate this creature.")
    (u,) = parts_refused(front, {"Ironfang": compile_face(back, part=True)})
    assert u.reason.startswith("Ironfang: ") and "moon" in u.clause
    assert parts_refused(front, {"Ironfang": compile_face(db.get("Ironfang"), part=True)}) == []


@pytest.mark.cr("712.14a", "400.7j")
def test_exile_this_then_return_it_transformed() -> None:
    text = """(As this Saga enters and after your draw step, add a lore counter.)
I — You gain 2 life.
II — You gain 2 life.
III — Exile this Saga, then return it to the battlefield transformed under your control."""
    *_, third = compile_text(text, name="Test Saga", type_line="Enchantment — Saga").abilities
    assert isinstance(third, Triggered)
    assert third.effects == (
        Exile(Ref("self")),
        PutOntoBattlefield(Ref("affected"), Entering(transformed=True)),
    )


@pytest.mark.cr("712.14a", "400.7e")
def test_dies_then_return_it_transformed_and_its_limits() -> None:
    text = "When this creature dies, return it to the battlefield transformed under your control."
    (ab,) = compile_text(text, name="Test Hand", type_line="Artifact Creature — Scarecrow").abilities
    assert isinstance(ab, Triggered)
    assert ab.effects == (PutOntoBattlefield(Ref("self"), Entering(transformed=True)),)
    # a delayed ability: "it" would be the card as the delayed ability resolves (not tracked)
    later = text.removesuffix(".") + " at the beginning of the next end step."
    assert not compile_text(later, name="Test Hand", type_line="Creature — Human").playable
    # 701.27f: a delayed ability transforming its permanent is refused
    delayed = "When a creature you control dies, transform this creature at the beginning of the next upkeep."
    assert not compile_text(delayed, name="Test Angel", type_line="Creature — Angel").playable
    # 303.4f: an Aura returned to the battlefield would need its player's choice
    aura = "When this Aura is put into a graveyard from the battlefield, return it to the battlefield."
    assert not compile_text(aura, name="Test Aura", type_line="Enchantment — Aura").playable


@pytest.mark.cr("731.1", "731.1a")
def test_day_as_enters_and_day_night_triggers() -> None:
    text = "If it's neither day nor night, it becomes day as this creature enters."
    assert compile_text(text, name="Test Sage", type_line="Creature — Human").abilities == (
        BecomesDayAsEnters(text=text),
    )
    both = "Whenever day becomes night or night becomes day, draw a card."
    (ab,) = compile_text(both, name="Test Sage", type_line="Creature — Human").abilities
    assert isinstance(ab, Triggered) and ab.trigger == Trigger("day_night")
    one = "Whenever night becomes day, draw a card."
    (ab,) = compile_text(one, name="Test Sage", type_line="Creature — Human").abilities
    assert isinstance(ab, Triggered) and ab.trigger == Trigger("becomes_day")
    (ab,) = compile_text(
        "Whenever day becomes night, draw a card.", name="Test Sage", type_line="Creature — Human"
    ).abilities
    assert isinstance(ab, Triggered) and ab.trigger == Trigger("becomes_night")


@pytest.mark.cr("508.1")
def test_when_you_attack_with_n_or_more_creatures() -> None:
    text = "When you attack with three or more creatures, transform this enchantment."
    (ab,) = compile_text(text, name="Test Landing", type_line="Enchantment").abilities
    assert isinstance(ab, Triggered) and ab.trigger == Trigger("attack_with", player="you", nth=3)
    other = "Whenever an opponent attacks with three or more creatures, draw a card."
    assert not compile_text(other, name="Test", type_line="Enchantment").playable
