"""Mana cost parsing (107.4, 202)."""

from __future__ import annotations

import pytest

from karn.cards import ManaCost, ManaCostError


@pytest.mark.cr("107.4a", "202.1")
def test_parse_generic_and_colored() -> None:
    cost = ManaCost.parse("{2}{R}{R}")
    assert cost.generic == 2
    assert cost.x == 0
    assert cost.colored == (("R", 2),)
    assert cost.mana_value == 4
    assert cost.colors == ("R",)
    assert str(cost) == "{2}{R}{R}"


@pytest.mark.cr("202.2c")
def test_colored_symbols_sorted_wubrg() -> None:
    cost = ManaCost.parse("{G}{W}{1}{U}")
    assert cost.colored == (("W", 1), ("U", 1), ("G", 1))
    assert cost.colors == ("W", "U", "G")
    assert cost.mana_value == 4


@pytest.mark.cr("107.3", "202.3e")
def test_x_counts_zero_off_the_stack() -> None:
    cost = ManaCost.parse("{X}{R}")
    assert cost.x == 1
    assert cost.mana_value == 1
    paid = cost.with_x(3)
    assert paid.generic == 3
    assert paid.x == 0
    assert paid.mana_value == 4


@pytest.mark.cr("107.3")
def test_double_x() -> None:
    cost = ManaCost.parse("{X}{X}{G}")
    assert cost.x == 2
    assert cost.with_x(2).generic == 4


@pytest.mark.cr("107.4c", "105.2c")
def test_colorless_symbol_is_not_a_color() -> None:
    cost = ManaCost.parse("{4}{C}")
    assert cost.colored == (("C", 1),)
    assert cost.colors == ()
    assert cost.mana_value == 5


@pytest.mark.cr("202.1b", "202.3a")
@pytest.mark.parametrize("text", [None, ""])
def test_no_cost(text: str | None) -> None:
    cost = ManaCost.parse(text)
    assert cost == ManaCost()
    assert cost.mana_value == 0


@pytest.mark.cr("107.4d")
def test_zero_cost() -> None:
    cost = ManaCost.parse("{0}")
    assert cost.mana_value == 0
    assert str(cost) == "{0}"


@pytest.mark.parametrize("text", ["{2}{R", "2R", "{1} {G}", "x{1}", "{1}{G}}"])
def test_malformed_costs_raise(text: str) -> None:
    with pytest.raises(ManaCostError, match="malformed"):
        ManaCost.parse(text)


def test_unsupported_symbol_raises() -> None:
    with pytest.raises(ManaCostError, match="unsupported"):
        ManaCost.parse("{S}")  # snow (107.4h) is not paid by the engine yet
    with pytest.raises(ManaCostError, match="unsupported"):
        ManaCost.parse("{W/2}")


@pytest.mark.cr("107.4e", "107.4f")
def test_hybrid_symbols_parse() -> None:
    cost = ManaCost.parse("{1}{W/U}{2/B}{G/P}{R/W/P}")
    assert cost.hybrid == ("2/B", "G/P", "R/W/P", "W/U")
    assert cost.generic == 1 and not cost.colored


def test_mana_cost_error_is_value_error() -> None:
    assert issubclass(ManaCostError, ValueError)
