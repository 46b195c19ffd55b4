"""Linked abilities (607): compiling "exiled with ~" with the exile abilities of the same card
(607.2a), gained activated abilities (613.1f, 607.5), block requirements (509.1c)."""

from __future__ import annotations

import pytest

from karn import ir
from karn.cards.database import CardDatabase
from karn.oracle import compile_text
from karn.oracle.compiler import compile_face
from karn.scenario.loader import load_text
from karn.scenario.runner import Runner


@pytest.fixture(scope="module")
def db() -> CardDatabase:
    return CardDatabase.default()


@pytest.mark.cr("607.2a")
def test_sisters_exile_ability_is_linked_to_its_return_ability(db: CardDatabase) -> None:
    compiled = compile_face(db.get("Sisters of Stone Death"))
    assert compiled.playable
    exile, put = [a for a in compiled.abilities if isinstance(a, ir.Activated)][1:]
    assert exile.effects == (ir.Exile(ir.Ref("target", 0), linked=True),)
    assert exile.targets[0].objects == ir.Filter(types=("creature",), combat_with_source=True)
    assert put.effects == (ir.PutLinkedExile(ir.Filter(types=("creature",), zone="exile")),)


@pytest.mark.cr("607.2a")
def test_exiled_with_and_no_exiling_ability_is_refused() -> None:
    compiled = compile_text(
        "{2}{B}: Put a creature card exiled with ~ onto the battlefield under your control.", name="X"
    )
    assert not compiled.playable
    assert "607.2a" in compiled.unsupported[0].reason


@pytest.mark.cr("607.2a")
def test_exile_of_a_card_without_exiled_with_is_not_linked(db: CardDatabase) -> None:
    compiled = compile_face(db.get("Swords to Plowshares"))
    spell = next(a for a in compiled.abilities if isinstance(a, ir.SpellAbility))
    assert isinstance(spell.effects[0], ir.Exile) and not spell.effects[0].linked


@pytest.mark.cr("609.4b", "613.1f")
def test_quicksilver_elemental_compiles(db: CardDatabase) -> None:
    compiled = compile_face(db.get("Quicksilver Elemental"))
    assert compiled.playable
    gain, spend = compiled.abilities
    assert isinstance(gain, ir.Activated)
    assert gain.effects == (ir.GainActivatedAbilities(ir.Ref("self"), ir.Ref("target", 0)),)
    assert isinstance(spend, ir.SpendAsAnyColor) and spend.color == "U"


@pytest.mark.cr("509.1c")
def test_blocks_if_able_names_the_source() -> None:
    compiled = compile_text("{G}: Target creature blocks ~ this turn if able.", name="X")
    (ab,) = compiled.abilities
    assert isinstance(ab, ir.Activated)
    assert ab.effects == (ir.MustBlock(ir.Ref("target", 0), ir.Ref("self")),)


GAINED = """
name: gained abilities
start: {turn: 1, active: A, step: precombat_main}
players:
  A:
    battlefield: [Quicksilver Elemental, Arc-Slogger, Island, Mountain]
  B: {}
do:
  - {activate: A.Quicksilver Elemental, ability: 1, targets: [A.Arc-Slogger]}
  - resolve
"""


def _activated_ids(r: Runner, name: str) -> list[str]:
    g = r.g
    oid = next(o for o in g.state.battlefield if g.state.objects[o].name == name)
    c = g.chars(oid)
    return [aid for aid, ab in zip(c.ability_ids, c.abilities, strict=True) if isinstance(ab, ir.Activated)]


@pytest.mark.cr("613.1f", "514.2")
def test_gained_activated_abilities_last_until_end_of_turn() -> None:
    (sc,) = load_text(GAINED + "  - {to: precombat_main, turn: 3}\n")
    r = Runner(sc)
    for st in sc.steps[:2]:
        r.run_step(st)
    assert _activated_ids(r, "Quicksilver Elemental") == ["Quicksilver Elemental#0", "Arc-Slogger#0"]
    r.run_step(sc.steps[2])
    assert _activated_ids(r, "Quicksilver Elemental") == ["Quicksilver Elemental#0"]


@pytest.mark.cr("603.7a", "502.3")
def test_merieke_ri_berit_compiles_its_delayed_untap_ability(db: CardDatabase) -> None:
    compiled = compile_face(db.get("Merieke Ri Berit"))
    assert compiled.playable
    static, ability = compiled.abilities
    assert isinstance(static, ir.DoesntUntap)
    assert isinstance(ability, ir.Activated)
    delayed = ability.effects[-1]
    assert isinstance(delayed, ir.CreateDelayed)
    assert delayed.or_untapped and delayed.watch == ir.Ref("self")
    assert delayed.bind == ir.Ref("target", 0)  # "that creature": the one gained, not Merieke
    assert delayed.effects == (ir.Destroy(ir.Ref("triggering"), no_regenerate=True),)
