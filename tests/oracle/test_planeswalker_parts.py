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


@pytest.mark.cr("611.2a")
@pytest.mark.parametrize(
    "text",
    [
        "[+1]: Until your next turn, up to one target creature gets -3/-0.",
        "[+1]: Up to one target creature gets -2/-1 until your next turn.",
        "[+1]: Until your next turn, creatures you control get +1/+0 and gain lifelink.",
        "[+1]: Up to one target creature can't attack or block until your next turn.",
    ],
)
def test_until_your_next_turn_is_the_duration_of_each_continuous_effect(text: str) -> None:
    ability = _loyalty(text)
    assert [getattr(e, "duration", None) for e in ability.effects] == ["until_your_next_turn"]


@pytest.mark.cr("611.2a")
@pytest.mark.parametrize(
    "text",
    [
        # two durations in one sentence: neither may be read as the other
        "[+2]: Up to one target creature gets -2/-1 until end of turn and gains flying until your next turn.",
        # a one-shot effect has no duration to lengthen
        "[+1]: Until your next turn, tap target creature.",
    ],
)
def test_until_your_next_turn_that_cant_be_kept_is_refused(text: str) -> None:
    compiled = compile_text(text, name="Test Walker", type_line=PW)
    assert not compiled.playable


@pytest.mark.cr("903.3d")
def test_can_be_your_commander_is_a_deck_rule() -> None:
    from karn.ir.nodes import CommanderPermission

    compiled = compile_text("Test Walker can be your commander.", name="Test Walker", type_line=PW)
    assert compiled.abilities == (CommanderPermission(text="Test Walker can be your commander."),)
    other = compile_text("Grizzly Bears can be your commander.", name="Test Walker", type_line=PW)
    assert not other.playable


@pytest.mark.cr("122.1e", "122.1b")
def test_loyalty_and_keyword_counters_can_be_put() -> None:
    from karn.ir.nodes import PutCounters

    ability = _loyalty("[0]: Put a loyalty counter on each red planeswalker you control.")
    (put,) = ability.effects
    assert isinstance(put, PutCounters) and put.kind == "loyalty"
    (flying,) = _loyalty("[+1]: Put a flying counter on target creature.").effects
    assert isinstance(flying, PutCounters) and flying.kind == "flying"
    assert not compile_text(
        "[+1]: Put a ghostform counter on target creature.", name="T", type_line=PW
    ).playable


@pytest.mark.cr("107.1", "107.3", "608.2h")
def test_an_amount_for_each_object_is_counted_on_resolution() -> None:
    from karn.ir.nodes import Count, GainLife, Times

    (gain,) = _loyalty("[+2]: You gain 1 life for each creature you control.").effects
    assert isinstance(gain, GainLife) and isinstance(gain.amount, Count)
    assert gain.amount.what == "objects" and gain.amount.filter is not None
    assert gain.amount.filter.types == ("creature",) and gain.amount.filter.controller == "you"
    compiled = compile_text("You gain 2 life for each creature you control.", name="T", type_line="Sorcery")
    (spell,) = compiled.abilities
    (twice,) = spell.effects  # type: ignore[union-attr]
    assert isinstance(twice, GainLife) and isinstance(twice.amount, Times) and twice.amount.of == 2


@pytest.mark.cr("107.1", "107.3")
def test_an_amount_equal_to_a_count_is_that_count() -> None:
    from karn.ir.nodes import Count, DealDamage, LoseLife, PutCounters, Ref, Sum

    (damage,) = _loyalty(
        "[−3]: Test Walker deals damage to target creature equal to the number of Mountains you control."
    ).effects
    assert isinstance(damage, DealDamage) and damage.to == Ref("target", 0)
    assert isinstance(damage.amount, Count) and damage.amount.filter.subtypes == ("mountain",)  # type: ignore[union-attr]
    (lose,) = _loyalty(
        "[−3]: Target opponent loses life equal to the number of artifacts you control."
    ).effects
    assert isinstance(lose, LoseLife) and lose.player == Ref("target", 0) and isinstance(lose.amount, Count)
    (gain,) = _loyalty(
        "[+1]: You gain life equal to the number of creatures you control plus the number of planeswalkers you control."
    ).effects
    assert isinstance(gain.amount, Sum) and len(gain.amount.terms) == 2  # type: ignore[union-attr]
    (put,) = _loyalty("[+1]: Put a loyalty counter on Test Walker for each creature you control.").effects
    assert isinstance(put, PutCounters) and put.kind == "loyalty" and put.what == Ref("self")
    assert isinstance(put.amount, Count)


@pytest.mark.cr("107.3")
def test_a_counted_amount_beside_a_chosen_x_is_refused() -> None:
    compiled = compile_text(
        "[−X]: You gain life equal to the number of creatures you control and X life.", name="T", type_line=PW
    )
    assert not compiled.playable


@pytest.mark.cr("107.7", "602.2b")
def test_minus_x_loyalty_cost_announces_x() -> None:
    from karn.ir.nodes import DealDamage, Var

    ability = _loyalty("[−X]: Test Walker deals X damage to target creature.")
    assert ability.cost.loyalty == 0 and ability.cost.loyalty_x
    (damage,) = ability.effects
    assert isinstance(damage, DealDamage) and damage.amount == Var("X")
    assert not compile_text("[+X]: You gain X life.", name="T", type_line=PW).playable


@pytest.mark.cr("205.1b", "613.1d")
def test_a_planeswalker_becomes_a_creature_that_is_still_a_planeswalker() -> None:
    from karn.ir.nodes import AddTypes, ApplyContinuous, CreateReplacement

    ability = _loyalty(
        "[+1]: Until end of turn, Test Walker becomes a 5/5 Human Soldier Ally creature with indestructible "
        "that's still a planeswalker. Prevent all damage that would be dealt to him this turn."
    )
    become, prevent = ability.effects
    assert isinstance(become, ApplyContinuous) and become.duration == "end_of_turn"
    assert any(isinstance(c, AddTypes) and c.types == ("creature",) for c in become.mod.changes)
    assert isinstance(prevent, CreateReplacement)  # "him": the planeswalker (the pronoun "it")


@pytest.mark.cr("120.3")
def test_damage_to_each_opponent_is_dealt_to_each_of_them() -> None:
    from karn.ir.nodes import DealDamage

    (damage,) = _loyalty("[+1]: Test Walker deals 3 damage to each opponent.").effects
    assert damage == DealDamage(3, Ref("each_opponent"))


@pytest.mark.cr("701.20a")
def test_reveal_until_a_card_of_a_kind() -> None:
    from karn.ir.nodes import RevealUntil

    (reveal,) = _loyalty(
        "[+1]: Reveal cards from the top of your library until you reveal an artifact card. Put that card "
        "into your hand and the rest on the bottom of your library in a random order."
    ).effects
    assert isinstance(reveal, RevealUntil) and reveal.filter.types == ("artifact",)
    assert reveal.filter.zone == "library"


@pytest.mark.cr("115.1", "601.2c")
def test_each_of_up_to_two_targets_is_up_to_two_targets() -> None:
    ability = _loyalty("[+1]: Put a +1/+1 counter on each of up to two target creatures.")
    (slot,) = ability.targets
    assert (slot.min, slot.max) == (0, 2)
