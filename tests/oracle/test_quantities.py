"""Quantities (107.1) and "where X is" (107.3): one quantity nonterminal, lowered once."""

from __future__ import annotations

from typing import Any

import pytest

from karn.cards.database import CardDatabase
from karn.ir.nodes import (
    AddPT,
    ApplyContinuous,
    Count,
    CountersOn,
    CreateToken,
    DealDamage,
    Filter,
    GainLife,
    Half,
    Mill,
    PutCounters,
    Ref,
    SpellAbility,
    Sum,
    Times,
    Triggered,
    Unsupported,
    Var,
)
from karn.oracle.compiler import compile_face, compile_text
from karn.oracle.parser import parse
from karn.oracle.syntax import CharacteristicQ, Effects, HalfQ, NumberOfQ, PlusQ, WhereXSentence


def _compiled(name: str, text: str | None = None) -> tuple[Any, ...]:
    record = CardDatabase.default().raw(name)
    if text is not None:
        record.update(text=text)
    return compile_face(CardDatabase.from_records([record]).get(name)).abilities


def _where(text: str) -> WhereXSentence:
    ast = parse(text, "effects")
    assert isinstance(ast, Effects)
    (sentence,) = ast.sentences
    assert isinstance(sentence, WhereXSentence)
    return sentence


@pytest.mark.cr("107.3", "107.1a")
def test_where_x_is_one_quantity_nonterminal() -> None:
    assert isinstance(_where("Draw X cards, where X is the number of lands you control.").x, NumberOfQ)
    half = _where("Draw X cards, where X is half the number of lands you control, rounded up.").x
    assert isinstance(half, HalfQ) and half.round_up
    plus = _where("~ deals X damage to any target, where X is 3 plus the number of artifacts you control.").x
    assert isinstance(plus, PlusQ) and plus.terms[0] == 3
    power = _where("You gain X life, where X is that creature's power.").x
    assert isinstance(power, CharacteristicQ) and power.what == "power"


@pytest.mark.cr("107.3", "608.2h")
def test_x_is_replaced_by_the_quantity_wherever_the_instructions_read_it() -> None:
    (spell,) = _compiled("Consuming Corruption")
    assert isinstance(spell, SpellAbility)
    swamps = Count("objects", Filter(subtypes=("swamp",), controller="you"))
    damage, life = spell.effects
    assert isinstance(damage, DealDamage) and damage.amount == swamps
    assert life == GainLife(swamps, Ref("you"))


@pytest.mark.cr("107.1a")
def test_half_rounded_down() -> None:
    (upkeep,) = _compiled("Endless Ranks of the Dead")
    assert isinstance(upkeep, Triggered)
    (create,) = upkeep.effects
    assert isinstance(create, CreateToken)
    assert create.count == Half(
        Count("objects", Filter(subtypes=("zombie",), controller="you")), round_up=False
    )


@pytest.mark.cr("107.3", "122.1", "608.2h")
def test_counters_on_the_source() -> None:
    dies = _compiled("Aerith Gainsborough")[-1]
    assert isinstance(dies, Triggered)
    (put,) = dies.effects
    assert isinstance(put, PutCounters) and put.amount == CountersOn("+1/+1", Ref("self"))


@pytest.mark.cr("107.3")
def test_a_number_plus_a_count_is_the_count_plus_the_number() -> None:
    (spell,) = _compiled("Welding Sparks")
    (damage,) = spell.effects
    assert damage.amount == Count("objects", Filter(types=("artifact",), controller="you"), plus=3)
    assert Sum((Var("X"), 1)) != 1  # a sum with X stays a sum until X is defined


@pytest.mark.cr("603.7c", "608.2h")
def test_that_creature_in_the_definition_is_not_the_source_named_in_the_instructions() -> None:
    (trigger,) = _compiled("Hamletback Goliath")
    assert isinstance(trigger, Triggered)
    assert "Var(name='power', ref=Ref(kind='triggering'" in repr(trigger.effects)


@pytest.mark.cr("107.3")
def test_x_in_a_description_is_refused() -> None:
    text = "Destroy each creature with mana value X or less, where X is the number of lands you control."
    (spell,) = _compiled("Welding Sparks", text)
    assert isinstance(spell, Unsupported)


@pytest.mark.cr("107.3")
def test_where_x_without_an_x_read_is_refused() -> None:
    (spell,) = _compiled("Welding Sparks", "Draw a card, where X is the number of lands you control.")
    assert isinstance(spell, Unsupported)


@pytest.mark.cr("107.3", "613.4c")
def test_plus_x_with_the_x_paid_is_a_layer_7c_quantity() -> None:
    (spell,) = _compiled("Death Wind")
    assert isinstance(spell, SpellAbility)
    (effect,) = spell.effects
    assert isinstance(effect, ApplyContinuous)
    assert effect.mod.changes == (AddPT(Times(Var("X"), -1), Times(Var("X"), -1)),)


@pytest.mark.cr("107.3")
def test_plus_x_with_no_x_announced_or_defined_is_refused() -> None:
    static = _compiled("Holy Strength", "Enchant creature\nEnchanted creature gets +X/+X.")[-1]
    assert isinstance(static, Unsupported) and "X undefined" in static.reason
    (trigger,) = _compiled(
        "Hamletback Goliath", "Whenever another creature enters, this creature gets +X/+0 until end of turn."
    )
    assert isinstance(trigger, Unsupported) and "no X announced" in trigger.reason


@pytest.mark.cr("107.1")
def test_for_each_multiplies_the_last_instructions_number() -> None:
    def spell(text: str) -> tuple[object, ...]:
        card = compile_text(text, name="Test Spell", type_line="Sorcery", types=("sorcery",))
        assert card.playable, card.abilities
        (ability,) = card.abilities
        assert isinstance(ability, SpellAbility)
        return ability.effects

    lands = Count("objects", Filter(types=("land",), controller="you"))
    (life,) = spell("You gain 2 life for each land you control.")
    assert life == GainLife(Times(2, lands))
    (tokens,) = spell("Create a 1/1 green Elf Warrior creature token for each land you control.")
    assert isinstance(tokens, CreateToken) and tokens.count == lands
    (pump,) = spell("Target creature gets +1/+0 until end of turn for each land you control.")
    assert isinstance(pump, ApplyContinuous) and pump.mod.changes == (AddPT(lands, 0),)
    # only the last instruction of the sentence is multiplied
    mill, counters = spell(
        "Mill three cards, then put a +1/+1 counter on target creature for each land you control."
    )
    assert isinstance(mill, Mill) and mill.amount == 3
    assert isinstance(counters, PutCounters) and counters.amount == lands


@pytest.mark.cr("107.1")
def test_for_each_is_refused_where_it_would_change_more_than_a_number() -> None:
    card = compile_text(
        "Target creature gets +1/+0 and gains flying until end of turn for each land you control.",
        name="Test Spell",
        type_line="Sorcery",
        types=("sorcery",),
    )
    assert not card.playable
    # "for each opponent, ..." still begins a sentence of its own (608.2f), after another one too
    parsed = parse("Draw a card. For each opponent, ~ deals 1 damage to that player.", "effects")
    assert isinstance(parsed, Effects)
    assert [type(s).__name__ for s in parsed.sentences] == ["ChainSentence", "ForEachOpponentSentence"]
