"""'Exile X, then return it to the battlefield' (400.7j: the effect finds the card it exiled) and
'When this creature dies, return it to the battlefield' (400.7e), with their limits (303.4f)."""

from __future__ import annotations

import pytest

from karn.ir.nodes import Entering, Exile, PutOntoBattlefield, Ref, SpellAbility, Triggered
from karn.oracle import compile_text


@pytest.mark.cr("400.7j")
def test_exile_target_then_return_that_card() -> None:
    text = "Exile target creature you control, then return that card to the battlefield under your control."
    (spell,) = compile_text(text, name="Test Shift", type_line="Instant").abilities
    assert isinstance(spell, SpellAbility)
    assert spell.effects == (Exile(Ref("target", 0)), PutOntoBattlefield(Ref("affected"), Entering()))


@pytest.mark.cr("400.7j", "303.4f")
def test_a_target_that_may_be_an_aura_is_refused() -> None:
    text = (
        "Exile target creature or enchantment, then return it to the battlefield under its owner's control."
    )
    assert not compile_text(text, name="Test Fate", type_line="Instant").playable


@pytest.mark.cr("400.7j", "303.4f")
def test_an_activated_ability_returning_its_own_source_is_refused() -> None:
    # the source's card types aren't known to an activated ability's lowering: it may be an Aura
    text = "{2}: Exile this permanent, then return it to the battlefield under your control."
    assert not compile_text(text, name="Test Thing", type_line="Artifact").playable


@pytest.mark.cr("400.7e")
def test_dies_return_it_with_a_counter() -> None:
    text = "When this creature dies, return it to the battlefield tapped under its owner's control."
    (ab,) = compile_text(text, name="Test Bear", type_line="Creature — Bear").abilities
    assert isinstance(ab, Triggered)
    assert ab.effects == (PutOntoBattlefield(Ref("self"), Entering(tapped=True, owner_control=True)),)
