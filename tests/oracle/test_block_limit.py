"""509.1a: "can block an additional creature each combat" / "can block any number of creatures"."""

from __future__ import annotations

import pytest

from karn.cards.database import CardDatabase
from karn.ir.nodes import Filter, Group, Keyword, Modify, Ref, Static
from karn.oracle.compiler import compile_face


def _abilities(name: str) -> tuple[object, ...]:
    return compile_face(CardDatabase.default().get(name)).abilities


@pytest.mark.cr("509.1a")
def test_can_block_any_number_of_creatures() -> None:
    assert _abilities("Palace Guard") == (
        Static(
            (Modify(Ref("self"), extra_blocks=-1),), text="This creature can block any number of creatures."
        ),
    )


@pytest.mark.cr("509.1a")
def test_can_block_an_additional_creature_each_combat() -> None:
    assert _abilities("Selesnya Sagittars") == (
        Keyword("reach", text="Reach"),
        Static(
            (Modify(Ref("self"), extra_blocks=1),),
            text="This creature can block an additional creature each combat.",
        ),
    )
    brave = _abilities("Brave the Sands")
    assert brave[1] == Static(
        (Modify(Group(Filter(types=("creature",), controller="you")), extra_blocks=1),),
        text="Each creature you control can block an additional creature each combat.",
    )
