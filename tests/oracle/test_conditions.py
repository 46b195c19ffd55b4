"""Conditions as one shared part: the intervening "if" of a trigger (603.4), the "if" of an
instruction (608.2c), the alternative instruction "... instead if ..." (608.2c) and the "as long
as" of a static ability (611.3a) all lower to one IR :class:`Condition`."""

from __future__ import annotations

import pytest

from karn.ir.nodes import (
    ApplyContinuous,
    Condition,
    Count,
    DealDamage,
    Filter,
    IfCondition,
    Kicked,
    Modify,
    PutCounters,
    Ref,
    SpellAbility,
    Static,
    Triggered,
    Unsupported,
    Var,
)
from karn.oracle import compile_text


def _spell(text: str) -> SpellAbility:
    card = compile_text(text, name="Test Spell", type_line="Instant", types=("instant",))
    assert card.playable, card.abilities
    (ability,) = [a for a in card.abilities if isinstance(a, SpellAbility)]
    return ability


def _unsupported(text: str, types: tuple[str, ...] = ("instant",)) -> Unsupported:
    card = compile_text(text, name="Test Card", type_line=types[0].title(), types=types)
    found = [a for a in card.abilities if isinstance(a, Unsupported)]
    assert found, card.abilities
    return found[0]


@pytest.mark.cr("608.2c")
def test_instead_if_replaces_the_earlier_instruction_with_the_same_recipient() -> None:
    spell = _spell(
        "Test Spell deals 2 damage to any target. Test Spell deals 4 damage instead if you control "
        "three or more artifacts."
    )
    (only,) = spell.effects
    assert isinstance(only, IfCondition)
    artifacts = Count("objects", Filter(types=("artifact",), controller="you"))
    assert only.condition == Condition("compare", artifacts, ">=", 3)
    assert only.effects == (DealDamage(4, Ref("target", 0)),)
    assert only.otherwise == (DealDamage(2, Ref("target", 0)),)


@pytest.mark.cr("702.33d")
def test_if_kicked_instead_with_it_as_the_source() -> None:
    spell = _spell(
        "Kicker {4}\nTest Spell deals 2 damage to any target. If this spell was kicked, it deals 4 damage instead."
    )
    (only,) = spell.effects
    assert isinstance(only, IfCondition) and only.condition == Kicked()
    assert only.effects == (DealDamage(4, Ref("target", 0)),) and only.otherwise == (
        DealDamage(2, Ref("target", 0)),
    )


@pytest.mark.cr("608.2c")
def test_if_condition_instead_for_counters_and_a_pump() -> None:
    spell = _spell(
        "Put a +1/+1 counter on target creature. Put three +1/+1 counters on that creature "
        "instead if a creature died this turn."
    )
    (only,) = spell.effects
    assert isinstance(only, IfCondition)
    assert only.condition == Condition("compare", Count("creatures_died_this_turn"), ">=", 1)
    assert isinstance(only.effects[0], PutCounters) and only.effects[0].amount == 3
    assert isinstance(only.otherwise[0], PutCounters) and only.otherwise[0].amount == 1
    pump = _spell(
        "Target creature gets +2/+2 until end of turn. If you had a land enter the battlefield under "
        "your control this turn, that creature gets +4/+4 until end of turn instead."
    )
    (cond,) = pump.effects
    assert isinstance(cond, IfCondition)
    assert cond.condition == Condition("compare", Count("lands_entered_this_turn"), ">=", 1)
    assert isinstance(cond.effects[0], ApplyContinuous) and cond.effects[0].mod.power == 4


@pytest.mark.cr("608.2c")
def test_instead_replacing_only_part_of_an_effect_is_refused() -> None:
    # the kicked +5/+5 would silently drop the trample of the first sentence
    found = _unsupported(
        "Kicker {2}\nTarget creature gets +2/+2 and gains trample until end of turn. If this spell was "
        "kicked, that creature gets +5/+5 until end of turn instead."
    )
    assert "part of a continuous effect" in found.reason
    other_kind = _unsupported(
        "Kicker {2}\nDraw a card. If this spell was kicked, Test Card deals 2 damage to any target instead."
    )
    assert "another kind" in other_kind.reason or "target" in other_kind.reason


@pytest.mark.cr("608.2c")
def test_if_condition_of_an_instruction() -> None:
    spell = _spell("Draw a card. If it's your turn, scry 2.")
    assert isinstance(spell.effects[1], IfCondition)
    assert spell.effects[1].condition == Condition("your_turn") and not spell.effects[1].otherwise
    gained = _spell("If you gained life this turn, draw a card.")
    assert gained.effects[0] == IfCondition(
        Condition("compare", Var("life_gained_this_turn"), ">=", 1), gained.effects[0].effects
    )


@pytest.mark.cr("603.4")
def test_an_if_right_after_a_trigger_condition_is_intervening() -> None:
    card = compile_text(
        "When this creature enters, if a creature died this turn, you gain 5 life.",
        name="Test Creature",
        type_line="Creature — Test",
        types=("creature",),
    )
    (ability,) = card.abilities
    assert isinstance(ability, Triggered)
    assert ability.condition == Condition("compare", Count("creatures_died_this_turn"), ">=", 1)
    assert not any(isinstance(e, IfCondition) for e in ability.effects)


@pytest.mark.cr("611.3a")
def test_as_long_as_a_condition_keeps_it_on_every_merged_modification() -> None:
    card = compile_text(
        "Threshold — As long as there are seven or more cards in your graveyard, this creature gets "
        "+1/+1 and has flying.",
        name="Test Creature",
        type_line="Creature — Test",
        types=("creature",),
    )
    (ability,) = card.abilities
    assert isinstance(ability, Static)
    (mod,) = ability.mods
    assert isinstance(mod, Modify) and mod.power == 1 and "flying" in mod.add_keywords
    seven = Condition("compare", Count("objects", Filter(zone="graveyard", owner="you")), ">=", 7)
    assert mod.condition == seven


@pytest.mark.cr("611.3a")
@pytest.mark.cr("113.6e")
def test_static_conditions_the_layers_cannot_follow_are_refused() -> None:
    # a condition on what happened this turn isn't followed by the layer system
    drawn = _unsupported(
        "This creature gets +2/+2 as long as you've drawn two or more cards this turn.", ("creature",)
    )
    assert "continuously" in drawn.reason
    # flash granted to itself would have to work from the hand (113.6e)
    flash = _unsupported("This creature has flash as long as you control a Desert.", ("creature",))
    assert "113.6e" in flash.reason
