"""The examples in the agent-facing modules' docstrings run."""

from __future__ import annotations

import doctest
import importlib

import pytest

pytest.importorskip("pettingzoo")


@pytest.mark.parametrize(
    "module", ["karn.engine.kinds", "karn.agents.text", "karn.env.aec", "karn.env.gym", "karn.env.spiel"]
)
def test_module_examples(module: str) -> None:
    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
