"""Cascade (702.85a): a keyword of the table whose meaning is a "when you cast this spell"
ability built as IR; rebound (702.88a) and madness (702.35a): markers the engine reads."""

from __future__ import annotations

import pytest

from karn.cards.database import CardDatabase
from karn.ir.nodes import Cascade, Keyword, Trigger, Triggered
from karn.oracle.compiler import compile_face
from karn.oracle.parser import parse
from karn.oracle.syntax import StaticKeywordA


@pytest.mark.cr("702.85a", "702.85c")
def test_cascade_is_a_cast_trigger_of_the_spell() -> None:
    assert parse("cascade", "keyword_item") == StaticKeywordA("cascade")
    compiled = compile_face(CardDatabase.default().get("Bloodbraid Elf"))
    assert compiled.playable
    assert Keyword("cascade", text="Cascade") in compiled.abilities
    (trig,) = [a for a in compiled.abilities if isinstance(a, Triggered)]
    assert trig.trigger == Trigger("cast_self") and trig.effects == (Cascade(),)


@pytest.mark.cr("702.88a")
def test_rebound_is_a_marker_the_engine_reads_as_the_spell_resolves() -> None:
    compiled = compile_face(CardDatabase.default().get("Staggershock"))
    assert compiled.playable
    assert Keyword("rebound", text="Rebound") in compiled.abilities


@pytest.mark.cr("702.35a")
def test_madness_is_a_marker_with_its_cost() -> None:
    compiled = compile_face(CardDatabase.default().get("Fiery Temper"))
    assert compiled.playable
    assert Keyword("madness {R}", text="Madness {R}") in compiled.abilities
