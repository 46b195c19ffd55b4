"""Parts planeswalkers need (issue 15): emblems (114), ... compiled from their Oracle text."""

from __future__ import annotations

import pytest

from karn.ir.nodes import Activated, CreateEmblem, Ref, Static, Triggered, Unsupported
from karn.oracle import compile_text

PW = "Legendary Planeswalker — Test"


def _loyalty(text: str) -> Activated:
    compiled = compile_text(text, name="Test Walker", type_line=PW)
    assert compiled.playable, compiled.unsupported
    (ability,) = compiled.abilities
    assert isinstance(ability, Activated) and ability.cost.loyalty is not None
    return ability


@pytest.mark.cr("114.1", "113.2c")
def test_you_get_an_emblem_with_a_static_ability() -> None:
    ability = _loyalty('[−7]: You get an emblem with "Creatures you control get +2/+2 and have flying."')
    (emblem,) = ability.effects
    assert isinstance(emblem, CreateEmblem) and emblem.player == Ref("you")
    (granted,) = emblem.abilities
    assert isinstance(granted.ability, Static)
    assert granted.ability.mods[0].power == 2 and granted.ability.mods[0].add_keywords == ("flying",)


@pytest.mark.cr("114.1", "114.2")
def test_target_opponent_gets_an_emblem_with_a_triggered_ability() -> None:
    ability = _loyalty(
        '[−8]: Target opponent gets an emblem with "Whenever a player draws a card, you lose 2 life."'
    )
    (emblem,) = ability.effects
    assert isinstance(emblem, CreateEmblem) and emblem.player == Ref("target", 0)
    assert ability.targets[0].players == "opponent"
    assert isinstance(emblem.abilities[0].ability, Triggered)


@pytest.mark.cr("114.1", "201.5")
def test_this_emblem_is_the_emblem_itself() -> None:
    ability = _loyalty(
        '[−7]: You get an emblem with "Whenever you cast a spell, this emblem deals 5 damage to any target."'
    )
    (emblem,) = ability.effects
    assert isinstance(emblem, CreateEmblem)
    trig = emblem.abilities[0].ability
    assert isinstance(trig, Triggered) and trig.effects[0].to == Ref("target", 0)  # type: ignore[union-attr]


@pytest.mark.cr("114.4")
def test_an_emblem_whose_ability_karn_cant_apply_from_the_command_zone_is_refused() -> None:
    compiled = compile_text(
        '[−9]: You get an emblem with "Your opponents can\'t cast noncreature spells."',
        name="T",
        type_line=PW,
    )
    (bad,) = compiled.unsupported
    assert isinstance(bad, Unsupported) and "emblem" in bad.reason
