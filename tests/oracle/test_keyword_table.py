"""The keyword table (karn.ir.keywords) drives the keyword grammar and lowering (702)."""

from __future__ import annotations

import pytest

from karn.ir.keywords import BY_NAME, KEYWORDS, Grammar, KeywordClass, KeywordParameter, keyword_number, spec
from karn.ir.nodes import Keyword, Triggered, Unsupported
from karn.oracle import compile_text
from karn.oracle.keywords import keyword_grammar
from karn.oracle.parser import grammar_text
from karn.oracle.vocab import KEYWORD_NAMES, STATIC_KEYWORDS

GENERATED = [k for k in KEYWORDS if k.grammar is Grammar.GENERATED]


def _printed(name: str, parameter: KeywordParameter) -> str:
    text = name.capitalize()
    if parameter is KeywordParameter.NUMBER:
        return f"{text} 2"
    if parameter is KeywordParameter.MANA:
        return f"{text} {{2}}"
    return text


@pytest.mark.cr("702.1")
def test_names_are_unique_and_known_to_the_normalizer() -> None:
    assert len(BY_NAME) == len(KEYWORDS)
    for k in KEYWORDS:
        assert k.rule.startswith("702."), k.name
        assert k.name.split()[0] in KEYWORD_NAMES, k.name


@pytest.mark.cr("702.1")
def test_the_grammar_is_generated_from_the_table() -> None:
    text = keyword_grammar()
    assert text in grammar_text()
    for k in GENERATED:
        assert " ".join(f'"{w}"' for w in k.name.split()) in text, k.name
    assert set(STATIC_KEYWORDS) == {k.name for k in KEYWORDS if k.grantable}


@pytest.mark.parametrize(
    "entry", [pytest.param(k, id=k.name, marks=pytest.mark.cr(k.rule)) for k in GENERATED]
)
def test_every_generated_keyword_compiles_to_its_marker(entry: object) -> None:
    from karn.ir.keywords import KeywordSpec

    assert isinstance(entry, KeywordSpec)
    text = _printed(entry.name, entry.parameter)
    compiled = compile_text(text, name="Test Creature", type_line="Creature — Elf")
    assert not any(isinstance(a, Unsupported) for a in compiled.abilities), compiled
    marker = compiled.abilities[0]
    assert isinstance(marker, Keyword)
    assert spec(marker.name) is entry
    if entry.kind is KeywordClass.TRIGGERED:
        assert any(isinstance(a, Triggered) for a in compiled.abilities[1:])


@pytest.mark.cr("702.1")
def test_a_granted_keyword_must_be_a_marker() -> None:
    # prowess means a triggered ability: granting the word alone would grant nothing (613.1f)
    compiled = compile_text("Creatures you control have prowess.", name="Test", type_line="Enchantment")
    assert isinstance(compiled.abilities[0], Unsupported)


@pytest.mark.cr("702.164c")
def test_keyword_number_adds_instances() -> None:
    assert keyword_number({"toxic 2", "toxic 1", "flying"}, "toxic") == 3
    assert keyword_number({"flying"}, "toxic") == 0


@pytest.mark.cr("702.25a")
def test_a_keyword_named_as_a_quality() -> None:
    from karn.ir.nodes import Group, Static

    with_flying = compile_text(
        "Creatures you control with flying get +1/+1.", name="Test", type_line="Enchantment"
    )
    ability = with_flying.abilities[0]
    assert isinstance(ability, Static)
    group = ability.mods[0].affected
    assert isinstance(group, Group) and group.filter is not None
    assert group.filter.keywords == ("flying",)
    without = compile_text(
        "Whenever ~ becomes blocked by a creature without flanking, that creature gets -1/-1 until end of turn.",
        name="Test",
        type_line="Creature — Elf",
    )
    trigger = without.abilities[0].trigger
    assert trigger.partner.not_keywords == ("flanking",)
    refused = compile_text(
        "Creatures with protection from red get +1/+1.", name="Test", type_line="Enchantment"
    )
    assert isinstance(refused.abilities[0], Unsupported)
