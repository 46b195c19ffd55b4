"""Static and one-shot rules changes of objects (613.11): "can't be blocked", "attacks each
combat if able", "can block only creatures with flying", "doesn't untap during its
controller's untap step"."""

from __future__ import annotations

import pytest

from karn.ir.nodes import (
    ApplyContinuous,
    AttackUnlessDefenderControls,
    Modify,
    ObjectRule,
    ObjectRuleKind,
    Ref,
    Static,
    Unsupported,
)
from karn.oracle import compile_text


def _static(text: str, type_line: str = "Creature — Elf") -> Static:
    ability = compile_text(text, name="Test", type_line=type_line).abilities[0]
    assert isinstance(ability, Static), ability
    return ability


@pytest.mark.cr("509.1b")
def test_cant_be_blocked() -> None:
    assert _static("~ can't be blocked.").mods == (
        Modify(Ref("self"), changes=(ObjectRule(ObjectRuleKind.CANT_BE_BLOCKED),)),
    )


@pytest.mark.cr("508.1d")
def test_attacks_each_combat_if_able() -> None:
    assert _static("This creature attacks each combat if able.").mods[0].changes == (
        ObjectRule(ObjectRuleKind.ATTACKS_EACH_COMBAT),
    )


@pytest.mark.cr("509.1b")
def test_can_block_only_flyers_but_not_only_artifacts() -> None:
    assert _static("~ can block only creatures with flying.").mods[0].changes == (
        ObjectRule(ObjectRuleKind.BLOCKS_ONLY_FLYING),
    )
    refused = compile_text("~ can block only artifacts with flying.", name="Test", type_line="Creature — Elf")
    assert isinstance(refused.abilities[0], Unsupported)


@pytest.mark.cr("502.3")
def test_enchanted_creature_doesnt_untap() -> None:
    ab = compile_text(
        "Enchant creature\nEnchanted creature doesn't untap during its controller's untap step.",
        name="Test",
        type_line="Enchantment — Aura",
    ).abilities[1]
    assert isinstance(ab, Static)
    assert ab.mods == (Modify(Ref("enchanted"), changes=(ObjectRule(ObjectRuleKind.DOESNT_UNTAP),)),)


@pytest.mark.cr("611.2a")
def test_target_cant_be_blocked_this_turn_merges_with_a_pump() -> None:
    spell = compile_text(
        "Target creature gets +1/+0 and can't be blocked this turn.", name="Test", type_line="Instant"
    ).abilities[0]
    effects = spell.effects
    assert len(effects) == 1 and isinstance(effects[0], ApplyContinuous)
    assert effects[0].duration == "end_of_turn"
    assert effects[0].mod.power == 1
    assert effects[0].mod.changes == (ObjectRule(ObjectRuleKind.CANT_BE_BLOCKED),)


@pytest.mark.cr("611.2a")
def test_cant_be_blocked_from_a_spell_needs_a_duration() -> None:
    spell = compile_text("Target creature can't be blocked.", name="Test", type_line="Instant")
    assert isinstance(spell.abilities[0], Unsupported)


@pytest.mark.cr("508.1c")
def test_cant_attack_unless_defending_player_controls_a_land_type() -> None:
    assert _static("~ can't attack unless defending player controls an Island.").mods[0].changes == (
        AttackUnlessDefenderControls("island"),
    )
    for text in (
        "~ can't attack unless defending player controls a Goblin.",
        "~ can't block unless defending player controls an Island.",
        "~ can't attack unless you control an Island.",
    ):
        assert isinstance(
            compile_text(text, name="Test", type_line="Creature — Elf").abilities[0], Unsupported
        )


@pytest.mark.cr("506.5")
def test_attacks_alone_trigger() -> None:
    ab = compile_text(
        "Whenever a creature you control attacks alone, it gets +1/+1 until end of turn.",
        name="Test",
        type_line="Creature — Elf",
    ).abilities[0]
    assert ab.trigger.event == "attacks_alone"
