"""'This spell can't be countered.' on an instant or sorcery (113.6g, 101.2): a static ability of
the spell, not an instruction of its text."""

from __future__ import annotations

import pytest

from karn.cards.database import CardDatabase
from karn.ir.nodes import CantBeCountered, SpellAbility
from karn.oracle.compiler import compile_face


@pytest.mark.cr("113.6g", "101.2")
@pytest.mark.parametrize("name", ["Abrupt Decay", "Supreme Verdict"])
def test_an_uncounterable_instant_or_sorcery_compiles(name: str) -> None:
    compiled = compile_face(CardDatabase.default().get(name))
    assert compiled.playable
    assert CantBeCountered(text="This spell can't be countered.") in compiled.abilities
    (spell,) = [a for a in compiled.abilities if isinstance(a, SpellAbility)]
    assert "countered" not in spell.text


@pytest.mark.cr("101.2")
def test_other_spells_cant_be_countered_stays_refused() -> None:
    # "Creature spells you control can't be countered." is a rules change karn doesn't have
    assert not compile_face(CardDatabase.default().get("Prowling Serpopard")).playable
