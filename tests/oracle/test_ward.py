"""Ward (702.21a) and "becomes the target of a spell or ability" triggers (601.2c, 603.3d):
grammar and lowering."""

from __future__ import annotations

import pytest

from karn.cards.database import CardDatabase
from karn.ir.nodes import (
    CounterSpell,
    Filter,
    Keyword,
    PayLifeCost,
    Ref,
    Sacrifice,
    SacrificeCost,
    Trigger,
    Triggered,
    Unless,
)
from karn.oracle.compiler import compile_face, compile_text
from karn.oracle.parser import parse
from karn.oracle.syntax import ManaCostA, PayLifeCostA, TargetedTriggerA, TriggeredA, WardA


@pytest.fixture(scope="module")
def db() -> CardDatabase:
    return CardDatabase.default()


def _ward(db: CardDatabase, name: str) -> Triggered:
    compiled = compile_face(db.get(name))
    assert compiled.playable, compiled.unsupported
    (ward,) = [
        a for a in compiled.abilities if isinstance(a, Triggered) and a.trigger.event == "becomes_target"
    ]
    return ward


@pytest.mark.cr("702.21a")
def test_ward_costs_parse() -> None:
    assert parse("ward {2}", "keyword_item") == WardA((ManaCostA("{2}", "{2}"),))
    assert parse("ward—pay 2 life.", "keyword_item") == WardA((PayLifeCostA(2, "pay 2 life"),))
    two = parse("ward—{2}, pay 2 life.", "keyword_item")
    assert isinstance(two, WardA) and len(two.costs) == 2


@pytest.mark.cr("702.21a", "118.12")
def test_ward_mana_means_counter_unless_that_player_pays(db: CardDatabase) -> None:
    ward = _ward(db, "Hulking Raptor")
    assert ward.trigger == Trigger("becomes_target", self_only=True, player="opponent")
    assert ward.effects == (Unless((CounterSpell(Ref("triggering")),), Ref("triggering_player"), "{2}"),)
    assert Keyword("ward {2}", text="Ward {2}") in compile_face(db.get("Hulking Raptor")).abilities


@pytest.mark.cr("702.21a", "119.4", "701.21a")
def test_ward_costs_in_words_are_cost_parts(db: CardDatabase) -> None:
    (life,) = _ward(db, "Sire of Seven Deaths").effects
    assert isinstance(life, Unless) and life.mana == "" and life.parts == (PayLifeCost(7),)
    (sac,) = _ward(db, "Vein Ripper").effects
    assert isinstance(sac, Unless)
    assert sac.parts == (SacrificeCost(Filter(types=("creature",), controller="you")),)


@pytest.mark.cr("702.21a")
def test_ward_costs_the_engine_cant_ask_are_refused(db: CardDatabase) -> None:
    # "You get two poison counters" is not a cost part karn pays: the card is not playable
    assert not compile_face(db.get("That Which Was Compleated")).playable


@pytest.mark.cr("603.2", "601.2c")
def test_becomes_the_target_trigger_parses_and_lowers(db: CardDatabase) -> None:
    ast = parse("when ~ becomes the target of a spell or ability, sacrifice it.", "triggered")
    assert isinstance(ast, TriggeredA) and isinstance(ast.trigger, TargetedTriggerA)
    compiled = compile_face(db.get("Phantasmal Bear"))
    assert compiled.playable
    (trig,) = [a for a in compiled.abilities if isinstance(a, Triggered)]
    assert trig.trigger == Trigger("becomes_target", self_only=True)
    assert trig.effects == (Sacrifice(Ref("you"), 1, what=Ref("self")),)


@pytest.mark.cr("603.2", "113.1")
def test_becomes_the_target_of_a_spell_you_control(db: CardDatabase) -> None:
    compiled = compile_face(db.get("Stormchaser Drake"))
    (trig,) = [a for a in compiled.abilities if isinstance(a, Triggered)]
    assert trig.trigger == Trigger(
        "becomes_target", self_only=True, player="you", partner=Filter(zone="stack")
    )


@pytest.mark.cr("603.2")
def test_another_permanent_becoming_a_target_is_refused() -> None:
    # "return that creature": the trigger's data names the spell, not the permanent targeted
    compiled = compile_text(
        "Whenever a creature becomes the target of a spell or ability, return that creature to its"
        " owner's hand.",
        name="Test Card",
        types=("Enchantment",),
    )
    assert not compiled.playable
    assert "targeted triggers" in compiled.unsupported[0].reason
