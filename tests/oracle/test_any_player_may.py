"""'Any player may <option>. If a player does, <effects>.' (101.4): the IR and the wordings it
doesn't cover."""

from __future__ import annotations

import pytest

from karn.cards.database import CardDatabase
from karn.ir.nodes import (
    AnyPlayerMay,
    Destroy,
    Draw,
    Filter,
    PlayerOption,
    Ref,
    Sacrifice,
    SpellAbility,
    Triggered,
    Unsupported,
)
from karn.oracle.compiler import compile_face


@pytest.fixture(scope="module")
def db() -> CardDatabase:
    return CardDatabase.default()


def _abilities(db: CardDatabase, name: str) -> tuple[object, ...]:
    face = db.get(name)
    assert face is not None
    return compile_face(face).abilities


@pytest.mark.cr("101.4")
def test_worms_of_the_earth_sacrifice_or_damage_then_destroy(db: CardDatabase) -> None:
    upkeep = _abilities(db, "Worms of the Earth")[2]
    assert isinstance(upkeep, Triggered)
    assert upkeep.effects == (
        AnyPlayerMay(
            (PlayerOption("sacrifice", 2, Filter(types=("land",))), PlayerOption("damage", 5)),
            (Destroy(Ref("self")),),
        ),
    )


@pytest.mark.cr("101.4")
def test_prowling_pangolin_one_option(db: CardDatabase) -> None:
    (enters,) = _abilities(db, "Prowling Pangolin")
    assert isinstance(enters, Triggered)
    assert enters.effects == (
        AnyPlayerMay(
            (PlayerOption("sacrifice", 2, Filter(types=("creature",))),),
            (Sacrifice(Ref("you"), what=Ref("self")),),
        ),
    )


@pytest.mark.cr("101.4")
def test_if_no_one_does(db: CardDatabase) -> None:
    (spell,) = _abilities(db, "Browbeat")
    assert isinstance(spell, SpellAbility)
    assert spell.effects == (
        AnyPlayerMay((PlayerOption("damage", 5),), (Draw(3, Ref("target")),), if_none=True),
    )


def test_an_option_whose_consequence_has_no_lowering_stays_unsupported(db: CardDatabase) -> None:
    # Shivan Wumpus: "If a player does, put this creature on top of its owner's library." has
    # no lowering for its effect: the card doesn't compile rather than playing half its text.
    abilities = _abilities(db, "Shivan Wumpus")
    assert any(isinstance(a, Unsupported) for a in abilities)
