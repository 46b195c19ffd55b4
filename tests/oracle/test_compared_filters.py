"""Descriptions comparing a number with a constant: "with power 4 or greater", "with toughness
2 or less", "with mana value 3 or less", "with power or toughness 2 or less", "with mana value
2" (202.3, 208.1),
wherever a description is used (targets, "each"/"all", static abilities' groups, triggers,
searches, cards in a graveyard); against X they are refused with a reason."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from karn.engine.filters import characteristics_match, with_x
from karn.ir.nodes import Compared, Filter
from karn.oracle.compiler import compile_text
from karn.oracle.describe import describe_abilities


def _filters(node: Any) -> list[Filter]:
    """Every Filter in a compiled card's IR, depth first."""
    if isinstance(node, Filter):
        return [node]
    if isinstance(node, tuple):
        return [f for item in node for f in _filters(item)]
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        return [f for fld in dataclasses.fields(node) for f in _filters(getattr(node, fld.name))]
    return []


def _compiled_filters(text: str, type_line: str) -> list[Filter]:
    card = compile_text(text, type_line=type_line)
    assert card.playable, card.unsupported
    return [f for f in _filters(card.abilities) if f.compared]


@pytest.mark.cr("115.1")
@pytest.mark.cr("208.1")
@pytest.mark.parametrize(
    ("text", "compared"),
    [
        ("Destroy target creature with power 4 or greater.", Compared("power", "ge", 4)),
        ("Destroy target creature with power 2 or less.", Compared("power", "le", 2)),
        ("Destroy target creature with toughness 4 or greater.", Compared("toughness", "ge", 4)),
        ("Exile target creature with mana value 3 or less.", Compared("mana_value", "le", 3)),
        (
            "Destroy target creature with power or toughness 2 or less.",
            Compared("power_or_toughness", "le", 2),
        ),
        ("Counter target spell with mana value 4 or greater.", Compared("mana_value", "ge", 4)),
        ("Counter target spell with mana value 2.", Compared("mana_value", "eq", 2)),
    ],
)
def test_target_with_a_compared_number(text: str, compared: Compared) -> None:
    (f,) = _compiled_filters(text, "Instant")
    assert f.compared == (compared,)


@pytest.mark.cr("202.3")
def test_card_in_your_graveyard_with_mana_value() -> None:
    (f,) = _compiled_filters(
        "Return target creature card with mana value 3 or less from your graveyard to the battlefield.",
        "Sorcery",
    )
    assert (f.zone, f.owner, f.types) == ("graveyard", "you", ("creature",))
    assert f.compared == (Compared("mana_value", "le", 3),)


@pytest.mark.cr("202.3")
def test_each_and_all_with_mana_value() -> None:
    (f,) = _compiled_filters("Destroy all creatures with mana value 4 or greater.", "Sorcery")
    assert f.compared == (Compared("mana_value", "ge", 4),)
    (g,) = _compiled_filters("Destroy each creature with mana value 3 or less.", "Sorcery")
    assert g.compared == (Compared("mana_value", "le", 3),)


@pytest.mark.cr("611.3a")
@pytest.mark.parametrize(
    ("text", "compared"),
    [
        ("Creatures you control with power 4 or greater have trample.", Compared("power", "ge", 4)),
        ("Creatures with power 2 or less can't block.", Compared("power", "le", 2)),
        ("Creatures you control with mana value 3 or less get +1/+0.", Compared("mana_value", "le", 3)),
    ],
)
def test_static_group_with_a_compared_number(text: str, compared: Compared) -> None:
    (f,) = _compiled_filters(text, "Enchantment")
    assert f.compared == (compared,)


@pytest.mark.cr("603.6a")
def test_enters_trigger_with_power() -> None:
    (f,) = _compiled_filters(
        "Whenever a creature you control with power 4 or greater enters, draw a card.", "Enchantment"
    )
    assert (f.controller, f.compared) == ("you", (Compared("power", "ge", 4),))


@pytest.mark.cr("701.23a")
def test_search_for_a_card_with_mana_value() -> None:
    (f,) = _compiled_filters(
        "Search your library for a creature card with mana value 3 or less, reveal it, put it into your hand, "
        "then shuffle.",
        "Sorcery",
    )
    assert (f.zone, f.compared) == ("library", (Compared("mana_value", "le", 3),))


@pytest.mark.cr("107.3")
@pytest.mark.cr("601.2b")
def test_compared_with_the_x_of_a_spell() -> None:
    (f,) = _compiled_filters(
        "Return target creature card with mana value X or less from your graveyard to the battlefield.",
        "Sorcery",
    )
    assert f.compared == (Compared("mana_value", "le", 0, of_x=True),)


@pytest.mark.cr("602.2b")
def test_compared_with_the_x_of_an_activated_ability() -> None:
    card = compile_text(
        "{X}, Sacrifice this enchantment: Destroy each artifact, creature, and enchantment with mana value X or less.",
        type_line="Enchantment",
    )
    assert card.playable, card.unsupported
    assert "with mana value X or less" in describe_abilities(card)[0]


@pytest.mark.cr("107.3")
def test_compared_with_x_without_an_announced_x_is_refused() -> None:
    for text in (
        "{T}: Destroy target creature with power X or less.",
        "When this creature enters, destroy target creature with power X or less.",
    ):
        card = compile_text(text, type_line="Creature — Bear")
        assert not card.playable
        assert "X only in a spell or an ability with X in its cost" in card.unsupported[0].reason


@pytest.mark.cr("202.3")
def test_parity_of_mana_value_still_compiles_apart() -> None:
    card = compile_text("Destroy target creature with odd mana value.", type_line="Instant")
    assert card.playable, card.unsupported
    (f,) = [f for f in _filters(card.abilities) if f.mana_value]
    assert (f.mana_value, f.compared) == ("odd", ())


def test_describe_renders_the_comparison() -> None:
    card = compile_text("Destroy target creature with power 4 or greater.", type_line="Instant")
    assert "creature with power 4 or greater" in describe_abilities(card)[0]
    card = compile_text("Destroy target creature with power or toughness 2 or less.", type_line="Instant")
    assert "with power or toughness 2 or less" in describe_abilities(card)[0]
    card = compile_text("Exile target permanent with mana value 1.", type_line="Instant")
    assert "permanent with mana value 1" in describe_abilities(card)[0]


@pytest.mark.cr("208.1")
def test_match_reads_the_numbers_it_is_given() -> None:
    big = Filter(types=("creature",), compared=(Compared("power", "ge", 4),))
    small = Filter(types=("creature",), compared=(Compared("power_or_toughness", "le", 2),))
    creature = (("creature",), (), (), (), 0, 0, 0)
    assert characteristics_match(big, *creature, power=4, toughness=1)
    assert not characteristics_match(big, *creature, power=3, toughness=9)
    assert not characteristics_match(big, *creature)  # a number not known matches nothing
    assert characteristics_match(small, *creature, power=5, toughness=2)
    assert not characteristics_match(small, *creature, power=3, toughness=3)
    exactly = Filter(compared=(Compared("mana_value", "eq", 2),))
    assert characteristics_match(exactly, *creature, mana_value=2)
    assert not characteristics_match(exactly, *creature, mana_value=3)


@pytest.mark.cr("107.3")
def test_x_is_bound_before_matching() -> None:
    up_to_x = Filter(types=("creature",), compared=(Compared("power", "le", 0, of_x=True),))
    creature = (("creature",), (), (), (), 0, 0, 0)
    assert not characteristics_match(up_to_x, *creature, power=1)  # X not bound: nothing matches
    assert characteristics_match(with_x(up_to_x, 2), *creature, power=2)
    assert not characteristics_match(with_x(up_to_x, 2), *creature, power=3)
    assert characteristics_match(with_x(up_to_x, None), *creature, power=99)  # X not announced yet
