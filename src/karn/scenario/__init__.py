"""Scenario files: rules tests as data (shared/SCENARIOS.md)."""

from karn.scenario.loader import Scenario, ScenarioError, load_file, load_text
from karn.scenario.runner import Result, run_scenario

__all__ = ["Result", "Scenario", "ScenarioError", "load_file", "load_text", "run_scenario"]
