"""Predefined tokens (111.10): "create a Food token", "investigate" (701.16a) make the token the
rules define, with its abilities compiled from their rules text; a definition karn can't
compile refuses the effect with its reason, never a token without its ability."""

from __future__ import annotations

import pytest

from karn.ir import Activated, CreateToken, Draw, GainAbility, GainLife, SpellAbility, TokenDef, Unsupported
from karn.oracle.compiler import compile_text
from karn.oracle.lowering.predefined import PREDEFINED, predefined_token


def _created(text: str) -> CreateToken:
    (ab,) = compile_text(text, name="Foo", type_line="Instant").abilities
    assert isinstance(ab, SpellAbility), ab
    (e,) = ab.effects
    assert isinstance(e, CreateToken)
    return e


@pytest.mark.cr("111.10b")
def test_a_food_token_has_its_ability() -> None:
    e = _created("Create a Food token.")
    assert (e.token.name, e.token.types, e.token.subtypes, e.token.colors) == (
        "Food",
        ("artifact",),
        ("food",),
        (),
    )
    (gain,) = e.token.abilities
    ab = gain.ability
    assert isinstance(ab, Activated)
    assert ab.cost.mana == "{2}" and ab.cost.tap and ab.cost.sacrifice_self
    assert ab.effects == (GainLife(3),)


@pytest.mark.cr("701.16a", "111.10f")
def test_investigate_creates_a_clue() -> None:
    e = _created("Investigate.")
    assert e.token.name == "Clue" and e.count == 1
    ab = e.token.abilities[0].ability
    assert isinstance(ab, Activated) and ab.effects == (Draw(1),) and not ab.cost.tap
    assert _created("Investigate twice.").count == 2


@pytest.mark.cr("111.10", "111.2")
def test_counts_and_tapped() -> None:
    assert _created("Create two Food tokens.").count == 2
    e = _created("Create a tapped Clue token.")
    assert e.tapped and e.token.name == "Clue"


@pytest.mark.cr("111.10")
def test_each_definition_is_defined_once_and_compiled_or_refused_with_its_reason() -> None:
    for subtype, p in PREDEFINED.items():
        found = predefined_token(subtype)
        if isinstance(found, str):
            assert p.name in found and p.rule in found  # the reason names the token and its rule
        else:
            assert isinstance(found, TokenDef) and found.name == p.name
            assert all(isinstance(g, GainAbility) for g in found.abilities) and found.abilities


@pytest.mark.cr("111.10h")
def test_a_token_whose_ability_cant_compile_is_refused() -> None:
    (ab,) = compile_text("Create a Powerstone token.", name="Foo", type_line="Instant").abilities
    assert isinstance(ab, Unsupported) and "Powerstone" in ab.reason
