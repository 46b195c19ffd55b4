"""702.16: "protection from [quality]" compiles to one keyword per quality, read back by the
engine (karn.engine.protection); qualities karn can't read are refused, not played wrong."""

from __future__ import annotations

import pytest

from karn.ir.nodes import ApplyContinuous, ApplyRules, Keyword, Modify, Ref, RuleChange, Static, Unsupported
from karn.ir.protection import Quality, has_quality, quality
from karn.oracle.compiler import compile_text


def _keywords(text: str) -> list[str]:
    card = compile_text(text, type_line="Creature — Human Knight")
    assert card.playable, card.unsupported
    return [a.name for a in card.abilities if isinstance(a, Keyword)]


@pytest.mark.cr("702.16a")
def test_protection_from_a_color() -> None:
    assert _keywords("Protection from red") == ["protection from red"]


@pytest.mark.cr("702.16g")
def test_protection_from_two_qualities_is_two_abilities() -> None:
    assert _keywords("First strike, protection from black and from red") == [
        "first strike",
        "protection from black",
        "protection from red",
    ]


@pytest.mark.cr("702.16a")
@pytest.mark.parametrize(
    ("text", "keyword", "expected"),
    [
        ("Protection from everything", "protection from everything", Quality("everything")),
        ("Protection from all colors", "protection from all colors", Quality("all_colors")),
        ("Protection from multicolored", "protection from multicolored", Quality("multicolored")),
        ("Protection from monocolored", "protection from monocolored", Quality("monocolored")),
        ("Protection from creatures", "protection from creatures", Quality("type", "creature")),
        ("Protection from artifacts", "protection from artifacts", Quality("type", "artifact")),
        ("Protection from instants", "protection from instants", Quality("type", "instant")),
        ("Protection from Goblins", "protection from goblins", Quality("subtype", "goblin")),
        ("Protection from Elves", "protection from elves", Quality("subtype", "elf")),
        ("Protection from Werewolves", "protection from werewolves", Quality("subtype", "werewolf")),
    ],
)
def test_protection_qualities_read_back(text: str, keyword: str, expected: Quality) -> None:
    assert _keywords(text) == [keyword]
    assert quality(keyword.removeprefix("protection from ")) == expected


@pytest.mark.cr("702.16a")
def test_protection_from_the_chosen_color_is_a_static_ability() -> None:
    card = compile_text(
        "As this creature enters, choose a color.\nThis creature has protection from the chosen color.",
        type_line="Creature — Angel",
    )
    assert card.playable
    assert card.abilities[1] == Static(
        (Modify(Ref("self"), add_keywords=("protection from the chosen color",)),),
        text="This creature has protection from the chosen color.",
    )


@pytest.mark.cr("702.16a", "608.2d")
def test_gains_protection_from_the_color_of_your_choice() -> None:
    card = compile_text(
        "Target creature you control gains protection from the color of your choice until end of turn.",
        type_line="Instant",
    )
    assert card.playable
    effect = card.abilities[0].effects[0]  # type: ignore[attr-defined]
    assert isinstance(effect, ApplyContinuous)
    assert effect.mod.add_keywords == ("protection from the color of your choice",)
    assert effect.duration == "end_of_turn"


@pytest.mark.cr("702.16a")
def test_chosen_color_protection_as_a_printed_keyword_is_refused() -> None:
    card = compile_text("Protection from the color of your choice", type_line="Creature — Human")
    assert not card.playable
    assert isinstance(card.abilities[0], Unsupported)


@pytest.mark.cr("702.16a")
def test_an_unknown_quality_is_refused() -> None:
    assert quality("the creature of your choice") is None
    assert quality("blue creatures") is None


@pytest.mark.cr("702.16a", "702.16h", "702.16j")
def test_has_quality_reads_characteristics() -> None:
    red_goblin = ({"creature"}, {"goblin"}, {"R"})
    assert has_quality(Quality("color", "R"), *red_goblin)
    assert not has_quality(Quality("color", "B"), *red_goblin)
    assert has_quality(Quality("all_colors"), *red_goblin)
    assert has_quality(Quality("monocolored"), *red_goblin)
    assert not has_quality(Quality("multicolored"), *red_goblin)
    assert has_quality(Quality("subtype", "goblin"), *red_goblin)
    assert has_quality(Quality("type", "creature"), *red_goblin)
    assert not has_quality(Quality("type", "artifact"), *red_goblin)
    assert has_quality(Quality("colorless"), {"artifact"}, set(), set())
    assert has_quality(Quality("everything"), {"artifact"}, set(), set())


@pytest.mark.cr("702.16b", "613.11")
def test_you_gain_protection_is_a_rules_change_for_you() -> None:
    card = compile_text(
        "When this creature enters, you gain protection from the color of your choice until end of turn.",
        type_line="Creature — Cat",
    )
    assert card.playable
    effect = card.abilities[0].effects[0]  # type: ignore[attr-defined]
    assert effect == ApplyRules(
        RuleChange("protection", "you", keyword="protection from the color of your choice"), "end_of_turn"
    )


@pytest.mark.cr("702.16a", "608.2d")
def test_choose_a_color_then_the_chosen_color_is_chosen_as_the_effect_begins() -> None:
    card = compile_text(
        "Choose a color. White creatures you control gain protection from the chosen color until end of turn.",
        type_line="Instant",
    )
    assert card.playable
    effect = card.abilities[0].effects[0]  # type: ignore[attr-defined]
    assert isinstance(effect, ApplyContinuous)
    assert effect.mod.add_keywords == ("protection from the color of your choice",)
