"""Plane cards (311, 901): what the compiler makes of their text, and what it refuses."""

from __future__ import annotations

from typing import Any

import pytest

from karn.cards.database import CardDatabase
from karn.ir.nodes import (
    ApplyContinuous,
    CreateToken,
    EntersReplacement,
    GainAbility,
    Modify,
    Ref,
    Static,
    Triggered,
    Unsupported,
)
from karn.oracle.compiler import compile_face


def _compiled(name: str, text: str | None = None, type_line: str | None = None) -> tuple[Any, ...]:
    default = CardDatabase.default()
    record = default.raw(name)
    if text is not None:
        record.update(text=text)
    if type_line is not None:
        types = [t.lower() for t in type_line.split(" — ")[0].split()]
        record.update(type_line=type_line, types=types, type=type_line)
    face = CardDatabase.from_records([record]).get(name)
    return compile_face(face).abilities


@pytest.mark.cr("311.4", "901.7", "400.7a", "105.2")
def test_jund_compiles_to_two_triggered_abilities() -> None:
    cast, chaos = _compiled("Jund")
    assert isinstance(cast, Triggered) and isinstance(chaos, Triggered)
    assert cast.trigger.event == "cast" and cast.trigger.player is None  # "a player"
    assert cast.trigger.filter is not None
    assert cast.trigger.filter.types == ("creature",)
    assert cast.trigger.filter.colors == ("B", "R", "G")  # "that's black, red, or green": any
    (effect,) = cast.effects
    # "it gains devour 5": the spell gains the keyword's ability (613.1f), for good (400.7a)
    assert effect == ApplyContinuous(
        Modify(
            Ref("triggering"),
            changes=(GainAbility(EntersReplacement(self_only=True, devour=5, text="devour 5")),),
        ),
        "permanent",
    )
    assert chaos.trigger.event == "chaos"  # 311.7


@pytest.mark.cr("701.31d", "603.2c")
def test_planeswalk_to_and_at_the_beginning_of_your_upkeep_are_two_triggers() -> None:
    walk, upkeep, chaos = _compiled("The Pyramid of Mars")
    assert isinstance(walk, Triggered) and walk.trigger.event == "planeswalk_to" and walk.trigger.self_only
    assert isinstance(upkeep, Triggered) and upkeep.trigger.event == "step"
    assert walk.effects == upkeep.effects
    assert isinstance(chaos, Triggered) and chaos.trigger.event == "chaos"


@pytest.mark.cr("311.7")
def test_chaos_ensues_only_on_a_plane() -> None:
    (ab,) = _compiled("Grizzly Bears", text="Whenever chaos ensues, draw a card.")
    assert isinstance(ab, Unsupported) and "isn't a plane" in ab.reason


@pytest.mark.cr("901.7")
def test_a_planes_static_abilities_other_than_group_modifications_are_refused() -> None:
    static, _ = _compiled("Krosa")  # "All creatures get +2/+2.": a layered effect on a group
    assert isinstance(static, Static)
    abilities = _compiled("Jund", text="Spells cost {1} less to cast.\nWhenever chaos ensues, draw a card.")
    unsupported = [a for a in abilities if isinstance(a, Unsupported)]
    assert len(unsupported) == 1
    assert "static abilities don't function from the command zone" in unsupported[0].reason


@pytest.mark.cr("312.5", "704.6f")
def test_encountering_a_phenomenon_is_planeswalking_to_it() -> None:
    (encounter,) = _compiled("Mutual Epiphany")  # 312.5: moved off a planar deck, face up
    assert isinstance(encounter, Triggered)
    assert encounter.trigger.event == "planeswalk_to" and encounter.trigger.self_only
    (wrong,) = _compiled("Jund", text="When you encounter Jund, draw a card.")
    assert isinstance(wrong, Unsupported) and "isn't a phenomenon" in wrong.reason


@pytest.mark.cr("111.2", "603.2c")
def test_create_a_tapped_token() -> None:
    walk, upkeep, _ = _compiled("UNIT Headquarters")
    assert isinstance(walk, Triggered) and isinstance(upkeep, Triggered)
    (create,) = walk.effects
    assert isinstance(create, CreateToken) and create.tapped
    assert create.token.name == "Soldier" and (create.token.power, create.token.toughness) == (1, 1)
    (plain,) = _compiled("Jund")[1].effects  # "create two 1/1 red Goblin creature tokens"
    assert isinstance(plain, CreateToken) and not plain.tapped
