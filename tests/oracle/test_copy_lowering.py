"""Copy effects of permanents from their Oracle text (707): what the compiler makes of them."""

from __future__ import annotations

import pytest

from karn.cards.database import CardDatabase
from karn.ir.nodes import EntersReplacement, Filter
from karn.oracle.compiler import compile_face
from karn.oracle.describe import describe_abilities


@pytest.fixture(scope="module")
def db() -> CardDatabase:
    return CardDatabase.default()


def abilities(db: CardDatabase, name: str) -> tuple[object, ...]:
    return compile_face(db.get(name)).abilities


@pytest.mark.cr("707.9", "614.1c")
def test_essence_of_the_wild(db: CardDatabase) -> None:
    text = "Creatures you control enter as a copy of this creature."
    assert abilities(db, "Essence of the Wild") == (
        EntersReplacement(
            self_only=False,
            filter=Filter(types=("creature",), controller="you"),
            text=text,
            copy_of_source=True,
        ),
    )
    assert describe_abilities(compile_face(db.get("Essence of the Wild"))) == [
        "Replacement: each creature you control enters as a copy of this permanent"
    ]
