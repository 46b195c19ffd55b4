"""Keywords whose abilities are built as IR (karn.oracle.lowering.keywords.BUILT): persist,
undying, vanishing, fading, fabricate."""

from __future__ import annotations

import pytest

from karn.ir.nodes import (
    CountersOn,
    CreateToken,
    Declined,
    EntersReplacement,
    IfCondition,
    Keyword,
    May,
    PutCounters,
    PutOntoBattlefield,
    Ref,
    RemoveCounters,
    Sacrifice,
    Triggered,
)
from karn.oracle.compiler import compile_text

CREATURE = "Creature — Test"


@pytest.mark.cr("702.79a")
def test_persist_returns_it_with_a_minus_counter_if_it_had_none() -> None:
    kw, trig = compile_text("Persist", name="T", type_line=CREATURE).abilities
    assert kw == Keyword("persist", text="Persist")
    assert isinstance(trig, Triggered) and trig.trigger.event == "put_into_graveyard"
    assert trig.condition is not None and trig.condition.amount == CountersOn("-1/-1", Ref("self"))
    (back,) = trig.effects
    assert isinstance(back, PutOntoBattlefield) and back.enter.counters == (("-1/-1", 1),)
    assert back.enter.owner_control


@pytest.mark.cr("702.93a")
def test_undying_returns_it_with_a_plus_counter() -> None:
    _, trig = compile_text("Undying", name="T", type_line=CREATURE).abilities
    assert isinstance(trig, Triggered)
    (back,) = trig.effects
    assert isinstance(back, PutOntoBattlefield) and back.enter.counters == (("+1/+1", 1),)


@pytest.mark.cr("702.63a")
def test_vanishing_is_three_abilities() -> None:
    kw, enters, upkeep, last = compile_text("Vanishing 3", name="T", type_line=CREATURE).abilities
    assert kw == Keyword("vanishing 3", text="Vanishing 3")
    assert isinstance(enters, EntersReplacement) and enters.counters == (("time", 3),)
    assert isinstance(upkeep, Triggered) and upkeep.effects == (RemoveCounters("time", 1, Ref("self")),)
    assert upkeep.condition is not None  # "if this permanent has a time counter on it"
    assert isinstance(last, Triggered) and (last.trigger.event, last.trigger.counter) == (
        "last_counter_removed",
        "time",
    )
    assert last.effects == (Sacrifice(what=Ref("self")),)


@pytest.mark.cr("702.32a")
def test_fading_sacrifices_when_it_cant_remove() -> None:
    _, enters, upkeep = compile_text("Fading 2", name="T", type_line=CREATURE).abilities
    assert isinstance(enters, EntersReplacement) and enters.counters == (("fade", 2),)
    assert isinstance(upkeep, Triggered)
    assert upkeep.effects == (
        RemoveCounters("fade", 1, Ref("self")),
        IfCondition(Declined(), (Sacrifice(what=Ref("self")),)),
    )


@pytest.mark.cr("702.123a")
def test_fabricate_counters_or_servos() -> None:
    _, trig = compile_text("Fabricate 2", name="T", type_line=CREATURE).abilities
    assert isinstance(trig, Triggered)
    may, otherwise = trig.effects
    assert may == May((PutCounters("+1/+1", 2, Ref("self")),))
    assert isinstance(otherwise, IfCondition) and isinstance(otherwise.effects[0], CreateToken)
    token = otherwise.effects[0]
    assert token.count == 2 and token.token.name == "Servo" and token.token.types == ("artifact", "creature")


@pytest.mark.cr("702.100a")
def test_evolve_is_an_enters_trigger_comparing_power_and_toughness() -> None:
    _, trig = compile_text("Evolve", name="T", type_line=CREATURE).abilities
    assert isinstance(trig, Triggered) and trig.trigger.event == "enters"
    assert trig.trigger.filter is not None and trig.trigger.filter.controller == "you"
    assert trig.condition is not None and trig.condition.kind == "greater_power_or_toughness"
    assert trig.effects == (PutCounters("+1/+1", 1, Ref("self")),)


@pytest.mark.cr("702.54a")
def test_bloodthirst_is_a_conditional_enters_replacement() -> None:
    _, repl = compile_text("Bloodthirst 2", name="T", type_line=CREATURE).abilities
    assert repl == EntersReplacement(
        self_only=True, counters=(("+1/+1", 2),), counters_if_opponent_damaged=True, text="Bloodthirst 2"
    )
