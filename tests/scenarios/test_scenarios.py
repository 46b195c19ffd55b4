"""Every scenario file under tests/scenarios/ is a test (shared/SCENARIOS.md).

Subfolders are searched too, except ``pending/``: scenarios that are correct per the
CR but fail on an engine bug wait there until the engine is fixed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from karn.scenario import Scenario, ScenarioError, load_file, run_scenario

HERE = Path(__file__).parent
PENDING = HERE / "pending"
FILES = sorted(f for f in HERE.rglob("*.yaml") if PENDING not in f.parents)


def _params() -> list[object]:
    out: list[object] = []
    for f in FILES:
        test_id = str(f.relative_to(HERE).with_suffix(""))
        try:
            scenarios = load_file(f)
        except ScenarioError as e:
            out.append(pytest.param(str(e), id=test_id))  # a malformed file fails its own test
            continue
        for sc in scenarios:
            out.append(pytest.param(sc, id=test_id, marks=[pytest.mark.cr(*sc.cite)]))
    return out


@pytest.mark.parametrize("scenario", _params())
def test_scenario(scenario: Scenario | str) -> None:
    assert isinstance(scenario, Scenario), scenario
    result = run_scenario(scenario)
    assert result.passed, result.line()


def test_there_are_enough_scenarios() -> None:
    assert len(FILES) >= 60


def test_pending_scenarios_are_not_collected() -> None:
    pending = sorted(PENDING.rglob("*.yaml"))
    assert not set(pending) & set(FILES)
