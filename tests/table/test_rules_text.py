"""The Comprehensive Rules bundled in the package (karn.rules_text)."""

from __future__ import annotations

from pathlib import Path

import pytest

from karn import rules_text

SHARED_CR = Path(__file__).resolve().parents[3] / "shared" / "cr" / "MagicCompRules-20260417.txt"


@pytest.mark.cr("704.5g")
def test_a_rule_by_its_number() -> None:
    r = rules_text.rule("704.5g")
    assert r is not None and r.number == "704.5g"
    assert r.text.startswith("If a creature has toughness greater than 0") and "Example" not in r.text
    assert rules_text.rule(" CR 704.5g. ") == r
    assert rules_text.rule_text("117.3d") is not None
    assert rules_text.rule_text("505") == "Main Phase"  # a section's title


def test_examples_and_subrules_are_kept() -> None:
    r = rules_text.rule("702.19b")
    assert r is not None and r.examples and all(e.startswith("Example") for e in r.examples)
    parent = rules_text.rule("704.5")
    assert parent is not None and "704.5g" in parent.subrules and "704.5a" in parent.subrules


def test_unknown_rules_and_nearby_ones() -> None:
    assert rules_text.rule("704.5zz") is None and rules_text.rule("hello") is None
    assert rules_text.nearest("704.5zz")[0] == "704.5z"
    assert rules_text.nearest("704.99")[:2] == ["704", "704.1"]


def test_every_rule_of_the_document_is_found() -> None:
    if not SHARED_CR.exists():
        pytest.skip(f"no shared CR at {SHARED_CR} to compare with")
    import re

    numbers = set()
    body = SHARED_CR.read_text(encoding="utf-8-sig").split("\nGlossary\n")[1]
    for line in body.splitlines():
        m = re.match(r"^(\d{3}\.\d+[a-z]?)\.? ", line)
        if m:
            numbers.add(m.group(1))
    assert len(numbers) > 3000
    missing = [n for n in numbers if rules_text.rule(n) is None]
    assert missing == []


def test_the_log_cites_rules_the_document_has() -> None:
    from karn import Game

    g = Game.new("red_burn", "green_stompy", seed=2)
    cited = {e.rule for e in g.log}
    assert all(rules_text.cite(rule) for rule in cited), cited
