"""Filters comparing numbers (202.3, 208.1) read by the layer system: a static ability's
affected set is read as its effect starts to apply (613.6), so a layer-6 grant sees power
before layer 7, while a rules restriction ("can't block", checked as blockers are declared,
509.1b) sees the final numbers. Test cards are written in the IR (tests/rules/ir_cards.py)."""

from __future__ import annotations

import pytest
from ir_cards import card, game

from karn import ir

POWER_4 = (ir.Compared("power", "ge", 4),)

TRAMPLE_FOR_BIG = card(
    "Test Big Trample",
    "Enchantment",
    ir.Static(
        (
            ir.Modify(
                ir.Group(ir.Filter(types=("creature",), controller="you", compared=POWER_4)),
                add_keywords=("trample",),
            ),
        ),
        text="Creatures you control with power 4 or greater have trample.",
    ),
)

ANTHEM = card(
    "Test Anthem",
    "Enchantment",
    ir.Static(
        (ir.Modify(ir.Group(ir.Filter(types=("creature",), controller="you")), power=2, toughness=2),),
        text="Creatures you control get +2/+2.",
    ),
)

BIG_CANT_BLOCK = card(
    "Test Big Cant Block",
    "Enchantment",
    ir.Static(
        (ir.Modify(ir.Group(ir.Filter(types=("creature",), compared=POWER_4)), cant_block=True),),
        text="Creatures with power 4 or greater can't block.",
    ),
)

SMALL_PUMP = card(
    "Test Small Pump",
    "Enchantment",
    ir.Static(
        (
            ir.Modify(
                ir.Group(ir.Filter(types=("creature",), compared=(ir.Compared("mana_value", "le", 2),))),
                power=1,
            ),
        ),
        text="Creatures with mana value 2 or less get +1/+0.",
    ),
)


@pytest.mark.cr("613.6", "613.1f", "613.4c", "208.1")
def test_a_layer_6_grant_reads_power_before_layer_7() -> None:
    g, (_, _, angel, bears) = game(
        [TRAMPLE_FOR_BIG, ANTHEM],
        (0, "Test Big Trample", "battlefield"),
        (0, "Test Anthem", "battlefield"),
        (0, "Serra Angel", "battlefield"),
        (0, "Grizzly Bears", "battlefield"),
    )
    assert (g.chars(bears).power, g.chars(angel).power) == (4, 6)
    assert "trample" in g.chars(angel).keywords
    assert "trample" not in g.chars(bears).keywords  # power 2 when layer 6 applies


@pytest.mark.cr("509.1b", "613.4c", "208.1")
def test_a_rules_restriction_reads_the_final_power() -> None:
    g, (_, _, bears, elves) = game(
        [BIG_CANT_BLOCK, ANTHEM],
        (0, "Test Big Cant Block", "battlefield"),
        (0, "Test Anthem", "battlefield"),
        (0, "Grizzly Bears", "battlefield"),
        (1, "Llanowar Elves", "battlefield"),
    )
    assert g.chars(bears).cant_block  # 2/2 pumped to 4/4
    assert not g.chars(elves).cant_block  # the opponent's 1/1 gets no +2/+2


@pytest.mark.cr("613.4c", "202.3")
def test_a_layer_7c_change_by_mana_value() -> None:
    g, (_, bears, angel) = game(
        [SMALL_PUMP],
        (0, "Test Small Pump", "battlefield"),
        (1, "Grizzly Bears", "battlefield"),
        (0, "Serra Angel", "battlefield"),
    )
    assert (g.chars(bears).power, g.chars(angel).power) == (3, 4)
