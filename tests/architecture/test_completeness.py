"""Every IR effect kind is complete: an engine handler, a renderer, a heuristic evaluation
(DESIGN.md, "Registries over typed data"). Adding a kind to the IR without them fails here,
naming what is missing."""

from __future__ import annotations

import typing

from karn import ir
from karn.engine.effects import HANDLERS
from karn.oracle.describe import RENDERERS

EFFECT_KINDS: tuple[type, ...] = typing.get_args(ir.Effect)


def test_there_are_effect_kinds() -> None:
    assert len(EFFECT_KINDS) >= 20


def test_every_effect_kind_has_an_engine_handler() -> None:
    missing = [t.__name__ for t in EFFECT_KINDS if t not in HANDLERS]
    assert not missing, f"no handler in karn.engine.effects for: {missing}"


def test_every_effect_kind_has_a_renderer() -> None:
    missing = [t.__name__ for t in EFFECT_KINDS if t not in RENDERERS]
    assert not missing, f"no renderer in karn.oracle.describe for: {missing}"


def test_no_handler_or_renderer_for_a_kind_the_ir_doesnt_have() -> None:
    kinds = set(EFFECT_KINDS)
    assert not [t for t in HANDLERS if t not in kinds]
    assert not [t for t in RENDERERS if t not in kinds]


def test_every_effect_kind_has_a_heuristic_evaluation() -> None:
    from karn.agents.heuristic.effect_scores import SCORERS

    missing = [t.__name__ for t in EFFECT_KINDS if t not in SCORERS]
    assert not missing, f"no scorer in karn.agents.heuristic for: {missing}"
    assert not [t for t in SCORERS if t not in set(EFFECT_KINDS)]


COST_PART_KINDS: tuple[type, ...] = typing.get_args(ir.CostPart)


def test_every_cost_part_kind_is_paid_and_rendered() -> None:
    """118, 602.1: each kind of cost part has its rules in the one payment routine
    (``karn.engine.costs.PARTS``) and a renderer, and nothing else is registered."""
    from karn.engine.costs import PARTS
    from karn.oracle.describe import COST_PART_RENDERERS

    assert len(COST_PART_KINDS) >= 10
    assert not [t.__name__ for t in COST_PART_KINDS if t not in PARTS]
    assert not [t.__name__ for t in COST_PART_KINDS if t not in COST_PART_RENDERERS]
    assert set(PARTS) == set(COST_PART_KINDS) == set(COST_PART_RENDERERS)
