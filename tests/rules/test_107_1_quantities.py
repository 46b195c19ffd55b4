"""107.1: the engine evaluates a quantity in one place (:func:`karn.engine.values.quantity`)."""

from __future__ import annotations

import pytest

from karn import ir
from karn.engine.values import QuantityLeaf, quantity


def _read(leaf: QuantityLeaf) -> int:
    return 7 if leaf == ir.Var("X") else 3


@pytest.mark.cr("107.1a")
def test_half_rounds_up_or_down_as_the_text_says() -> None:
    assert quantity(ir.Half(ir.Var("X"), round_up=True), _read) == 4
    assert quantity(ir.Half(ir.Var("X"), round_up=False), _read) == 3
    assert quantity(ir.Half(8, round_up=True), _read) == 4


@pytest.mark.cr("107.3")
def test_sums_products_and_leaves() -> None:
    count = ir.Count("objects", ir.Filter(types=("creature",)))
    assert quantity(ir.Sum((ir.Var("X"), 2)), _read) == 9
    assert quantity(ir.Times(count, 2), _read) == 6  # "twice the number of ..."
    assert quantity(ir.Times(ir.Var("X"), -1), _read) == -7  # "-X/-X"
    assert quantity(5, _read) == 5
