"""Embalm (702.128a) and eternalize (702.129a): a keyword meaning an activated ability that
functions from the graveyard, exiles its card as a cost and creates a token copy with
exceptions (707.9b)."""

from __future__ import annotations

import pytest

from karn.cards.database import CardDatabase
from karn.ir.nodes import Activated, CopyExcept, Cost, CreateCopyToken, Keyword, Ref
from karn.oracle import compile_text
from karn.oracle.compiler import compile_face


@pytest.fixture(scope="module")
def db() -> CardDatabase:
    return CardDatabase.default()


@pytest.mark.cr("702.128a")
def test_embalm_is_a_graveyard_ability_creating_a_white_zombie_copy(db: CardDatabase) -> None:
    compiled = compile_face(db.get("Sacred Cat"))
    assert compiled.playable
    embalm = [a for a in compiled.abilities if isinstance(a, Activated)]
    assert Keyword("embalm", text="Embalm {W}") in compiled.abilities
    assert embalm == [
        Activated(
            Cost(mana="{W}", exile_self=True),
            (
                CreateCopyToken(
                    Ref("self"), exceptions=CopyExcept(colors=("W",), subtypes=("zombie",), no_mana_cost=True)
                ),
            ),
            sorcery_speed=True,
            text="Embalm {W}",
            zone="graveyard",
        )
    ]


@pytest.mark.cr("702.129a")
def test_eternalize_makes_a_4_4_black_zombie(db: CardDatabase) -> None:
    compiled = compile_face(db.get("Proven Combatant"))
    assert compiled.playable
    (ability,) = [a for a in compiled.abilities if isinstance(a, Activated)]
    assert ability.zone == "graveyard" and ability.sorcery_speed and ability.cost.exile_self
    assert ability.cost.mana == "{4}{U}{U}"
    assert ability.effects == (
        CreateCopyToken(
            Ref("self"),
            exceptions=CopyExcept(
                colors=("B",), subtypes=("zombie",), no_mana_cost=True, power=4, toughness=4
            ),
        ),
    )


@pytest.mark.cr("702.128a")
def test_embalm_with_x_is_refused(db: CardDatabase) -> None:
    compiled = compile_text("Embalm {X}{W}")
    assert not compiled.playable
