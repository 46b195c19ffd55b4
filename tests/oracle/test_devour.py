"""Devour (702.82): the keyword's IR, its quality variant, and the wordings it doesn't cover."""

from __future__ import annotations

import pytest

from karn.cards.database import CardDatabase
from karn.ir.nodes import EntersReplacement, Filter, Unsupported
from karn.oracle.compiler import compile_face, compile_text


@pytest.fixture(scope="module")
def db() -> CardDatabase:
    return CardDatabase.default()


def _abilities(db: CardDatabase, name: str) -> tuple[object, ...]:
    face = db.get(name)
    assert face is not None
    return compile_face(face).abilities


@pytest.mark.cr("702.82a", "614.1c")
def test_devour_n_is_a_self_replacement_sacrificing_creatures(db: CardDatabase) -> None:
    (devour,) = _abilities(db, "Thunder-Thrash Elder")
    assert devour == EntersReplacement(self_only=True, devour=3, text="Devour 3")


@pytest.mark.cr("702.82c")
def test_devour_quality_n_sacrifices_permanents_of_that_quality(db: CardDatabase) -> None:
    caprichrome = _abilities(db, "Caprichrome")
    assert (
        EntersReplacement(devour=1, devour_of=Filter(types=("artifact",)), text="Devour artifact 1")
        in caprichrome
    )
    hobbit = _abilities(db, "Feasting Hobbit")
    assert hobbit[0] == EntersReplacement(
        devour=3, devour_of=Filter(subtypes=("food",)), text="Devour Food 3"
    )
    worldsire = _abilities(db, "Famished Worldsire")
    assert EntersReplacement(devour=3, devour_of=Filter(types=("land",)), text="Devour land 3") in worldsire


@pytest.mark.cr("702.82a")
def test_devour_cards_compile_with_their_other_abilities(db: CardDatabase) -> None:
    for name in ("Thunder-Thrash Elder", "Caldera Hellion", "Predator Dragon", "Gorger Wurm", "Caprichrome"):
        assert not any(isinstance(a, Unsupported) for a in _abilities(db, name)), name


def test_devour_x_and_it_devoured_are_refused(db: CardDatabase) -> None:
    # Thromok's "Devour X, where X is ..." and Skullmulcher's "each creature it devoured" (702.82b)
    # have no IR yet: the cards must not compile
    for name in ("Thromok the Insatiable", "Skullmulcher", "Hellkite Hatchling"):
        assert any(isinstance(a, Unsupported) for a in _abilities(db, name)), name


def test_two_devour_lines_are_two_replacements() -> None:
    cc = compile_text("Devour 3\nDevour 5", type_line="Creature — Lizard")
    assert [a.devour for a in cc.abilities if isinstance(a, EntersReplacement)] == [3, 5]
