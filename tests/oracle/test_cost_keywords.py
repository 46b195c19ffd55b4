"""Keywords about paying (702): convoke, improvise, delve (markers the engine reads while paying,
702.51a, 702.126a, 702.66a), affinity (a cost reduction, 702.41a) and crew (an activated
ability, 702.122a): grammar and lowering."""

from __future__ import annotations

import pytest

from karn.cards.database import CardDatabase
from karn.ir.keywords import spec
from karn.ir.nodes import (
    Activated,
    AddTypes,
    AlternativeCost,
    ApplyContinuous,
    Condition,
    CostReduction,
    Count,
    CrewCost,
    Filter,
    Keyword,
    Modify,
    Ref,
    SpellAbility,
    Triggered,
    Unless,
)
from karn.oracle.compiler import compile_face
from karn.oracle.parser import parse
from karn.oracle.syntax import AffinityA, CrewA, EchoA, StaticKeywordA


@pytest.fixture(scope="module")
def db() -> CardDatabase:
    return CardDatabase.default()


@pytest.mark.cr("702.51a", "702.126a", "702.66a")
@pytest.mark.parametrize("word", ["convoke", "improvise", "delve"])
def test_payment_keywords_parse_and_lower_to_markers(word: str) -> None:
    assert parse(word, "keyword_item") == StaticKeywordA(word)
    found = spec(word)
    assert found is not None and not found.grantable  # read from the card only (601.2h)


@pytest.mark.cr("702.51a")
def test_convoke_card_compiles_with_the_marker(db: CardDatabase) -> None:
    compiled = compile_face(db.get("Stoke the Flames"))
    assert compiled.playable
    assert Keyword("convoke", text="Convoke") in compiled.abilities


@pytest.mark.cr("702.41a")
def test_affinity_is_a_reduction_per_object_you_control(db: CardDatabase) -> None:
    assert parse("affinity for artifact", "keyword_item") == AffinityA("artifact")
    compiled = compile_face(db.get("Frogmite"))
    assert compiled.playable
    (reduction,) = [a for a in compiled.abilities if isinstance(a, CostReduction)]
    assert reduction.spells is None and reduction.generic == 1
    assert reduction.per == Count("objects", Filter(types=("artifact",), controller="you"))


@pytest.mark.cr("702.122a", "301.7b")
def test_crew_is_an_activated_ability_that_makes_an_artifact_creature(db: CardDatabase) -> None:
    assert parse("crew 3", "keyword_item") == CrewA(3)
    compiled = compile_face(db.get("Sky Skiff"))
    assert compiled.playable
    (crew,) = [a for a in compiled.abilities if isinstance(a, Activated)]
    assert crew.cost.parts == (CrewCost(1),) and crew.cost.mana is None and not crew.cost.tap
    assert crew.effects == (
        ApplyContinuous(
            Modify(Ref("self"), changes=(AddTypes(types=("artifact", "creature")),)), "end_of_turn"
        ),
    )


@pytest.mark.cr("702.51a")
def test_convoke_granted_to_other_spells_is_refused(db: CardDatabase) -> None:
    # "Artifact spells you cast have convoke": the engine reads convoke only from the card
    assert not compile_face(db.get("Chief Engineer")).playable


@pytest.mark.cr("702.27a")
def test_buyback_with_a_mana_cost_is_a_marker_and_other_costs_are_refused(db: CardDatabase) -> None:
    compiled = compile_face(db.get("Capsize"))
    assert compiled.playable
    assert Keyword("buyback {3}", text="Buyback {3}") in compiled.abilities
    assert not compile_face(db.get("Forbid")).playable  # "Buyback—Discard two cards."


@pytest.mark.cr("702.30a", "603.4")
def test_echo_is_an_upkeep_trigger_with_an_intervening_if(db: CardDatabase) -> None:
    assert isinstance(parse("echo {2}{R}", "keyword_item"), EchoA)
    compiled = compile_face(db.get("Crater Hellion"))
    assert compiled.playable
    (echo,) = [a for a in compiled.abilities if isinstance(a, Triggered) and a.trigger.event == "step"]
    assert echo.trigger.step == "upkeep" and echo.trigger.player == "you"
    assert echo.condition == Condition("controlled_since_last_upkeep")
    (unless,) = echo.effects
    assert isinstance(unless, Unless) and unless.mana == "{4}{R}{R}"


@pytest.mark.cr("702.84a", "113.6")
def test_unearth_is_a_sorcery_speed_graveyard_ability(db: CardDatabase) -> None:
    compiled = compile_face(db.get("Dregscape Zombie"))
    assert compiled.playable
    (unearth,) = [a for a in compiled.abilities if isinstance(a, Activated)]
    assert unearth.zone == "graveyard" and unearth.sorcery_speed and unearth.cost.mana == "{B}"
    kinds = [type(e).__name__ for e in unearth.effects]
    assert kinds == ["PutOntoBattlefield", "ApplyContinuous", "CreateDelayed", "ExileIfLeaves"]


@pytest.mark.cr("700.2")
def test_choose_one_or_both_and_one_or_more(db: CardDatabase) -> None:
    both = compile_face(db.get("Winterflame"))
    assert both.playable
    (spell,) = [a for a in both.abilities if isinstance(a, SpellAbility)]
    assert spell.up_to and spell.choose == 2 and len(spell.modes) == 2
    more = compile_face(db.get("Casualties of War"))
    (spell,) = [a for a in more.abilities if isinstance(a, SpellAbility)]
    assert spell.up_to and spell.choose == len(spell.modes) == 5


@pytest.mark.cr("702.137a", "702.117a", "118.9")
def test_spectacle_and_surge_are_alternative_costs(db: CardDatabase) -> None:
    for name, keyword, cost in (
        ("Skewer the Critics", "spectacle", "{R}"),
        ("Boulder Salvo", "surge", "{1}{R}"),
    ):
        compiled = compile_face(db.get(name))
        assert compiled.playable
        (alt,) = [a for a in compiled.abilities if isinstance(a, AlternativeCost)]
        assert (alt.keyword, alt.cost) == (keyword, cost)
