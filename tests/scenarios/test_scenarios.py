"""Every scenario file under tests/scenarios/ is a test (shared/SCENARIOS.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from karn.scenario import load_file, run_scenario

HERE = Path(__file__).parent
FILES = sorted(HERE.glob("*.yaml"))


def _params() -> list[object]:
    out: list[object] = []
    for f in FILES:
        for sc in load_file(f):
            out.append(pytest.param(sc, id=f.stem, marks=[pytest.mark.cr(*sc.cite)]))
    return out


@pytest.mark.parametrize("scenario", _params())
def test_scenario(scenario: object) -> None:
    result = run_scenario(scenario)  # type: ignore[arg-type]
    assert result.passed, result.line()


def test_there_are_enough_scenarios() -> None:
    assert len(FILES) >= 60
