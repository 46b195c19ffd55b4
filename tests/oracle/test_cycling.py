"""Cycling (702.29): "Cycling [cost]" and "[Type]cycling [cost]" are activated abilities that
function from the hand and discard their card as a cost; "When you cycle this card", "Whenever
you cycle another card" and "Whenever you cycle or discard a card" trigger on it."""

from __future__ import annotations

import pytest

from karn.cards.database import CardDatabase
from karn.ir.nodes import (
    Activated,
    Cost,
    Draw,
    Filter,
    Keyword,
    SearchLibrary,
    Trigger,
    Triggered,
    Unsupported,
)
from karn.oracle import compile_text
from karn.oracle.compiler import compile_face
from karn.oracle.lexer import Vocabulary, tokenize
from karn.oracle.parser import parse
from karn.oracle.syntax import CyclingA


@pytest.fixture(scope="module")
def db() -> CardDatabase:
    return CardDatabase.default()


def _activated(text: str, **kw: str) -> list[Activated]:
    compiled = compile_text(text, **kw)  # type: ignore[arg-type]
    assert compiled.playable, compiled.abilities
    return [a for a in compiled.abilities if isinstance(a, Activated)]


@pytest.mark.cr("702.29a")
def test_cycling_discards_this_card_from_the_hand_to_draw() -> None:
    assert _activated("Cycling {2}") == [
        Activated(
            Cost(mana="{2}", discard_self=True), (Draw(1),), text="Cycling {2}", zone="hand", cycling=True
        )
    ]
    assert Keyword("cycling", text="Cycling {2}") in compile_text("Cycling {2}").abilities


@pytest.mark.cr("702.29e")
def test_typecycling_words_are_split_by_the_lexer() -> None:
    vocab = Vocabulary({"cycling": "CYCLING"})
    toks = tokenize("basic landcycling {1}", vocab)
    assert [(t.type, t.value) for t in toks] == [
        ("SUPERTYPE", "basic"),
        ("CTYPE", "land"),
        ("CYCLING", "cycling"),
        ("MANA", "{1}"),
    ]
    assert parse("wizardcycling {3}", "keyword_item") == CyclingA("{3}", ("wizard",))
    assert parse("swampcycling {2}", "keyword_item") == CyclingA("{2}", ("swamp",))


@pytest.mark.cr("702.29e")
def test_typecycling_searches_for_a_card_of_that_type() -> None:
    (ab,) = _activated("Basic landcycling {1}{G}")
    assert ab.zone == "hand" and ab.cycling and ab.cost == Cost(mana="{1}{G}", discard_self=True)
    (search,) = ab.effects
    assert isinstance(search, SearchLibrary)
    assert search.filter.types == ("land",) and search.filter.supertypes == ("basic",)
    assert search.to == "hand" and search.reveal and search.shuffle
    (plains,) = _activated("Plainscycling {2}")
    assert isinstance(plains.effects[0], SearchLibrary)
    assert plains.effects[0].filter.subtypes == ("plains",)


@pytest.mark.cr("702.29e")
def test_two_typecycling_keywords_on_one_line(db: CardDatabase) -> None:
    compiled = compile_face(db.get("Sanctum Plowbeast"))
    assert compiled.playable
    hand = [a for a in compiled.abilities if isinstance(a, Activated) and a.zone == "hand"]
    assert [a.text for a in hand] == ["Plainscycling {2}", "islandcycling {2}"]


@pytest.mark.cr("702.29a")
def test_cycling_with_x_and_unknown_types_are_refused() -> None:
    x = compile_text("Cycling {X}{2}{W}")
    assert not x.playable
    assert any(isinstance(a, Unsupported) and "X" in a.reason for a in x.abilities)
    assert not compile_text("Affinitycycling {2}").playable
    assert not compile_text("Cycling—Pay 2 life.").playable


@pytest.mark.cr("702.29c")
def test_when_you_cycle_this_card() -> None:
    compiled = compile_text(
        "Cycling {2}\nWhen you cycle this card, you gain 2 life.", name="Test Cycler", types=("creature",)
    )
    assert compiled.playable, compiled.abilities
    (trig,) = [a for a in compiled.abilities if isinstance(a, Triggered)]
    assert trig.trigger == Trigger("cycles", self_only=True, player="you")


@pytest.mark.cr("702.29d")
def test_cycle_and_discard_triggers() -> None:
    def trigger(text: str) -> Trigger:
        compiled = compile_text(text, types=("enchantment",))
        assert compiled.playable, compiled.abilities
        (trig,) = [a for a in compiled.abilities if isinstance(a, Triggered)]
        return trig.trigger

    assert trigger("Whenever you cycle or discard a card, you gain 1 life.") == Trigger(
        "discards", player="you"
    )
    assert trigger("Whenever you cycle another card, you gain 1 life.") == Trigger(
        "cycles", player="you", filter=Filter(other=True)
    )
    assert trigger("Whenever a player cycles a card, you gain 1 life.") == Trigger("cycles")
    assert trigger("Whenever an opponent discards a card, that player loses 2 life.") == Trigger(
        "discards", player="opponent"
    )


@pytest.mark.cr("702.29d")
def test_discard_triggers_for_some_cards_only_are_refused() -> None:
    refused = compile_text("Whenever you discard a creature card, you gain 1 life.", types=("enchantment",))
    assert not refused.playable
    assert not compile_text("Whenever an opponent cycles this card, you gain 1 life.").playable


@pytest.mark.cr("702.29c", "113.6k")
def test_cycle_and_dies_is_two_trigger_conditions(db: CardDatabase) -> None:
    compiled = compile_face(db.get("Bant Sojourners"))
    assert compiled.playable
    events = [(a.trigger.event, a.trigger.self_only) for a in compiled.abilities if isinstance(a, Triggered)]
    assert events == [("cycles", True), ("dies", True)]


@pytest.mark.cr("702.29c", "113.6k")
def test_an_instants_cycle_trigger_is_not_spell_text(db: CardDatabase) -> None:
    compiled = compile_face(db.get("Choking Tethers"))
    assert compiled.playable
    (trig,) = [a for a in compiled.abilities if isinstance(a, Triggered)]
    assert trig.trigger == Trigger("cycles", self_only=True, player="you")
    assert len(trig.targets) == 1
