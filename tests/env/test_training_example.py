"""examples/train_policy.py in its short form: the trained policy beats the random agent on
paired seeds, the 95% confidence interval of the difference above 0 (deterministic: every
seed is fixed)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("gymnasium")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_policy.py"


def test_the_trained_policy_beats_the_random_agent_on_paired_seeds() -> None:
    spec = importlib.util.spec_from_file_location("train_policy", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    result = module.main(["--short"])
    assert result["pairs"] == 60
    assert result["ci95_low"] > 0, result
    assert result["trained_win_rate"] > result["random_win_rate"]
