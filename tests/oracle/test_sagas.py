"""Sagas' chapter abilities (714.2), read ahead (702.155) and proliferate (701.34): the IR the
compiler builds, and the wordings it refuses."""

from __future__ import annotations

import pytest

from karn.cards.database import CardDatabase
from karn.ir.nodes import (
    Draw,
    Entering,
    Exile,
    GainLife,
    Keyword,
    Proliferate,
    PutOntoBattlefield,
    Ref,
    Triggered,
    Unsupported,
)
from karn.oracle.compiler import chapter_numbers, compile_face, compile_text
from karn.oracle.wording import card_lines
from karn.proof.render_back import render_back

SAGA = "Enchantment — Saga"


@pytest.mark.cr("714.2a", "714.2c")
def test_chapter_numbers_are_read_from_the_roman_numerals() -> None:
    assert chapter_numbers("I — Draw a card.") == ((1,), "Draw a card.")
    assert chapter_numbers("II, III — You gain 2 life.") == ((2, 3), "You gain 2 life.")
    assert chapter_numbers("IV — Scry 2.") == ((4,), "Scry 2.")
    assert chapter_numbers("Draw a card.") is None
    assert chapter_numbers("Island — Draw a card.") is None


@pytest.mark.cr("714.2b", "714.2c")
def test_a_chapter_line_is_one_triggered_ability_naming_each_number() -> None:
    cc = compile_text("I — Draw a card.\nII, III — You gain 2 life.", name="Test Saga", type_line=SAGA)
    first, second = cc.abilities
    assert isinstance(first, Triggered) and isinstance(second, Triggered)
    assert (first.trigger.event, first.trigger.chapters, first.effects) == ("chapter", (1,), (Draw(1),))
    assert second.trigger.chapters == (2, 3)
    assert isinstance(second.effects[0], GainLife)
    assert second.text == "II, III — You gain 2 life."


@pytest.mark.cr("714.2b")
def test_a_chapter_whose_effect_does_not_compile_is_refused() -> None:
    cc = compile_text("I — Frobnicate the widget.", name="Test Saga", type_line=SAGA)
    (bad,) = cc.abilities
    assert isinstance(bad, Unsupported)


@pytest.mark.cr("702.155")
def test_read_ahead_is_a_keyword_of_the_table() -> None:
    cc = compile_text("Read ahead\nI — Draw a card.", name="Test Saga", type_line=SAGA)
    assert cc.abilities[0] == Keyword("read ahead", text="Read ahead")


@pytest.mark.cr("701.34a")
def test_proliferate_is_an_effect() -> None:
    cc = compile_text("Proliferate.", name="Test", type_line="Sorcery")
    (spell,) = cc.abilities
    assert getattr(spell, "effects", None) == (Proliferate(),)


@pytest.mark.cr("714.2")
def test_history_of_benalia_renders_back_to_its_oracle_text() -> None:
    db = CardDatabase.default()
    face = db.get("History of Benalia")
    cc = compile_face(face)
    assert not any(isinstance(a, Unsupported) for a in cc.abilities)
    assert card_lines(cc)[0].startswith("I, II — Create")
    assert render_back(face, cc).matches


@pytest.mark.cr("400.7j", "712.14a")
def test_exile_this_saga_then_return_it_transformed() -> None:
    cc = compile_text(
        "III — Exile this Saga, then return it to the battlefield transformed under your control.",
        name="Test Saga",
        type_line=SAGA,
    )
    (chapter,) = cc.abilities
    assert isinstance(chapter, Triggered) and chapter.trigger.chapters == (3,)
    exile, back = chapter.effects
    assert exile == Exile(Ref("self"))
    assert back == PutOntoBattlefield(Ref("affected"), Entering(transformed=True))


@pytest.mark.cr("400.7j")
def test_return_it_after_exiling_a_target_is_the_exiled_card() -> None:
    cc = compile_text(
        "Exile target creature you control, then return that card to the battlefield under your control.",
        name="Test",
        type_line="Instant",
    )
    (spell,) = cc.abilities
    assert getattr(spell, "effects", ())[1] == PutOntoBattlefield(Ref("affected"), Entering())
