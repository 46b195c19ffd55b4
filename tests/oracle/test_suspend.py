"""Suspend (702.62a): grammar and lowering into its three abilities; a card with suspend and no
mana cost (118.6) plays."""

from __future__ import annotations

import pytest

from karn.cards.database import CardDatabase
from karn.ir.nodes import (
    Activated,
    CastWithoutPaying,
    Condition,
    Cost,
    Keyword,
    May,
    Ref,
    RemoveCounters,
    Trigger,
    Triggered,
)
from karn.oracle.compiler import compile_face
from karn.oracle.parser import parse
from karn.oracle.syntax import SuspendA


@pytest.fixture(scope="module")
def db() -> CardDatabase:
    return CardDatabase.default()


@pytest.mark.cr("702.62a")
def test_suspend_parses() -> None:
    assert parse("suspend 4—{u}", "keyword_item") == SuspendA(4, "{U}")


@pytest.mark.cr("702.62a", "116.2f", "113.6")
def test_suspend_means_a_special_action_and_two_abilities_in_exile(db: CardDatabase) -> None:
    compiled = compile_face(db.get("Rift Bolt"))
    assert compiled.playable
    assert Keyword("suspend", text="Suspend 1—{R}") in compiled.abilities
    (special,) = [a for a in compiled.abilities if isinstance(a, Activated)]
    assert special.suspend == 1 and special.cost == Cost(mana="{R}") and special.zone == "hand"
    upkeep, last = [a for a in compiled.abilities if isinstance(a, Triggered)]
    assert upkeep.zone == last.zone == "exile"
    assert upkeep.trigger == Trigger("step", player="you", step="upkeep")
    assert upkeep.condition == Condition("suspended")
    assert upkeep.effects == (RemoveCounters("time", 1, Ref("self")),)
    assert last.trigger == Trigger("last_counter_removed", self_only=True, counter="time")
    assert last.effects == (May((CastWithoutPaying(Ref("self"), haste=True),)),)


@pytest.mark.cr("702.62a", "118.6")
def test_a_card_with_suspend_and_no_mana_cost_plays(db: CardDatabase) -> None:
    assert compile_face(db.get("Ancestral Vision")).playable
    # Living End's own text doesn't compile yet, but its missing mana cost is no longer why
    assert all(u.clause != "(no mana cost)" for u in compile_face(db.get("Living End")).unsupported)


@pytest.mark.cr("118.6")
def test_a_card_without_mana_cost_or_suspend_stays_refused(db: CardDatabase) -> None:
    unsupported = compile_face(db.get("Evermind")).unsupported  # splice only, no mana cost
    assert any(u.clause == "(no mana cost)" for u in unsupported)
